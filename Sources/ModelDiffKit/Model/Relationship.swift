/// A relationship of an entity (`<relationship>`).
public struct Relationship: Sendable, Hashable {
    /// What happens to the destination when the source is deleted.
    public enum DeleteRule: String, Sendable, Hashable, CaseIterable, Codable {
        case nullify = "Nullify"
        case cascade = "Cascade"
        case deny = "Deny"
        case noAction = "No Action"
    }

    /// The fields, in one immutable box that copies share: models are copied into matches, diffs
    /// and reports many times, and a box costs one retain where the fields cost one per string.
    let storage: SharedBox<Stored>

    /// The relationship's name.
    public var name: String { storage.value.name }
    /// The destination entity's name; nil when Xcode left it unset.
    public var destinationEntity: String? { storage.value.destinationEntity }
    /// The inverse relationship's name, if any.
    public var inverseName: String? { storage.value.inverseName }
    /// The entity that declares the inverse, if any.
    public var inverseEntity: String? { storage.value.inverseEntity }
    /// Whether the relationship may be empty (`optional="YES"`).
    public var isOptional: Bool { storage.value.isOptional }
    /// Whether it is transient.
    public var isTransient: Bool { storage.value.isTransient }
    /// Whether it is to-many (`toMany="YES"`).
    public var isToMany: Bool { storage.value.isToMany }
    /// Whether a to-many keeps its order (`ordered="YES"`).
    public var isOrdered: Bool { storage.value.isOrdered }
    /// `minCount` as written; nil when absent (Core Data then uses 0).
    public var minCountAsWritten: Int? { storage.value.minCountAsWritten }
    /// `maxCount` as written; nil when absent (Core Data then uses 0, which means unbounded).
    public var maxCountAsWritten: Int? { storage.value.maxCountAsWritten }
    /// The delete rule; nil when absent.
    public var deleteRule: DeleteRule? { storage.value.deleteRule }
    /// The renaming identifier (`elementID`), if set.
    public var renamingIdentifier: String? { storage.value.renamingIdentifier }
    /// The version hash modifier, if set.
    public var versionHashModifier: String? { storage.value.versionHashModifier }
    /// Whether Xcode marked it `syncable="YES"` (no meaning for Core Data, kept for writing).
    public var isSyncable: Bool { storage.value.isSyncable }
    /// Whether Xcode's "Indexed" box is ticked (`indexed="YES"`): the compiler adds a fetch index on it.
    public var isIndexed: Bool { storage.value.isIndexed }
    /// The userInfo dictionary.
    public var userInfo: UserInfo { storage.value.userInfo }
    /// XML attributes modeldiff does not interpret, kept for writing.
    public var otherAttributes: [XMLAttribute] { storage.value.otherAttributes }
    /// XML child elements modeldiff does not interpret, kept for writing.
    public var otherChildren: [XMLElementNode] { storage.value.otherChildren }
    /// Where the relationship was read.
    public var line: SourceLine { storage.value.line }

    /// Creates a relationship.
    public init(
        name: String, destinationEntity: String?, inverseName: String? = nil, inverseEntity: String? = nil,
        isOptional: Bool = true, isTransient: Bool = false, isToMany: Bool = false, isOrdered: Bool = false,
        minCount: Int? = nil, maxCount: Int? = nil, deleteRule: DeleteRule? = .nullify,
        renamingIdentifier: String? = nil, versionHashModifier: String? = nil, isSyncable: Bool = false, isIndexed: Bool = false,
        userInfo: UserInfo = UserInfo(), otherAttributes: [XMLAttribute] = [], otherChildren: [XMLElementNode] = [],
        line: SourceLine = .none
    ) {
        storage = SharedBox(
            Stored(
                name: name, destinationEntity: destinationEntity, inverseName: inverseName, inverseEntity: inverseEntity,
                isOptional: isOptional, isTransient: isTransient, isToMany: isToMany, isOrdered: isOrdered,
                minCountAsWritten: minCount, maxCountAsWritten: maxCount, deleteRule: deleteRule,
                renamingIdentifier: renamingIdentifier, versionHashModifier: versionHashModifier, isSyncable: isSyncable,
                isIndexed: isIndexed, userInfo: userInfo, otherAttributes: otherAttributes, otherChildren: otherChildren, line: line
            ))
    }

    /// The minimum count Core Data uses: as written, absent meaning 0.
    public var minCount: Int { minCountAsWritten ?? 0 }
    /// The maximum count Core Data uses: as written, absent meaning 0 (no upper bound).
    public var maxCount: Int { maxCountAsWritten ?? 0 }
    /// The name Core Data matches this relationship by: its renaming identifier, else its name.
    public var canonicalName: String { renamingIdentifier ?? name }
}

extension Relationship {
    // Copies share their box, so most comparisons end at the identity check.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.storage === rhs.storage || lhs.storage.value == rhs.storage.value }
    public func hash(into hasher: inout Hasher) { hasher.combine(storage.value) }
}
