import Foundation

/// `$entityMapping` in a value expression: the NSEntityMapping being run, as Core Data binds it, with
/// NSEntityMapping's properties (`name`, `sourceEntityName`, `destinationEntityName`, `mappingType`,
/// `userInfo` …). `$entityMapping.userInfo.factor` is how a mapping passes a parameter to its own
/// expressions.
package final class EntityMappingReference: ExpressionObject {
    package let mapping: EntityMapping

    /// The keys it answers: NSEntityMapping's properties (the NSEntityMapping reference). `mapping
    /// validate` refuses any other.
    package static let keys = [
        "name", "mappingType", "sourceEntityName", "sourceEntityVersionHash", "destinationEntityName", "destinationEntityVersionHash",
        "sourceExpression", "attributeMappings", "relationshipMappings", "entityMigrationPolicyClassName", "userInfo",
    ]

    package init(_ mapping: EntityMapping) { self.mapping = mapping }

    package func value(forKey key: String) throws -> ExpressionValue {
        switch key {
        case "name": .string(mapping.name)
        case "sourceEntityName": mapping.sourceEntity.map { .string($0) } ?? .null
        case "destinationEntityName": mapping.destinationEntity.map { .string($0) } ?? .null
        // NSEntityMappingType's values: undefined 0, custom 1, add 2, remove 3, copy 4, transform 5.
        case "mappingType": .integer(Int64(MappingType.allCases.firstIndex(of: mapping.type) ?? 0))
        case "entityMigrationPolicyClassName": mapping.policyClassName.map { .string($0) } ?? .null
        case "userInfo": .object(ByNameReference(mapping.userInfo))
        // The version hashes are NSData (32 bytes); the file holds them in base64.
        case "sourceEntityVersionHash": Self.data(mapping.sourceVersionHash)
        case "destinationEntityVersionHash": Self.data(mapping.destinationVersionHash)
        // An NSExpression in Core Data: here its text, which is what a comparison or a message can use.
        case "sourceExpression": mapping.sourceExpression.map { .string($0) } ?? .null
        case "attributeMappings": .array(mapping.attributeMappings.map { .object(PropertyMappingReference($0)) })
        case "relationshipMappings": .array(mapping.relationshipMappings.map { .object(PropertyMappingReference($0)) })
        default: throw ExpressionError(column: 0, "an entity mapping has no key \(key); it answers \(Self.keys.joined(separator: ", "))")
        }
    }

    private static func data(_ base64: String?) -> ExpressionValue {
        guard let base64, let bytes = Data(base64Encoded: base64) else { return .null }
        return .data(Array(bytes))
    }
}

/// `$propertyMapping`: the NSPropertyMapping whose value expression is being evaluated (`name`,
/// `valueExpression`, `userInfo`, NSPropertyMapping's properties).
package final class PropertyMappingReference: ExpressionObject {
    package let mapping: PropertyMapping

    /// The keys it answers: NSPropertyMapping's properties.
    package static let keys = ["name", "valueExpression", "userInfo"]

    package init(_ mapping: PropertyMapping) { self.mapping = mapping }

    package func value(forKey key: String) throws -> ExpressionValue {
        switch key {
        case "name": .string(mapping.name)
        case "valueExpression": mapping.valueExpression.map { .string($0) } ?? .null
        case "userInfo": .object(ByNameReference(mapping.userInfo))
        default: throw ExpressionError(column: 0, "a property mapping has no key \(key); it answers \(Self.keys.joined(separator: ", "))")
        }
    }
}

/// A dictionary reached by key (`userInfo`, `entitiesByName`, `entityMappingsByName`): a missing key
/// is nil, as NSDictionary answers.
package final class ByNameReference: ExpressionObject {
    package let lookup: (String) -> ExpressionValue

    package init(_ lookup: @escaping (String) -> ExpressionValue) { self.lookup = lookup }

    /// A userInfo dictionary: each key's value is its string.
    convenience init(_ userInfo: UserInfo) { self.init { key in userInfo[key].map { .string($0) } ?? .null } }

    package func value(forKey key: String) throws -> ExpressionValue { lookup(key) }
}

/// `$manager.sourceModel` and `.destinationModel`: the NSManagedObjectModel's `versionIdentifiers` and
/// `entitiesByName` (each entity's `name`, `managedObjectClassName` and `abstract`).
package final class ModelReference: ExpressionObject {
    package let model: Model

    package init(_ model: Model) { self.model = model }

    package func value(forKey key: String) throws -> ExpressionValue {
        switch key {
        case "versionIdentifiers": .array(model.versionIdentifier.map { [.string($0)] } ?? [])
        case "entitiesByName":
            .object(ByNameReference { [model] name in model.entity(named: name).map { .object(EntityReference($0)) } ?? .null })
        default:
            throw ExpressionError(column: 0, "a managed object model has no key \(key) here; it answers versionIdentifiers, entitiesByName")
        }
    }

    private final class EntityReference: ExpressionObject {
        let entity: Entity
        init(_ entity: Entity) { self.entity = entity }
        func value(forKey key: String) throws -> ExpressionValue {
            switch key {
            case "name": .string(entity.name)
            case "managedObjectClassName": .string(entity.representedClassName ?? "NSManagedObject")
            case "abstract", "isAbstract": .bool(entity.isAbstract)
            default:
                throw ExpressionError(
                    column: 0, "an entity description has no key \(key) here; it answers name, managedObjectClassName, abstract")
            }
        }
    }
}

/// `$manager.mappingModel`: the NSMappingModel being run (`entityMappings`, `entityMappingsByName`).
package final class MappingModelReference: ExpressionObject {
    package let model: MappingModel

    package init(_ model: MappingModel) { self.model = model }

    package func value(forKey key: String) throws -> ExpressionValue {
        switch key {
        case "entityMappings": .array(model.entityMappings.map { .object(EntityMappingReference($0)) })
        case "entityMappingsByName":
            .object(
                ByNameReference { [model] name in model.entityMapping(named: name).map { .object(EntityMappingReference($0)) } ?? .null })
        default: throw ExpressionError(column: 0, "a mapping model has no key \(key); it answers entityMappings, entityMappingsByName")
        }
    }

}
