@_spi(CLI) import ModelDiffKit

extension StoreWriter {
    /// Inserts many objects of one entity, for a caller that streams rows (a migration's stage 1): it
    /// names attributes by their index in `attributes` and never sees the statement's parameter
    /// positions, the `Z_ENT`/`Z_OPT` bindings or the key counter.
    ///
    /// Rows are written `rowsPerStatement` at a time by one multi-row `INSERT`: one statement per row
    /// spends more on starting and ending the statement than on inserting. Each row is bound into its
    /// own place in the statement, so `copy(column:of:attribute:)` takes the source's value while its
    /// row is current. The places a last, short batch leaves empty repeat the batch's first `Z_PK`,
    /// which `OR IGNORE` skips; `flush()` checks that exactly the rows queued went in, so any other row
    /// the statement would ignore fails the insert. Call `flush()` after the last row, and `finish()`
    /// when done, so the writer hands out keys after these.
    final class BulkInsert {
        /// The most rows one statement inserts (the parameters stay within SQLite's historical limit of 999).
        static let rowsPerStatement = 32
        /// The attributes an insert sets, in order: the entity's own and inherited ones.
        let attributes: [(name: String, type: AttributeType)]
        /// The entity's number, the `Z_ENT` of every row.
        let entityNumber: Int
        private let writer: StoreWriter
        private let entity: String
        private let root: String
        private let statement: SQLiteStatement
        /// Parameters per row: `Z_PK`, `Z_ENT`, `Z_OPT`, the attributes, the to-ones' columns.
        private let width: Int
        /// Rows per statement.
        private let capacity: Int
        /// Rows bound and not yet inserted; the row being set is at this place.
        private var queued = 0
        /// The key of the batch's first row.
        private var firstKey: Int64 = 0
        private var key: Int64
        /// Within a row, `Z_PK`, `Z_ENT` and `Z_OPT` come first (as in `preparedInsert`); attributes follow.
        private static let firstAttributeOffset = 3

        /// The to-ones each row sets too (`link(_:to:)`), and their first parameter's offset in a row.
        private let toOnes: [(kinds: [StoreLayout.Column.Kind], offset: Int)]

        /// A bulk insert of `entity`; each row also sets the to-ones `linking` plans (from
        /// `toOnePlan(entity:relationship:)`, without order column or one-to-one inverse, whose
        /// upkeep an insert would skip). Unless `batched`, each row is written when it is queued.
        init(writer: StoreWriter, entity: String, linking: [ToOneWrite] = [], batched: Bool = true) throws(StoreFailure) {
            guard linking.allSatisfy({ $0.orderColumn == nil && $0.oneToOneInverse == nil }) else {
                throw .input(
                    Diagnostic(path: writer.store.path, message: "a to-one with an order key or a one-to-one inverse is set by an update"))
            }
            let (table, columns, attributes) = try writer.insertColumns(entity, linking: linking)
            guard let layoutTable = writer.layout.table(for: entity), let number = writer.layout.entityNumbers[entity] else {
                throw .input(Diagnostic(path: writer.store.path, message: "the destination model has no entity \"\(entity)\""))
            }
            width = columns.count
            capacity = batched ? max(1, min(Self.rowsPerStatement, 999 / width)) : 1
            statement = try writer.store.database.prepare(
                "INSERT OR IGNORE INTO \(SQL.quote(table)) (\(SQL.quote(columns))) VALUES \(SQL.parameterRows(capacity, width: width))")
            self.writer = writer
            self.entity = entity
            self.attributes = attributes
            root = layoutTable.rootEntity
            entityNumber = number
            var offset = Self.firstAttributeOffset + attributes.count
            toOnes = linking.map { plan in
                defer { offset += plan.kinds.count }
                return (plan.kinds, offset)
            }
            key = writer.nextKey[root, default: 1]
            statement.reset()
            for row in 0..<capacity {
                statement.bind(integer: Int64(number), at: row * width + 2)
                statement.bind(integer: 1, at: row * width + 3)  // Z_OPT of an object inserted in this save
            }
        }

        /// The index in `attributes` of the first attribute called `name`.
        func index(of name: String) -> Int? { attributes.firstIndex { $0.name == name } }

        /// The 1-based parameter of offset `offset` in the row being set.
        private func parameter(_ offset: Int) -> Int { queued * width + offset + 1 }

        /// Sets attribute `index` of every row, before the first: a value no row sets on its own (a default).
        func setEveryRow(_ value: SQLiteValue, attribute index: Int) throws(StoreFailure) {
            for row in 0..<capacity { try statement.bind(value, at: row * width + Self.firstAttributeOffset + index + 1) }
        }

        /// Sets attribute `index` of the row being set.
        func set(_ value: SQLiteValue, attribute index: Int) throws(StoreFailure) {
            try statement.bind(value, at: parameter(Self.firstAttributeOffset + index))
        }

        /// Sets attribute `index` of the row being set to column `column` of `row`'s current row,
        /// unchanged (SQLite copies it).
        func copy(column: Int, of row: SQLiteStatement, attribute index: Int) throws(StoreFailure) {
            try statement.bind(column: column, of: row, at: parameter(Self.firstAttributeOffset + index))
        }

        /// Sets to-one `index` (of `linking`) of the row being set: the destination's key and, when the
        /// row keeps one, its entity number; nil clears both, as `setToOne` does.
        func link(_ index: Int, to destination: ObjectID?) {
            let (kinds, first) = toOnes[index]
            for (offset, kind) in kinds.enumerated() {
                let value: Int64? =
                    switch kind {
                    case .toOneEntity: destination.map { Int64($0.entity) }
                    default: destination?.primaryKey
                    }
                statement.bind(integer: value, at: parameter(first + offset))
            }
        }

        /// Queues the row set under the next primary key, writing the batch when it is full; returns its object ID.
        func insert() throws(StoreFailure) -> ObjectID {
            key = try writer.availableKey(key, entity: entity)
            if queued == 0 { firstKey = key }
            statement.bind(integer: key, at: parameter(0))
            queued += 1
            let id = ObjectID(entity: entityNumber, primaryKey: key)
            key = StoreWriter.key(after: key)
            if queued == capacity { try flush() }
            return id
        }

        /// Writes the queued rows.
        func flush() throws(StoreFailure) {
            guard queued > 0 else { return }
            for row in queued..<capacity { statement.bind(integer: firstKey, at: row * width + 1) }
            try statement.execute()
            statement.reset()
            let written = writer.store.database.changes
            guard written == queued else {
                throw .input(
                    Diagnostic(path: writer.store.path, message: "\(queued - written) of \(queued) \(entity) objects could not be inserted")
                )
            }
            queued = 0
        }

        /// Hands the key counter back to the writer.
        func finish() { writer.nextKey[root] = key }
    }
}
