import Crypto
import Foundation

/// A model's version hashes, as Core Data computes them and writes them into store metadata.
public struct VersionHashes: Sendable, Hashable {
    /// Each entity's 32-byte version hash (`NSStoreModelVersionHashes`), abstract entities included.
    public let entityVersionHashes: [String: [UInt8]]
    /// Each entity's property hashes (inherited properties included), by property name.
    public let propertyVersionHashes: [String: [String: [UInt8]]]
    /// The model's `versionChecksum`: base64 of SHA-256 over the entity hashes sorted by name.
    public let versionChecksum: String
    /// `NSStoreModelVersionHashesDigest`: base64 of SHA-512 over name and hash of every entity, sorted by name.
    public let versionHashesDigest: String

    /// The entity names in Core Data's order (UTF-16 code units, as `-[NSString compare:]`).
    @_spi(CLI) public var sortedEntityNames: [String] { entityVersionHashes.keys.sorted(by: coreDataCompare) }

    /// An entity's hash as base64, as store metadata dumps show it.
    @_spi(CLI) public func base64(entity name: String) -> String? {
        entityVersionHashes[name].map { Data($0).base64EncodedString() }
    }
}

extension Sequence where Element == Model {
    /// Every model's version hashes, in order; each SHA-256 input shared by several models is hashed once.
    @_spi(CLI) public func versionHashes() -> [VersionHashes] {
        let models = Array(self)
        let runs = Swift.min(ProcessInfo.processInfo.activeProcessorCount, models.count / 2)
        guard runs > 1 else {
            var digests = DigestMemo()
            return models.map { $0.versionHashes(digests: &digests) }
        }
        // One run of neighbouring versions per core, each with a memo of its own: neighbours share the most inputs.
        let bounds = (0..<runs).map { $0 * models.count / runs..<($0 + 1) * models.count / runs }
        return bounds.concurrentMap { range in
            var digests = DigestMemo()
            return models[range].map { $0.versionHashes(digests: &digests) }
        }.flatMap { $0 }
    }
}

extension Model {
    /// Computes every version hash of the model, exactly as Core Data does.
    public func versionHashes() -> VersionHashes {
        var digests = DigestMemo()
        return versionHashes(digests: &digests)
    }

    /// The model's version hashes, taking digests from `digests` and adding the ones it computes:
    /// the versions of a bundle share most of their entity and property hashes.
    package func versionHashes(digests: inout DigestMemo) -> VersionHashes {
        var entityHashes: [String: [UInt8]] = Dictionary(minimumCapacity: entities.count)
        var propertyHashes: [String: [String: [UInt8]]] = Dictionary(minimumCapacity: entities.count)
        var memo = HashMemo(capacity: entities.count)
        // Moved in and back out, not copied, so adding to the memo never copies its storage.
        swap(&memo.digests, &digests)
        defer { swap(&memo.digests, &digests) }
        // Only a sub-entity reads its ancestors' hashes from the memo.
        let hasSubentities = entities.contains { $0.parentEntity != nil }
        for entity in entities {
            // A root entity read from an element text another version had: its hashes are that entity's.
            if entity.parentEntity == nil, let origin = entity.origin, let known = memo.digests.sharedEntities[ObjectIdentifier(origin)] {
                entityHashes[entity.name] = known.hash
                propertyHashes[entity.name] = known.properties
                if hasSubentities { memo.adopt(known, for: entity.name) }
                continue
            }
            let chain = ancestry(of: entity)
            entityHashes[entity.name] = entityVersionHash(entity, chain: chain, memo: &memo)
            var properties: [String: [UInt8]] = Dictionary(minimumCapacity: entity.attributes.count + entity.relationships.count)
            // Root first, so a sub-entity's own property wins over an inherited one of the same name.
            for owner in chain.reversed() {
                for declared in memo.declared(by: owner, in: self) { properties[declared.name] = declared.hash }
            }
            propertyHashes[entity.name] = properties
            if entity.parentEntity == nil, let origin = entity.origin, !entity.attributes.contains(where: { $0.type == .composite }) {
                memo.digests.sharedEntities[ObjectIdentifier(origin)] = SharedEntityHashes(
                    origin: origin, hash: entityHashes[entity.name]!, declared: memo.declared(by: entity, in: self), properties: properties)
            }
        }
        let names = entityHashes.keys.sorted(by: coreDataCompare)
        var checksum = HashInput(memo: &memo.digests)
        var digest = SHA512()
        for name in names {
            checksum.add(bytes: entityHashes[name]!)
            digest.update(data: Array(name.utf8.prefix { $0 != 0 }))
            digest.update(data: entityHashes[name]!)
        }
        return VersionHashes(
            entityVersionHashes: entityHashes, propertyVersionHashes: propertyHashes,
            versionChecksum: Data(checksum.finish(memo: &memo.digests)).base64EncodedString(),
            versionHashesDigest: Data(digest.finalize()).base64EncodedString())
    }

    /// The version hash of one entity (`-[NSEntityDescription versionHash]`).
    package func entityVersionHash(_ entity: Entity) -> [UInt8] {
        var memo = HashMemo()
        return entityVersionHash(entity, chain: ancestry(of: entity), memo: &memo)
    }

    /// The version hash of every property the entity has, inherited ones included, in Core Data's order.
    package func propertyVersionHashes(of entity: Entity) -> [(name: String, hash: [UInt8])] {
        var memo = HashMemo()
        var result: [(name: String, hash: [UInt8])] = []
        for owner in ancestry(of: entity).reversed() {
            for declared in memo.declared(by: owner, in: self) { result.append((declared.name, declared.hash)) }
        }
        return result.sorted { coreDataCompare($0.name, $1.name) }
    }

    private func entityVersionHash(_ entity: Entity, chain: [Entity], memo: inout HashMemo) -> [UInt8] {
        if let known = memo.entities[entity.name] { return known }
        // The parent's and the properties' hashes first: one input at a time reuses one buffer.
        // The parent's own ancestry, not the rest of this chain: they differ when the hierarchy has a cycle.
        let parentHash =
            chain.count > 1 ? memo.entities[chain[1].name] ?? entityVersionHash(chain[1], chain: ancestry(of: chain[1]), memo: &memo) : nil
        // Sorted as positions, by each name's prefix word first: a move copies an integer, not a
        // (name, hash) pair, and most comparisons are one word instead of two strings.
        var stored: [HashMemo.Declared]
        if chain.count == 1 {
            stored = memo.declared(by: entity, in: self)
        } else {
            stored = []
            for owner in chain.reversed() { stored += memo.declared(by: owner, in: self) }
        }
        var order: [Int] = []
        order.reserveCapacity(stored.count)
        for position in stored.indices where stored[position].isStored { order.append(position) }
        order.sort { coreDataCompare(stored[$0].name, prefix: stored[$0].namePrefix, stored[$1].name, prefix: stored[$1].namePrefix) }
        var input = HashInput(memo: &memo.digests)
        input.add(entity.name)
        input.add(byte: entity.isAbstract ? 1 : 0)
        if let parentHash { input.add(bytes: parentHash) }
        for position in order { input.add(bytes: stored[position].hash) }
        if let modifier = entity.versionHashModifier { input.add(modifier) }
        let constraints = entity.uniquenessConstraints.map { $0.joined(separator: ".") }.sorted(by: coreDataCompare)
        for constraint in constraints where !constraint.isEmpty { input.add(constraint) }
        let hash = input.finish(memo: &memo.digests)
        memo.entities[entity.name] = hash
        return hash
    }
}

/// The hashes of a root entity read from a shared element text (`Entity.origin`). They depend on that
/// text alone: a root entity's hash on its name, flags, own properties, modifier and constraints, its
/// relationships' on their own fields (a relationship is its own inverse by its own entity, the top of its
/// hierarchy). An entity with a Composite attribute is left out: the composite is the model's.
struct SharedEntityHashes {
    /// Kept so that the identity the table is keyed by is not reused while the table lives.
    let origin: EntityOrigin
    let hash: [UInt8]
    let declared: [HashMemo.Declared]
    let properties: [String: [UInt8]]
}

/// Hashes computed once per model: a property's hash depends only on the entity declaring it, and
/// every sub-entity and the entity's own hash reuse it. `digests` outlives the model when a caller
/// hashes several.
struct HashMemo {
    /// One declared property's hash, and whether the entity hash includes it (not transient, not fetched).
    struct Declared {
        let name: String
        let hash: [UInt8]
        let isStored: Bool
        /// `coreDataPrefix(name)`, made once per model for every entity hash that sorts the name.
        let namePrefix: UInt64?

        init(name: String, hash: [UInt8], isStored: Bool) {
            self.name = name
            self.hash = hash
            self.isStored = isStored
            namePrefix = coreDataPrefix(name)
        }
    }

    var entities: [String: [UInt8]]
    var digests = DigestMemo()
    private var properties: [String: [Declared]]

    /// A memo sized for `capacity` entities, so filling it never rehashes.
    init(capacity: Int = 0) {
        entities = Dictionary(minimumCapacity: capacity)
        properties = Dictionary(minimumCapacity: capacity)
    }

    /// Takes a shared root entity's hashes (`SharedEntityHashes`) as this model's entity `name`'s.
    mutating func adopt(_ known: SharedEntityHashes, for name: String) {
        entities[name] = known.hash
        properties[name] = known.declared
    }

    /// The hashes of the properties `owner` declares: attributes, relationships, then fetched properties.
    mutating func declared(by owner: Entity, in model: Model) -> [Declared] {
        if let known = properties[owner.name] { return known }
        var result: [Declared] = []
        result.reserveCapacity(owner.attributes.count + owner.relationships.count + owner.fetchedProperties.count)
        for attribute in owner.attributes {
            result.append(
                Declared(
                    name: attribute.name, hash: PropertyHash.attribute(attribute, in: model, memo: &digests),
                    isStored: !attribute.isTransient))
        }
        for relationship in owner.relationships {
            result.append(
                Declared(
                    name: relationship.name, hash: PropertyHash.relationship(relationship, declaredBy: owner, in: model, memo: &digests),
                    isStored: !relationship.isTransient))
        }
        for fetched in owner.fetchedProperties {
            result.append(Declared(name: fetched.name, hash: PropertyHash.fetchedProperty(fetched, memo: &digests), isStored: false))
        }
        properties[owner.name] = result
        return result
    }
}
