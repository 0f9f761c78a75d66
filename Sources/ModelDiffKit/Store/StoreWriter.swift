/// Writes objects into a store created for a layout: inserts, to-one and to-many links, `Z_MAX`.
///
/// Statements are prepared once per entity and reused, so writing a million rows allocates little.
public final class StoreWriter {
    /// The store written to.
    public let store: PersistentStore
    /// Its layout.
    public let layout: StoreLayout
    private var nextKey: [String: Int64] = [:]
    private var inserts: [String: (statement: SQLiteStatement, attributes: [(name: String, type: AttributeType)])] = [:]
    private var updates: [String: SQLiteStatement] = [:]
    private var updatingInverse = false

    /// Prepares to write into `store`, continuing after the keys `Z_PRIMARYKEY` already hands out.
    public init(store: PersistentStore, layout: StoreLayout) throws(Diagnostic) {
        self.store = store
        self.layout = layout
        for row in try store.primaryKeyTable() where row.superEntity == 0 {
            nextKey[row.name] = Int64(row.max) + 1
        }
    }

    /// Inserts an object of `entity` with attribute values; returns its new ID.
    public func insert(entity: String, attributes: [String: StoreValue]) throws -> ObjectID {
        guard let table = layout.table(for: entity), let number = layout.entityNumbers[entity] else {
            throw Diagnostic(path: store.path, message: "the destination model has no entity \"\(entity)\"")
        }
        let prepared: (statement: SQLiteStatement, attributes: [(name: String, type: AttributeType)])
        if let cached = inserts[entity] {
            prepared = cached
        } else {
            let model = layout.model
            let ancestry = Set(model.entity(named: entity).map { model.ancestry(of: $0).map(\.name) } ?? [])
            var columns = ["Z_PK", "Z_ENT", "Z_OPT"]
            var list: [(String, AttributeType)] = []
            for column in table.columns {
                if case .attribute(let owner, let name, let type) = column.kind, ancestry.contains(owner) {
                    columns.append(column.name)
                    list.append((name, type))
                }
            }
            let sql = "INSERT INTO \(table.name) (\(columns.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))"
            prepared = (try store.database.prepare(sql), list)
            inserts[entity] = prepared
        }
        let key = nextKey[table.rootEntity, default: 1]
        nextKey[table.rootEntity] = key + 1
        var values: [SQLiteValue] = [.integer(key), .integer(Int64(number)), .integer(1)]
        for attribute in prepared.attributes { values.append((attributes[attribute.name] ?? .null).sqliteValue) }
        try prepared.statement.run(values)
        return ObjectID(entity: number, primaryKey: key)
    }

    /// Updates attribute values of an existing object and bumps its `Z_OPT`, as a Core Data save does.
    public func update(_ object: ObjectID, entity: String, attributes: [String: StoreValue]) throws {
        guard let table = layout.table(for: entity) else {
            throw Diagnostic(path: store.path, message: "the model has no entity \"\(entity)\"")
        }
        var sets: [String] = []
        var values: [SQLiteValue] = []
        for (name, value) in attributes.sorted(by: { $0.key < $1.key }) {
            guard let column = table.column(entity: layout.model.entity(named: entity).flatMap { layout.model.declaringEntity(ofProperty: name, in: $0)?.name } ?? entity, property: name),
                case .attribute = column.kind
            else { throw Diagnostic(path: store.path, message: "\(entity) has no stored attribute \"\(name)\"") }
            sets.append("\(column.name) = ?")
            values.append(value.sqliteValue)
        }
        try cachedStatement("update.\(entity).\(sets.joined())", "UPDATE \(table.name) SET \((sets + ["Z_OPT = Z_OPT + 1"]).joined(separator: ", ")) WHERE Z_PK = ?")
            .run(values + [.integer(object.primaryKey)])
    }

    /// Sets a to-one relationship of `object` (declared by `entity` or an ancestor); `orderKey` fills `Z_FOK_`.
    public func setToOne(_ object: ObjectID, entity: String, relationship: String, to destination: ObjectID?, orderKey: Int64? = nil) throws {
        let model = layout.model
        guard let owner = model.entity(named: entity), let declaring = model.declaringEntity(ofProperty: relationship, in: owner),
            let table = layout.table(for: entity)
        else { throw Diagnostic(path: store.path, message: "no relationship \(entity).\(relationship) in the destination model") }
        let cacheKey = "\(declaring.name).\(relationship)"
        let statement: SQLiteStatement
        if let cached = updates[cacheKey] {
            statement = cached
        } else {
            var sets: [String] = []
            for column in table.columns {
                switch column.kind {
                case .toOne(declaring.name, relationship), .toOneEntity(declaring.name, relationship), .orderKey(declaring.name, relationship):
                    sets.append("\(column.name) = ?")
                default: break
                }
            }
            guard !sets.isEmpty else { throw Diagnostic(path: store.path, message: "\(entity).\(relationship) has no column") }
            // Every change bumps the optimistic-locking counter, as Core Data's saves do.
            statement = try store.database.prepare("UPDATE \(table.name) SET \(sets.joined(separator: ", ")), Z_OPT = Z_OPT + 1 WHERE Z_PK = ?")
            updates[cacheKey] = statement
        }
        var values: [SQLiteValue] = []
        for column in table.columns {
            switch column.kind {
            case .toOne(declaring.name, relationship): values.append(destination.map { .integer($0.primaryKey) } ?? .null)
            case .toOneEntity(declaring.name, relationship): values.append(destination.map { .integer(Int64($0.entity)) } ?? .null)
            case .orderKey(declaring.name, relationship): values.append(orderKey.map { .integer($0) } ?? .null)
            default: break
            }
        }
        try statement.run(values + [.integer(object.primaryKey)])
        // A one-to-one keeps a column on both sides: set the inverse too.
        if let declared = declaring.relationships.first(where: { $0.name == relationship }),
            let inverse = StoreLayout.inverse(of: declared, in: declaring, model: model), !inverse.isToMany, let destination,
            inverse.name != relationship || declared.destinationEntity != declaring.name,
            let destinationName = layout.orderedEntities.first(where: { layout.entityNumbers[$0] == destination.entity }),
            !updatingInverse
        {
            updatingInverse = true
            defer { updatingInverse = false }
            try setToOne(destination, entity: destinationName, relationship: inverse.name, to: object)
        }
    }

    /// Links `object` to `destinations` through a to-many relationship, maintaining the inverse side.
    public func addToMany(_ object: ObjectID, entity: String, relationship: String, destinations: [ObjectID]) throws {
        let model = layout.model
        guard let owner = model.entity(named: entity), let declaring = model.declaringEntity(ofProperty: relationship, in: owner),
            let declared = declaring.relationships.first(where: { $0.name == relationship })
        else { throw Diagnostic(path: store.path, message: "no relationship \(entity).\(relationship) in the destination model") }
        if let join = layout.joinTable(entity: declaring.name, relationship: relationship) {
            let isNamedSide = join.relationship.entity == declaring.name && join.relationship.name == relationship
            let mine = isNamedSide ? join.sourceColumn : join.destinationColumn
            let theirs = isNamedSide ? join.destinationColumn : join.sourceColumn
            let order = join.orderColumns.first { $0.relationship == relationship }?.column
            let columns = [mine, theirs] + (order.map { [$0] } ?? [])
            let statement = try cachedStatement("join.\(join.name).\(relationship)",
                "INSERT OR IGNORE INTO \(join.name) (\(columns.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))")
            for (index, destination) in destinations.enumerated() {
                var values: [SQLiteValue] = [.integer(object.primaryKey), .integer(destination.primaryKey)]
                if order != nil { values.append(.integer(Int64(index + 1) * 1024)) }
                try statement.run(values)
            }
            return
        }
        guard let inverseName = declared.inverseName, let destinationName = declared.destinationEntity else {
            throw Diagnostic(path: store.path, message: "\(entity).\(relationship) is a to-many without an inverse, which Core Data stores cannot hold")
        }
        let names = Dictionary(uniqueKeysWithValues: layout.entityNumbers.map { ($1, $0) })
        for (index, destination) in destinations.enumerated() {
            try setToOne(destination, entity: names[destination.entity] ?? destinationName, relationship: inverseName, to: object,
                         orderKey: declared.isOrdered ? Int64(index + 1) * 1024 : nil)
        }
    }

    private func cachedStatement(_ key: String, _ sql: String) throws(Diagnostic) -> SQLiteStatement {
        if let cached = updates[key] { return cached }
        let statement = try store.database.prepare(sql)
        updates[key] = statement
        return statement
    }

    /// Writes the highest key handed out per hierarchy into `Z_PRIMARYKEY.Z_MAX`.
    public func finish() throws(Diagnostic) {
        let update = try store.database.prepare("UPDATE Z_PRIMARYKEY SET Z_MAX = ? WHERE Z_NAME = ?")
        for (root, next) in nextKey { try update.run([.integer(next - 1), .text(root)]) }
    }
}
