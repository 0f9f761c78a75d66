/// Why SQLite refused a call on a store, by kind, so that code can tell a lock from a full disk
/// without reading messages; `sentence` words it for the user (the CLI's one line).
///
/// The store's calls throw it as ``StoreFailure/store(_:)``, and the migration passes it on as it is,
/// so a failure keeps its kind through every layer, up to a library caller that switches on it or
/// the CLI, which prints `path: error: sentence` at its edge.
///
/// The primary result code decides the kind (extended codes such as `SQLITE_IOERR_WRITE` keep their
/// primary code in the low byte): sqlite.org/rescode.html.
public struct StoreError: Error, Sendable, Hashable {
    /// What went wrong.
    public enum Kind: Sendable, Hashable {
        /// `SQLITE_BUSY` or `SQLITE_LOCKED`: another connection held the store past the lock timeout.
        case locked(LockTimeout)
        /// `SQLITE_FULL` or `SQLITE_IOERR`: the write failed; the sentence says why (`StorageFailure`).
        case storage(String)
        /// `SQLITE_NOTADB`: not a SQLite file, or an encrypted one.
        case notADatabase
        /// `SQLITE_CORRUPT`: the file is damaged or truncated.
        case corrupt
        /// Any other result code.
        case other
    }

    /// The kind of failure.
    public let kind: Kind
    /// SQLite's result code (extended when SQLite gave one).
    public let code: Int32
    /// SQLite's own message.
    public let message: String
    /// The statement that failed, when the failure came from one.
    public let statement: String?
    /// The store as the user named it.
    public let path: String

    /// A failure of the store named `path`.
    package init(kind: Kind, code: Int32, message: String, statement: String?, path: String) {
        self.kind = kind
        self.code = code
        self.message = message
        self.statement = statement
        self.path = path
    }

    /// The kind of failure a result code stands for; `storage` gives the sentence for a failed write
    /// (only asked for `SQLITE_FULL` and `SQLITE_IOERR`).
    package static func kind(of code: Int32, lockTimeout: LockTimeout, storage: () -> String) -> Kind {
        switch ResultCode(rawValue: code).primary {
        case .SQLITE_BUSY, .SQLITE_LOCKED: .locked(lockTimeout)
        case .SQLITE_FULL, .SQLITE_IOERR: .storage(storage())
        case .SQLITE_NOTADB: .notADatabase
        case .SQLITE_CORRUPT: .corrupt
        default: .other
        }
    }

    /// The same failure for the store named `path` (a migration writes a partial file the user
    /// never named, and reports its failures under the output's name).
    package func naming(_ path: String) -> StoreError {
        StoreError(kind: kind, code: code, message: message, statement: statement, path: path)
    }

    /// The sentence for the kind, ending in SQLite's message.
    public var sentence: String {
        switch kind {
        case .locked(let timeout): "the store is locked by another process and stayed locked for \(timeout.described) (\(message))"
        case .storage(let failure): failure + " (\(message))"
        case .notADatabase: "not a SQLite database (or an encrypted one): \(message)"
        case .corrupt: "the SQLite file is damaged or truncated: \(message)"
        case .other: message
        }
    }
}
