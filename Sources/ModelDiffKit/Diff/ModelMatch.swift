/// How the entities and properties of two model versions pair up, the way Core Data pairs them.
///
/// A destination element matches the source element with the same canonical name (renaming
/// identifier, else name); properties match within matched entities, inherited ones included.
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
    public struct PropertyMatch: Sendable, Hashable {
        /// Matched properties, in the destination's order (inherited first).
        public let pairs: [PropertyPair]
        /// Destination properties with no source.
        public let added: [Property]
        /// Source properties with no destination.
        public let removed: [Property]
        /// Canonical names claimed by more than one destination property.
        public let ambiguousNames: [String]
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
        let (entityPairs, added, removed, ambiguous) = Self.match(
            source.entities, destination.entities, name: \.name, canonical: \.canonicalName, renamingIdentifier: \.renamingIdentifier)
        self.pairs = entityPairs.map { old, new in
            EntityPair(
                source: old, destination: new,
                properties: Self.matchProperties(source.allProperties(of: old), destination.allProperties(of: new)))
        }
        self.added = added
        self.removed = removed
        self.ambiguousEntityNames = ambiguous
    }

    /// The pair whose destination entity has that name.
    public func pair(destination name: String) -> EntityPair? { pairs.first { $0.destination.name == name } }

    /// The pair whose source entity has that name.
    public func pair(source name: String) -> EntityPair? { pairs.first { $0.source.name == name } }

    private static func matchProperties(_ old: [Property], _ new: [Property]) -> PropertyMatch {
        let renamingIdentifier: (Property) -> String? = { $0.canonicalName == $0.name ? nil : $0.canonicalName }
        let (pairs, added, removed, ambiguous) = match(
            old, new, name: \.name, canonical: \.canonicalName, renamingIdentifier: renamingIdentifier)
        return PropertyMatch(
            pairs: pairs.map { PropertyPair(source: $0.0, destination: $0.1) },
            added: added, removed: removed, ambiguousNames: ambiguous)
    }

    /// Pairs elements by canonical name; then an unmatched destination whose renaming identifier
    /// names an unmatched source element (the source had its own identifier) still matches it.
    private static func match<Element>(
        _ old: [Element], _ new: [Element], name: (Element) -> String, canonical: (Element) -> String,
        renamingIdentifier: (Element) -> String?
    ) -> (pairs: [(Element, Element)], added: [Element], removed: [Element], ambiguous: [String]) {
        // Consecutive versions mostly keep every element where it was: then, when no name repeats,
        // each element pairs with the one at its position, and the dictionaries below are not needed.
        if old.count == new.count, zip(old, new).allSatisfy({ canonical($0) == canonical($1) }) {
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
            if let oldIndex = oldByCanonical[canonical(element)], !usedOld.contains(oldIndex) {
                usedOld.insert(oldIndex)
                matchedNew[newIndex] = oldIndex
            }
        }
        for (newIndex, element) in new.enumerated() where matchedNew[newIndex] == nil {
            guard let identifier = renamingIdentifier(element),
                let oldIndex = old.indices.first(where: { !usedOld.contains($0) && name(old[$0]) == identifier })
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
