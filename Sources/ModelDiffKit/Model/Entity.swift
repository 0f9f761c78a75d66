/// An entity of a model (`<entity>`), with the properties it declares itself.
public struct Entity: Sendable, Hashable {
    /// How Xcode generates the entity's class.
    public enum CodeGeneration: String, Sendable, Hashable, Codable {
        case classDefinition = "class"
        case category = "category"
    }

    /// The fields, in one immutable box that copies share: models are copied into matches, diffs
    /// and reports many times, and a box costs one retain where the fields cost one per string.
    let storage: SharedBox<Stored>

    /// The entity's name.
    public var name: String { storage.value.name }
    /// The class that represents it (`representedClassName`).
    public var representedClassName: String? { storage.value.representedClassName }
    /// The parent entity's name, if any.
    public var parentEntity: String? { storage.value.parentEntity }
    /// Whether the entity is abstract.
    public var isAbstract: Bool { storage.value.isAbstract }
    /// The renaming identifier (`elementID`), if set.
    public var renamingIdentifier: String? { storage.value.renamingIdentifier }
    /// The version hash modifier, if set.
    public var versionHashModifier: String? { storage.value.versionHashModifier }
    /// Xcode's code generation; nil means manual.
    public var codeGeneration: CodeGeneration? { storage.value.codeGeneration }
    /// Whether Xcode marked it `syncable="YES"` (no meaning for Core Data, kept for writing).
    public var isSyncable: Bool { storage.value.isSyncable }
    /// The attributes the entity declares (not inherited ones), in file order.
    public var attributes: [Attribute] { storage.value.attributes }
    /// The relationships the entity declares, in file order.
    public var relationships: [Relationship] { storage.value.relationships }
    /// The fetched properties the entity declares, in file order.
    public var fetchedProperties: [FetchedProperty] { storage.value.fetchedProperties }
    /// Uniqueness constraints: each a list of property names (compound when several).
    public var uniquenessConstraints: [[String]] { storage.value.uniquenessConstraints }
    /// Fetch indexes.
    public var fetchIndexes: [FetchIndex] { storage.value.fetchIndexes }
    /// Old-style compound indexes: each a list of property names.
    public var compoundIndexes: [[String]] { storage.value.compoundIndexes }
    /// The userInfo dictionary.
    public var userInfo: UserInfo { storage.value.userInfo }
    /// XML attributes modeldiff does not interpret, kept for writing.
    public var otherAttributes: [XMLAttribute] { storage.value.otherAttributes }
    /// XML child elements modeldiff does not interpret, kept for writing.
    public var otherChildren: [XMLElementNode] { storage.value.otherChildren }
    /// Where the entity was read.
    public var line: SourceLine { storage.value.line }

    /// Creates an entity.
    public init(
        name: String, representedClassName: String? = nil, parentEntity: String? = nil, isAbstract: Bool = false,
        renamingIdentifier: String? = nil, versionHashModifier: String? = nil, codeGeneration: CodeGeneration? = nil,
        isSyncable: Bool = false, attributes: [Attribute] = [], relationships: [Relationship] = [],
        fetchedProperties: [FetchedProperty] = [], uniquenessConstraints: [[String]] = [],
        fetchIndexes: [FetchIndex] = [], compoundIndexes: [[String]] = [], userInfo: UserInfo = UserInfo(),
        otherAttributes: [XMLAttribute] = [], otherChildren: [XMLElementNode] = [], line: SourceLine = .none
    ) {
        storage = SharedBox(
            Stored(
                name: name, representedClassName: representedClassName, parentEntity: parentEntity,
                isAbstract: isAbstract, renamingIdentifier: renamingIdentifier, versionHashModifier: versionHashModifier,
                codeGeneration: codeGeneration, isSyncable: isSyncable, attributes: attributes,
                relationships: relationships, fetchedProperties: fetchedProperties,
                uniquenessConstraints: uniquenessConstraints, fetchIndexes: fetchIndexes,
                compoundIndexes: compoundIndexes, userInfo: userInfo, otherAttributes: otherAttributes,
                otherChildren: otherChildren, line: line
            ))
    }

    /// The name Core Data matches this entity by: its renaming identifier, else its name.
    public var canonicalName: String { renamingIdentifier ?? name }

    /// The names of every property the entity declares itself.
    public var propertyNames: [String] {
        attributes.map(\.name) + relationships.map(\.name) + fetchedProperties.map(\.name)
    }
}

extension Entity {
    // Copies share their box, so most comparisons end at the identity check.
    // Entities read from one shared element text are equal but for their lines, which never count.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.storage === rhs.storage || (lhs.origin != nil && lhs.origin === rhs.origin) || lhs.storage.value == rhs.storage.value
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(storage.value) }
}
