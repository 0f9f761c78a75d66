@_spi(CLI) import ModelDiffKit

extension StoreWriter {
    /// Inserts many objects of one entity through one prepared statement, for a caller that streams
    /// rows (a migration's stage 1): it names attributes by their index in `attributes` and never
    /// sees the statement's parameter positions, the `Z_ENT`/`Z_OPT` bindings or the key counter.
    ///
    /// Values set stay bound for every later row until set again, so a value shared by every row (a
    /// default) is set once. Call `finish()` when done, so the writer hands out keys after these.
    final class BulkInsert {
        /// The attributes an insert sets, in order: the entity's own and inherited ones.
        let attributes: [(name: String, type: AttributeType)]
        /// The entity's number, the `Z_ENT` of every row.
        let entityNumber: Int
        private let writer: StoreWriter
        private let entity: String
        private let root: String
        private let statement: SQLiteStatement
        private var key: Int64
        /// Parameters 1–3 are `Z_PK`, `Z_ENT` and `Z_OPT` (`preparedInsert`); attributes follow.
        private static let firstAttributeParameter = 4

        /// The to-ones each row sets too (`link(_:to:)`), and their first parameter.
        private let toOnes: [(kinds: [StoreLayout.Column.Kind], parameter: Int)]

        /// A bulk insert of `entity`; each row also sets the to-ones `linking` plans (from
        /// `toOnePlan(entity:relationship:)`, without order column or one-to-one inverse, whose
        /// upkeep an insert would skip).
        init(writer: StoreWriter, entity: String, linking: [ToOneWrite] = []) throws(StoreFailure) {
            guard linking.allSatisfy({ $0.orderColumn == nil && $0.oneToOneInverse == nil }) else {
                throw .input(
                    Diagnostic(path: writer.store.path, message: "a to-one with an order key or a one-to-one inverse is set by an update"))
            }
            let prepared = try writer.preparedInsert(entity, linking: linking)
            guard let table = writer.layout.table(for: entity), let number = writer.layout.entityNumbers[entity] else {
                throw .input(Diagnostic(path: writer.store.path, message: "the destination model has no entity \"\(entity)\""))
            }
            self.writer = writer
            self.entity = entity
            root = table.rootEntity
            entityNumber = number
            statement = prepared.statement
            attributes = prepared.attributes
            var parameter = Self.firstAttributeParameter + prepared.attributes.count
            toOnes = linking.map { plan in
                defer { parameter += plan.kinds.count }
                return (plan.kinds, parameter)
            }
            key = writer.nextKey[root, default: 1]
            statement.reset()
            try statement.bind(.integer(Int64(number)), at: 2)
            try statement.bind(.integer(1), at: 3)  // Z_OPT of an object inserted in this save
        }

        /// The index in `attributes` of the first attribute called `name`.
        func index(of name: String) -> Int? { attributes.firstIndex { $0.name == name } }

        /// Readies the statement for the next row (values set before stay bound).
        func nextRow() { statement.reset() }

        /// Sets attribute `index` of the rows inserted from now on.
        func set(_ value: SQLiteValue, attribute index: Int) throws(StoreFailure) {
            try statement.bind(value, at: index + Self.firstAttributeParameter)
        }

        /// Sets attribute `index` to column `column` of `row`'s current row, unchanged (SQLite copies it).
        func copy(column: Int, of row: SQLiteStatement, attribute index: Int) throws(StoreFailure) {
            try statement.bind(column: column, of: row, at: index + Self.firstAttributeParameter)
        }

        /// Sets to-one `index` (of `linking`) of the rows inserted from now on: the destination's key
        /// and, when the row keeps one, its entity number; nil clears both, as `setToOne` does.
        func link(_ index: Int, to destination: ObjectID?) {
            let (kinds, first) = toOnes[index]
            for (offset, kind) in kinds.enumerated() {
                let value: Int64? =
                    switch kind {
                    case .toOneEntity: destination.map { Int64($0.entity) }
                    default: destination?.primaryKey
                    }
                statement.bind(integer: value, at: first + offset)
            }
        }

        /// Inserts one row with the values set, under the next primary key; returns its object ID.
        func insert() throws(StoreFailure) -> ObjectID {
            key = try writer.availableKey(key, entity: entity)
            try statement.bind(.integer(key), at: 1)
            try statement.execute()
            let id = ObjectID(entity: entityNumber, primaryKey: key)
            key = StoreWriter.key(after: key)
            return id
        }

        /// Hands the key counter back to the writer.
        func finish() { writer.nextKey[root] = key }
    }
}
