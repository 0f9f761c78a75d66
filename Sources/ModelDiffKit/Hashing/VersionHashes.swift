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
    public var sortedEntityNames: [String] { entityVersionHashes.keys.sorted(by: coreDataCompare) }

    /// An entity's hash as base64, as store metadata dumps show it.
    public func base64(entity name: String) -> String? {
        entityVersionHashes[name].map { Data($0).base64EncodedString() }
    }
}

extension Model {
    /// Computes every version hash of the model, exactly as Core Data does.
    public func versionHashes() -> VersionHashes {
        var entityHashes: [String: [UInt8]] = [:]
        var propertyHashes: [String: [String: [UInt8]]] = [:]
        var memo: [String: [UInt8]] = [:]
        for entity in entities {
            entityHashes[entity.name] = entityVersionHash(entity, memo: &memo)
            var properties: [String: [UInt8]] = [:]
            for (name, hash) in propertyVersionHashes(of: entity) { properties[name] = hash }
            propertyHashes[entity.name] = properties
        }
        let names = entityHashes.keys.sorted(by: coreDataCompare)
        var checksum = HashInput()
        var digest = SHA512()
        for name in names {
            checksum.add(bytes: entityHashes[name]!)
            digest.update(data: Array(name.utf8.prefix { $0 != 0 }))
            digest.update(data: entityHashes[name]!)
        }
        return VersionHashes(
            entityVersionHashes: entityHashes, propertyVersionHashes: propertyHashes,
            versionChecksum: Data(checksum.finish()).base64EncodedString(),
            versionHashesDigest: Data(digest.finalize()).base64EncodedString())
    }

    /// The version hash of one entity (`-[NSEntityDescription versionHash]`).
    public func entityVersionHash(_ entity: Entity) -> [UInt8] {
        var memo: [String: [UInt8]] = [:]
        return entityVersionHash(entity, memo: &memo)
    }

    /// The version hash of every property the entity has, inherited ones included, in Core Data's order.
    public func propertyVersionHashes(of entity: Entity) -> [(name: String, hash: [UInt8])] {
        var result: [(String, [UInt8])] = []
        for owner in ancestry(of: entity).reversed() {
            for attribute in owner.attributes { result.append((attribute.name, PropertyHash.attribute(attribute, in: self))) }
            for relationship in owner.relationships {
                result.append((relationship.name, PropertyHash.relationship(relationship, declaredBy: owner, in: self)))
            }
            for fetched in owner.fetchedProperties { result.append((fetched.name, PropertyHash.fetchedProperty(fetched))) }
        }
        return result.sorted { coreDataCompare($0.0, $1.0) }
    }

    private func entityVersionHash(_ entity: Entity, memo: inout [String: [UInt8]]) -> [UInt8] {
        if let known = memo[entity.name] { return known }
        var input = HashInput()
        input.add(entity.name)
        input.add(byte: entity.isAbstract ? 1 : 0)
        let chain = ancestry(of: entity)
        if chain.count > 1 { input.add(bytes: entityVersionHash(chain[1], memo: &memo)) }
        var stored: [(String, [UInt8])] = []
        for owner in chain.reversed() {
            for attribute in owner.attributes where !attribute.isTransient {
                stored.append((attribute.name, PropertyHash.attribute(attribute, in: self)))
            }
            for relationship in owner.relationships where !relationship.isTransient {
                stored.append((relationship.name, PropertyHash.relationship(relationship, declaredBy: owner, in: self)))
            }
        }
        for (_, hash) in stored.sorted(by: { coreDataCompare($0.0, $1.0) }) { input.add(bytes: hash) }
        if let modifier = entity.versionHashModifier { input.add(modifier) }
        let constraints = entity.uniquenessConstraints.map { $0.joined(separator: ".") }.sorted(by: coreDataCompare)
        for constraint in constraints where !constraint.isEmpty { input.add(constraint) }
        let hash = input.finish()
        memo[entity.name] = hash
        return hash
    }
}
