import Foundation
@_spi(CLI) import ModelDiffKit

/// Writes compiled models (the NSKeyedArchiver archive of an `NSManagedObjectModel`, as in a `.mom` or a
/// store's `Z_MODELCACHE`) in the keys `CompiledModel` reads, for inputs no Xcode would write: cycles,
/// deep hierarchies, names and counts the XML reader refuses.
package struct CompiledModelArchive {
    package struct Relationship {
        package let name: String
        package let destination: String
        package var minCount = 0
        package var maxCount = 1

        package init(name: String, destination: String, minCount: Int = 0, maxCount: Int = 1) {
            self.name = name
            self.destination = destination
            self.minCount = minCount
            self.maxCount = maxCount
        }
    }

    package struct Entity {
        package let name: String
        package var parent: String?
        package var attributes: [String] = []
        package var relationships: [Relationship] = []

        package init(name: String, parent: String? = nil, attributes: [String] = [], relationships: [Relationship] = []) {
            self.name = name
            self.parent = parent
            self.attributes = attributes
            self.relationships = relationships
        }
    }

    package let entities: [Entity]

    package init(entities: [Entity]) { self.entities = entities }

    /// The archive's bytes. A parent that names no entity of the list is archived as an entity of
    /// its own, outside the entity dictionary, as a hostile archive could.
    package var bytes: [UInt8] {
        var b = KeyedArchiveBuilder()
        var slots: [String: Int] = [:]
        for entity in entities where slots[entity.name] == nil { slots[entity.name] = b.reserve() }
        var dictionary: [(key: String, value: PlistValue)] = []
        for entity in entities {
            guard let slot = slots[entity.name] else { continue }
            var properties: [(key: String, value: PlistValue)] = []
            for name in entity.attributes {
                let fields: [String: PlistValue] = [
                    "NSPropertyName": b.string(name), "NSAttributeType": .integer(700), "NSIsOptional": .bool(true), "NSEntity": .uid(slot),
                ]
                properties.append((name, b.object(["NSAttributeDescription", "NSPropertyDescription", "NSObject"], fields)))
            }
            for relationship in entity.relationships {
                let fields: [String: PlistValue] = [
                    "NSPropertyName": b.string(relationship.name), "_NSDestinationEntityName": b.string(relationship.destination),
                    "NSMinCount": .integer(relationship.minCount), "NSMaxCount": .integer(relationship.maxCount),
                    "NSIsOptional": .bool(true), "NSDeleteRule": .integer(1), "NSEntity": .uid(slot),
                ]
                properties.append(
                    (relationship.name, b.object(["NSRelationshipDescription", "NSPropertyDescription", "NSObject"], fields)))
            }
            var parent = KeyedArchiveBuilder.null
            if let name = entity.parent {
                parent = .uid(slots[name] ?? b.object(["NSEntityDescription", "NSObject"], ["NSEntityName": b.string(name)]).slot)
            }
            let fields: [String: PlistValue] = [
                "NSEntityName": b.string(entity.name), "NSSuperentity": parent, "NSProperties": b.mutableDictionary(properties),
            ]
            b.fill(slot, classes: ["NSEntityDescription", "NSObject"], fields)
            dictionary.append((entity.name, .uid(slot)))
        }
        let root = b.object(["NSManagedObjectModel", "NSObject"], ["NSEntities": b.mutableDictionary(dictionary)])
        return b.archive(root: root)
    }

    /// A chain of `depth` entities, `E0` the root and each next one the previous one's sub-entity.
    package static func chain(depth: Int) -> CompiledModelArchive {
        CompiledModelArchive(
            entities: (0..<depth).map { index in
                Entity(name: "E\(index)", parent: index == 0 ? nil : "E\(index - 1)", attributes: ["a\(index)"])
            })
    }

    /// The archive as raw deflate in stored blocks (the form of a store's `Z_MODELCACHE.Z_CONTENT`,
    /// which `Inflate.raw` reads), built without a compressor.
    package var rawDeflate: [UInt8] {
        let data = bytes
        var result: [UInt8] = []
        var start = 0
        repeat {
            let end = min(start + 65_535, data.count)
            let length = UInt16(end - start)
            result.append(end == data.count ? 1 : 0)
            result += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            result += data[start..<end]
            start = end
        } while start < data.count
        return result
    }
}

extension PlistValue {
    fileprivate var slot: Int {
        guard case .uid(let index) = self else { return 0 }
        return index
    }
}
