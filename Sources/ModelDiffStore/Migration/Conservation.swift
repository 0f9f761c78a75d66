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
                if let name = entityMapping.sourceEntity { total += try objects(of: name, in: source, layout: sourceLayout) }
            }
            let output = try objects(of: entity, in: destination, layout: destinationLayout)
            let inexact = mappings.filter { !isExact($0) }
            counts.append(
                ConservationCount(
                    kind: .objects, mapping: mappings.map(\.name).joined(separator: " + "), relationship: nil, source: total,
                    destination: output, expected: inexact.isEmpty ? total...total : nil, reasons: inexact.map(inexactReason)))
        }
        // Objects no mapping carries: all of them explained.
        let carried = Set(carrying.compactMap(\.sourceEntity))
        for entity in sourceLayout.orderedEntities where !carried.contains(entity) {
            let count = try objects(of: entity, in: source, layout: sourceLayout)
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
            inexact: inexact)
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
            exact: [], inexact: [])
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

    /// The links of one relationship in one store, by their target, counted in one pass.
    struct LinkTally: Equatable {
        /// Every stored key, dangling ones included.
        var all = 0
        /// Those naming a row.
        var existing = 0
        /// Those naming a row of an entity whose every object the mapping carries (`exact` numbers).
        var exact = 0
        /// Those naming a row of an entity a mapping may leave out (`inexact` numbers).
        var inexact = 0
    }

    private func objects(of entity: String, in store: PersistentStore, layout: StoreLayout) throws(StoreFailure) -> Int {
        guard let table = layout.table(for: entity), let number = layout.entityNumbers[entity] else { return 0 }
        return try count("SELECT COUNT(*) FROM \(SQL.quote(table.name)) WHERE Z_ENT = ?", [.integer(Int64(number))], in: store)
    }

    /// A relationship of an entity whose links are counted.
    struct LinkKey: Hashable {
        let entity: String
        let relationship: String
    }

    /// The links of each of `keys` in `store`. The relationships kept in one join table (both sides of a
    /// many-to-many, and sub-entities inheriting them) are counted by one statement, which looks each row's
    /// two objects up once for all of them; each other relationship by its own (`links`).
    func tallies(of keys: [LinkKey], in store: PersistentStore, layout: StoreLayout, exact: Set<Int>, inexact: Set<Int>)
        throws(StoreFailure) -> [LinkKey: LinkTally]
    {
        var result: [LinkKey: LinkTally] = [:]
        var byJoin: [String: (join: StoreLayout.JoinTable, keys: [LinkKey])] = [:]
        var joinOrder: [String] = []
        for key in keys where result[key] == nil {
            if let join = joinTable(of: key, layout: layout) {
                if byJoin[join.name] == nil { joinOrder.append(join.name) }
                if byJoin[join.name]?.keys.contains(key) != true { byJoin[join.name, default: (join, [])].keys.append(key) }
            } else {
                result[key] = try links(
                    in: store, layout: layout, entity: key.entity, relationship: key.relationship, exact: exact, inexact: inexact)
            }
        }
        for name in joinOrder {
            guard let (join, joinKeys) = byJoin[name] else { continue }
            let counts = try joinTallies(join, keys: joinKeys, in: store, layout: layout, exact: exact, inexact: inexact)
            for (key, tally) in zip(joinKeys, counts) { result[key] = tally }
        }
        return result
    }

    /// The join table keeping `key`'s links, when it is a many-to-many whose owner and target have tables.
    private func joinTable(of key: LinkKey, layout: StoreLayout) -> StoreLayout.JoinTable? {
        let model = layout.model
        guard let described = model.entity(named: key.entity), layout.entityNumbers[key.entity] != nil,
            let declared = model.allRelationships(of: described).first(where: { $0.name == key.relationship }), declared.isToMany,
            let destinationName = declared.destinationEntity, layout.table(for: key.entity) != nil,
            layout.table(for: destinationName) != nil
        else { return nil }
        let declaring = model.declaringEntity(ofProperty: key.relationship, in: described)?.name ?? key.entity
        return layout.joinTable(entity: declaring, relationship: key.relationship)
    }

    /// The links of `keys`, all kept in `join`, in one statement: the join table read once through its primary
    /// key's index, each of its two key columns looked up once in its table (`LEFT JOIN`, so that a key naming
    /// no row still counts among all keys), and, per key, the four counts `links` gives, restricted by `CASE`
    /// to the rows whose owner is of exactly its entity.
    private func joinTallies(
        _ join: StoreLayout.JoinTable, keys: [LinkKey], in store: PersistentStore, layout: StoreLayout, exact: Set<Int>, inexact: Set<Int>
    ) throws(StoreFailure) -> [LinkTally] {
        let model = layout.model
        var aliases: [String: String] = [:]  // key column → alias of the row it names
        var lookups: [String] = []
        var columns: [String] = []
        var arguments: [SQLiteValue] = []
        func alias(of column: String, table: String) -> String {
            if let known = aliases[column] { return known }
            let name = "t\(aliases.count)"
            aliases[column] = name
            lookups.append("LEFT JOIN \(SQL.quote(table)) \(name) ON \(name).Z_PK = \(SQL.column(column, of: "j"))")
            return name
        }
        for key in keys {
            guard let described = model.entity(named: key.entity), let number = layout.entityNumbers[key.entity],
                let declared = model.allRelationships(of: described).first(where: { $0.name == key.relationship }),
                let destinationName = declared.destinationEntity, let table = layout.table(for: key.entity),
                let targetTable = layout.table(for: destinationName)
            else { return [] }
            let declaring = model.declaringEntity(ofProperty: key.relationship, in: described)?.name ?? key.entity
            let (own, other) = join.keyColumns(from: declaring, relationship: key.relationship)
            let owner = alias(of: own, table: table.name)
            let target = alias(of: other, table: targetTable.name)
            let isOwner = "\(SQL.column("Z_ENT", of: owner)) = ?"
            let entityColumn = SQL.column("Z_ENT", of: target)
            columns += [
                "COUNT(CASE WHEN \(isOwner) THEN 1 END)",
                "COUNT(CASE WHEN \(isOwner) AND \(SQL.column("Z_PK", of: target)) IS NOT NULL THEN 1 END)",
                "COUNT(CASE WHEN \(isOwner) AND \(entityColumn) IN (\(SQL.parameters(exact.count))) THEN 1 END)",
                "COUNT(CASE WHEN \(isOwner) AND \(entityColumn) IN (\(SQL.parameters(inexact.count))) THEN 1 END)",
            ]
            let owned = SQLiteValue.integer(Int64(number))
            arguments +=
                [owned, owned, owned] + exact.sorted().map { .integer(Int64($0)) } + [owned]
                + inexact.sorted().map { .integer(Int64($0)) }
        }
        let order = try store.primaryKeyIndex(table: join.name).map { " INDEXED BY " + SQL.quote($0) } ?? ""
        let sql = "SELECT \(columns.joined(separator: ", ")) FROM \(SQL.quote(join.name)) j\(order) \(lookups.joined(separator: " "))"
        let row = try store.database.rows(sql, arguments).first ?? []
        func value(_ index: Int) -> Int { index < row.count ? row[index].int : 0 }
        return keys.indices.map {
            LinkTally(all: value(4 * $0), existing: value(4 * $0 + 1), exact: value(4 * $0 + 2), inexact: value(4 * $0 + 3))
        }
    }

    /// The links of `relationship` held by the objects of exactly `entity`, where the layout keeps them, counted
    /// in one statement: one scan of the table holding the keys, the owner and the target each found by its
    /// `Z_PK` (the rowid, so one B-tree step per link; a Core Data table's `Z_PK` is its `INTEGER PRIMARY KEY`,
    /// and `SourceSoundness` refuses a source whose `Z_PK`s repeat).
    func links(in store: PersistentStore, layout: StoreLayout, entity: String, relationship: String, exact: Set<Int>, inexact: Set<Int>)
        throws(StoreFailure) -> LinkTally
    {
        let model = layout.model
        guard let described = model.entity(named: entity), let number = layout.entityNumbers[entity],
            let declared = model.allRelationships(of: described).first(where: { $0.name == relationship }),
            let destinationName = declared.destinationEntity, let table = layout.table(for: entity),
            let targetTable = layout.table(for: destinationName)
        else { return LinkTally() }
        let declaring = model.declaringEntity(ofProperty: relationship, in: described)?.name ?? entity
        let exactNumbers = exact.sorted().map { SQLiteValue.integer(Int64($0)) }
        let inexactNumbers = inexact.sorted().map { SQLiteValue.integer(Int64($0)) }
        /// `COUNT(*), COUNT(<target>.Z_PK), <target's Z_ENT among exact>, <among inexact>`.
        func tallies(target alias: String) -> String {
            let entityColumn = SQL.column("Z_ENT", of: alias)
            return "COUNT(*), COUNT(\(SQL.column("Z_PK", of: alias))), "
                + "COUNT(CASE WHEN \(entityColumn) IN (\(SQL.parameters(exact.count))) THEN 1 END), "
                + "COUNT(CASE WHEN \(entityColumn) IN (\(SQL.parameters(inexact.count))) THEN 1 END)"
        }
        let arguments = exactNumbers + inexactNumbers + [.integer(Int64(number))]
        let sql: String
        if !declared.isToMany {
            guard let column = layout.column(entity: entity, property: relationship) else { return LinkTally() }
            let key = SQL.column(column.name, of: "o")
            sql = """
                SELECT \(tallies(target: "d")) FROM \(SQL.quote(table.name)) o
                LEFT JOIN \(SQL.quote(targetTable.name)) d ON d.Z_PK = \(key)
                WHERE o.Z_ENT = ? AND \(key) IS NOT NULL
                """
        } else if let join = layout.joinTable(entity: declaring, relationship: relationship) {
            let (own, other) = join.keyColumns(from: declaring, relationship: relationship)
            // The join table outermost (`CROSS JOIN`), read through its primary key's index (`INDEXED BY`): its
            // rows in the order of their first column, so the look-ups in that column's table go through it in
            // order. In rowid order (the order rows were inserted) they go at random, several times slower.
            let order = try store.primaryKeyIndex(table: join.name).map { " INDEXED BY " + SQL.quote($0) } ?? ""
            sql = """
                SELECT \(tallies(target: "d")) FROM \(SQL.quote(join.name)) j\(order)
                CROSS JOIN \(SQL.quote(table.name)) o ON o.Z_PK = \(SQL.column(own, of: "j"))
                LEFT JOIN \(SQL.quote(targetTable.name)) d ON d.Z_PK = \(SQL.column(other, of: "j"))
                WHERE o.Z_ENT = ?
                """
        } else if let (holder, name) = layout.storingToOne(of: declaring, relationship: relationship),
            let column = targetTable.column(entity: holder, property: name)
        {
            // The target rows hold the owner's key: each row is a link, its target the row itself.
            sql = """
                SELECT \(tallies(target: "r")) FROM \(SQL.quote(targetTable.name)) r
                JOIN \(SQL.quote(table.name)) o ON o.Z_PK = \(SQL.column(column.name, of: "r"))
                WHERE o.Z_ENT = ?
                """
        } else {
            return LinkTally()
        }
        let row = try store.database.rows(sql, arguments).first ?? []
        func value(_ index: Int) -> Int { index < row.count ? row[index].int : 0 }
        return LinkTally(all: value(0), existing: value(1), exact: value(2), inexact: value(3))
    }

    private func count(_ sql: String, _ arguments: [SQLiteValue], in store: PersistentStore) throws(StoreFailure) -> Int {
        try store.database.rows(sql, arguments).first?.first?.int ?? 0
    }
}
