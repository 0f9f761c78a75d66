/// An entity of a model (`<entity>`), with the properties it declares itself.
public struct Entity: Sendable, Hashable {
    /// How Xcode generates the entity's class.
    public enum CodeGeneration: String, Sendable, Hashable, Codable {
        case classDefinition = "class"
        case category = "category"
    }

    /// The entity's name.
    public let name: String
    /// The class that represents it (`representedClassName`).
    public let representedClassName: String?
    /// The parent entity's name, if any.
    public let parentEntity: String?
    /// Whether the entity is abstract.
    public let isAbstract: Bool
    /// The renaming identifier (`elementID`), if set.
    public let renamingIdentifier: String?
    /// The version hash modifier, if set.
    public let versionHashModifier: String?
    /// Xcode's code generation; nil means manual.
    public let codeGeneration: CodeGeneration?
    /// Whether Xcode marked it `syncable="YES"` (no meaning for Core Data, kept for writing).
    public let isSyncable: Bool
    /// The attributes the entity declares (not inherited ones), in file order.
    public let attributes: [Attribute]
    /// The relationships the entity declares, in file order.
    public let relationships: [Relationship]
    /// The fetched properties the entity declares, in file order.
    public let fetchedProperties: [FetchedProperty]
    /// Uniqueness constraints: each a list of property names (compound when several).
    public let uniquenessConstraints: [[String]]
    /// Fetch indexes.
    public let fetchIndexes: [FetchIndex]
    /// Old-style compound indexes: each a list of property names.
    public let compoundIndexes: [[String]]
    /// The userInfo dictionary.
    public let userInfo: UserInfo
    /// XML attributes modeldiff does not interpret, kept for writing.
    public let otherAttributes: [XMLAttribute]
    /// XML child elements modeldiff does not interpret, kept for writing.
    public let otherChildren: [XMLElementNode]
    /// Where the entity was read.
    public let line: SourceLine

    /// Creates an entity.
    public init(
        name: String, representedClassName: String? = nil, parentEntity: String? = nil, isAbstract: Bool = false,
        renamingIdentifier: String? = nil, versionHashModifier: String? = nil, codeGeneration: CodeGeneration? = nil,
        isSyncable: Bool = false, attributes: [Attribute] = [], relationships: [Relationship] = [],
        fetchedProperties: [FetchedProperty] = [], uniquenessConstraints: [[String]] = [],
        fetchIndexes: [FetchIndex] = [], compoundIndexes: [[String]] = [], userInfo: UserInfo = UserInfo(),
        otherAttributes: [XMLAttribute] = [], otherChildren: [XMLElementNode] = [], line: SourceLine = .none
    ) {
        self.name = name
        self.representedClassName = representedClassName
        self.parentEntity = parentEntity
        self.isAbstract = isAbstract
        self.renamingIdentifier = renamingIdentifier
        self.versionHashModifier = versionHashModifier
        self.codeGeneration = codeGeneration
        self.isSyncable = isSyncable
        self.attributes = attributes
        self.relationships = relationships
        self.fetchedProperties = fetchedProperties
        self.uniquenessConstraints = uniquenessConstraints
        self.fetchIndexes = fetchIndexes
        self.compoundIndexes = compoundIndexes
        self.userInfo = userInfo
        self.otherAttributes = otherAttributes
        self.otherChildren = otherChildren
        self.line = line
    }

    /// The name Core Data matches this entity by: its renaming identifier, else its name.
    public var canonicalName: String { renamingIdentifier ?? name }

    /// The names of every property the entity declares itself.
    public var propertyNames: [String] {
        attributes.map(\.name) + relationships.map(\.name) + fetchedProperties.map(\.name)
    }
}
