import Foundation
@_spi(CLI) import ModelDiffKit

/// Why SQLite could not write: a full disk, a file-size limit, a quota, or another I/O error, so the
/// user learns what to free or raise.
struct StorageFailure {
    /// Whether SQLite said `SQLITE_FULL` (rather than an `SQLITE_IOERR_…`).
    let isFull: Bool
    /// `errno` of the failed system call (`sqlite3_system_errno`).
    let systemError: Int32
    /// The database file, to look at its file system.
    let path: String

    /// One line, without SQLite's own message.
    var message: String {
        switch systemError {
        case ENOSPC: return "cannot write: the disk is full"
        case EFBIG: return "cannot write: the file-size limit was reached"
        case EDQUOT: return "cannot write: the disk quota is exceeded"
        default:
            // SQLite clears errno after ENOSPC and reports a write cut short at a file-size limit as
            // SQLITE_FULL too; a write failing in the journal leaves no errno here at all. The free
            // space and the process's file-size limit tell the cases apart.
            if let free = freeBytes, free < 1 << 20 { return "cannot write: the disk is full" }
            if let limit = fileSizeLimit { return "cannot write: the file-size limit (\(limit) bytes) was reached" }
            if isFull { return "cannot write: the disk is full or the file-size limit was reached" }
            if systemError != 0 { return "input/output error: \(String(cString: strerror(systemError)))" }
            return "input/output error"
        }
    }

    /// RLIMIT_FSIZE (`ulimit -f`), when the process has one.
    private var fileSizeLimit: UInt64? {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return nil }
        return UInt64(limit.rlim_cur)
    }

    /// Bytes an unprivileged writer may still use where the file lives.
    private var freeBytes: UInt64? {
        var info = statvfs()
        let folder = (path as NSString).deletingLastPathComponent
        guard statvfs(folder.isEmpty ? "." : folder, &info) == 0 else { return nil }
        return UInt64(info.f_bavail) * UInt64(info.f_frsize)
    }
}
