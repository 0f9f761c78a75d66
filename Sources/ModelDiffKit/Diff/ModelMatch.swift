/// How the entities and properties of two model versions pair up, the way Core Data pairs them.
///
/// A destination element matches the source element with the same canonical name (renaming
/// identifier, else name); properties match within matched entities, inherited ones included, and
/// only a property of the same kind: Core Data's inference (`-[_NSMappingModelBuilder
/// inferPropertyMappingsForEntityMapping:]`, decompiled) drops a source property whose
/// `_propertyType` differs from the destination's ("Properties cannot be mapped to other property
/// types"), so the destination property is new and the source one removed.
public struct ModelMatch: Sendable, Hashable {
    /// A source entity and the destination entity it becomes.
    public struct EntityPair: Sendable, Hashable {
        /// The entity in the old version.
        public let source: Entity
        /// The entity in the new version.
        public let destination: Entity
        /// How their properties (inherited ones included) pair up.
        public let properties: PropertyMatch

        /// Whether the entity changed its name (matched by renaming identifier).
        public var isRenamed: Bool { source.name != destination.name }
    }

    /// A source property and the destination property it becomes.
    public struct PropertyPair: Sendable, Hashable {
        /// The property in the old version.
        public let source: Property
        /// The property in the new version.
        public let destination: Property

        /// Whether the property changed its name (matched by renaming identifier).
        public var isRenamed: Bool { source.name != destination.name }
    }

    /// How the properties of two matched entities pair up.
    ///
    /// It keeps the two entities' property lists and the positions that pair up, and makes the pairs
    /// when asked: a bundle's check holds the match of every entity pair of every version pair, and
    /// lists of pairs made up front would hold each property once more per version pair it is in,
    /// where the lists are shared by every pair of their version and the positions by every version
    /// pair with the same pair of entities (`EntityPairMemo`).
    public struct PropertyMatch: Sendable, Hashable {
        private let positions: PropertyPositions
        private let old: [Property]
        private let new: [Property]

        /// The match of `old` and `new` that `positions` describes.
        init(positions: PropertyPositions, old: [Property], new: [Property]) {
            self.positions = positions
            self.old = old
            self.new = new
        }

        /// Matched properties, in the destination's order (inherited first).
        public var pairs: [PropertyPair] {
            positions.pairs.map { PropertyPair(source: old[$0.source], destination: new[$0.destination]) }
        }
        /// Destination properties with no source.
        public var added: [Property] { positions.added.map { new[$0] } }
        /// Source properties with no destination.
        public var removed: [Property] { positions.removed.map { old[$0] } }
        /// Canonical names claimed by more than one destination property.
        public var ambiguousNames: [String] { positions.ambiguousNames }

        // Two matches are equal when they pair, add and remove the same properties.
        public static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.pairs == rhs.pairs && lhs.added == rhs.added && lhs.removed == rhs.removed && lhs.ambiguousNames == rhs.ambiguousNames
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(pairs)
            hasher.combine(added)
            hasher.combine(removed)
            hasher.combine(ambiguousNames)
        }
    }

    /// Matched entities, in the destination's file order.
    public let pairs: [EntityPair]
    /// Destination entities with no source.
    public let added: [Entity]
    /// Source entities with no destination.
    public let removed: [Entity]
    /// Canonical names claimed by more than one destination entity (the match is ambiguous).
    public let ambiguousEntityNames: [String]

    /// Matches `destination`'s entities and properties against `source`'s.
    public init(source: Model, destination: Model) {
        let entities = Self.matchEntities(source, destination)
        self.pairs = entities.pairs.map { old, new in
            EntityPair(
                source: old, destination: new,
                properties: Self.matchProperties(source.allProperties(of: old), destination.allProperties(of: new)))
        }
        self.added = entities.added
        self.removed = entities.removed
        self.ambiguousEntityNames = entities.ambiguous
    }

    /// A match whose entity pairs were matched property by property elsewhere (``ModelDiff``, which
    /// reuses the property match of an entity pair it has already compared).
    package init(pairs: [EntityPair], added: [Entity], removed: [Entity], ambiguousEntityNames: [String]) {
        self.pairs = pairs
        self.added = added
        self.removed = removed
        self.ambiguousEntityNames = ambiguousEntityNames
    }

    /// How the entities of two versions pair up, before their properties are matched.
    package static func matchEntities(
        _ source: Model, _ destination: Model
    ) -> (pairs: [(Entity, Entity)], added: [Entity], removed: [Entity], ambiguous: [String]) {
        match(source.entities, destination.entities, name: \.name, canonical: \.canonicalName, renamingIdentifier: \.renamingIdentifier)
    }

    /// The pair whose destination entity has that name.
    public func pair(destination name: String) -> EntityPair? { pairs.first { $0.destination.name == name } }

    /// The pair whose source entity has that name.
    public func pair(source name: String) -> EntityPair? { pairs.first { $0.source.name == name } }

    private static func matchProperties(_ old: [Property], _ new: [Property]) -> PropertyMatch {
        matchPropertyPositions(old, new).match(old, new)
    }

    /// How two lists of properties (an entity's, inherited ones included) pair up, as positions in
    /// the lists: the same for every version pair whose entities differ only in their lines.
    package static func matchPropertyPositions(_ old: [Property], _ new: [Property]) -> PropertyPositions {
        let (pairs, added, removed, ambiguous) = match(
            old.indices.map { Positioned(position: $0, property: old[$0]) },
            new.indices.map { Positioned(position: $0, property: new[$0]) },
            name: \.property.name, canonical: \.property.canonicalName,
            renamingIdentifier: { $0.property.canonicalName == $0.property.name ? nil : $0.property.canonicalName },
            compatible: { $0.property.isSameKind(as: $1.property) })
        return PropertyPositions(
            pairs: pairs.map { ($0.0.position, $0.1.position) }, added: added.map(\.position), removed: removed.map(\.position),
            ambiguousNames: ambiguous)
    }

    /// A property and where it stands in its entity's list.
    private struct Positioned {
        let position: Int
        let property: Property
    }

    /// A property match as positions in the two lists of properties, free of the properties' lines.
    package struct PropertyPositions: Sendable {
        /// Matched properties: a position in the old list and one in the new list, in the new list's order.
        let pairs: [(source: Int, destination: Int)]
        /// Positions in the new list with no source.
        let added: [Int]
        /// Positions in the old list with no destination.
        let removed: [Int]
        /// Canonical names claimed by more than one new property.
        let ambiguousNames: [String]

        /// The match of these very lists, each property with its own line.
        func match(_ old: [Property], _ new: [Property]) -> PropertyMatch { PropertyMatch(positions: self, old: old, new: new) }
    }

    /// Pairs elements by canonical name; then an unmatched destination whose renaming identifier
    /// names an unmatched source element (the source had its own identifier) still matches it. A
    /// pair must be `compatible` (old, new), else both stay unmatched.
    private static func match<Element>(
        _ old: [Element], _ new: [Element], name: (Element) -> String, canonical: (Element) -> String,
        renamingIdentifier: (Element) -> String?, compatible: (Element, Element) -> Bool = { _, _ in true }
    ) -> (pairs: [(Element, Element)], added: [Element], removed: [Element], ambiguous: [String]) {
        // Consecutive versions mostly keep every element where it was: then, when no name repeats,
        // each element pairs with the one at its position, and the dictionaries below are not needed.
        if old.count == new.count, zip(old, new).allSatisfy({ canonical($0) == canonical($1) && compatible($0, $1) }) {
            var seen = Set<String>(minimumCapacity: new.count)
            if new.allSatisfy({ seen.insert(canonical($0)).inserted }) { return (Array(zip(old, new)), [], [], []) }
        }
        var oldByCanonical: [String: Int] = [:]
        for (index, element) in old.enumerated() where oldByCanonical[canonical(element)] == nil {
            oldByCanonical[canonical(element)] = index
        }
        var claims: [String: Int] = [:]
        for element in new { claims[canonical(element), default: 0] += 1 }
        let ambiguous = new.map(canonical).filter { claims[$0, default: 0] > 1 }
        var usedOld = Set<Int>()
        var matchedNew: [Int: Int] = [:]
        for (newIndex, element) in new.enumerated() {
            if let oldIndex = oldByCanonical[canonical(element)], !usedOld.contains(oldIndex), compatible(old[oldIndex], element) {
                usedOld.insert(oldIndex)
                matchedNew[newIndex] = oldIndex
            }
        }
        for (newIndex, element) in new.enumerated() where matchedNew[newIndex] == nil {
            guard let identifier = renamingIdentifier(element),
                let oldIndex = old.indices.first(where: {
                    !usedOld.contains($0) && name(old[$0]) == identifier && compatible(old[$0], element)
                })
            else { continue }
            usedOld.insert(oldIndex)
            matchedNew[newIndex] = oldIndex
        }
        var pairs: [(Element, Element)] = []
        var added: [Element] = []
        for (newIndex, element) in new.enumerated() {
            if let oldIndex = matchedNew[newIndex] { pairs.append((old[oldIndex], element)) } else { added.append(element) }
        }
        let removed = old.indices.filter { !usedOld.contains($0) }.map { old[$0] }
        var seen = Set<String>()
        return (pairs, added, removed, ambiguous.filter { seen.insert($0).inserted })
    }
}

extension ModelMatch.EntityPair {
    // Pairs compare by the names they join; their property match follows from the two entities.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.source == rhs.source && lhs.destination == rhs.destination }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(source.name)
        hasher.combine(destination.name)
    }
}
