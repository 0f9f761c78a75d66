/// A stored fetch request (`<fetchRequest>`), at model level or inside a fetched property.
public struct FetchRequest: Sendable, Hashable {
    /// The request's name.
    public let name: String
    /// The entity it fetches.
    public let entity: String
    /// Its predicate, as written.
    public let predicateString: String?
    /// The other settings (`resultType`, `fetchLimit`, `includeSubentities`, …) in file order.
    public let settings: [XMLAttribute]
    /// Where it was read.
    public let line: SourceLine

    /// Creates a fetch request.
    public init(name: String, entity: String, predicateString: String? = nil, settings: [XMLAttribute] = [], line: SourceLine = .none) {
        self.name = name
        self.entity = entity
        self.predicateString = predicateString
        self.settings = settings
        self.line = line
    }
}

/// A fetched property (`<fetchedProperty>`): a transient, read-only property backed by a fetch request.
public struct FetchedProperty: Sendable, Hashable {
    /// The property's name.
    public let name: String
    /// Whether it is optional.
    public let isOptional: Bool
    /// The fetch request that computes it.
    public let fetchRequest: FetchRequest
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
    /// Where it was read.
    public let line: SourceLine

    /// Creates a fetched property.
    public init(
        name: String, isOptional: Bool = true, fetchRequest: FetchRequest, renamingIdentifier: String? = nil,
        versionHashModifier: String? = nil, isSyncable: Bool = false, userInfo: UserInfo = UserInfo(), otherAttributes: [XMLAttribute] = [],
        line: SourceLine = .none
    ) {
        self.name = name
        self.isOptional = isOptional
        self.fetchRequest = fetchRequest
        self.renamingIdentifier = renamingIdentifier
        self.versionHashModifier = versionHashModifier
        self.isSyncable = isSyncable
        self.userInfo = userInfo
        self.otherAttributes = otherAttributes
        self.line = line
    }
}
