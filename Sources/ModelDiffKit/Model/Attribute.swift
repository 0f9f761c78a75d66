/// An attribute of an entity (`<attribute>`), with every field Xcode writes.
public struct Attribute: Sendable, Hashable {
    /// The fields, in one immutable box that copies share: models are copied into matches, diffs
    /// and reports many times, and a box costs one retain where the fields cost one per string.
    let storage: SharedBox<Stored>

    /// The attribute's name.
    public var name: String { storage.value.name }
    /// Its type.
    public var type: AttributeType { storage.value.type }
    /// Whether the file gave no `attributeType`: older Xcode versions write transient attributes
    /// without one, and Core Data reads them as `Undefined`. Kept so that writing gives the file back.
    public var isTypeOmitted: Bool { storage.value.isTypeOmitted }
    /// Whether a nil value is allowed (`optional="YES"`).
    public var isOptional: Bool { storage.value.isOptional }
    /// Whether the value is kept out of the store (`transient="YES"`).
    public var isTransient: Bool { storage.value.isTransient }
    /// The renaming identifier (`elementID`), if set.
    public var renamingIdentifier: String? { storage.value.renamingIdentifier }
    /// The version hash modifier, if set.
    public var versionHashModifier: String? { storage.value.versionHashModifier }
    /// The default value as Xcode writes it (`defaultValueString`).
    public var defaultValueString: String? { storage.value.defaultValueString }
    /// A date default, in seconds since 2001-01-01 (`defaultDateTimeInterval`).
    public var defaultDateTimeInterval: String? { storage.value.defaultDateTimeInterval }
    /// A default whose value is known only at launch (a SwiftData initializer such as `Date.now`); nil for a
    /// model file's attribute, whose default is one of the two fields above.
    public var launchDefault: LaunchDefault? { storage.value.launchDefault }
    /// Whether the generated property uses a scalar type; nil when the file does not say.
    public var usesScalarValueType: Bool? { storage.value.usesScalarValueType }
    /// The value transformer's name, for Transformable attributes.
    public var valueTransformerName: String? { storage.value.valueTransformerName }
    /// The custom class name, for Transformable attributes.
    public var customClassName: String? { storage.value.customClassName }
    /// Whether persistent history keeps the value after deletion (`preserveAfterDeletion="YES"`).
    public var preservesValueInHistoryOnDeletion: Bool { storage.value.preservesValueInHistoryOnDeletion }
    /// Whether the attribute is derived (`derived="YES"`).
    public var isDerived: Bool { storage.value.isDerived }
    /// The derivation expression of a derived attribute.
    public var derivationExpression: String? { storage.value.derivationExpression }
    /// The minimum value, as written.
    public var minValueString: String? { storage.value.minValueString }
    /// The maximum value, as written.
    public var maxValueString: String? { storage.value.maxValueString }
    /// The minimum date, in seconds since 2001-01-01.
    public var minDateTimeInterval: String? { storage.value.minDateTimeInterval }
    /// The maximum date, in seconds since 2001-01-01.
    public var maxDateTimeInterval: String? { storage.value.maxDateTimeInterval }
    /// The validation regular expression, for String attributes.
    public var regularExpressionString: String? { storage.value.regularExpressionString }
    /// Whether binary data may live outside the store (`allowsExternalBinaryDataStorage="YES"`).
    public var allowsExternalBinaryDataStorage: Bool { storage.value.allowsExternalBinaryDataStorage }
    /// Whether CloudKit encrypts the value.
    public var allowsCloudEncryption: Bool { storage.value.allowsCloudEncryption }
    /// Whether Spotlight indexes the value.
    public var isIndexedBySpotlight: Bool { storage.value.isIndexedBySpotlight }
    /// Whether the value is stored in the Spotlight external record (`storedInTruthFile`).
    public var isStoredInExternalRecord: Bool { storage.value.isStoredInExternalRecord }
    /// Whether the attribute is indexed (old Xcode's `indexed="YES"`).
    public var isIndexed: Bool { storage.value.isIndexed }
    /// The composite type's name, for Composite attributes.
    public var compositeName: String? { storage.value.compositeName }
    /// Whether Xcode marked it `syncable="YES"` (no meaning for Core Data, kept for writing).
    public var isSyncable: Bool { storage.value.isSyncable }
    /// The userInfo dictionary.
    public var userInfo: UserInfo { storage.value.userInfo }
    /// XML attributes modeldiff does not interpret, kept for writing.
    public var otherAttributes: [XMLAttribute] { storage.value.otherAttributes }
    /// XML child elements modeldiff does not interpret, kept for writing.
    public var otherChildren: [XMLElementNode] { storage.value.otherChildren }
    /// Where the attribute was read.
    public var line: SourceLine { storage.value.line }

    /// Creates an attribute.
    public init(
        name: String, type: AttributeType, isTypeOmitted: Bool = false, isOptional: Bool = false,
        isTransient: Bool = false, renamingIdentifier: String? = nil, versionHashModifier: String? = nil,
        defaultValueString: String? = nil, defaultDateTimeInterval: String? = nil, launchDefault: LaunchDefault? = nil,
        usesScalarValueType: Bool? = nil, valueTransformerName: String? = nil, customClassName: String? = nil,
        preservesValueInHistoryOnDeletion: Bool = false, isDerived: Bool = false, derivationExpression: String? = nil,
        minValueString: String? = nil, maxValueString: String? = nil,
        minDateTimeInterval: String? = nil, maxDateTimeInterval: String? = nil,
        regularExpressionString: String? = nil, allowsExternalBinaryDataStorage: Bool = false,
        allowsCloudEncryption: Bool = false, isIndexedBySpotlight: Bool = false, isStoredInExternalRecord: Bool = false,
        isIndexed: Bool = false, compositeName: String? = nil, isSyncable: Bool = false, userInfo: UserInfo = UserInfo(),
        otherAttributes: [XMLAttribute] = [], otherChildren: [XMLElementNode] = [], line: SourceLine = .none
    ) {
        storage = SharedBox(
            Stored(
                name: name, type: type, isTypeOmitted: isTypeOmitted, isOptional: isOptional, isTransient: isTransient,
                renamingIdentifier: renamingIdentifier, versionHashModifier: versionHashModifier,
                defaultValueString: defaultValueString, defaultDateTimeInterval: defaultDateTimeInterval,
                launchDefault: launchDefault, usesScalarValueType: usesScalarValueType, valueTransformerName: valueTransformerName,
                customClassName: customClassName, preservesValueInHistoryOnDeletion: preservesValueInHistoryOnDeletion,
                isDerived: isDerived, derivationExpression: derivationExpression, minValueString: minValueString,
                maxValueString: maxValueString, minDateTimeInterval: minDateTimeInterval,
                maxDateTimeInterval: maxDateTimeInterval, regularExpressionString: regularExpressionString,
                allowsExternalBinaryDataStorage: allowsExternalBinaryDataStorage,
                allowsCloudEncryption: allowsCloudEncryption, isIndexedBySpotlight: isIndexedBySpotlight,
                isStoredInExternalRecord: isStoredInExternalRecord, isIndexed: isIndexed, compositeName: compositeName,
                isSyncable: isSyncable, userInfo: userInfo, otherAttributes: otherAttributes,
                otherChildren: otherChildren, line: line
            ))
    }

    /// The name Core Data matches this attribute by: its renaming identifier, else its name.
    public var canonicalName: String { renamingIdentifier ?? name }

    /// Whether the attribute has a default value (a value, a date, or one computed at launch).
    public var hasDefaultValue: Bool { defaultValueString != nil || defaultDateTimeInterval != nil || launchDefault != nil }
}

extension Attribute {
    // Copies share their box, so most comparisons end at the identity check.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.storage === rhs.storage || lhs.storage.value == rhs.storage.value }
    public func hash(into hasher: inout Hasher) { hasher.combine(storage.value) }
}
