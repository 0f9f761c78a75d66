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
        self.source = source
        self.destination = destination
        let match = ModelMatch(source: source, destination: destination)
        let oldHashes = sourceHashes ?? source.versionHashes()
        let newHashes = destinationHashes ?? destination.versionHashes()
        self.match = match
        self.sourceHashes = oldHashes
        self.destinationHashes = newHashes
        let counterparts = Dictionary(match.pairs.map { ($0.source.name, $0.destination.name) }, uniquingKeysWith: { a, _ in a })
        var changes: [EntityChange] = match.pairs.map { pair in
            EntityChange(
                sides: .matched(pair.source, pair.destination),
                // Equal entities have equal fields: describe them only when something differs.
                fields: pair.source == pair.destination
                    ? [] : Fields.changes(Fields.entity(pair.source), Fields.entity(pair.destination)),
                hashChanged: oldHashes.entityVersionHashes[pair.source.name] != newHashes.entityVersionHashes[pair.destination.name],
                properties: Self.propertyChanges(pair, source: source, destination: destination, oldHashes, newHashes, counterparts))
        }
        changes += match.added.map { EntityChange(sides: .added($0), fields: [], hashChanged: true, properties: []) }
        changes += match.removed.map { EntityChange(sides: .removed($0), fields: [], hashChanged: true, properties: []) }
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

    private static func propertyChanges(
        _ pair: ModelMatch.EntityPair, source: Model, destination: Model, _ oldHashes: VersionHashes, _ newHashes: VersionHashes,
        _ counterparts: [String: String]
    ) -> [PropertyChange] {
        let oldPropertyHashes = oldHashes.propertyVersionHashes[pair.source.name] ?? [:]
        let newPropertyHashes = newHashes.propertyVersionHashes[pair.destination.name] ?? [:]
        // Most entities of a long history are untouched between two versions. When both hierarchies are
        // equal entity for entity, each owner its own counterpart, every property paired with its equal
        // and every property hash the same, no property changed: skip comparing them one by one.
        if pair.properties.added.isEmpty, pair.properties.removed.isEmpty, pair.properties.ambiguousNames.isEmpty,
            oldPropertyHashes == newPropertyHashes
        {
            let oldChain = source.ancestry(of: pair.source)
            if oldChain == destination.ancestry(of: pair.destination), oldChain.allSatisfy({ counterparts[$0.name] == $0.name }) {
                return []
            }
        }
        let oldOwners = owners(of: pair.source, in: source)
        let newOwners = owners(of: pair.destination, in: destination)
        var result: [PropertyChange] = []
        for propertyPair in pair.properties.pairs {
            let oldOwner = oldOwners[propertyPair.source.name]
            let newOwner = newOwners[propertyPair.destination.name]
            // A move is between hierarchy levels: the declaring entity is no longer the counterpart of the old one.
            let ownerCounterpart = oldOwner.flatMap { counterparts[$0] }
            let moved = oldOwner != nil && newOwner != nil && ownerCounterpart != newOwner
            // Most properties are unchanged: compare values before describing their fields.
            let fields =
                propertyPair.source == propertyPair.destination
                ? [] : Fields.changes(Fields.property(propertyPair.source), Fields.property(propertyPair.destination))
            let change = PropertyChange(
                sides: .matched(propertyPair.source, propertyPair.destination),
                fields: fields,
                hashChanged: oldPropertyHashes[propertyPair.source.name] != newPropertyHashes[propertyPair.destination.name],
                movedFrom: moved ? oldOwner : nil, movedTo: moved ? newOwner : nil)
            if change.isChange { result.append(change) }
        }
        result += pair.properties.added.map {
            PropertyChange(sides: .added($0), fields: [], hashChanged: true, movedFrom: nil, movedTo: nil)
        }
        result += pair.properties.removed.map {
            PropertyChange(sides: .removed($0), fields: [], hashChanged: true, movedFrom: nil, movedTo: nil)
        }
        return result
    }

    /// The entity declaring each property an entity has, inherited ones included.
    private static func owners(of entity: Entity, in model: Model) -> [String: String] {
        var result: [String: String] = [:]
        for owner in model.ancestry(of: entity) {
            for name in owner.propertyNames where result[name] == nil { result[name] = owner.name }
        }
        return result
    }
}
