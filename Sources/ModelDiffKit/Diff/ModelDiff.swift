/// What changed for one property of a matched entity.
public struct PropertyChange: Sendable, Hashable {
    /// Whether the property was added, removed or kept (matched).
    public enum Kind: String, Sendable, Hashable, Codable { case added, removed, matched }

    /// Added, removed or matched, with the property on each side it is in.
    public let sides: Sides<Property>
    /// The fields that differ (matched properties only).
    public let fields: [FieldChange]
    /// Whether the property's version hash changed (matched properties only).
    public let hashChanged: Bool
    /// The entity declaring it in the old version, when it moved up or down the hierarchy.
    public let movedFrom: String?
    /// The entity declaring it in the new version, when it moved.
    public let movedTo: String?

    /// The kind of change.
    public var kind: Kind { sides.kind }
    /// The property in the old version (nil when added).
    public var source: Property? { sides.old }
    /// The property in the new version (nil when removed).
    public var destination: Property? { sides.new }
    /// The name in the new version, else in the old one.
    public var name: String { sides.current.name }
    /// Whether the property was renamed (matched by renaming identifier).
    public var isRenamed: Bool { sides.isRenamed(name: \.name) }
    /// Whether anything about the property differs.
    public var isChange: Bool { kind != .matched || isRenamed || !fields.isEmpty || hashChanged || movedTo != nil }
}

/// What changed for one entity.
public struct EntityChange: Sendable, Hashable {
    /// Added, removed or matched, with the entity on each side it is in.
    public let sides: Sides<Entity>
    /// Entity-level fields that differ.
    public let fields: [FieldChange]
    /// Whether the entity's version hash changed.
    public let hashChanged: Bool
    /// Property changes (only the properties that changed), inherited properties included.
    public let properties: [PropertyChange]

    /// The kind of change.
    public var kind: PropertyChange.Kind { sides.kind }
    /// The entity in the old version (nil when added).
    public var source: Entity? { sides.old }
    /// The entity in the new version (nil when removed).
    public var destination: Entity? { sides.new }
    /// The name in the new version, else in the old one.
    public var name: String { sides.current.name }
    /// Whether the entity was renamed.
    public var isRenamed: Bool { sides.isRenamed(name: \.name) }
    /// Whether anything about the entity differs.
    public var isChange: Bool { kind != .matched || isRenamed || !fields.isEmpty || hashChanged || !properties.isEmpty }
}

/// The differences between two versions of a model, as Core Data sees them.
public struct ModelDiff: Sendable {
    /// The old version.
    public let source: Model
    /// The new version.
    public let destination: Model
    /// How their elements matched.
    public let match: ModelMatch
    /// The old version's hashes.
    public let sourceHashes: VersionHashes
    /// The new version's hashes.
    public let destinationHashes: VersionHashes
    /// Per-entity changes: matched entities in the new file's order, then added, then removed ones.
    public let entities: [EntityChange]
    /// Configuration changes, as fields named after the configuration.
    public let configurationChanges: [NamedChange]
    /// Model-level fetch request changes, as fields named after the request.
    public let fetchRequestChanges: [NamedChange]

    /// Whether every entity version hash is equal: the store needs no migration at all.
    public var isIdenticalForTheStore: Bool { sourceHashes.entityVersionHashes == destinationHashes.entityVersionHashes }

    /// Whether anything differs, cosmetic changes included.
    public var hasDifferences: Bool {
        entities.contains(where: \.isChange) || !configurationChanges.isEmpty || !fetchRequestChanges.isEmpty
    }

    /// Compares two versions; pass hashes already computed to avoid computing them again.
    public init(source: Model, destination: Model, sourceHashes: VersionHashes? = nil, destinationHashes: VersionHashes? = nil) {
        let oldHashes = sourceHashes ?? source.versionHashes()
        let newHashes = destinationHashes ?? destination.versionHashes()
        self.init(source: source, destination: destination, oldHashes, newHashes) { _, _, compare in compare() }
    }

    /// Compares two versions of a bundle, taking each entity pair's comparison from `memo` when
    /// another pair of versions had the same pair of entities (lines aside).
    package init(source: ComparedVersion, destination: ComparedVersion, memo: Locked<EntityPairMemo>) {
        self.init(
            source: source.model, destination: destination.model, source.hashes, destination.hashes,
            hierarchies: (source.hierarchies, destination.hierarchies)
        ) { pair, counterparts, compare in
            guard let old = source.sides[pair.0.name], let new = destination.sides[pair.1.name] else { return compare() }
            let chain = source.hierarchies[pair.0.name]?.chain ?? source.model.ancestry(of: pair.0)
            return memo.comparison(source: old, destination: new, counterparts: chain.map { counterparts[$0.name] }, compare: compare)
        }
    }

    /// Compares two versions, each entity pair's properties as `comparison` has them: it gets the
    /// pair, the new name of every matched old entity and the comparison to run when it has none.
    /// `hierarchies` are each version's entities up to their roots with their properties, by name,
    /// when a caller made them once for every pair a version is in (``ComparedVersion``).
    private init(
        source: Model, destination: Model, _ oldHashes: VersionHashes, _ newHashes: VersionHashes,
        hierarchies: (old: [String: ComparedVersion.Hierarchy], new: [String: ComparedVersion.Hierarchy]) = ([:], [:]),
        comparison: ((Entity, Entity), [String: String], () -> EntityComparison) -> EntityComparison
    ) {
        self.source = source
        self.destination = destination
        let entities = ModelMatch.matchEntities(source, destination)
        self.sourceHashes = oldHashes
        self.destinationHashes = newHashes
        let counterparts = Dictionary(entities.pairs.map { ($0.0.name, $0.1.name) }, uniquingKeysWith: { a, _ in a })
        var pairs: [ModelMatch.EntityPair] = []
        pairs.reserveCapacity(entities.pairs.count)
        var changes: [EntityChange] = []
        changes.reserveCapacity(entities.pairs.count + entities.added.count + entities.removed.count)
        for (old, new) in entities.pairs {
            let oldHierarchy = hierarchies.old[old.name]
            let newHierarchy = hierarchies.new[new.name]
            let oldProperties = oldHierarchy?.properties ?? source.allProperties(of: old)
            let newProperties = newHierarchy?.properties ?? destination.allProperties(of: new)
            let compared = comparison((old, new), counterparts) {
                EntityComparison(
                    oldChain: oldHierarchy?.chain ?? source.ancestry(of: old),
                    newChain: newHierarchy?.chain ?? destination.ancestry(of: new),
                    oldProperties: oldProperties,
                    newProperties: newProperties, oldPropertyHashes: oldHashes.propertyVersionHashes[old.name] ?? [:],
                    newPropertyHashes: newHashes.propertyVersionHashes[new.name] ?? [:], counterparts: counterparts)
            }
            pairs.append(
                ModelMatch.EntityPair(source: old, destination: new, properties: compared.positions.match(oldProperties, newProperties)))
            changes.append(
                EntityChange(
                    sides: .matched(old, new), fields: compared.fields,
                    hashChanged: oldHashes.entityVersionHashes[old.name] != newHashes.entityVersionHashes[new.name],
                    properties: compared.propertyChanges(oldProperties, newProperties)))
        }
        self.match = ModelMatch(pairs: pairs, added: entities.added, removed: entities.removed, ambiguousEntityNames: entities.ambiguous)
        changes += entities.added.map { EntityChange(sides: .added($0), fields: [], hashChanged: true, properties: []) }
        changes += entities.removed.map { EntityChange(sides: .removed($0), fields: [], hashChanged: true, properties: []) }
        self.entities = changes
        self.configurationChanges = Fields.changes(
            source.configurations.map { ($0.name, $0.memberEntities.sorted().joined(separator: ", ")) },
            destination.configurations.map { ($0.name, $0.memberEntities.sorted().joined(separator: ", ")) },
            NamedChange.init(name:old:new:))
        self.fetchRequestChanges = Fields.changes(
            source.fetchRequests.map { ($0.name, Self.describe($0)) }, destination.fetchRequests.map { ($0.name, Self.describe($0)) },
            NamedChange.init(name:old:new:))
    }

    private static func describe(_ request: FetchRequest) -> String {
        ([request.entity, request.predicateString ?? ""] + request.settings.map { "\($0.name)=\($0.value)" }).joined(separator: "; ")
    }
}
