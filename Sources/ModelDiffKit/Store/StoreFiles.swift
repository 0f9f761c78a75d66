import Foundation

/// The files of one SQLite store: the main file and what SQLite keeps beside it.
package enum StoreFiles {
    /// What SQLite writes beside a store: the write-ahead log, its shared-memory index, the rollback journal.
    package static let companions = ["-wal", "-shm", "-journal"]

    /// The store at `path` and its companions.
    package static func all(_ path: String) -> [String] { ([""] + companions).map { path + $0 } }

    /// Removes the store at `path` and its companions (whichever exist).
    package static func remove(_ path: String) {
        for file in all(path) { try? FileManager.default.removeItem(atPath: file) }
    }
}
