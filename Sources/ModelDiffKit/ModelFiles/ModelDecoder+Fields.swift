/// The XML attributes of one element, gathered in a single pass over libxml2's attribute list.
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
        case "name": name = attribute.value
        case "representedClassName": representedClassName = attribute.value
        case "parentEntity": parentEntity = attribute.value
        case "isAbstract": isAbstract = attribute.isYes
        case "elementID": renamingIdentifier = attribute.value
        case "versionHashModifier": versionHashModifier = attribute.value
        case "syncable": isSyncable = attribute.isYes
        case "codeGenerationType":
            if let value = Entity.CodeGeneration(rawValue: attribute.value) { codeGeneration = value } else { others.append(attribute.verbatim) }
        default: others.append(attribute.verbatim)
        }
    }
}

/// The XML attributes of an `<attribute>` element.
struct AttributeFields {
    var name: String?
    var typeName: String?
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

    // The most frequent names come first: a `switch` on literals compares them in order.
    mutating func read(_ attribute: XMLAttributeView) {
        switch attribute.name {
        case "name": name = attribute.value
        case "attributeType": typeName = attribute.value
        case "optional": isOptional = attribute.isYes
        case "syncable": isSyncable = attribute.isYes
        case "usesScalarValueType": usesScalarValueType = attribute.isYes
        case "defaultValueString": defaultValueString = attribute.value
        case "transient": isTransient = attribute.isYes
        case "elementID": renamingIdentifier = attribute.value
        case "versionHashModifier": versionHashModifier = attribute.value
        case "defaultDateTimeInterval": defaultDateTimeInterval = attribute.value
        case "valueTransformerName": valueTransformerName = attribute.value
        case "customClassName": customClassName = attribute.value
        case "preserveAfterDeletion": preservesValueInHistoryOnDeletion = attribute.isYes
        case "derived": isDerived = attribute.isYes
        case "derivationExpression": derivationExpression = attribute.value
        case "minValueString": minValueString = attribute.value
        case "maxValueString": maxValueString = attribute.value
        case "minDateTimeInterval": minDateTimeInterval = attribute.value
        case "maxDateTimeInterval": maxDateTimeInterval = attribute.value
        case "regularExpressionString": regularExpressionString = attribute.value
        case "allowsExternalBinaryDataStorage": allowsExternalBinaryDataStorage = attribute.isYes
        case "allowsCloudEncryption": allowsCloudEncryption = attribute.isYes
        case "spotlightIndexingEnabled": isIndexedBySpotlight = attribute.isYes
        case "storedInTruthFile": isStoredInExternalRecord = attribute.isYes
        case "indexed": isIndexed = attribute.isYes
        case "composite": compositeName = attribute.value
        default: others.append(attribute.verbatim)
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
    var others: [XMLAttribute] = []

    mutating func read(_ attribute: XMLAttributeView) {
        switch attribute.name {
        case "name": name = attribute.value
        case "optional": isOptional = attribute.isYes
        case "toMany": isToMany = attribute.isYes
        case "deletionRule": deletionRule = attribute.value
        case "destinationEntity": destinationEntity = attribute.value
        case "inverseName": inverseName = attribute.value
        case "inverseEntity": inverseEntity = attribute.value
        case "syncable": isSyncable = attribute.isYes
        case "minCount": minCount = attribute.value
        case "maxCount": maxCount = attribute.value
        case "ordered": isOrdered = attribute.isYes
        case "transient": isTransient = attribute.isYes
        case "elementID": renamingIdentifier = attribute.value
        case "versionHashModifier": versionHashModifier = attribute.value
        default: others.append(attribute.verbatim)
        }
    }
}

extension ModelDecoder {
    /// The XML attributes Xcode writes as `YES` or `NO`.
    private static let booleanAttributes: Set<String> = [
        "optional", "transient", "toMany", "ordered", "syncable", "isAbstract", "usesScalarValueType", "derived",
        "allowsExternalBinaryDataStorage", "allowsCloudEncryption", "spotlightIndexingEnabled", "storedInTruthFile",
        "indexed", "preserveAfterDeletion", "usedWithCloudKit",
    ]

    /// Refuses a flag that is neither `YES` nor `NO`: `optional="maybe"` would otherwise read as
    /// `NO` and make the property required without a word.
    func checkFlags(of element: XMLElementView, _ what: @autoclosure () -> String) throws(Diagnostic) {
        for attribute in element.attributes {
            if attribute.isYes { continue }
            let name = attribute.name.string
            guard Self.booleanAttributes.contains(name) else { continue }
            let value = attribute.value
            if value != "NO" {
                throw Diagnostic(path: path, line: element.line.value, message: "\(name)=\"\(value)\" on \(what()) is neither YES nor NO")
            }
        }
    }
}
