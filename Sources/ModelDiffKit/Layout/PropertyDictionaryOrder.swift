/// The order in which Core Data's SQL model walks an entity's properties when it pairs inverses and
/// creates order keys: the slot order of a hash table keyed by property name.
///
/// Evidence (decompiled CoreData, `NSSQLEntity`): `_generateInverseRelationshipsAndMore` copies the
/// entity's property dictionary into a `PF_Tiger_CFDictionary` (Core Data's private copy of the Mac OS
/// X 10.4 CFDictionary) created for as many entries as the entity has properties, reads it back with
/// `PF_Tiger_CFDictionaryGetKeysAndValues` (slot order), and for each to-one whose inverse is an
/// ordered to-many calls `_addForeignOrderKeyForToOne:entity:`, which appends that `Z_FOK_` column to
/// the entity's columns. So two order keys of one entity come in the slot order of their to-ones'
/// names, neither in name order nor in model order. The table has a prime number of slots (the first
/// of `buckets` whose `capacities` entry holds all entries); a key goes to `hash % slots`, the next free
/// slot on a collision (`PF_Tiger_CFDictionarySetValue`); the hash is `_PF_TigerHashCFString`, computed
/// in 32 bits (tvOS 18.2.1's typed decompilation: `int` arithmetic, `unsigned int` modulo the slot
/// count). The dictionary holds the entity's stored attributes and relationships (inherited ones
/// included) by name, `_pk`, `_ent` and `_opt` (the primary, entity and optimistic-lock keys), and for
/// each to-one its key column and entity column, named `_` + column name (`NSSQLForeignKey`:
/// `_%@` of the column name).
///
/// This fits every store in `../shared` with two order keys in one table: the DuckDuckGo fixtures
/// (`Z_FOK_FAVORITEFOLDER` before `Z_FOK_PARENT`, 3 fresh stores) and Wire's `ZMESSAGE`
/// (`Z_FOK_VISIBLEINCONVERSATION` before `Z_FOK_HIDDENINCONVERSATION`, 40 stores, and the same order in
/// all 90 versions of the model). Which order the keys were inserted in only matters when two keys
/// probe into the same run of slots; in both cases the result is the same for any insertion order.
package struct PropertyDictionaryOrder {
    /// `__CFDictionaryCapacities` and `__CFDictionaryBuckets` (CF's CFDictionary.c, used by
    /// `PF_Tiger_CFDictionaryCreate`): the table for `n` entries has the slots of the first capacity ≥ n.
    static let capacities: [Int] = [
        4, 8, 17, 29, 47, 76, 123, 199, 322, 521, 843, 1364, 2207, 3571, 5778, 9349, 15127, 24476, 39603, 64079,
    ]
    static let buckets: [Int] = [
        5, 11, 23, 41, 67, 113, 199, 317, 521, 839, 1361, 2207, 3571, 5779, 9349, 15121, 24473, 39607, 64081, 103681,
    ]

    /// Each key's slot.
    private let slots: [String: Int]

    /// Places `keys` (each once, in the order Core Data inserts them) in a table sized for them.
    init(keys: [String]) {
        let count = Self.buckets[Self.capacities.firstIndex { $0 >= keys.count } ?? Self.capacities.count - 1]
        var taken = [Bool](repeating: false, count: count)
        var slots: [String: Int] = [:]
        // A table larger than the last size here is beyond any model; the modulo keeps it well-defined.
        for key in keys where slots[key] == nil && slots.count < count {
            var slot = Int(Self.hash(key) % UInt32(count))
            while taken[slot] { slot = (slot + 1) % count }
            taken[slot] = true
            slots[key] = slot
        }
        self.slots = slots
    }

    /// The slot of `key` (keys not placed sort last).
    func position(of key: String) -> Int { slots[key] ?? Int.max }

    /// The keys of `entity`'s property dictionary in `model`, in the order the Tiger table receives
    /// them, with the column names the layout gave its to-ones (`column(owner, name)`) and the entity
    /// columns of those pointing into a hierarchy.
    ///
    /// The Tiger table is filled from another hash table, the entity's `_PF_Leopard_CFDictionary`
    /// (`NSSQLEntity._generateProperties`), in its slot order: the order matters when keys collide. That
    /// table receives `_ent`, `_pk`, `_opt` (a sub-entity: its parent's table, re-inserted in the parent's
    /// slot order), the element key paths of Composite attributes (`center.x`, set from the block
    /// `_generateProperties` runs over each composite's elements), then the stored attributes but
    /// Composite ones in the slot order of the entity description's attributes-by-name table
    /// (`_leopardStyleAttributesByName`, every attribute, inherited and transient ones included, in
    /// model order), then the stored relationships likewise (`_leopardStyleRelationshipsByName`), each
    /// to-one preceded by its key and entity columns; a key already in the table stays where it is.
    static func keys(
        of entity: Entity, in model: Model, column: (String, String) -> String, entityColumn: (Relationship, String) -> String?
    ) -> [String] {
        var keys = ["_ent", "_pk", "_opt"]
        for level in model.ancestry(of: entity).reversed() {
            var table = LeopardTable()
            for key in keys { table.insert(key) }
            insertProperties(of: level, into: &table, in: model, column: column, entityColumn: entityColumn)
            keys = table.keys
        }
        return keys
    }

    /// Puts `entity`'s properties (inherited ones included, which a sub-entity's table already holds)
    /// into `table` as `_generateProperties` does.
    private static func insertProperties(
        of entity: Entity, into table: inout LeopardTable, in model: Model, column: (String, String) -> String,
        entityColumn: (Relationship, String) -> String?
    ) {
        let attributes = model.allAttributes(of: entity)
        // A Composite attribute's elements go in under their key paths as the walk over the attributes
        // makes them, before the attributes are copied in; the composite itself has no entry.
        let walked = attributes.filter { !$0.isTransient }.sorted { coreDataCompare($0.name.uppercased(), $1.name.uppercased()) }
        for attribute in walked where attribute.type == .composite {
            for element in CompositeElements.elements(of: attribute, in: model) { table.insert(element.keyPath) }
        }
        var byName = LeopardTable()
        for attribute in attributes { byName.insert(attribute.name) }
        let stored = Set(attributes.filter { !$0.isTransient && $0.type != .composite }.map(\.name))
        for name in byName.keys where stored.contains(name) { table.insert(name) }
        let relationships = model.allRelationships(of: entity)
        var relationshipsByName = LeopardTable()
        for relationship in relationships { relationshipsByName.insert(relationship.name) }
        let declared = Dictionary(relationships.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        for name in relationshipsByName.keys {
            guard let relationship = declared[name], !relationship.isTransient else { continue }
            if !relationship.isToMany {
                let owner = model.declaringEntity(ofProperty: name, in: entity)?.name ?? entity.name
                let key = column(owner, name)
                table.insert("_" + key)
                if let entityColumn = entityColumn(relationship, key) { table.insert("_" + entityColumn) }
            }
            table.insert(name)
        }
    }

    /// `_PF_TigerHashCFString`: over UTF-16 code units, four at a time then one at a time (for more than
    /// 23, the first 8 and the last 16 only), finished by adding the result shifted by the length.
    package static func hash(_ key: String) -> UInt32 {
        let units = Array(key.utf16).map(UInt32.init)
        let length = UInt32(truncatingIfNeeded: units.count)
        func block(_ i: Int) -> UInt32 { 16_974_593 &* units[i] &+ 66_049 &* units[i + 1] &+ 257 &* units[i + 2] &+ units[i + 3] }
        var result = length
        if units.count > 23 {
            for start in [0, 4, units.count - 16, units.count - 12, units.count - 8, units.count - 4] {
                result = 67_503_105 &* result &+ block(start)
            }
        } else {
            var index = 0
            while index + 4 <= units.count {
                result = 67_503_105 &* result &+ block(index)
                index += 4
            }
            while index < units.count {
                result = 257 &* result &+ units[index]
                index += 1
            }
        }
        // A 32-bit shift by the length: the CPU takes the count modulo 32 (`&<<`).
        return (result &<< length) &+ result
    }
}

/// Core Data's `_PF_Leopard_CFDictionary` (a copy of the Mac OS X 10.5 CFDictionary), keys only: `4·2^k`
/// slots, grown (re-inserting the keys in slot order) when the count reaches three quarters; a key goes to
/// the mixed hash masked by the slot count, the next free slot on a collision.
package struct LeopardTable {
    private var slots: [String?] = []
    private var count = 0
    private var threshold = 0

    /// The keys in slot order.
    var keys: [String] { slots.compactMap { $0 } }

    /// Inserts `key` unless it is there.
    mutating func insert(_ key: String) {
        if !slots.isEmpty, slots[slot(for: key)] == key { return }
        if count == threshold || slots.isEmpty {
            // `_PF_Leopard_CFDictionarySetValue`: capacity 3 << flsl(count / 3), slots 4 << flsl((capacity - 1) / 3).
            let shift = Self.flsl(count / 3)
            threshold = 3 << shift
            let old = keys
            slots = Array(repeating: nil, count: 4 << Self.flsl((threshold - 1) / 3))
            for key in old { slots[slot(for: key)] = key }
        }
        slots[slot(for: key)] = key
        count += 1
    }

    /// The slot holding `key`, or the free slot it would take.
    private func slot(for key: String) -> Int {
        var slot = Int(Self.mix(Self.hash(key)) & UInt32(slots.count - 1))
        while let taken = slots[slot], taken != key { slot = (slot + 1) % slots.count }
        return slot
    }

    /// The 1-based position of the highest set bit (0 for 0), as `flsl`.
    private static func flsl(_ value: Int) -> Int { value == 0 ? 0 : Int.bitWidth - value.leadingZeroBitCount }

    /// `_PF_Leopard_CFStringHashNSString`: `PropertyDictionaryOrder.hash`'s formula, computed in 32 bits as
    /// the Tiger hash is (tvOS 18.2.1's typed decompilation: `int` arithmetic, the result shifted by the
    /// length modulo 32), over every code unit of a name of up to 96, and over three samples of 32 (the
    /// first, the middle from `length / 2 - 16`, the last) of a longer one, seeded with its length.
    package static func hash(_ key: String) -> UInt32 {
        let all = Array(key.utf16).map(UInt32.init)
        let units =
            all.count < 97 ? all : Array(all[0..<32] + all[(all.count / 2 - 16)..<(all.count / 2 + 16)] + all[(all.count - 32)...])
        var result = UInt32(truncatingIfNeeded: all.count)
        var index = 0
        while index + 4 <= units.count {
            result =
                67_503_105 &* result &+ 16_974_593 &* units[index] &+ 66_049 &* units[index + 1] &+ 257 &* units[index + 2]
                &+ units[index + 3]
            index += 4
        }
        while index < units.count {
            result = 257 &* result &+ units[index]
            index += 1
        }
        return (result &<< UInt32(truncatingIfNeeded: all.count)) &+ result
    }

    /// The integer mix `_PF_Leopard_CFDictionaryFindBuckets2` applies before masking, on the 32-bit hash
    /// in 32-bit unsigned arithmetic (every right shift logical), as decompiled.
    package static func mix(_ h: UInt32) -> UInt32 {
        let a = (1_264_676_453 &- h) ^ ((h &- 1) &<< 8)
        let b = (2 &- h &- a) ^ (a &>> 13)
        let c = (h &- 1 &- a &- b) ^ (b &>> 12)
        let d = (a &- b &- c) ^ (c &<< 16)
        let e = (b &- c &- d) ^ (d &>> 5)
        let f = (c &- d &- e) ^ (e &>> 3)
        let g = (d &- e &- f) ^ (f &<< 10)
        return (e &- f &- g) ^ (g &>> 15)
    }
}
