@_spi(CLI) import ModelDiffKit

/// What one entity mapping (objects) or relationship mapping (links) had in the source and has in the
/// output of a migration step, and how much of the difference the mapping explains.
@_spi(CLI) public struct ConservationCount: Sendable, Hashable {
    /// Objects of an entity mapping, or links of a relationship mapping.
    package enum Kind: String, Sendable, Hashable {
        case objects, links
    }

    /// Objects or links.
    package let kind: Kind
    /// The entity mapping (`A + B` when several feed one destination entity, counted together).
    package let mapping: String
    /// The destination relationship, for links.
    package let relationship: String?
    /// Objects of the source entity, or links of the source relationship (dangling keys included).
    package let source: Int
    /// Objects of the destination entity, or links of the destination relationship, in the output.
    package let destination: Int
    /// The fewest and the most the output may hold by the mapping; nil when the mapping cannot say
    /// (a custom policy, a filtering source expression on the owner's mapping).
    package let expected: ClosedRange<Int>?
    /// Why the output may hold fewer than the source, each with how many: `4 dangling keys migrated as nil`.
    package let reasons: [String]

    /// How many fewer objects or links the mapping lets the output hold: source minus the fewest expected.
    package var explained: Int { expected.map { source - $0.lowerBound } ?? source - destination }
    /// Whether the output holds what the mapping says.
    package var holds: Bool { expected.map { $0.contains(destination) } ?? true }
    /// The failure when the output does not hold what the mapping says: `Mapping.relationship: 12 links
    /// in the source, 11 in the output, which the mapping does not explain (it explains 0 fewer)`.
    package var failure: String {
        let what = kind == .objects ? "objects" : "links"
        let allowed = expected.map { $0.lowerBound == $0.upperBound ? "\($0.lowerBound)" : "\($0.lowerBound) to \($0.upperBound)" } ?? "any"
        let why = reasons.isEmpty ? "" : ": \(reasons.joined(separator: "; "))"
        return "\(label): \(source) \(what) in the source, \(destination) in the output; the mapping accounts for \(allowed)\(why)"
    }
    /// `Mapping` or `Mapping.relationship`.
    package var label: String { relationship.map { "\(mapping).\($0)" } ?? mapping }

    /// The line `migrate` prints for links the output holds fewer of than the source, and why: `MemberToMember.user:
    /// 2 of 4 links dropped (its inverse membership becomes to-one: …)`; nil when none were dropped. Objects have
    /// their own line (`DroppedObjects`), naming the entity rather than the mapping.
    @_spi(CLI) public var droppedLinksLine: String? {
        guard kind == .links, destination < source else { return nil }
        let why = reasons.isEmpty ? "" : " (\(reasons.joined(separator: "; ")))"
        return "\(label): \(source - destination) of \(source) links dropped\(why)"
    }
}

/// Counts, at the end of every migration step and on both paths, the objects of each entity mapping
/// and the links of each relationship mapping in the source and in the output, and fails the step when
/// the output differs by more than the mapping explains.
///
/// A mapping explains: objects its entity mapping removes (or that no mapping carries), objects a
/// filtering source expression leaves out, anything a custom policy does, dangling keys (a key or
/// join row pointing to no row, migrated as nil and reported by `SourceSoundness`), and links to
/// objects whose entity no mapping carries. Links are counted where the store keeps them: to-one key
/// columns, the inverse's or the virtual to-one's key column of a to-many (a to-many without an
/// inverse), and join-table rows (the `REFLEXIVE` ones of a to-many that is its own inverse included).
/// A relationship mapping is counted when its value expression is the standard
/// `FUNCTION($manager, "destinationInstances…", …, $source.r)`; another is the mapping's own business.
package struct Conservation {
    let mapping: MappingModel
    let source: PersistentStore
    let sourceLayout: StoreLayout
    let destination: PersistentStore
    let destinationLayout: StoreLayout
    /// Entity mapping names whose source expression filters the objects.
    let filtered: Set<String>
    /// The dangling keys `SourceSoundness` counted in each key column of the source (`Counting.sound`).
    let danglingCounts: [SourceSoundness.KeyColumn: SourceSoundness.KeyCounts]
    /// On the SQL fast path, the rows its inserts wrote, by destination entity (`SQLFastPath.objectCounts`):
    /// the output's objects, and its links counted as `Counting.copied`; nil on the three-stage path.
    let copied: [String: Int]?
    /// The rows of each source entity table, by table name, as `TableScan` counted them on the migration's
    /// read snapshot: the objects of a table of one entity, every row of which soundness proved (or made,
    /// `adopted`) an object of it, without a `Z_ENT`-filtered count.
    let sourceRows: [String: Int]

    /// Every count of the step.
    package func counts() throws(StoreFailure) -> [ConservationCount] {
        try objectCounts() + linkCounts()
    }

    /// Whether `entityMapping` makes exactly one destination object per source object of its entity.
    private func isExact(_ entityMapping: EntityMapping) -> Bool {
        (entityMapping.type == .copy || entityMapping.type == .transform) && !filtered.contains(entityMapping.name)
            && (entityMapping.policyClassName == nil || entityMapping.policyClassName == "NSEntityMigrationPolicy")
    }

    /// Why `entityMapping` may make another number of objects than its source entity has.
    private func inexactReason(_ entityMapping: EntityMapping) -> String {
        if filtered.contains(entityMapping.name) { return "\(entityMapping.name) filters its objects by a source expression" }
        if let policy = entityMapping.policyClassName, policy != "NSEntityMigrationPolicy" {
            return "\(entityMapping.name) runs the custom policy \(policy)"
        }
        return "\(entityMapping.name) is a \(entityMapping.type.rawValue) mapping"
    }

    private var carrying: [EntityMapping] {
        mapping.entityMappings.filter { $0.type != .remove && $0.destinationEntity != nil }
    }

    private func objectCounts() throws(StoreFailure) -> [ConservationCount] {
        var counts: [ConservationCount] = []
        var groups: [(entity: String, mappings: [EntityMapping])] = []
        for entityMapping in carrying {
            guard let entity = entityMapping.destinationEntity else { continue }
            if let index = groups.firstIndex(where: { $0.entity == entity }) {
                groups[index].mappings.append(entityMapping)
            } else {
                groups.append((entity, [entityMapping]))
            }
        }
        for (entity, mappings) in groups {
            var total = 0
            for entityMapping in mappings {
                if let name = entityMapping.sourceEntity { total += try sourceObjects(of: name) }
            }
            var output = copied?[entity] ?? 0
            if copied == nil { output = try objects(of: entity, in: destination, layout: destinationLayout) }
            let inexact = mappings.filter { !isExact($0) }
            counts.append(
                ConservationCount(
                    kind: .objects, mapping: mappings.map(\.name).joined(separator: " + "), relationship: nil, source: total,
                    destination: output, expected: inexact.isEmpty ? total...total : nil, reasons: inexact.map(inexactReason)))
        }
        // Objects no mapping carries: all of them explained.
        let carried = Set(carrying.compactMap(\.sourceEntity))
        for entity in sourceLayout.orderedEntities where !carried.contains(entity) {
            let count = try sourceObjects(of: entity)
            guard count > 0 else { continue }
            let name = mapping.entityMappings.first { $0.sourceEntity == entity }?.name ?? entity
            counts.append(
                ConservationCount(
                    kind: .objects, mapping: name, relationship: nil, source: count, destination: 0, expected: 0...0,
                    reasons: ["\(count) objects of \(entity), which the mapping removes"]))
        }
        return counts
    }

    private func linkCounts() throws(StoreFailure) -> [ConservationCount] {
        // Source entity numbers whose every object has one destination object, and those that may have none.
        let exact = Set(carrying.filter(isExact).compactMap { $0.sourceEntity.flatMap { sourceLayout.entityNumbers[$0] } })
        let inexact = Set(
            carrying.filter { !isExact($0) }.compactMap { $0.sourceEntity.flatMap { sourceLayout.entityNumbers[$0] } })
        struct Group {
            var mappings: [String] = []
            var source = 0
            var fewest = 0
            var most = 0
            var predicted = true
            var reasons: [String] = []
        }
        var groups: [String: Group] = [:]
        var order: [(entity: String, relationship: String)] = []
        // The relationship mappings counted, each with the source relationship it reads.
        var counted:
            [(entityMapping: EntityMapping, property: PropertyMapping, key: String, sourceEntity: Entity, destinationEntity: Entity)] = []
        for entityMapping in carrying {
            guard let sourceName = entityMapping.sourceEntity, let destinationName = entityMapping.destinationEntity,
                let sourceEntity = sourceLayout.model.entity(named: sourceName),
                let destinationEntity = destinationLayout.model.entity(named: destinationName)
            else { continue }
            for property in entityMapping.relationshipMappings {
                guard property.placeholder == nil, let key = Self.sourceKey(property),
                    sourceLayout.model.allRelationships(of: sourceEntity).contains(where: { $0.name == key }),
                    destinationLayout.model.allRelationships(of: destinationEntity).contains(where: { $0.name == property.name })
                else { continue }
                counted.append((entityMapping, property, key, sourceEntity, destinationEntity))
            }
        }
        let sourceTallies = try tallies(
            of: counted.map { LinkKey(entity: $0.sourceEntity.name, relationship: $0.key) }, in: source, layout: sourceLayout, exact: exact,
            inexact: inexact, counting: .sound(dangling: danglingCounts))
        for (entityMapping, property, key, sourceEntity, destinationEntity) in counted {
            let sourceName = sourceEntity.name
            let destinationName = destinationEntity.name
            let tally = sourceTallies[LinkKey(entity: sourceName, relationship: key)] ?? LinkTally()
            let (all, existing, carried, maybe) = (tally.all, tally.existing, tally.exact, tally.inexact)
            let id = "\(destinationName).\(property.name)"
            if groups[id] == nil { order.append((destinationName, property.name)) }
            var group = groups[id] ?? Group()
            group.mappings.append(entityMapping.name)
            group.source += all
            group.fewest += carried
            group.most += carried + maybe
            if !isExact(entityMapping) {
                group.predicted = false
                group.reasons.append(inexactReason(entityMapping))
            }
            if let narrowed = narrowing(
                sourceEntity: sourceEntity, relationship: key, destinationEntity: destinationEntity, destinationName: property.name)
            {
                group.predicted = false
                group.reasons.append(narrowed)
            }
            if all > existing {
                group.reasons.append("\(all - existing) dangling keys of \(sourceName).\(key) migrated as nil")
            }
            let lost = existing - carried - maybe
            if lost > 0 { group.reasons.append("\(lost) links of \(sourceName).\(key) to objects the mapping removes") }
            if maybe > 0 { group.reasons.append("\(maybe) links of \(sourceName).\(key) to objects a mapping may leave out") }
            groups[id] = group
        }
        let outputTallies = try tallies(
            of: order.map { LinkKey(entity: $0.entity, relationship: $0.relationship) }, in: destination, layout: destinationLayout,
            exact: [], inexact: [], counting: copied == nil ? .lookingUp : .copied)
        return order.map { entity, relationship in
            let group = groups["\(entity).\(relationship)"]!
            let output = outputTallies[LinkKey(entity: entity, relationship: relationship)]?.existing ?? 0
            return ConservationCount(
                kind: .links, mapping: group.mappings.joined(separator: " + "), relationship: relationship, source: group.source,
                destination: output, expected: group.predicted ? group.fewest...group.most : nil, reasons: group.reasons)
        }
    }

    /// Why a relationship's links cannot be predicted from the counts when its pair narrows from to-many to
    /// to-one on either side (`to-many-to-one`, which `check` warns about): each object then keeps one of its
    /// objects, so the output holds as many links as objects that kept one, not as many as the source held.
    private func narrowing(sourceEntity: Entity, relationship: String, destinationEntity: Entity, destinationName: String) -> String? {
        let sourceModel = sourceLayout.model
        let destinationModel = destinationLayout.model
        guard let old = sourceModel.allRelationships(of: sourceEntity).first(where: { $0.name == relationship }),
            let new = destinationModel.allRelationships(of: destinationEntity).first(where: { $0.name == destinationName })
        else { return nil }
        if old.isToMany && !new.isToMany {
            return "\(sourceEntity.name).\(relationship) becomes to-one: each object keeps one of its links (to-many-to-one)"
        }
        if let oldInverse = StoreLayout.inverse(of: old, in: sourceEntity, model: sourceModel),
            let newInverse = StoreLayout.inverse(of: new, in: destinationEntity, model: destinationModel),
            oldInverse.isToMany && !newInverse.isToMany
        {
            return "its inverse \(newInverse.name) becomes to-one: each object keeps one of its links (to-many-to-one)"
        }
        return nil
    }

    /// The source relationship a standard relationship mapping reads: `r` of `$source.r`.
    static func sourceKey(_ property: PropertyMapping) -> String? {
        guard let text = property.valueExpression,
            case .call(.variable("manager"), let selector, let arguments)? = try? ExpressionParser.parse(text),
            ManagerSelector(selector).map({
                [.destinationInstancesForEntityMapping, .destinationInstancesForSourceRelationship].contains($0)
            })
                == true,
            arguments.count == 2, case .keyPath(.variable("source"), let components) = arguments[1], components.count == 1
        else { return nil }
        return components[0]
    }

    /// The objects of `entity` in the source: its table's rows where the table holds it alone and was scanned.
    private func sourceObjects(of entity: String) throws(StoreFailure) -> Int {
        if let table = sourceLayout.table(for: entity), table.entities.count == 1, sourceLayout.entityNumbers[entity] != nil,
            let rows = sourceRows[table.name]
        {
            return rows
        }
        return try objects(of: entity, in: source, layout: sourceLayout)
    }

    private func objects(of entity: String, in store: PersistentStore, layout: StoreLayout) throws(StoreFailure) -> Int {
        guard let table = layout.table(for: entity), let number = layout.entityNumbers[entity] else { return 0 }
        return try count("SELECT COUNT(*) FROM \(SQL.quote(table.name)) WHERE Z_ENT = ?", [.integer(Int64(number))], in: store)
    }

    private func count(_ sql: String, _ arguments: [SQLiteValue], in store: PersistentStore) throws(StoreFailure) -> Int {
        try store.database.rows(sql, arguments).first?.first?.int ?? 0
    }
}
