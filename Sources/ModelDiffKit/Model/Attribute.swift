/// An attribute of an entity (`<attribute>`), with every field Xcode writes.
public struct Attribute: Sendable, Hashable {
    /// The attribute's name.
    public let name: String
    /// Its type.
    public let type: AttributeType
    /// Whether a nil value is allowed (`optional="YES"`).
    public let isOptional: Bool
    /// Whether the value is kept out of the store (`transient="YES"`).
    public let isTransient: Bool
    /// The renaming identifier (`elementID`), if set.
    public let renamingIdentifier: String?
    /// The version hash modifier, if set.
    public let versionHashModifier: String?
    /// The default value as Xcode writes it (`defaultValueString`).
    public let defaultValueString: String?
    /// A date default, in seconds since 2001-01-01 (`defaultDateTimeInterval`).
    public let defaultDateTimeInterval: String?
    /// Whether the generated property uses a scalar type; nil when the file does not say.
    public let usesScalarValueType: Bool?
    /// The value transformer's name, for Transformable attributes.
    public let valueTransformerName: String?
    /// The custom class name, for Transformable attributes.
    public let customClassName: String?
    /// Whether persistent history keeps the value after deletion (`preserveAfterDeletion="YES"`).
    public let preservesValueInHistoryOnDeletion: Bool
    /// Whether the attribute is derived (`derived="YES"`).
    public let isDerived: Bool
    /// The derivation expression of a derived attribute.
    public let derivationExpression: String?
    /// The minimum value, as written.
    public let minValueString: String?
    /// The maximum value, as written.
    public let maxValueString: String?
    /// The minimum date, in seconds since 2001-01-01.
    public let minDateTimeInterval: String?
    /// The maximum date, in seconds since 2001-01-01.
    public let maxDateTimeInterval: String?
    /// The validation regular expression, for String attributes.
    public let regularExpressionString: String?
    /// Whether binary data may live outside the store (`allowsExternalBinaryDataStorage="YES"`).
    public let allowsExternalBinaryDataStorage: Bool
    /// Whether CloudKit encrypts the value.
    public let allowsCloudEncryption: Bool
    /// Whether Spotlight indexes the value.
    public let isIndexedBySpotlight: Bool
    /// Whether the value is stored in the Spotlight external record (`storedInTruthFile`).
    public let isStoredInExternalRecord: Bool
    /// Whether the attribute is indexed (old Xcode's `indexed="YES"`).
    public let isIndexed: Bool
    /// The composite type's name, for Composite attributes.
    public let compositeName: String?
    /// Whether Xcode marked it `syncable="YES"` (no meaning for Core Data, kept for writing).
    public let isSyncable: Bool
    /// The userInfo dictionary.
    public let userInfo: UserInfo
    /// XML attributes modeldiff does not interpret, kept for writing.
    public let otherAttributes: [XMLAttribute]
    /// XML child elements modeldiff does not interpret, kept for writing.
    public let otherChildren: [XMLElementNode]
    /// Where the attribute was read.
    public let line: SourceLine

    /// Creates an attribute.
    public init(
        name: String, type: AttributeType, isOptional: Bool = false, isTransient: Bool = false,
        renamingIdentifier: String? = nil, versionHashModifier: String? = nil,
        defaultValueString: String? = nil, defaultDateTimeInterval: String? = nil,
        usesScalarValueType: Bool? = nil, valueTransformerName: String? = nil, customClassName: String? = nil,
        preservesValueInHistoryOnDeletion: Bool = false, isDerived: Bool = false, derivationExpression: String? = nil,
        minValueString: String? = nil, maxValueString: String? = nil,
        minDateTimeInterval: String? = nil, maxDateTimeInterval: String? = nil,
        regularExpressionString: String? = nil, allowsExternalBinaryDataStorage: Bool = false,
        allowsCloudEncryption: Bool = false, isIndexedBySpotlight: Bool = false, isStoredInExternalRecord: Bool = false,
        isIndexed: Bool = false, compositeName: String? = nil, isSyncable: Bool = false, userInfo: UserInfo = UserInfo(),
        otherAttributes: [XMLAttribute] = [], otherChildren: [XMLElementNode] = [], line: SourceLine = .none
    ) {
        self.name = name
        self.type = type
        self.isOptional = isOptional
        self.isTransient = isTransient
        self.renamingIdentifier = renamingIdentifier
        self.versionHashModifier = versionHashModifier
        self.defaultValueString = defaultValueString
        self.defaultDateTimeInterval = defaultDateTimeInterval
        self.usesScalarValueType = usesScalarValueType
        self.valueTransformerName = valueTransformerName
        self.customClassName = customClassName
        self.preservesValueInHistoryOnDeletion = preservesValueInHistoryOnDeletion
        self.isDerived = isDerived
        self.derivationExpression = derivationExpression
        self.minValueString = minValueString
        self.maxValueString = maxValueString
        self.minDateTimeInterval = minDateTimeInterval
        self.maxDateTimeInterval = maxDateTimeInterval
        self.regularExpressionString = regularExpressionString
        self.allowsExternalBinaryDataStorage = allowsExternalBinaryDataStorage
        self.allowsCloudEncryption = allowsCloudEncryption
        self.isIndexedBySpotlight = isIndexedBySpotlight
        self.isStoredInExternalRecord = isStoredInExternalRecord
        self.isIndexed = isIndexed
        self.compositeName = compositeName
        self.isSyncable = isSyncable
        self.userInfo = userInfo
        self.otherAttributes = otherAttributes
        self.otherChildren = otherChildren
        self.line = line
    }

    /// The name Core Data matches this attribute by: its renaming identifier, else its name.
    public var canonicalName: String { renamingIdentifier ?? name }

    /// Whether the attribute has a default value (a value or a date).
    public var hasDefaultValue: Bool { defaultValueString != nil || defaultDateTimeInterval != nil }
}
