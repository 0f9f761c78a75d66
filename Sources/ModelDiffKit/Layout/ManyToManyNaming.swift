/// How Core Data names the join table of each many-to-many pair, its key columns and its order columns:
/// by walking the entities and their properties, the first side reached naming the table.
///
/// Evidence (decompiled CoreData):
/// - `-[NSSQLModel _generateModelWithError:]` keeps the SQL entities in an `NSKnownKeysDictionary` whose
///   keys are the names of `_sortedEntitiesForConfiguration:` and walks its `allValues` (key order)
///   once per phase: entity numbers, `_generateProperties`, then `_generateInverseRelationshipsAndMore`.
///   So the walk is in name order over all entities, sub-entities by their own names.
/// - `-[NSSQLEntity _generateInverseRelationshipsAndMore]` walks the entity's properties (inherited ones
///   included: a sub-entity's property dictionary starts as a copy of its parent's, with the same
///   objects) in the slot order of its `PF_Tiger_CFDictionary` (`PropertyDictionaryOrder`), and for each
///   many-to-many whose inverse is not yet set calls `-[NSSQLManyToMany _setInverseManyToMany:]` with the
///   destination entity's property of the inverse's name.
/// - `_setInverseManyToMany:` names the table `Z_%d%@` after the relationship it is called on (its
///   entity's number, its upper-cased name), sets the other side's inverse (so the other side never
///   names it), and calls itself on the other side first. Each side then takes its key column `Z_%d%@`
///   (its own entity's number, the other side's name) and, when the other side is ordered, its order
///   column `Z_FOK_%d%@`, each through its entity's `-[NSSQLStoreMappingGenerator uniqueNameWithBase:]`:
///   the other side's column and order column first, then the first side's.
/// - A to-many that is its own inverse is a pair with itself: one key column, and `REFLEXIVE` (and
///   `FOK_REFLEXIVE` when ordered) for the destinations (`inverseColumnName`, `inverseOrderColumnName`).
///
/// Checked against every Apple store in `../shared` (docs/STORE.md, "Join tables").
enum ManyToManyNaming {
    /// One many-to-many pair, with the side the join table is named after first.
    struct Pair {
        let entity: String
        let relationship: Relationship
        let inverseEntity: String
        let inverse: Relationship
        let tableName: String
        /// The column holding the keys of `relationship`'s destinations (the inverse side's own column,
        /// or `REFLEXIVE` for a to-many that is its own inverse).
        let relationshipColumn: String
        /// The column holding the keys of `entity`'s objects (the naming side's own column).
        let inverseColumn: String
        /// The inverse side's order column, made when `relationship` is ordered.
        let relationshipOrderColumn: String?
        /// The naming side's order column, made when `inverse` is ordered.
        let inverseOrderColumn: String?

        var isReflexive: Bool { entity == inverseEntity && relationship.name == inverse.name }
    }

    /// `-[NSSQLStoreMappingGenerator uniqueNameWithBase:]`: one per hierarchy (a sub-entity takes its
    /// parent's), remembering for each base the last number it gave; a base already given gets the next
    /// number not itself a base given (`Z_13TAGS`, `Z_13TAGS1`, …).
    struct NameGenerator {
        private var last: [String: Int] = [:]

        mutating func unique(_ base: String) -> String {
            guard let previous = last[base] else {
                last[base] = 0
                return base
            }
            var number = previous + 1
            while last[base + String(number)] != nil { number += 1 }
            last[base] = number
            return base + String(number)
        }
    }

    /// The pairs of `model`, sorted by the naming side's entity number, then table name.
    static func pairs(
        model: Model, numbers: [String: Int], rootOf: [String: String], column: (String, String) -> String
    ) -> [Pair] {
        let parents = Set(model.entities.compactMap(\.parentEntity))
        var generators: [String: NameGenerator] = [:]
        var paired: Set<String> = []
        var pairs: [Pair] = []
        func unique(_ base: String, for entity: String) -> String {
            generators[rootOf[entity] ?? entity, default: NameGenerator()].unique(base)
        }
        for entity in model.entities.sorted(by: { coreDataCompare($0.name, $1.name) }) {
            let relationships = model.allRelationships(of: entity).filter { $0.isToMany && !$0.isTransient }
            guard !relationships.isEmpty else { continue }
            let order = PropertyDictionaryOrder(
                keys: PropertyDictionaryOrder.keys(
                    of: entity, in: model, column: column,
                    entityColumn: { relationship, key in
                        guard let destination = relationship.destinationEntity, parents.contains(destination) else { return nil }
                        return "Z\(numbers[destination] ?? 0)_\(key.dropFirst())"
                    }))
            let walk = relationships.enumerated().sorted {
                (order.position(of: $0.element.name), $0.offset) < (order.position(of: $1.element.name), $1.offset)
            }.map(\.element)
            for relationship in walk {
                guard let owner = model.declaringEntity(ofProperty: relationship.name, in: entity)?.name,
                    !paired.contains("\(owner).\(relationship.name)"),
                    let ownerEntity = model.entity(named: owner),
                    let inverse = StoreLayout.inverse(of: relationship, in: ownerEntity, model: model), inverse.isToMany,
                    let destination = (relationship.inverseEntity ?? relationship.destinationEntity).flatMap(model.entity(named:)),
                    let inverseOwner = model.declaringEntity(ofProperty: inverse.name, in: destination)?.name
                else { continue }
                let (mine, theirs) = (numbers[owner] ?? 0, numbers[inverseOwner] ?? 0)
                paired.insert("\(owner).\(relationship.name)")
                paired.insert("\(inverseOwner).\(inverse.name)")
                let table = "Z_\(mine)\(relationship.name.uppercased())"
                if owner == inverseOwner && relationship.name == inverse.name {
                    let own = unique("Z_\(mine)\(relationship.name.uppercased())", for: owner)
                    let order = relationship.isOrdered ? unique("Z_FOK_\(mine)\(relationship.name.uppercased())", for: owner) : nil
                    pairs.append(
                        Pair(
                            entity: owner, relationship: relationship, inverseEntity: owner, inverse: relationship, tableName: table,
                            relationshipColumn: ColumnNames.reflexiveColumn, inverseColumn: own, relationshipOrderColumn: order,
                            inverseOrderColumn: nil))
                    continue
                }
                // The other side first: `_setInverseManyToMany:` calls itself on it before naming its own.
                let otherColumn = unique("Z_\(theirs)\(relationship.name.uppercased())", for: inverseOwner)
                let otherOrderBase = "Z_FOK_\(theirs)\(relationship.name.uppercased())"
                let otherOrder = relationship.isOrdered ? unique(otherOrderBase, for: inverseOwner) : nil
                let ownColumn = unique("Z_\(mine)\(inverse.name.uppercased())", for: owner)
                let ownOrder = inverse.isOrdered ? unique("Z_FOK_\(mine)\(inverse.name.uppercased())", for: owner) : nil
                pairs.append(
                    Pair(
                        entity: owner, relationship: relationship, inverseEntity: inverseOwner, inverse: inverse, tableName: table,
                        relationshipColumn: otherColumn, inverseColumn: ownColumn, relationshipOrderColumn: otherOrder,
                        inverseOrderColumn: ownOrder))
            }
        }
        return pairs.sorted { (numbers[$0.entity] ?? 0, $0.tableName) < (numbers[$1.entity] ?? 0, $1.tableName) }
    }
}
