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
            throw Diagnostic(path: path, message: "the store layout has no entity \"\(entity)\"")
        }
        let numbers = includingSubentities ? layout.entityAndSubentities(entity).compactMap { layout.entityNumbers[$0] } : [number]
        let names = Dictionary(uniqueKeysWithValues: layout.entityNumbers.map { ($1, $0) })
        let statement = try (primaryKey == nil ? database.prepare : cachedStatement)(
            "SELECT \(table.columns.map(\.name).joined(separator: ", ")) FROM \(table.name) WHERE Z_ENT IN (\(numbers.map(String.init).joined(separator: ", ")))\(primaryKey == nil ? "" : " AND Z_PK = ?") ORDER BY Z_PK")
        try statement.bind(primaryKey.map { [.integer($0)] } ?? [])
        var columnsByEntity: [Int: [(Int, StoreLayout.Column)]] = [:]
        while try statement.step() {
            let ent = statement.value(at: 1).int
            let name = names[ent] ?? entity
            let columns = columnsByEntity[ent] ?? relevantColumns(table, entity: name, layout: layout)
            columnsByEntity[ent] = columns
            var attributes: [String: StoreValue] = [:]
            var toOne: [String: ObjectID?] = [:]
            for (index, column) in columns {
                let value = statement.value(at: index)
                switch column.kind {
                case .attribute(_, let property, let type):
                    attributes[property] = StoreValue(value, type: type)
                case .toOne(let owner, let property):
                    if case .integer(let pk) = value {
                        toOne[property] = ObjectID(entity: destinationEntityNumber(table, row: statement, owner: owner, property: property, layout: layout), primaryKey: pk)
                    } else {
                        toOne[property] = .some(nil)
                    }
                default: break
                }
            }
            guard case .integer(let pk) = statement.value(at: 0) else { continue }
            try body(StoredObject(id: ObjectID(entity: ent, primaryKey: pk), entity: name, version: Int64(statement.value(at: 2).int), attributes: attributes, toOne: toOne))
        }
    }

    /// The objects a to-many relationship of `object` holds, in order for ordered relationships.
    public func relatedObjects(of object: ObjectID, entity: String, relationship: String, layout: StoreLayout) throws -> [ObjectID] {
        let model = layout.model
        guard let owner = model.entity(named: entity),
            let declared = model.allRelationships(of: owner).first(where: { $0.name == relationship }),
            let destinationName = declared.destinationEntity, let destinationTable = layout.table(for: destinationName)
        else { throw Diagnostic(path: path, message: "no relationship \(entity).\(relationship)") }
        let declaring = model.declaringEntity(ofProperty: relationship, in: owner)?.name ?? entity
        if let join = layout.joinTable(entity: declaring, relationship: relationship) {
            let isNamedSide = join.relationship.entity == declaring && join.relationship.name == relationship
            let mine = isNamedSide ? join.sourceColumn : join.destinationColumn
            let theirs = isNamedSide ? join.destinationColumn : join.sourceColumn
            let order = join.orderColumns.first { $0.relationship == relationship }.map { " ORDER BY j.\($0.column)" } ?? ""
            let rows = try cachedRows(
                "SELECT d.Z_ENT, d.Z_PK FROM \(join.name) j JOIN \(destinationTable.name) d ON d.Z_PK = j.\(theirs) WHERE j.\(mine) = ?\(order)",
                [.integer(object.primaryKey)])
            return rows.map { ObjectID(entity: $0[0].int, primaryKey: Int64($0[1].int)) }
        }
        guard let inverseName = declared.inverseName, let destination = model.entity(named: destinationName),
            let inverseOwner = model.declaringEntity(ofProperty: inverseName, in: destination)?.name,
            let column = destinationTable.column(entity: inverseOwner, property: inverseName)
        else { return [] }
        let order = declared.isOrdered ? "Z_FOK_\(inverseName.uppercased())" : "Z_PK"
        let rows = try cachedRows(
            "SELECT Z_ENT, Z_PK FROM \(destinationTable.name) WHERE \(column.name) = ? ORDER BY \(order)", [.integer(object.primaryKey)])
        return rows.map { ObjectID(entity: $0[0].int, primaryKey: Int64($0[1].int)) }
    }

    private func relevantColumns(_ table: StoreLayout.Table, entity: String, layout: StoreLayout) -> [(Int, StoreLayout.Column)] {
        let model = layout.model
        let ancestry = Set(model.entity(named: entity).map { model.ancestry(of: $0).map(\.name) } ?? [entity])
        return table.columns.enumerated().filter { _, column in
            switch column.kind {
            case .attribute(let owner, _, _), .toOne(let owner, _): ancestry.contains(owner)
            default: false
            }
        }.map { ($0.offset, $0.element) }
    }

    private func destinationEntityNumber(_ table: StoreLayout.Table, row: SQLiteStatement, owner: String, property: String, layout: StoreLayout) -> Int {
        if let index = table.columns.firstIndex(where: { $0.kind == .toOneEntity(entity: owner, name: property) }) {
            return row.value(at: index).int
        }
        let model = layout.model
        let destination = model.entity(named: owner).flatMap { entity in model.allRelationships(of: entity).first { $0.name == property }?.destinationEntity }
        return destination.flatMap { layout.entityNumbers[$0] } ?? 0
    }
}
