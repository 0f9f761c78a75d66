/// A relationship of an entity (`<relationship>`).
public struct Relationship: Sendable, Hashable {
    /// What happens to the destination when the source is deleted.
    public enum DeleteRule: String, Sendable, Hashable, CaseIterable, Codable {
        case nullify = "Nullify"
        case cascade = "Cascade"
        case deny = "Deny"
        case noAction = "No Action"
    }

    /// The relationship's name.
    public let name: String
    /// The destination entity's name; nil when Xcode left it unset.
    public let destinationEntity: String?
    /// The inverse relationship's name, if any.
    public let inverseName: String?
    /// The entity that declares the inverse, if any.
    public let inverseEntity: String?
    /// Whether the relationship may be empty (`optional="YES"`).
    public let isOptional: Bool
    /// Whether it is transient.
    public let isTransient: Bool
    /// Whether it is to-many (`toMany="YES"`).
    public let isToMany: Bool
    /// Whether a to-many keeps its order (`ordered="YES"`).
    public let isOrdered: Bool
    /// `minCount` as written; nil when absent (Core Data then uses 0).
    public let minCountAsWritten: Int?
    /// `maxCount` as written; nil when absent (Core Data then uses 0, which means unbounded).
    public let maxCountAsWritten: Int?
    /// The delete rule; nil when absent.
    public let deleteRule: DeleteRule?
    /// The renaming identifier (`elementID`), if set.
    public let renamingIdentifier: String?
    /// The version hash modifier, if set.
    public let versionHashModifier: String?
    /// Whether Xcode marked it `syncable="YES"` (no meaning for Core Data, kept for writing).
    public let isSyncable: Bool
    /// The userInfo dictionary.
    public let userInfo: UserInfo
    /// XML attributes modeldiff does not interpret, kept for writing.
    public let otherAttributes: [XMLAttribute]
    /// XML child elements modeldiff does not interpret, kept for writing.
    public let otherChildren: [XMLElementNode]
    /// Where the relationship was read.
    public let line: SourceLine

    /// Creates a relationship.
    public init(
        name: String, destinationEntity: String?, inverseName: String? = nil, inverseEntity: String? = nil,
        isOptional: Bool = true, isTransient: Bool = false, isToMany: Bool = false, isOrdered: Bool = false,
        minCount: Int? = nil, maxCount: Int? = nil, deleteRule: DeleteRule? = .nullify,
        renamingIdentifier: String? = nil, versionHashModifier: String? = nil, isSyncable: Bool = false, userInfo: UserInfo = UserInfo(),
        otherAttributes: [XMLAttribute] = [], otherChildren: [XMLElementNode] = [], line: SourceLine = .none
    ) {
        self.name = name
        self.destinationEntity = destinationEntity
        self.inverseName = inverseName
        self.inverseEntity = inverseEntity
        self.isOptional = isOptional
        self.isTransient = isTransient
        self.isToMany = isToMany
        self.isOrdered = isOrdered
        self.minCountAsWritten = minCount
        self.maxCountAsWritten = maxCount
        self.deleteRule = deleteRule
        self.renamingIdentifier = renamingIdentifier
        self.versionHashModifier = versionHashModifier
        self.isSyncable = isSyncable
        self.userInfo = userInfo
        self.otherAttributes = otherAttributes
        self.otherChildren = otherChildren
        self.line = line
    }

    /// The minimum count Core Data uses: as written, absent meaning 0.
    public var minCount: Int { minCountAsWritten ?? 0 }
    /// The maximum count Core Data uses: as written, absent meaning 0 (no upper bound).
    public var maxCount: Int { maxCountAsWritten ?? 0 }
    /// The name Core Data matches this relationship by: its renaming identifier, else its name.
    public var canonicalName: String { renamingIdentifier ?? name }
}
