import Foundation
@_spi(CLI) import ModelDiffKit

/// A private copy of a WAL store to read from, in `$TMPDIR/modeldiff-read-<pid>-<uuid>/` (mode
/// 0700: it holds the user's data), removed when released, on Ctrl-C or SIGTERM
/// (`InterruptCleanup`), or by the next run after a SIGKILL (`AbandonedFiles`, by the pid).
///
/// Why a copy: even a read-only SQLite connection to a WAL store creates the `-shm`, takes read
/// marks in it and, as the last connection, may checkpoint and truncate the `-wal`. How it is
/// taken: with SQLite's online backup from a connection that writes nothing beside the store
/// (`SQLiteDatabase.snapshot`), so a store that another process is writing and checkpointing is
/// copied at one committed transaction. A store without its `-wal` or `-shm` has no connection
/// (every WAL connection keeps both until the last one closes and deletes them), so its files are
/// copied as they are: opening it, even read-only, would create the missing `-wal`.
final class ReadSnapshot {
    /// The private folder.
    let folder: String
    /// The copy to open.
    var store: String { (folder as NSString).appendingPathComponent("store.sqlite") }
    private let cleanup: InterruptCleanup.Token

    private init(folder: String, cleanup: InterruptCleanup.Token) {
        self.folder = folder
        self.cleanup = cleanup
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
        InterruptCleanup.unregister(cleanup)
    }

    /// Copies the store at `path` (the user's name for it, used in messages).
    static func take(of path: String, lockTimeout: LockTimeout) throws(StoreFailure) -> ReadSnapshot {
        let temporary = FileManager.default.temporaryDirectory.path
        let folder = (temporary as NSString).appendingPathComponent("modeldiff-read-\(getpid())-\(UUID().uuidString)")
        let store = (folder as NSString).appendingPathComponent("store.sqlite")
        let token = InterruptCleanup.register(files: ([""] + OutputPath.storeCompanions).map { store + $0 }, folders: [folder])
        // Only our own folder is created: a missing $TMPDIR is the user's mistake to hear about, not
        // a folder to make somewhere they did not expect a copy of their data.
        guard mkdir(folder, 0o700) == 0 else {
            let error = errno
            InterruptCleanup.unregister(token)
            let reason =
                error == ENOENT
                ? "the temporary folder \(temporary) does not exist (set TMPDIR to an existing folder)"
                : "\(temporary): \(String(cString: strerror(error)))"
            throw .input(Diagnostic(path: path, message: "cannot make a private copy of the WAL store to read it: \(reason)"))
        }
        let snapshot = ReadSnapshot(folder: folder, cleanup: token)
        // Both companions must exist: with no -wal, SQLite would create one beside a WAL-mode file
        // even on a read-only connection; with no -shm, `readonly_shm` cannot open it.
        let live = StoreFiles.exists(path, .wal) && StoreFiles.exists(path, .shm)
        if live, try SQLiteDatabase.snapshot(of: path, into: store, displayPath: path, lockTimeout: lockTimeout) {
            KillPoint.readSnapshot.reach()
            return snapshot
        }
        StoreMigration.removeStore(store)
        do {
            if FileManager.default.fileExists(atPath: path) { try FileManager.default.copyItem(atPath: path, toPath: store) }
            if StoreFiles.exists(path, .wal) {
                try FileManager.default.copyItem(atPath: StoreFiles.path(path, .wal), toPath: StoreFiles.path(store, .wal))
            }
        } catch {
            throw .input(Diagnostic(path: path, message: "cannot copy the store to read it safely: \(error.localizedDescription)"))
        }
        KillPoint.readSnapshot.reach()
        return snapshot
    }
}
