private typealias Key = ModelXML.Key

/// The XML attributes of one element, gathered in a single pass over the element's attribute list.
///
/// Each `read` matches the name as bytes against the names Xcode writes; a name it does not know
/// (or a value it cannot interpret) is kept verbatim, in file order.
struct EntityFields {
    var name: String?
    var representedClassName: String?
    var parentEntity: String?
    var isAbstract = false
    var renamingIdentifier: String?
    var versionHashModifier: String?
    var codeGeneration: Entity.CodeGeneration?
    var isSyncable = false
    var others: [XMLAttribute] = []

    mutating func read(_ attribute: XMLAttributeView) {
        switch attribute.name {
        case Key.name: name = attribute.value
        case Key.representedClassName: representedClassName = attribute.value
        case Key.parentEntity: parentEntity = attribute.value
        case Key.isAbstract: isAbstract = attribute.isYes
        case Key.elementID: renamingIdentifier = attribute.value
        case Key.versionHashModifier: versionHashModifier = attribute.value
        case Key.syncable: isSyncable = attribute.isYes
        case Key.codeGenerationType:
            if let value = Entity.CodeGeneration(rawValue: attribute.value) {
                codeGeneration = value
            } else {
                others.append(attribute.verbatim)
            }
        default: others.append(attribute.verbatim)
        }
    }
}

/// The XML attributes of an `<attribute>` element.
struct AttributeFields {
    var name: String?
    /// The `attributeType` value, matched as bytes (`AttributeType(xcodeName:)`).
    var typeName: XMLBytes?
    var isOptional = false
    var isTransient = false
    var renamingIdentifier: String?
    var versionHashModifier: String?
    var defaultValueString: String?
    var defaultDateTimeInterval: String?
    var usesScalarValueType: Bool?
    var valueTransformerName: String?
    var customClassName: String?
    var preservesValueInHistoryOnDeletion = false
    var isDerived = false
    var derivationExpression: String?
    var minValueString: String?
    var maxValueString: String?
    var minDateTimeInterval: String?
    var maxDateTimeInterval: String?
    var regularExpressionString: String?
    var allowsExternalBinaryDataStorage = false
    var allowsCloudEncryption = false
    var isIndexedBySpotlight = false
    var isStoredInExternalRecord = false
    var isIndexed = false
    var compositeName: String?
    var isSyncable = false
    var others: [XMLAttribute] = []
    var flags = FlagCheck()

    // The most frequent names come first: a `switch` on literals compares them in order.
    mutating func read(_ attribute: XMLAttributeView) {
        switch attribute.name {
        case Key.name: name = attribute.value
        case Key.attributeType: typeName = attribute.valueBytes
        case Key.optional: isOptional = flags.isYes(attribute)
        case Key.syncable: isSyncable = flags.isYes(attribute)
        case Key.usesScalarValueType: usesScalarValueType = flags.isYes(attribute)
        case Key.defaultValueString: defaultValueString = attribute.value
        case Key.transient: isTransient = flags.isYes(attribute)
        case Key.elementID: renamingIdentifier = attribute.value
        case Key.versionHashModifier: versionHashModifier = attribute.value
        case Key.defaultDateTimeInterval: defaultDateTimeInterval = attribute.value
        case Key.valueTransformerName: valueTransformerName = attribute.value
        case Key.customClassName: customClassName = attribute.value
        case Key.preserveAfterDeletion: preservesValueInHistoryOnDeletion = flags.isYes(attribute)
        case Key.derived: isDerived = flags.isYes(attribute)
        case Key.derivationExpression: derivationExpression = attribute.value
        case Key.minValueString: minValueString = attribute.value
        case Key.maxValueString: maxValueString = attribute.value
        case Key.minDateTimeInterval: minDateTimeInterval = attribute.value
        case Key.maxDateTimeInterval: maxDateTimeInterval = attribute.value
        case Key.regularExpressionString: regularExpressionString = attribute.value
        case Key.allowsExternalBinaryDataStorage: allowsExternalBinaryDataStorage = flags.isYes(attribute)
        case Key.allowsCloudEncryption: allowsCloudEncryption = flags.isYes(attribute)
        case Key.spotlightIndexingEnabled: isIndexedBySpotlight = flags.isYes(attribute)
        case Key.storedInTruthFile: isStoredInExternalRecord = flags.isYes(attribute)
        case Key.indexed: isIndexed = flags.isYes(attribute)
        case Key.composite: compositeName = attribute.value
        default:
            flags.note(attribute)
            others.append(attribute.verbatim)
        }
    }

    func attribute(
        name: String, type: AttributeType, isTypeOmitted: Bool, userInfo: UserInfo, otherChildren: [XMLElementNode], line: SourceLine
    ) -> Attribute {
        Attribute(
            name: name, type: type, isTypeOmitted: isTypeOmitted, isOptional: isOptional, isTransient: isTransient,
            renamingIdentifier: renamingIdentifier, versionHashModifier: versionHashModifier,
            defaultValueString: defaultValueString, defaultDateTimeInterval: defaultDateTimeInterval,
            usesScalarValueType: usesScalarValueType, valueTransformerName: valueTransformerName,
            customClassName: customClassName, preservesValueInHistoryOnDeletion: preservesValueInHistoryOnDeletion,
            isDerived: isDerived, derivationExpression: derivationExpression, minValueString: minValueString,
            maxValueString: maxValueString, minDateTimeInterval: minDateTimeInterval, maxDateTimeInterval: maxDateTimeInterval,
            regularExpressionString: regularExpressionString, allowsExternalBinaryDataStorage: allowsExternalBinaryDataStorage,
            allowsCloudEncryption: allowsCloudEncryption, isIndexedBySpotlight: isIndexedBySpotlight,
            isStoredInExternalRecord: isStoredInExternalRecord, isIndexed: isIndexed, compositeName: compositeName,
            isSyncable: isSyncable, userInfo: userInfo, otherAttributes: others, otherChildren: otherChildren, line: line)
    }
}

/// The XML attributes of a `<relationship>` element.
struct RelationshipFields {
    var name: String?
    var destinationEntity: String?
    var inverseName: String?
    var inverseEntity: String?
    var isOptional = false
    var isTransient = false
    var isToMany = false
    var isOrdered = false
    var minCount: String?
    var maxCount: String?
    var deletionRule: String?
    var renamingIdentifier: String?
    var versionHashModifier: String?
    var isSyncable = false
    var isIndexed = false
    var others: [XMLAttribute] = []
    var flags = FlagCheck()

    mutating func read(_ attribute: XMLAttributeView) {
        switch attribute.name {
        case Key.name: name = attribute.value
        case Key.optional: isOptional = flags.isYes(attribute)
        case Key.indexed: isIndexed = flags.isYes(attribute)
        case Key.toMany: isToMany = flags.isYes(attribute)
        case Key.deletionRule: deletionRule = attribute.value
        case Key.destinationEntity: destinationEntity = attribute.value
        case Key.inverseName: inverseName = attribute.value
        case Key.inverseEntity: inverseEntity = attribute.value
        case Key.syncable: isSyncable = flags.isYes(attribute)
        case Key.minCount: minCount = attribute.value
        case Key.maxCount: maxCount = attribute.value
        case Key.ordered: isOrdered = flags.isYes(attribute)
        case Key.transient: isTransient = flags.isYes(attribute)
        case Key.elementID: renamingIdentifier = attribute.value
        case Key.versionHashModifier: versionHashModifier = attribute.value
        default:
            flags.note(attribute)
            others.append(attribute.verbatim)
        }
    }
}

/// The first XML attribute, in file order, that Xcode writes as `YES` or `NO` and that holds
/// neither, found while the fields are read: checking every attribute again after reading them was
/// a seventh of decoding an attribute.
struct FlagCheck {
    private(set) var first: XMLAttributeView?

    /// Whether a flag's value is `YES`; a value that is not `NO` either is noted.
    mutating func isYes(_ attribute: XMLAttributeView) -> Bool {
        if attribute.isYes { return true }
        if first == nil, !attribute.isNo { first = attribute }
        return false
    }

    /// Notes an attribute the fields do not read when it is a flag holding neither `YES` nor `NO`.
    mutating func note(_ attribute: XMLAttributeView) {
        if first == nil, ModelDecoder.isFlag(attribute.name), !attribute.isYes, !attribute.isNo { first = attribute }
    }
}

extension ModelDecoder {
    /// Refuses a flag that is neither `YES` nor `NO`: `optional="maybe"` would otherwise read as
    /// `NO` and make the property required without a word.
    func checkFlags(of element: XMLElementView, _ what: @autoclosure () -> String) throws(Diagnostic) {
        // Every attribute of every element passes here: names and values are compared as bytes, and
        // strings are made only for the message.
        var flags = FlagCheck()
        for attribute in element.attributes where flags.first == nil { flags.note(attribute) }
        try checkFlags(flags, of: element, what())
    }

    /// Refuses the flag `FlagCheck` found holding neither `YES` nor `NO`.
    func checkFlags(_ flags: FlagCheck, of element: XMLElementView, _ what: @autoclosure () -> String) throws(Diagnostic) {
        guard let attribute = flags.first else { return }
        throw Diagnostic(
            path: path, line: element.line.value,
            message: "\(attribute.name.string)=\"\(attribute.value)\" on \(what()) is neither YES nor NO")
    }

    /// Whether the attribute is one Xcode writes as `YES` or `NO`.
    static func isFlag(_ name: XMLBytes) -> Bool {
        switch name {
        case Key.optional, Key.transient, Key.toMany, Key.ordered, Key.syncable, Key.isAbstract, Key.usesScalarValueType, Key.derived,
            Key.allowsExternalBinaryDataStorage, Key.allowsCloudEncryption, Key.spotlightIndexingEnabled, Key.storedInTruthFile,
            Key.indexed, Key.preserveAfterDeletion, Key.usedWithCloudKit:
            true
        default: false
        }
    }
}
