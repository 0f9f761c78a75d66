@_spi(CLI) import ModelDiffKit

/// Writes objects into a store laid out for a model: inserts, attribute updates, to-one and to-many
/// links (see StoreWriter+Relationships.swift), and `Z_PRIMARYKEY.Z_MAX`.
///
/// Statements are prepared once per entity and reused, so writing a million rows allocates little.
/// A writer's work is one Core Data save: objects it inserts keep `Z_OPT` 1 however often their
/// relationships are set afterwards (Apple's stores show 1 for objects created and related in one
/// save); objects that were in the store before get `Z_OPT + 1` on each change. Call `finish()`
/// (inside the caller's transaction) so `Z_MAX` records the keys handed out.
public final class StoreWriter {
    /// The store written to.
    package let store: PersistentStore
    /// Its layout.
    package let layout: StoreLayout
    /// The next primary key per hierarchy root.
    var nextKey: [String: Int64] = [:]
    /// The highest key per root before this writer started: larger keys are this writer's inserts.
    var existingMax: [String: Int64] = [:]
    private var inserts: [String: (statement: SQLiteStatement, attributes: [(name: String, type: AttributeType)])] = [:]
    /// Cached UPDATE and INSERT statements for relationships, by purpose.
    var statements: [String: SQLiteStatement] = [:]
    var updatingInverse = false
    /// Prepared to-one updates by entity and relationship.
    var toOnePlans: [PropertyKey: ToOneWrite] = [:]
    /// Entity names by number.
    let entityNames: [Int: String]

    /// An entity and one of its properties, as a dictionary key.
    struct PropertyKey: Hashable {
        let entity: String
        let property: String
    }

    /// A to-one relationship's columns and prepared UPDATE.
    struct ToOneWrite {
        let table: StoreLayout.Table
        let declaring: String
        let declared: Relationship
        let keyColumn: String
        let orderColumn: String?
        /// The columns the UPDATE sets, in its parameter order.
        let kinds: [StoreLayout.Column.Kind]
        /// Their names, in the same order.
        let columns: [String]
        let oneToOneInverse: Relationship?
        let existingMax: Int64
        let statement: SQLiteStatement
        /// The entity numbers of the relationship's destination entity and its sub-entities: the objects it
        /// takes (nil when the destination entity is not in the layout).
        let accepted: Set<Int>?
    }

    /// Prepares to write into `store`, continuing after the keys already handed out.
    ///
    /// The next key is above both `Z_MAX` and the table's largest `Z_PK`, so a previous writer that
    /// never called `finish()` cannot cause a primary-key clash.
    public init(store: PersistentStore, layout: StoreLayout) throws(StoreFailure) {
        self.store = store
        self.layout = layout
        entityNames = Dictionary(uniqueKeysWithValues: layout.entityNumbers.map { ($1, $0) })
        let recorded = Dictionary(try store.primaryKeyTable().map { ($0.entity, Int64($0.max)) }, uniquingKeysWith: max)
        for table in layout.tables {
            let number = layout.entityNumbers[table.rootEntity] ?? 0
            let largest = try store.database.rows("SELECT MAX(Z_PK) FROM \(SQL.quote(table.name))").first?.first?.int ?? 0
            let highest = max(recorded[number] ?? 0, Int64(largest))
            existingMax[table.rootEntity] = highest
            nextKey[table.rootEntity] = Self.key(after: highest)
        }
    }

    /// The attributes `insert(entity:values:)` takes, in order: the entity's own and inherited ones.
    package func insertableAttributes(of entity: String) throws(StoreFailure) -> [String] {
        try preparedInsert(entity).attributes.map(\.name)
    }

    /// Inserts an object of `entity` with attribute values by name (missing ones are null); returns its ID.
    public func insert(entity: String, attributes: [String: StoreValue]) throws(StoreFailure) -> ObjectID {
        let prepared = try preparedInsert(entity)
        return try insert(entity: entity, prepared: prepared) { index in attributes[prepared.attributes[index].name] ?? .null }
    }

    /// Inserts an object with values in the order of `insertableAttributes(of:)`; no dictionary per row.
    package func insert(entity: String, values: [StoreValue]) throws(StoreFailure) -> ObjectID {
        let prepared = try preparedInsert(entity)
        guard values.count == prepared.attributes.count else {
            throw .input(
                Diagnostic(
                    path: store.path, message: "\(entity) takes \(prepared.attributes.count) attribute values, not \(values.count)"))
        }
        return try insert(entity: entity, prepared: prepared) { values[$0] }
    }

    private func insert(
        entity: String, prepared: (statement: SQLiteStatement, attributes: [(name: String, type: AttributeType)]),
        value: (Int) -> StoreValue
    ) throws(StoreFailure) -> ObjectID {
        guard let table = layout.table(for: entity), let number = layout.entityNumbers[entity] else {
            throw .input(Diagnostic(path: store.path, message: "the destination model has no entity \"\(entity)\""))
        }
        let key = try availableKey(nextKey[table.rootEntity, default: 1], entity: entity)
        nextKey[table.rootEntity] = Self.key(after: key)
        var row: [SQLiteValue] = [.integer(key), .integer(Int64(number)), .integer(1)]
        row.reserveCapacity(prepared.attributes.count + 3)
        for index in prepared.attributes.indices { row.append(value(index).sqliteValue) }
        try prepared.statement.run(row)
        return ObjectID(entity: number, primaryKey: key)
    }

    /// The INSERT of `entity`'s rows: `Z_PK`, `Z_ENT`, `Z_OPT`, the attributes, then the columns of
    /// `toOnes` (plans without an order column), so a caller that knows the destinations of some
    /// to-ones when it inserts writes them with the row instead of updating it afterwards.
    func preparedInsert(_ entity: String, linking toOnes: [ToOneWrite] = []) throws(StoreFailure) -> (
        statement: SQLiteStatement, attributes: [(name: String, type: AttributeType)]
    ) {
        let linked = toOnes.flatMap(\.columns)
        // A unit separator cannot occur in an entity name, so the keys of two inserts never meet.
        let cacheKey = linked.isEmpty ? entity : ([entity] + linked).joined(separator: "\u{1F}")
        if let cached = inserts[cacheKey] { return cached }
        let (table, columns, list) = try insertColumns(entity, linking: toOnes)
        let sql = "INSERT INTO \(SQL.quote(table)) (\(SQL.quote(columns))) VALUES (\(SQL.parameters(columns.count)))"
        let prepared = (try store.database.prepare(sql), list)
        inserts[cacheKey] = prepared
        return prepared
    }

    /// The table and columns an insert of `entity` sets, in the order of `preparedInsert`'s parameters:
    /// `Z_PK`, `Z_ENT`, `Z_OPT`, the attributes (listed with their names and types), then the columns of `toOnes`.
    func insertColumns(_ entity: String, linking toOnes: [ToOneWrite] = []) throws(StoreFailure) -> (
        table: String, columns: [String], attributes: [(name: String, type: AttributeType)]
    ) {
        guard let table = layout.table(for: entity), layout.entityNumbers[entity] != nil else {
            throw .input(Diagnostic(path: store.path, message: "the destination model has no entity \"\(entity)\""))
        }
        let model = layout.model
        let ancestry = Set(model.entity(named: entity).map { model.ancestry(of: $0).map(\.name) } ?? [])
        var columns = ["Z_PK", "Z_ENT", "Z_OPT"]
        var list: [(name: String, type: AttributeType)] = []
        for column in table.columns {
            if case .attribute(let owner, let name, let type) = column.kind, ancestry.contains(owner) {
                columns.append(column.name)
                list.append((name, type))
            }
        }
        return (table.name, columns + toOnes.flatMap(\.columns), list)
    }

    /// Changes attribute values of an existing object (the others stay); bumps `Z_OPT` as a save would,
    /// unless `bumpingVersion` is false: an object this writer inserted is still in the save that
    /// made it, and keeps `Z_OPT` 1 (a migration policy setting values after insertion).
    public func update(_ object: ObjectID, entity: String, attributes: [String: StoreValue], bumpingVersion: Bool = true)
        throws(StoreFailure)
    {
        guard let table = layout.table(for: entity), let owner = layout.model.entity(named: entity) else {
            throw .input(Diagnostic(path: store.path, message: "the destination model has no entity \"\(entity)\""))
        }
        let names = attributes.keys.sorted()
        guard !names.isEmpty else { return }
        var columns: [String] = []
        for name in names {
            guard let declaring = layout.model.declaringEntity(ofProperty: name, in: owner),
                let column = table.column(entity: declaring.name, property: name), case .attribute = column.kind
            else { throw .input(Diagnostic(path: store.path, message: "\(entity) has no stored attribute \"\(name)\"")) }
            columns.append(column.name)
        }
        let values = names.map { attributes[$0]!.sqliteValue }
        if bumpingVersion {
            let statement = try cachedStatement(
                "UPDATE \(SQL.quote(table.name)) SET \(SQL.assignments(columns)), \(SQL.optimisticLockBump()) WHERE Z_PK = ?")
            try statement.run(values + [.integer(existingMax[table.rootEntity] ?? 0), .integer(object.primaryKey)])
        } else {
            try cachedStatement("UPDATE \(SQL.quote(table.name)) SET \(SQL.assignments(columns)) WHERE Z_PK = ?").run(
                values + [.integer(object.primaryKey)])
        }
        try requireChanged(object, entity: entity)
    }

    /// Throws when the last statement changed no row: there is no such object.
    func requireChanged(_ object: ObjectID, entity: String) throws(StoreFailure) {
        if store.database.changes == 0 {
            throw .input(Diagnostic(path: store.path, message: "no \(entity) object with primary key \(object.primaryKey)"))
        }
    }

    /// A statement prepared once per writer, keyed by its SQL text (which names every table and
    /// column it touches, so two statements never share a key).
    func cachedStatement(_ sql: String) throws(StoreFailure) -> SQLiteStatement {
        if let cached = statements[sql] { return cached }
        let statement = try store.database.prepare(sql)
        statements[sql] = statement
        return statement
    }

    /// Stands for "no key left" in `nextKey` once `Int64.max` has been handed out (or was already `Z_MAX`).
    static let exhaustedKey = Int64.min

    /// The key after `key`; `exhaustedKey` after `Int64.max`, instead of trapping on the overflow.
    static func key(after key: Int64) -> Int64 {
        key == .max ? exhaustedKey : key + 1
    }

    /// `key`, or an error when the table's keys have run out: Core Data's keys are positive 64-bit
    /// integers, so a store whose `Z_MAX` (or largest `Z_PK`) is `Int64.max` cannot take another object.
    func availableKey(_ key: Int64, entity: String) throws(StoreFailure) -> Int64 {
        guard key == Self.exhaustedKey else { return key }
        throw .input(
            Diagnostic(
                path: store.path, message: "cannot insert another \(entity): its table's primary keys are exhausted (Z_MAX is \(Int64.max))"
            ))
    }

    /// Writes the highest key handed out per hierarchy into its root's `Z_PRIMARYKEY.Z_MAX`
    /// (sub-entities keep 0: keys are allocated per table, as in every Apple store).
    public func finish() throws(StoreFailure) {
        let update = try store.database.prepare("UPDATE Z_PRIMARYKEY SET Z_MAX = ? WHERE Z_ENT = ?")
        for (root, next) in nextKey.sorted(by: { $0.key < $1.key }) {
            guard let number = layout.entityNumbers[root] else { continue }
            try update.run([.integer(next == Self.exhaustedKey ? .max : next - 1), .integer(Int64(number))])
        }
    }
}
