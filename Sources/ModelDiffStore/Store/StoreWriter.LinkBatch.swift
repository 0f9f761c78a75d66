@_spi(CLI) import ModelDiffKit

/// Join-table links written many rows per statement: a migration's relationship stage links
/// hundreds of thousands of pairs, and one `INSERT` per pair spends most of its time starting and
/// ending the statement rather than inserting. Rows go in the order they were added, each with
/// `OR IGNORE`, so the table ends up as one `link(_:to:with:)` per pair would leave it.
extension StoreWriter {
    final class LinkBatch {
        /// Rows per statement (two parameters each, far below SQLite's limit on parameters).
        static let capacity = 256

        private let writer: StoreWriter
        private let table: String
        private let columns: (String, String)
        private var pending: [Int64] = []

        /// A batch for the join table of `entity.relationship` (declared there), taking (the
        /// object's key, the destination's key); nil when a side is ordered, as for `joinInsert`.
        init?(writer: StoreWriter, entity declaring: String, relationship: String) {
            guard let join = writer.layout.joinTable(entity: declaring, relationship: relationship), join.orderColumns.isEmpty else {
                return nil
            }
            self.writer = writer
            table = join.name
            columns = join.keyColumns(from: declaring, relationship: relationship)
            pending.reserveCapacity(2 * Self.capacity)
        }

        /// Queues one link; written when the batch is full or flushed.
        func add(_ object: Int64, to destination: Int64) throws(StoreFailure) {
            pending.append(object)
            pending.append(destination)
            if pending.count == 2 * Self.capacity { try flush() }
        }

        /// Writes the queued links.
        func flush() throws(StoreFailure) {
            guard !pending.isEmpty else { return }
            let rows = pending.count / 2
            let statement = try writer.cachedStatement(
                "INSERT OR IGNORE INTO \(SQL.quote(table)) (\(SQL.quote([columns.0, columns.1]))) VALUES \(SQL.parameterRows(rows, width: 2))"
            )
            statement.reset()
            for (index, key) in pending.enumerated() { statement.bind(integer: key, at: index + 1) }
            try statement.execute()
            pending.removeAll(keepingCapacity: true)
        }
    }
}
