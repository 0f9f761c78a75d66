import Foundation

/// The files of one SQLite store: the main file and what SQLite keeps beside it.
package enum StoreFiles {
    /// A file SQLite writes beside a store.
    package enum Companion: String, CaseIterable, Sendable {
        /// The write-ahead log.
        case wal = "-wal"
        /// The write-ahead log's shared-memory index.
        case shm = "-shm"
        /// The rollback journal.
        case journal = "-journal"
    }

    /// What SQLite writes beside a store: the write-ahead log, its shared-memory index, the rollback journal.
    package static let companions = Companion.allCases.map(\.rawValue)

    /// The path of the store at `path`'s companion `companion`.
    package static func path(_ path: String, _ companion: Companion) -> String { path + companion.rawValue }

    /// Whether the store at `path` has the companion file `companion`.
    package static func exists(_ path: String, _ companion: Companion) -> Bool {
        FileManager.default.fileExists(atPath: Self.path(path, companion))
    }

    /// Removes the companions `companions` of the store at `path` (whichever exist), not the store.
    package static func remove(_ companions: [Companion], of path: String) {
        for companion in companions { try? FileManager.default.removeItem(atPath: Self.path(path, companion)) }
    }

    /// The store at `path` and its companions.
    package static func all(_ path: String) -> [String] { ([""] + companions).map { path + $0 } }

    /// Removes the store at `path` and its companions (whichever exist).
    package static func remove(_ path: String) {
        for file in all(path) { try? FileManager.default.removeItem(atPath: file) }
    }
}
