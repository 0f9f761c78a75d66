/// Entity comparisons already made, for the version pairs of one bundle (`check BUNDLE`).
///
/// A long-lived bundle repeats most entities from version to version, many of them only moved to
/// other lines (an entity added above shifts every later line), so its 2N − 3 version pairs compare
/// the same pairs of entities again and again. The memo keys each side on its line-free content and
/// compares each distinct pair once (``EntityComparison``); ``ModelDiff`` then applies the result to
/// each version pair's own entities and properties, so findings keep their own lines.
///
/// The key holds every input of the comparison: each side's hierarchy (the entity up to its root:
/// its inherited properties and their owners) and property version hashes (which also depend on the
/// model: composites, self-inverse relationships), and the names the old hierarchy's entities have
/// in the new version. The memo lives as long as the call that owns it; the version pairs share it
/// through a lock (``Locked``), each comparing outside the lock what the memo does not have yet.
package struct EntityPairMemo: Sendable {
    /// One side's content: what the comparison reads of an entity and its model, with the entity's
    /// version hash, which follows from that content.
    private struct Side: Hashable, Sendable {
        let chain: [Entity]
        let propertyHashes: [String: [UInt8]]
        let entityHash: [UInt8]?

        static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.entityHash == rhs.entityHash && lhs.chain == rhs.chain && lhs.propertyHashes == rhs.propertyHashes
        }

        // The name and the version hash stand for the content: equal sides have both equal, and
        // hashing them reads a name and 32 bytes where the hierarchy has every field of every property.
        func hash(into hasher: inout Hasher) {
            hasher.combine(chain[0].name)
            hasher.combine(entityHash)
        }
    }

    struct PairKey: Hashable, Sendable {
        let source: Int
        let destination: Int
        /// The new name of each entity of the old hierarchy (nil when it has no counterpart).
        let counterparts: [String?]
    }

    private var sides: [Side: Int] = [:]
    private var comparisons: [PairKey: EntityComparison] = [:]
    /// How many distinct entity pairs were compared.
    package var comparisonCount: Int { comparisons.count }

    /// An empty memo.
    package init() {}

    /// The versions as the memo identifies their entities: each entity's side, found once per
    /// version rather than once per pair the version is in.
    ///
    /// Each version's sides are made, and compared with the previous version's side of the same
    /// name, on every core: most entities are the previous version's, and that comparison is most of
    /// the work of finding a side. The sides are then numbered in turn, in the versions' order.
    package mutating func versions(_ models: [Model], hashes: [VersionHashes]) -> [ComparedVersion] {
        let read = Array(models.indices).concurrentMap { Self.read(models[$0], hashes: hashes[$0]) }
        let asBefore = Array(models.indices).concurrentMap { index -> [Bool] in
            guard index > 0 else { return [] }
            let previous = read[index - 1]
            return read[index].entries.map { entry in previous.position[entry.name].map { previous.entries[$0].side == entry.side } ?? false
            }
        }
        var compared: [ComparedVersion] = []
        compared.reserveCapacity(models.count)
        var previousIDs: [String: Int] = [:]
        for index in models.indices {
            var ids: [String: Int] = Dictionary(minimumCapacity: read[index].entries.count)
            for (position, entry) in read[index].entries.enumerated() {
                if index > 0, asBefore[index][position], let id = previousIDs[entry.name] {
                    ids[entry.name] = id
                } else if let known = sides[entry.side] {
                    ids[entry.name] = known
                } else {
                    ids[entry.name] = sides.count
                    sides[entry.side] = sides.count
                }
            }
            // Two entities of one name (an invalid model) share their hashes: they are compared without the memo.
            for name in read[index].repeated { ids[name] = nil }
            previousIDs = ids
            compared.append(ComparedVersion(model: models[index], hashes: hashes[index], sides: ids, hierarchies: read[index].hierarchies))
        }
        return compared
    }

    /// One version's entities as sides, the first of each name, with their hierarchies.
    private struct VersionSides: Sendable {
        let entries: [(name: String, side: Side)]
        let position: [String: Int]
        let repeated: Set<String>
        let hierarchies: [String: ComparedVersion.Hierarchy]
    }

    private static func read(_ model: Model, hashes: VersionHashes) -> VersionSides {
        var entries: [(name: String, side: Side)] = []
        entries.reserveCapacity(model.entities.count)
        var position: [String: Int] = Dictionary(minimumCapacity: model.entities.count)
        var hierarchies: [String: ComparedVersion.Hierarchy] = Dictionary(minimumCapacity: model.entities.count)
        var repeated = Set<String>()
        for entity in model.entities {
            guard position[entity.name] == nil else {
                repeated.insert(entity.name)
                continue
            }
            let chain = model.ancestry(of: entity)
            position[entity.name] = entries.count
            entries.append(
                (
                    entity.name,
                    Side(
                        chain: chain, propertyHashes: hashes.propertyVersionHashes[entity.name] ?? [:],
                        entityHash: hashes.entityVersionHashes[entity.name])
                ))
            hierarchies[entity.name] = ComparedVersion.Hierarchy(chain: chain, properties: model.allProperties(of: entity))
        }
        for name in repeated { hierarchies[name] = nil }
        return VersionSides(entries: entries, position: position, repeated: repeated, hierarchies: hierarchies)
    }

    /// The comparison stored for `key`, if any.
    func comparison(for key: PairKey) -> EntityComparison? { comparisons[key] }

    /// Stores `comparison` for `key` unless one is stored already, and returns the stored one.
    mutating func store(_ comparison: EntityComparison, for key: PairKey) -> EntityComparison {
        if let known = comparisons[key] { return known }
        comparisons[key] = comparison
        return comparison
    }
}

extension Locked where Value == EntityPairMemo {
    /// The comparison of an entity of side `source` with one of side `destination`, the old
    /// hierarchy's entities becoming `counterparts`: the memo's, else computed by `compare` outside
    /// the lock and stored. Two threads that compute one pair at once compute the same comparison
    /// from the same inputs, and both get the one stored first.
    func comparison(source: Int, destination: Int, counterparts: [String?], compare: () -> EntityComparison) -> EntityComparison {
        let key = EntityPairMemo.PairKey(source: source, destination: destination, counterparts: counterparts)
        if let known = withLock({ $0.comparison(for: key) }) { return known }
        let computed = compare()
        return withLock { $0.store(computed, for: key) }
    }
}

/// A model with its version hashes and the memo's identifiers of its entities (``EntityPairMemo``):
/// compare it only with versions the same memo identified.
package struct ComparedVersion: Sendable {
    /// The version's model.
    package let model: Model
    /// Its hashes.
    package let hashes: VersionHashes
    /// Each entity's side in the memo, by name.
    let sides: [String: Int]
    /// Each entity's hierarchy and properties, by name: every pair the version is in reads them.
    let hierarchies: [String: Hierarchy]

    /// An entity up to its root (``Model/ancestry(of:)``) and its properties, inherited ones first
    /// (``Model/allProperties(of:)``).
    struct Hierarchy: Sendable {
        let chain: [Entity]
        let properties: [Property]
    }
}
