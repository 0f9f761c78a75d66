@_spi(CLI) import ModelDiffKit

/// Stage 1 for mappings whose policy is NSEntityMigrationPolicy itself: one cursor streams the
/// source rows, one `StoreWriter.BulkInsert` writes the destination rows, and plain `$source.key`
/// values go from column to parameter without a `MigrationObject`, a dictionary or a Swift string.
/// The rows, keys, association table, progress and errors are those the per-object hooks give.
extension MigrationManager {
    /// What one attribute mapping does per row.
    private enum Step {
        /// Copies a source column; `identity` has a bit (1 << raw value) for each storage class for
        /// which the conversion to the destination type changes nothing, so SQLite copies the value
        /// itself (a mask, not a Set: it is tested for every column of every row).
        case copy(column: Int, from: AttributeType, to: AttributeType, identity: UInt8, slot: Int?)
        /// Evaluates the entry on the row's `MigrationObject` (made only when some step needs it).
        case evaluate(AttributeMappingPlan.Entry, slot: Int?)
    }

    /// Runs stage 1 of `mapping` in bulk; false when it needs the per-object path (the destination
    /// entity is missing, so the per-object path reports it as it always did).
    func bulkCreateInstances(_ mapping: EntityMapping, sourceEntity: String, source: PersistentStore) throws -> Bool {
        // An expression that reads `$destination` needs the object being made, value by value: the per-object path.
        guard let writer, let destinationName = mapping.destinationEntity, let plan = attributePlan(for: mapping), !plan.readsDestination,
            let table = sourceLayout.table(for: sourceEntity), let sourceNumber = sourceLayout.entityNumbers[sourceEntity],
            destinationLayout.table(for: destinationName) != nil, destinationLayout.entityNumbers[destinationName] != nil
        else { return false }
        let readPlan = ReadPlan(table: table, entity: sourceEntity, layout: sourceLayout)
        let links = earlyToOnes(for: mapping, readPlan: readPlan)
        // A MigrationObject's attribute dictionary keeps the last column of a name: so does this.
        let columns = Dictionary(readPlan.attributes.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
        // A fetch predicate is evaluated on the row's object, as the per-object path does.
        let needsObject =
            plan.entries.contains { entry in
                if case .key(let key) = entry.source { columns[key] == nil } else { true }
            } || sourceFetches[mapping.name]?.predicate != nil
        // An expression or a predicate may ask the manager for the objects made so far, which must then
        // be in the store: rows are then written one at a time.
        let insert = try StoreWriter.BulkInsert(writer: writer, entity: destinationName, linking: links.map(\.write), batched: !needsObject)
        defer { insert.finish() }
        if !links.isEmpty { toOnesWrittenEarly[mapping.name] = Set(links.map(\.index)) }
        let slots = Dictionary(insert.attributes.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        let steps: [Step] = plan.entries.map { entry in
            if case .key(let key) = entry.source, let column = columns[key] {
                return .copy(
                    column: column.column, from: column.type, to: entry.type,
                    identity: Self.unchangedClasses(column.type, entry.type).reduce(0) { $0 | 1 << $1.rawValue }, slot: slots[entry.name])
            }
            return .evaluate(entry, slot: slots[entry.name])
        }
        // Attributes no step sets get one binding for every row: the attribute's default or null.
        let defaults = Dictionary(plan.defaults.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last })
        let targeted = Set(plan.entries.map(\.name))
        for (index, attribute) in insert.attributes.enumerated() where !targeted.contains(attribute.name) {
            try insert.setEveryRow((defaults[attribute.name] ?? .null).sqliteValue, attribute: index)
        }

        let rows = try source.rows(of: table, entity: sourceNumber)
        let association = association(for: mapping.name)
        while try rows.step() {
            try checkCancellation()
            guard let pk = rows.integer(at: 0) else { continue }
            let id = ObjectID(entity: sourceNumber, primaryKey: pk)
            let object = needsObject ? migrationObject(id: id, entity: sourceEntity, plan: readPlan, row: rows) : nil
            if let object, !(try isFetched(object, by: mapping)) { continue }
            do {
                for step in steps {
                    switch step {
                    case .copy(let column, let from, let to, let identity, let slot):
                        if let slot, identity & 1 << rows.storageClass(at: column).rawValue != 0 {
                            try insert.copy(column: column, of: rows, attribute: slot)
                            continue
                        }
                        let value = try ExpressionValue(StoreValue(rows.value(at: column), type: from)).storeValue(for: to)
                        if let slot { try insert.set(value.sqliteValue, attribute: slot) }
                    case .evaluate(let entry, let slot):
                        let value = try self.value(of: entry, source: object!, mapping: mapping, entity: plan.entity)
                        if let slot { try insert.set(value.sqliteValue, attribute: slot) }
                    }
                }
            } catch let error as ExpressionError {
                throw MigrationError(
                    .migration, "a value expression failed: \(error.message)", mapping: mapping.name, entity: sourceEntity, object: id)
            }
            for (slot, link) in links.enumerated() { insert.link(slot, to: link.destination(in: rows)) }
            let destinationID = try insert.insert()
            KillPoint.insert.reach()
            association.append(source: id, destination: destinationID)
            advance(.createInstances, mapping)
        }
        try insert.flush()
        return true
    }

    /// The source object of the current row, as `forEachObject` would make it.
    private func migrationObject(id: ObjectID, entity: String, plan: ReadPlan, row: SQLiteStatement) -> MigrationObject {
        let (attributes, toOne) = plan.values(of: row)
        return MigrationObject(id: id, entity: entity, side: .source, attributes: attributes, toOne: toOne, manager: self)
    }

    /// The storage classes a value keeps unchanged when read as `from` and stored as `to`
    /// (`StoreValue`, `ExpressionValue` and `storeValue(for:)` give back the same SQLite value).
    static func unchangedClasses(_ from: AttributeType, _ to: AttributeType) -> Set<SQLiteStatement.StorageClass> {
        guard from == to else { return [.null] }
        switch from {
        case .string, .uri: return [.null, .text]
        case .integer16, .integer32, .integer64: return [.null, .integer]
        case .double, .float, .date: return [.null, .real]
        case .binary, .transformable, .uuid: return [.null, .blob]
        default: return [.null]
        }
    }
}
