@_spi(CLI) import ModelDiffKit

/// To-one keys written in stage 1. A default-policy mapping's to-one whose expression names an
/// entity mapping that has already run has every destination known when its rows are inserted, so
/// the INSERT carries the key and stage 2 has no `UPDATE` per row to make (16.5 % of the generic
/// path's profile at 100k objects, BENCHMARKS.md).
///
/// Core Data sets relationships in stage 2; writing one earlier must change nothing anyone can
/// see, so it is done only when:
/// - every mapping uses the default policy (the rule of `deferIndexes`): no hook runs between the
///   stages, and a mapping's association table is filled by its own stage 1 alone;
/// - the target mapping runs before the owner, so its association table is complete;
/// - nothing evaluated between the early write and the write's usual place can reach a destination
///   object: the attribute mappings and fetch predicates of later mappings (stage 1) name neither
///   `$manager` nor `$entityPolicy`, and every relationship mapping of the owner and of earlier
///   mappings (stage 2) is the standard `destinationInstancesForEntityMappingNamed:sourceInstances:`
///   of `$source.key`, which reads source objects and hands back destination IDs;
/// - the owner maps that relationship once;
/// - the target mapping's source entity has no sub-entity a mapping carries (their objects are looked
///   up through their own mappings, which may not have run yet).
///
/// A relationship mapping that sets the inverse writes the same column. Unless it is skipped as
/// covered by this one (`BulkRelationship.isCovered(by:)`), stage 2 writes the to-one again at its
/// usual place, so the last write to the column is the one it has always been.
extension MigrationManager {
    /// A to-one the bulk stage 1 writes with each row.
    struct EarlyToOne {
        /// The relationship mapping's position in its entity mapping.
        let index: Int
        let write: StoreWriter.ToOneWrite
        /// Where the source row holds the link.
        let column: ReadPlan.ToOneColumn
        /// The target mapping's association table (complete: that mapping has run).
        let targets: AssociationTable?

        /// The destination of the current source row's link: nil when the row has none or its
        /// object was not migrated by the target mapping, as stage 2's bulk run gives.
        func destination(in row: SQLiteStatement) -> ObjectID? {
            guard let key = row.integer(at: column.column) else { return nil }
            let entity = column.entityColumn.map { row.value(at: $0).int } ?? column.destinationNumber
            return targets?.firstDestination(ofSource: entity, key: key)
        }
    }

    /// Whether every entity mapping's policy is NSEntityMigrationPolicy itself.
    func usesDefaultPoliciesOnly(_ mapping: MappingModel) -> Bool {
        mapping.entityMappings.allSatisfy {
            (try? policies.policy(named: $0.policyClassName, mapping: $0.name)).map(Self.isDefault) ?? false
        }
    }

    /// The to-ones of `mapping` that its bulk stage 1 may write (see the rules above).
    func earlyToOnes(for mapping: EntityMapping, readPlan: ReadPlan) -> [EarlyToOne] {
        guard let model = mappingModel, let position = model.entityMappings.firstIndex(where: { $0.name == mapping.name }),
            usesDefaultPoliciesOnly(model)
        else { return [] }
        let earlier = model.entityMappings[..<position]
        let later = model.entityMappings[(position + 1)...]
        guard (earlier + [mapping]).allSatisfy(relationshipsReadNoDestination), later.allSatisfy(attributesReadNoDestination) else {
            return []
        }
        let preceding = Set(earlier.map(\.name))
        return mapping.relationshipMappings.indices.compactMap { index in
            let property = mapping.relationshipMappings[index]
            guard mapping.relationshipMappings.filter({ $0.name == property.name }).count == 1,
                let plan = bulkRelationship(property, at: index, in: mapping), preceding.contains(plan.target),
                // Objects of the target's sub-entities are resolved through their own mappings, in stage 2.
                subentityMappings(of: plan.target).isEmpty,
                case .toOne(let write) = plan.write, write.orderColumn == nil, write.oneToOneInverse == nil,
                let column = readPlan.toOnes.last(where: { $0.name == plan.sourceRelationship.name })
            else { return nil }
            return EarlyToOne(index: index, write: write, column: column, targets: associations[plan.target])
        }
    }

    /// Once stage 2 is planned: drops from `toOnesWrittenEarly` the to-ones whose inverse another
    /// relationship mapping still sets, so stage 2 writes them again at their usual place.
    func confirmEarlyToOnes(_ mapping: MappingModel) {
        for (name, indexes) in toOnesWrittenEarly {
            let plans = (bulkRelationships[name] ?? []).filter { indexes.contains($0.index) }
            toOnesWrittenEarly[name] = Set(plans.filter { !inverseIsSet($0, in: mapping) }.map(\.index))
        }
    }

    /// Whether a relationship mapping that stage 2 runs sets the inverse of `plan`'s relationship.
    private func inverseIsSet(_ plan: BulkRelationship, in model: MappingModel) -> Bool {
        guard let inverse = plan.relationship.inverseName else { return false }
        for mapping in model.entityMappings {
            guard let entity = destinationEntity(for: mapping),
                destinationModel.allRelationships(of: entity).contains(where: {
                    $0.name == inverse && $0.inverseName == plan.relationship.name
                })
            else { continue }
            let covered = Set((bulkRelationships[mapping.name] ?? []).filter(\.isCovered).map(\.index))
            for (index, property) in mapping.relationshipMappings.enumerated()
            where property.name == inverse && !covered.contains(index) && (property.valueExpression != nil || property.placeholder != nil) {
                return true
            }
        }
        return false
    }

    /// Whether each relationship mapping of `mapping` that sets something is the standard
    /// expression, which reads no destination object.
    private func relationshipsReadNoDestination(_ mapping: EntityMapping) -> Bool {
        mapping.relationshipMappings.allSatisfy { property in
            guard property.placeholder == nil, let text = property.valueExpression else { return property.placeholder == nil }
            guard case .call(.variable("manager"), let selector, let arguments)? = try? ExpressionParser.parse(text),
                ManagerSelector(selector) == .destinationInstancesForEntityMapping, arguments.count == 2,
                case .constant(.string) = arguments[0], case .keyPath(.variable("source"), let components) = arguments[1],
                components.count == 1
            else { return false }
            return true
        }
    }

    /// Whether the attribute mappings and fetch predicate of `mapping` (its stage 1) name neither
    /// `$manager` nor `$entityPolicy`, the only ways an expression reaches a destination object
    /// (`$destination` is the draft being made, whose relationships are empty).
    private func attributesReadNoDestination(_ mapping: EntityMapping) -> Bool {
        let reaching: Set<String> = ["manager", "entityPolicy"]
        if let predicate = sourceFetches[mapping.name]?.predicate, !predicate.variables.isDisjoint(with: reaching) { return false }
        return mapping.attributeMappings.allSatisfy { property in
            guard let text = property.valueExpression else { return true }
            guard let expression = try? ExpressionParser.parse(text) else { return false }
            return expression.variables.isDisjoint(with: reaching)
        }
    }
}
