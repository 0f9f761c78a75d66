@_spi(CLI) import ModelDiffKit

/// Stage 2 for mappings whose policy is NSEntityMigrationPolicy itself: standard relationship
/// mappings run table by table (see `BulkRelationship`), any other relationship mapping still runs
/// per destination object through `applyRelationshipMappings`.
extension MigrationManager {
    /// Works out, once stage 1 is done, which relationship mappings run in bulk.
    func planBulkRelationships(_ mapping: MappingModel, policies: [String: EntityMigrationPolicy]) {
        var planned: [BulkRelationship] = []
        for entityMapping in mapping.entityMappings {
            guard let policy = policies[entityMapping.name], Self.isDefault(policy), isOneToOne(entityMapping) else { continue }
            for (index, property) in entityMapping.relationshipMappings.enumerated() {
                guard var plan = bulkRelationship(property, at: index, in: entityMapping) else { continue }
                plan.isCovered = planned.contains { plan.duplicates($0) }
                planned.append(plan)
            }
        }
        for index in planned.indices where planned.contains(where: { planned[index].isCovered(by: $0) }) {
            planned[index].isCovered = true
        }
        bulkRelationships = Dictionary(grouping: planned, by: \.owner)
    }

    /// Stage 2 of a default-policy mapping: its bulk relationship mappings, then the others per object.
    func createRelationships(_ mapping: EntityMapping) throws {
        let plans = bulkRelationships[mapping.name] ?? []
        let early = toOnesWrittenEarly[mapping.name] ?? []
        for plan in plans where !plan.isCovered && !early.contains(plan.index) { try run(plan, ownerMapping: mapping) }
        let done = relationshipMappingsNeedingNoObject(mapping)
        let perObject = mapping.relationshipMappings.indices.contains { !done.contains($0) }
        try associations[mapping.name]?.forEachPair { _, id in
            try checkCancellation()
            if perObject {
                guard let object = try object(id, side: .destination) else { return }
                try applyRelationshipMappings(to: object, in: mapping, skipping: done)
            }
            advance(.createRelationships, mapping)
        }
    }

    /// The positions of the relationship mappings of a default-policy mapping that stage 2 runs
    /// without a per-object pass: those run in bulk, and those that set nothing.
    func relationshipMappingsNeedingNoObject(_ mapping: EntityMapping) -> Set<Int> {
        var done = Set((bulkRelationships[mapping.name] ?? []).map(\.index))
        let declared = Set(destinationEntity(for: mapping).map { destinationModel.allRelationships(of: $0).map(\.name) } ?? [])
        for (index, property) in mapping.relationshipMappings.enumerated()
        where !declared.contains(property.name) || (property.placeholder == nil && property.valueExpression == nil) {
            done.insert(index)
        }
        return done
    }

    /// Whether the mapping's association table pairs each object of its source entity, in key
    /// order, with one new object of its destination entity (what bulk stage 1 produces).
    private func isOneToOne(_ mapping: EntityMapping) -> Bool {
        guard let table = associations[mapping.name], let source = mapping.sourceEntity.flatMap({ sourceLayout.entityNumbers[$0] }),
            let destination = mapping.destinationEntity.flatMap({ destinationLayout.entityNumbers[$0] })
        else { return false }
        return table.isUniform && table.sourcesAscend && table.destinationsAscend
            && table.runs.allSatisfy { $0.sourceEntity == source && $0.destinationEntity == destination }
    }

    /// The bulk plan for one relationship mapping, or nil when it must run per object.
    func bulkRelationship(_ property: PropertyMapping, at index: Int, in mapping: EntityMapping) -> BulkRelationship? {
        guard let writer, let destinationName = mapping.destinationEntity,
            let destinationEntity = destinationModel.entity(named: destinationName),
            let sourceName = mapping.sourceEntity, let sourceEntity = sourceModel.entity(named: sourceName),
            let sourceTable = sourceLayout.table(for: sourceName), sourceLayout.entityNumbers[sourceName] != nil,
            property.placeholder == nil, let text = property.valueExpression,
            case .call(.variable("manager"), let selector, let arguments)? = try? ExpressionParser.parse(text),
            ManagerSelector(selector) == .destinationInstancesForEntityMapping,
            arguments.count == 2, case .constant(.string(let target)) = arguments[0],
            case .keyPath(.variable("source"), let components) = arguments[1], components.count == 1,
            mappingModel?.entityMapping(named: target) != nil,
            let relationship = destinationModel.allRelationships(of: destinationEntity).first(where: { $0.name == property.name })
        else { return nil }
        let key = components[0]
        let targets = associations[target]
        guard targets?.sourcesAscend ?? true else { return nil }
        let readPlan = ReadPlan(table: sourceTable, entity: sourceName, layout: sourceLayout)
        guard !readPlan.attributes.contains(where: { $0.name == key }) else { return nil }
        // `$source.key` is a to-one when the row holds it, else a declared to-many, else no relationship.
        if let column = readPlan.toOnes.last(where: { $0.name == key }), !relationship.isToMany,
            let sourceRelationship = sourceModel.allRelationships(of: sourceEntity).first(where: { $0.name == key }),
            let plan = try? writer.toOnePlan(entity: destinationName, relationship: relationship.name)
        {
            let names = [sourceTable.columns[column.column].name] + (column.entityColumn.map { [sourceTable.columns[$0].name] } ?? [])
            return BulkRelationship(
                index: index, owner: mapping.name, target: target, relationship: relationship, sourceRelationship: sourceRelationship,
                links: .toOne(
                    .entityRows(of: sourceTable.name, columns: ["Z_PK"] + names),
                    declaredTarget: column.destinationNumber, hasEntityColumn: column.entityColumn != nil),
                write: .toOne(plan))
        }
        guard relationship.isToMany, !relationship.isOrdered, !readPlan.toOnes.contains(where: { $0.name == key }),
            let sourceRelationship = sourceModel.allRelationships(of: sourceEntity).first(where: { $0.name == key }),
            sourceRelationship.isToMany,
            let links = toManyLinks(sourceRelationship, of: sourceEntity)
        else { return nil }
        let declaring = destinationModel.declaringEntity(ofProperty: relationship.name, in: destinationEntity)?.name ?? destinationName
        let write: BulkRelationship.Write
        if destinationLayout.joinTable(entity: declaring, relationship: relationship.name) != nil {
            guard let batch = StoreWriter.LinkBatch(writer: writer, entity: declaring, relationship: relationship.name) else { return nil }
            write = .join(batch)
        } else {
            // Setting each target's inverse once needs one destination per target object.
            guard targets?.destinationsAscend ?? true,
                let (_, inverse) = destinationLayout.storingToOne(of: declaring, relationship: relationship.name)
            else { return nil }
            write = .inverse(inverse)
        }
        return BulkRelationship(
            index: index, owner: mapping.name, target: target, relationship: relationship, sourceRelationship: sourceRelationship,
            links: links, write: write)
    }

    /// The query streaming a source to-many's links, as `relatedObjects` reads them one owner at a time.
    private func toManyLinks(_ relationship: Relationship, of entity: Entity) -> BulkRelationship.Links? {
        let model = sourceModel
        guard let declaring = model.declaringEntity(ofProperty: relationship.name, in: entity)?.name,
            let destinationName = relationship.destinationEntity, let destinationTable = sourceLayout.table(for: destinationName)
        else { return nil }
        if let join = sourceLayout.joinTable(entity: declaring, relationship: relationship.name) {
            let (mine, theirs) = join.keyColumns(from: declaring, relationship: relationship.name)
            return .toMany(.joinLinks(join.name, owner: mine, target: theirs, targetTable: destinationTable.name))
        }
        guard let (inverseOwner, inverseName) = sourceLayout.storingToOne(of: declaring, relationship: relationship.name),
            let column = destinationTable.column(entity: inverseOwner, property: inverseName)
        else { return BulkRelationship.Links.none }
        return .toMany(.inverseLinks(in: destinationTable.name, keyColumn: column.name))
    }

    /// Streams one bulk relationship's source links and writes them.
    private func run(_ plan: BulkRelationship, ownerMapping mapping: EntityMapping) throws {
        guard let writer, let source = sourceContext, let owners = associations[mapping.name],
            let ownerNumber = mapping.sourceEntity.flatMap({ sourceLayout.entityNumbers[$0] }),
            let destinationName = mapping.destinationEntity
        else { return }
        let targets = associations[plan.target]
        var inversePlans: [Int: (StoreWriter.ToOneWrite, String)] = [:]
        func write(_ object: ObjectID, _ target: ObjectID?) throws {
            switch plan.write {
            case .toOne(let toOne):
                try requireAccepted(target, by: toOne, entity: destinationName, object: object)
                try writer.setToOne(object, to: target, using: toOne, entity: destinationName)
            case .join(let batch): if let target { try batch.add(object.primaryKey, to: target.primaryKey) }
            case .inverse(let inverse):
                guard let target else { return }
                if inversePlans[target.entity] == nil {
                    let name = writer.entityNames[target.entity] ?? plan.relationship.destinationEntity ?? ""
                    inversePlans[target.entity] = (try writer.toOnePlan(entity: name, relationship: inverse), name)
                }
                let (toOne, name) = inversePlans[target.entity]!
                try requireAccepted(object, by: toOne, entity: name, object: target)
                try writer.setToOne(target, to: object, using: toOne, entity: name)
            }
        }
        // The objects of the target mapping's sub-entities are linked too, through their own mappings
        // (`relatedDestinationInstances(forEntityMappingName:sourceInstances:)`).
        var widened: [Int: AssociationTable] = [:]
        for (entity, name) in subentityMappings(of: plan.target) {
            if let number = sourceLayout.entityNumbers[entity], let table = associations[name] { widened[number] = table }
        }
        switch plan.links {
        case .none:
            return
        case .toOne(let query, let declaredTarget, let hasEntityColumn):
            let rows = try source.cursor(query, binding: [.integer(Int64(ownerNumber))])  // the query's `Z_ENT`: the owners' source entity
            while try rows.step() {
                try checkCancellation()
                guard let key = rows.integer(at: 0), let object = owners.firstDestination(ofSource: ownerNumber, key: key) else { continue }
                var target: ObjectID?
                if let link = rows.integer(at: 1) {
                    let entity = hasEntityColumn ? rows.value(at: 2).int : declaredTarget
                    target =
                        targets?.firstDestination(ofSource: entity, key: link)
                        ?? widened[entity]?.firstDestination(ofSource: entity, key: link)
                }
                try write(object, target)
            }
        case .toMany(let query):
            let rows = try source.cursor(query)
            while try rows.step() {
                try checkCancellation()
                guard let owner = rows.integer(at: 0), let object = owners.firstDestination(ofSource: ownerNumber, key: owner),
                    let key = rows.integer(at: 2)
                else { continue }
                let entity = rows.value(at: 1).int
                guard
                    let target = targets?.firstDestination(ofSource: entity, key: key)
                        ?? widened[entity]?.firstDestination(ofSource: entity, key: key)
                else { continue }
                try write(object, target)
            }
        }
        if case .join(let batch) = plan.write { try batch.flush() }
    }
}
