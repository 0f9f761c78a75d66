/// How an entity mapping creates destination objects (NSEntityMappingType).
public enum MappingType: String, Sendable, Hashable, CaseIterable {
    case undefined, custom, add, remove, copy, transform
}

/// A property mapping (NSPropertyMapping): how one destination property gets its value.
public struct PropertyMapping: Sendable, Hashable {
    /// The destination property's name.
    public let name: String
    /// The value expression in NSExpression format; nil leaves the property at its default value.
    public let valueExpression: String?
    /// Set when the value cannot be inferred: why, and what to write instead. Validation rejects it.
    public let placeholder: String?
    /// The userInfo dictionary.
    public let userInfo: UserInfo
    /// Comments that stand before the property mapping in the file (kept when rewriting).
    public let comments: [String]
    /// Comments inside the property mapping's element (kept when rewriting, after its expression).
    public let trailingComments: [String]
    /// Where it was read.
    public let line: SourceLine

    /// Creates a property mapping.
    public init(
        name: String, valueExpression: String?, placeholder: String? = nil, userInfo: UserInfo = UserInfo(), comments: [String] = [],
        trailingComments: [String] = [], line: SourceLine = .none
    ) {
        self.name = name
        self.valueExpression = valueExpression
        self.placeholder = placeholder
        self.userInfo = userInfo
        self.comments = comments
        self.trailingComments = trailingComments
        self.line = line
    }
}

/// An entity mapping (NSEntityMapping): how objects of one source entity become destination objects.
public struct EntityMapping: Sendable, Hashable {
    /// The mapping's name (`NoteToNote`), used by `destinationInstancesForEntityMappingNamed:…`.
    public let name: String
    /// The mapping type.
    public let type: MappingType
    /// The source entity's name (nil for add).
    public let sourceEntity: String?
    /// The destination entity's name (nil for remove).
    public let destinationEntity: String?
    /// The source entity's version hash (base64) the mapping was written for.
    public let sourceVersionHash: String?
    /// The destination entity's version hash (base64) the mapping was written for.
    public let destinationVersionHash: String?
    /// Which source objects to map: Xcode writes a fetch of every instance of the source entity.
    public let sourceExpression: String?
    /// Comments before the source expression in the file.
    public let sourceExpressionComments: [String]
    /// The entity migration policy's class name, looked up in the policy registry.
    public let policyClassName: String?
    /// The userInfo dictionary.
    public let userInfo: UserInfo
    /// Attribute mappings.
    public let attributeMappings: [PropertyMapping]
    /// Relationship mappings.
    public let relationshipMappings: [PropertyMapping]
    /// Comments before the entity mapping in the file.
    public let comments: [String]
    /// Comments inside the entity mapping after its last property mapping.
    public let trailingComments: [String]
    /// Where it was read.
    public let line: SourceLine

    /// Creates an entity mapping.
    public init(
        name: String, type: MappingType, sourceEntity: String?, destinationEntity: String?, sourceVersionHash: String? = nil,
        destinationVersionHash: String? = nil, sourceExpression: String? = nil, sourceExpressionComments: [String] = [],
        policyClassName: String? = nil,
        userInfo: UserInfo = UserInfo(), attributeMappings: [PropertyMapping] = [], relationshipMappings: [PropertyMapping] = [],
        comments: [String] = [], trailingComments: [String] = [], line: SourceLine = .none
    ) {
        self.name = name
        self.type = type
        self.sourceEntity = sourceEntity
        self.destinationEntity = destinationEntity
        self.sourceVersionHash = sourceVersionHash
        self.destinationVersionHash = destinationVersionHash
        self.sourceExpression = sourceExpression
        self.sourceExpressionComments = sourceExpressionComments
        self.policyClassName = policyClassName
        self.userInfo = userInfo
        self.attributeMappings = attributeMappings
        self.relationshipMappings = relationshipMappings
        self.comments = comments
        self.trailingComments = trailingComments
        self.line = line
    }

    /// Xcode's source expression: every instance of the source entity.
    package static func fetchAll(_ entity: String) -> String {
        "FETCH(FUNCTION($manager, \"fetchRequestForSourceEntityNamed:predicateString:\", \"\(entity)\", \"TRUEPREDICATE\"), $manager.sourceContext, NO)"
    }
}

/// A mapping model (NSMappingModel): entity mappings from one model version to another.
public struct MappingModel: Sendable, Hashable {
    /// The source version's name, for people reading the file.
    public let sourceVersion: String?
    /// The destination version's name.
    public let destinationVersion: String?
    /// The entity mappings, in the order migration runs them.
    public let entityMappings: [EntityMapping]
    /// Comments at the top of the file.
    public let comments: [String]
    /// Comments after the last entity mapping.
    public let trailingComments: [String]
    /// Where the root element was read (problems of the whole mapping point there).
    public let line: SourceLine

    /// Creates a mapping model.
    public init(
        sourceVersion: String?, destinationVersion: String?, entityMappings: [EntityMapping], comments: [String] = [],
        trailingComments: [String] = [], line: SourceLine = .none
    ) {
        self.sourceVersion = sourceVersion
        self.destinationVersion = destinationVersion
        self.entityMappings = entityMappings
        self.comments = comments
        self.trailingComments = trailingComments
        self.line = line
    }

    /// The entity mapping with that name.
    public func entityMapping(named name: String) -> EntityMapping? { entityMappings.first { $0.name == name } }
}

extension EntityMapping {
    /// The same entity mapping with other attribute and relationship mappings (everything else kept).
    package func replacing(attributeMappings: [PropertyMapping], relationshipMappings: [PropertyMapping]) -> EntityMapping {
        EntityMapping(
            name: name, type: type, sourceEntity: sourceEntity, destinationEntity: destinationEntity, sourceVersionHash: sourceVersionHash,
            destinationVersionHash: destinationVersionHash, sourceExpression: sourceExpression,
            sourceExpressionComments: sourceExpressionComments,
            policyClassName: policyClassName, userInfo: userInfo, attributeMappings: attributeMappings,
            relationshipMappings: relationshipMappings,
            comments: comments, trailingComments: trailingComments, line: line)
    }

    /// The same entity mapping with another type (everything else kept).
    package func replacing(type: MappingType) -> EntityMapping {
        EntityMapping(
            name: name, type: type, sourceEntity: sourceEntity, destinationEntity: destinationEntity, sourceVersionHash: sourceVersionHash,
            destinationVersionHash: destinationVersionHash, sourceExpression: sourceExpression,
            sourceExpressionComments: sourceExpressionComments, policyClassName: policyClassName, userInfo: userInfo,
            attributeMappings: attributeMappings, relationshipMappings: relationshipMappings, comments: comments,
            trailingComments: trailingComments, line: line)
    }
}

extension MappingModel {
    /// The same mapping model with other entity mappings (versions, comments and line kept).
    package func replacing(entityMappings: [EntityMapping]) -> MappingModel {
        MappingModel(
            sourceVersion: sourceVersion, destinationVersion: destinationVersion, entityMappings: entityMappings, comments: comments,
            trailingComments: trailingComments, line: line)
    }
}
