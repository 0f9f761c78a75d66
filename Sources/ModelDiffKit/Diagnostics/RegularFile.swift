import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where modeldiff expects a file (a model, a mapping, `.modeldiff.yml`, a lock, a store and its `-wal`
/// and `-shm`), only a regular file is read: a FIFO would block the reader until someone writes to it,
/// `/dev/zero` never ends, a folder or a socket has no contents. Anything else is one line naming what
/// the path is (symbolic links are followed: a link to a regular file is that file).
///
/// `bytes(at:)` opens with `O_NONBLOCK` and checks the descriptor it opened (`fstat`), so a file swapped
/// for a FIFO between a check and the read is refused too; `problem(at:)` checks a path that another
/// library (SQLite) will open.
package enum RegularFile {
    /// Why the path cannot be read as a file, or nil when it is a regular file or nothing is there.
    package static func problem(at path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return problem(mode: info.st_mode)
    }

    /// Why a file of this mode is not a regular file, or nil when it is one.
    static func problem(mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "is a folder, not a file"
        case S_IFIFO: "is a FIFO (named pipe), not a regular file"
        case S_IFCHR: "is a character device, not a regular file"
        case S_IFBLK: "is a block device, not a regular file"
        case S_IFSOCK: "is a socket, not a regular file"
        default: "is not a regular file"
        }
    }

    /// The bytes of the regular file at `path`, at most `limit` of them.
    package static func bytes(at path: String, limit: Int = .max) throws(Diagnostic) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT { throw Diagnostic(path: path, message: "no such file or directory") }
            throw Diagnostic(path: path, message: "cannot read the file: \(String(cString: strerror(code)))")
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw Diagnostic(path: path, message: "cannot read the file") }
        if let problem = problem(mode: info.st_mode) { throw Diagnostic(path: path, message: problem) }
        var result: [UInt8] = []
        result.reserveCapacity(min(Int(max(info.st_size, 0)), limit))
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while result.count < limit {
            let wanted = min(buffer.count, limit - result.count)
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Diagnostic(path: path, message: "cannot read the file: \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            result += buffer[0..<count]
        }
        return result
    }
}
