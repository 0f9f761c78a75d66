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
/// in the new version. The memo lives as long as the call that owns it and is never shared.
package struct EntityPairMemo {
    /// One side's content: what the comparison reads of an entity and its model.
    private struct Side: Hashable {
        let chain: [Entity]
        let propertyHashes: [String: [UInt8]]
    }

    private struct PairKey: Hashable {
        let source: Int
        let destination: Int
        /// The new name of each entity of the old hierarchy (nil when it has no counterpart).
        let counterparts: [String?]
    }

    private var sides: [Side: Int] = [:]
    private var comparisons: [PairKey: EntityComparison] = [:]
    /// How many entity pairs were compared rather than found in the memo.
    package private(set) var comparisonCount = 0

    /// An empty memo.
    package init() {}

    /// A version as the memo identifies its entities: each entity's side, found once per version
    /// rather than once per pair the version is in.
    package mutating func version(_ model: Model, hashes: VersionHashes) -> ComparedVersion {
        var ids: [String: Int] = Dictionary(minimumCapacity: model.entities.count)
        var repeated = Set<String>()
        for entity in model.entities {
            guard ids[entity.name] == nil else {
                repeated.insert(entity.name)
                continue
            }
            let side = Side(chain: model.ancestry(of: entity), propertyHashes: hashes.propertyVersionHashes[entity.name] ?? [:])
            if let known = sides[side] {
                ids[entity.name] = known
            } else {
                ids[entity.name] = sides.count
                sides[side] = sides.count
            }
        }
        // Two entities of one name (an invalid model) share their hashes: they are compared without the memo.
        for name in repeated { ids[name] = nil }
        return ComparedVersion(model: model, hashes: hashes, sides: ids)
    }

    /// The comparison of `old` (side `source` of a version) with `new` (side `destination`),
    /// computed by `compare` the first time the pair of sides is seen.
    mutating func comparison(
        source: Int, destination: Int, counterparts: [String?], compare: () -> EntityComparison
    ) -> EntityComparison {
        let key = PairKey(source: source, destination: destination, counterparts: counterparts)
        if let known = comparisons[key] { return known }
        let comparison = compare()
        comparisonCount += 1
        comparisons[key] = comparison
        return comparison
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
}
