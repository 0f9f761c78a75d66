/// How Core Data names the columns of a hierarchy's table and the many-to-many join tables.
///
/// Evidence (the 82 Apple-written stores of `../shared/models/wire-ios-data-model` and the fixtures,
/// see docs/STORE.md):
/// - Sibling sub-entities that declare a property of the same name share one table, so Core Data
///   numbers the later ones: `AssetClientMessage.delivered` (entity 11) is `ZDELIVERED`,
///   `ClientMessage.delivered` (12) is `ZDELIVERED1`; `SystemMessage.text` (15) `ZTEXT`,
///   `TextMessage.text` (16) `ZTEXT1`. A third would be `…2`.
/// - A join table is named after the relationship of the side with the smaller entity number
///   (`Conversation.labels`, 5, against `Label.conversations`, 8: `Z_5LABELS`; `SystemMessage.addedUsers`,
///   15, against `User.showingUserAdded`, 23: `Z_15ADDEDUSERS`, so not the greater name either). Each key
///   column is `Z_` + the number of the entity whose keys it holds + the name of the relationship that
///   points there (`Z_8LABELS`, `Z_5CONVERSATIONS`).
/// - Join-table key columns are unique across the model: `Reaction.users` (a root entity) is
///   `Z_23USERS`, `SystemMessage.users` (a sub-entity) `Z_23USERS1`. Names are claimed root entities
///   first, then sub-entities level by level, each level in entity-number order; this order also fits
///   the hierarchy columns above.
/// - A to-many that is its own inverse (`Person.friends` ↔ `friends`) has a join table `Z_<n><NAME>`
///   whose owner column is `Z_<n><NAME>` and whose destination column is `REFLEXIVE` (decompiled
///   `NSSQLManyToMany`); each link is a row in both directions, as each side's list holds the other.
/// - For a pair on one entity (`UserClient.trustedClients` / `trustedByClients`), Apple's stores name the
///   table either way (Core Data takes whichever side its property dictionary yields first), so a
///   store's own table is adopted when reading (`StoreLayout.adopting(tables:)`); a new store takes the
///   greater name, as most of Apple's stores and the DuckDuckGo fixtures do.
struct ColumnNames {
    /// One many-to-many pair, with the side the join table is named after first.
    struct ManyToManyPair {
        let entity: String
        let relationship: Relationship
        let inverseEntity: String
        let inverse: Relationship
        let tableName: String
        /// The column holding the keys of `relationship`'s destinations.
        let relationshipColumn: String
        /// The column holding the keys of `inverse`'s destinations (`entity`'s objects).
        let inverseColumn: String
    }

    private var columns: [String: [String: String]] = [:]
    private(set) var manyToManyPairs: [ManyToManyPair] = []
    private let model: Model

    init(model: Model, ordered: [String], rootOf: [String: String], numbers: [String: Int]) {
        self.model = model
        let claimOrder = ordered.sorted { a, b in
            let (da, db) = (Self.depth(a, model), Self.depth(b, model))
            return da != db ? da < db : numbers[a, default: 0] < numbers[b, default: 0]
        }
        var taken: [String: Set<String>] = [:]
        for name in claimOrder {
            guard let entity = model.entity(named: name), let root = rootOf[name] else { continue }
            let stored =
                entity.attributes.filter { !$0.isTransient }.map(\.name)
                + entity.relationships.filter { !$0.isTransient && !$0.isToMany }.map(\.name)
            for property in stored {
                columns[name, default: [:]][property] = Self.claim(columnName(property), in: &taken[root, default: []])
            }
        }
        var joinColumns: Set<String> = []
        var claimed: [String: String] = [:]
        var pairs: [(naming: (String, Relationship), other: (String, Relationship))] = []
        for name in claimOrder {
            guard let entity = model.entity(named: name) else { continue }
            for relationship in entity.relationships.sorted(by: { coreDataCompare($0.name, $1.name) })
            where relationship.isToMany && !relationship.isTransient {
                guard let inverse = StoreLayout.inverse(of: relationship, in: entity, model: model), inverse.isToMany,
                    let inverseOwner = Self.declaring(inverse, from: relationship.inverseEntity ?? relationship.destinationEntity, model),
                    let destination = relationship.destinationEntity
                else { continue }
                claimed["\(name).\(relationship.name)"] = Self.claim(
                    "Z_\(numbers[destination, default: 0])\(relationship.name.uppercased())", in: &joinColumns)
                let mine = (numbers[name, default: 0], relationship.name)
                let theirs = (numbers[inverseOwner, default: 0], inverse.name)
                // A to-many that is its own inverse is a pair with itself (`-[NSSQLManyToMany _setInverseManyToMany:]`).
                if mine == theirs || mine.0 < theirs.0 || (mine.0 == theirs.0 && coreDataCompare(theirs.1, mine.1)) {
                    pairs.append(((name, relationship), (inverseOwner, inverse)))
                }
            }
        }
        manyToManyPairs = pairs.sorted { numbers[$0.naming.0, default: 0] < numbers[$1.naming.0, default: 0] }.compactMap { pair in
            guard let own = claimed["\(pair.naming.0).\(pair.naming.1.name)"], let other = claimed["\(pair.other.0).\(pair.other.1.name)"]
            else { return nil }
            let reflexive = pair.naming.0 == pair.other.0 && pair.naming.1.name == pair.other.1.name
            return ManyToManyPair(
                entity: pair.naming.0, relationship: pair.naming.1, inverseEntity: pair.other.0, inverse: pair.other.1,
                tableName: "Z_\(numbers[pair.naming.0, default: 0])\(pair.naming.1.name.uppercased())",
                relationshipColumn: reflexive ? Self.reflexiveColumn : own, inverseColumn: other)
        }
    }

    /// The key column of a self-inverse to-many's join table holding the destinations: Core Data's
    /// `-[NSSQLManyToMany inverseColumnName]` answers `REFLEXIVE` when the relationship is its own
    /// inverse, and `inverseOrderColumnName` `FOK_REFLEXIVE` when it is ordered.
    static let reflexiveColumn = "REFLEXIVE"

    /// The column of `property` as `entity` sees it (declared by it or by an ancestor).
    func column(_ entity: String, _ property: String) -> String {
        guard let described = model.entity(named: entity) else { return columnName(property) }
        for ancestor in model.ancestry(of: described).reversed() {
            if let name = columns[ancestor.name]?[property] { return name }
        }
        return columnName(property)
    }

    /// `base`, or `base` with the first free number after it (`ZTEXT1`), marked as taken.
    private static func claim(_ base: String, in taken: inout Set<String>) -> String {
        var candidate = base
        var suffix = 0
        while taken.contains(candidate) {
            suffix += 1
            candidate = base + String(suffix)
        }
        taken.insert(candidate)
        return candidate
    }

    private static func depth(_ name: String, _ model: Model) -> Int {
        model.entity(named: name).map { model.ancestry(of: $0).count } ?? 0
    }

    /// The entity that declares `relationship`, starting at `owner` and walking up its parents.
    private static func declaring(_ relationship: Relationship, from owner: String?, _ model: Model) -> String? {
        guard let owner, let entity = model.entity(named: owner) else { return nil }
        return model.ancestry(of: entity).reversed().first { $0.relationships.contains { $0.name == relationship.name } }?.name
    }
}
