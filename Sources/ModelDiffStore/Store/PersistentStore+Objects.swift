@_spi(CLI) import ModelDiffKit

/// Reading and writing objects, streaming row by row.
extension PersistentStore {
    /// Calls `body` for every object of `entity` (and its sub-entities when asked), in primary-key order.
    ///
    /// One prepared statement serves all rows, so memory does not grow with the table.
    public func forEachObject(
        of entity: String, layout: StoreLayout, includingSubentities: Bool = true, _ body: (StoredObject) throws -> Void
    ) throws {
        try forEachObject(of: entity, layout: layout, includingSubentities: includingSubentities, primaryKey: nil, body)
    }

    /// The object with that ID, or nil when the store has no such row.
    public func object(_ id: ObjectID, layout: StoreLayout) throws -> StoredObject? {
        guard let name = layout.orderedEntities.first(where: { layout.entityNumbers[$0] == id.entity }) else { return nil }
        var found: StoredObject?
        try forEachObject(of: name, layout: layout, includingSubentities: false, primaryKey: id.primaryKey) { found = $0 }
        return found
    }

    private func forEachObject(
        of entity: String, layout: StoreLayout, includingSubentities: Bool, primaryKey: Int64?, _ body: (StoredObject) throws -> Void
    ) throws {
        guard let table = layout.table(for: entity), let number = layout.entityNumbers[entity] else {
            throw StoreFailure.input(Diagnostic(path: path, message: "the store layout has no entity \"\(entity)\""))
        }
        let numbers = includingSubentities ? layout.entityAndSubentities(entity).compactMap { layout.entityNumbers[$0] } : [number]
        let names = Dictionary(uniqueKeysWithValues: layout.entityNumbers.map { ($1, $0) })
        let statement =
            try primaryKey == nil
            ? database.prepare(
                "SELECT \(SQL.quote(table.columns.map(\.name))) FROM \(SQL.quote(table.name)) WHERE Z_ENT IN (\(SQL.parameters(numbers.count))) ORDER BY Z_PK"
            )
            : cachedStatement(
                """
                SELECT \(SQL.quote(table.columns.map(\.name))) FROM \(SQL.quote(table.name)) WHERE Z_ENT IN (\(SQL.parameters(numbers.count))) \
                AND Z_PK = ? ORDER BY Z_PK
                """
            )
        try statement.bind(numbers.map { .integer(Int64($0)) } + (primaryKey.map { [.integer($0)] } ?? []))
        // Worked out once per entity, not per row: which columns it reads and how.
        var plans: [Int: ReadPlan] = [:]
        while try statement.step() {
            guard case .integer(let pk) = statement.value(at: 0) else { continue }
            let ent = statement.value(at: 1).int
            let name = names[ent] ?? entity
            let plan: ReadPlan
            if let cached = plans[ent] {
                plan = cached
            } else {
                plan = ReadPlan(table: table, entity: name, layout: layout)
                plans[ent] = plan
            }
            let (attributes, toOne) = plan.values(of: statement)
            try body(
                StoredObject(
                    id: ObjectID(entity: ent, primaryKey: pk), entity: name, version: Int64(statement.value(at: 2).int),
                    attributes: attributes, toOne: toOne))
        }
    }

    /// Streams chosen attributes and to-ones of every object of `entity` as arrays in the order
    /// asked for, in primary-key order: no dictionary per row, one prepared statement for all rows.
    package func forEachRow(
        of entity: String, layout: StoreLayout, attributes: [String], toOne: [String] = [], includingSubentities: Bool = true,
        _ body: (ObjectRow) throws -> Void
    ) throws {
        guard let table = layout.table(for: entity), let declared = layout.model.entity(named: entity) else {
            throw StoreFailure.input(Diagnostic(path: path, message: "the store layout has no entity \"\(entity)\""))
        }
        let plan = ReadPlan(table: table, entity: entity, layout: layout)
        let chosen = try attributes.map { name throws(StoreFailure) in
            guard let found = plan.attributes.first(where: { $0.name == name }) else {
                throw StoreFailure.input(Diagnostic(path: path, message: "\(declared.name) has no stored attribute \"\(name)\""))
            }
            return found
        }
        let links = try toOne.map { name throws(StoreFailure) in
            guard let found = plan.toOnes.first(where: { $0.name == name }) else {
                throw StoreFailure.input(Diagnostic(path: path, message: "\(declared.name) has no to-one relationship \"\(name)\""))
            }
            return found
        }
        let numbers =
            includingSubentities
            ? layout.entityAndSubentities(entity).compactMap { layout.entityNumbers[$0] } : [layout.entityNumbers[entity] ?? 0]
        let statement = try database.prepare(
            "SELECT \(SQL.quote(table.columns.map(\.name))) FROM \(SQL.quote(table.name)) WHERE Z_ENT IN (\(SQL.parameters(numbers.count))) ORDER BY Z_PK"
        )
        try statement.bind(numbers.map { .integer(Int64($0)) })
        while try statement.step() {
            guard case .integer(let pk) = statement.value(at: 0) else { continue }
            try body(
                ObjectRow(
                    id: ObjectID(entity: statement.value(at: 1).int, primaryKey: pk), version: Int64(statement.value(at: 2).int),
                    values: chosen.map { StoreValue(statement.value(at: $0.column), type: $0.type) },
                    toOne: links.map { $0.read(statement) }))
        }
    }

    /// The objects a to-many relationship of `object` holds, in order for ordered relationships.
    public func relatedObjects(of object: ObjectID, entity: String, relationship: String, layout: StoreLayout) throws(StoreFailure)
        -> [ObjectID]
    {
        let model = layout.model
        guard let owner = model.entity(named: entity),
            let declared = model.allRelationships(of: owner).first(where: { $0.name == relationship }),
            let destinationName = declared.destinationEntity, let destinationTable = layout.table(for: destinationName)
        else { throw .input(Diagnostic(path: path, message: "no relationship \(entity).\(relationship)")) }
        let declaring = model.declaringEntity(ofProperty: relationship, in: owner)?.name ?? entity
        if let join = layout.joinTable(entity: declaring, relationship: relationship) {
            let (mine, theirs) = join.keyColumns(from: declaring, relationship: relationship)
            let select =
                """
                SELECT d.Z_ENT, d.Z_PK FROM \(SQL.quote(join.name)) j JOIN \(SQL.quote(destinationTable.name)) d ON d.Z_PK = \
                \(SQL.column(theirs, of: "j")) WHERE \(SQL.column(mine, of: "j")) = ?
                """
            let order = join.orderColumns.first { $0.relationship == relationship }?.column
            let rows = try cachedRows(select + (order.map { " ORDER BY \(SQL.column($0, of: "j"))" } ?? ""), [.integer(object.primaryKey)])
            return rows.map { ObjectID(entity: $0[0].int, primaryKey: Int64($0[1].int)) }
        }
        // Stored by the destination's to-one: the inverse, or the virtual one of a to-many without an inverse.
        guard let storing = layout.storingToOne(of: declaring, relationship: relationship),
            let column = destinationTable.column(entity: storing.entity, property: storing.name)
        else { return [] }
        let orderColumn = destinationTable.column(entity: storing.entity, property: storing.name, role: .orderKey)?.name
        let order = declared.isOrdered ? orderColumn ?? "Z_PK" : "Z_PK"
        let rows = try cachedRows(
            "SELECT Z_ENT, Z_PK FROM \(SQL.quote(destinationTable.name)) WHERE \(SQL.quote(column.name)) = ? ORDER BY \(SQL.quote(order))",
            [.integer(object.primaryKey)])
        return rows.map { ObjectID(entity: $0[0].int, primaryKey: Int64($0[1].int)) }
    }
}
