@_spi(CLI) import ModelDiffKit

/// Secondary indexes a writer may drop before bulk writes and build again after them (building an
/// index once is one sort; keeping it up to date is a B-tree insert in random order per row).
extension PersistentStore {
    /// An index dropped by `dropSecondaryIndexes()`, to be built again by `rebuild(_:)`.
    struct DroppedIndex: Sendable {
        /// SQLite's `sqlite_master.sql`: the `CREATE INDEX` text the layout ran, kept as it was written.
        fileprivate let statement: String
    }

    /// Drops the non-unique indexes (uniqueness keeps failing on the insert that breaks it) and
    /// returns them in creation order.
    func dropSecondaryIndexes() throws(StoreFailure) -> [DroppedIndex] {
        try dropIndexes(created: "CREATE INDEX")
    }

    /// Drops the uniqueness constraints' indexes, so that a migration's validation, which runs after
    /// every object is written, reports duplicates as Core Data does (the entity, the constraint and an
    /// object) instead of SQLite stopping the insert that breaks one; `rebuild(_:)` puts them back.
    func dropUniqueIndexes() throws(StoreFailure) -> [DroppedIndex] {
        try dropIndexes(created: "CREATE UNIQUE INDEX")
    }

    /// Drops the indexes whose statement begins with `prefix` and returns them in creation order.
    private func dropIndexes(created prefix: String) throws(StoreFailure) -> [DroppedIndex] {
        // The names come from the file, not from parsing the statements (a quoted name may hold spaces).
        let indexes = try database.rows(
            "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql LIKE ? ORDER BY rowid", [.text(prefix + " %")])
        var dropped: [DroppedIndex] = []
        for row in indexes {
            guard let name = row[0].string, let statement = row[1].string else { continue }
            try database.execute("DROP INDEX \(SQL.quote(name))")
            dropped.append(DroppedIndex(statement: statement))
        }
        return dropped
    }

    /// Builds indexes `dropSecondaryIndexes()` dropped.
    func rebuild(_ indexes: [DroppedIndex]) throws(StoreFailure) {
        for index in indexes { try database.execute(index.statement) }
    }
}
