extension Attribute {
    /// The stored fields of `Attribute`, documented on its accessors.
    struct Stored: Sendable, Hashable {
        let name: String
        let type: AttributeType
        let isTypeOmitted: Bool
        let isOptional: Bool
        let isTransient: Bool
        let renamingIdentifier: String?
        let versionHashModifier: String?
        let defaultValueString: String?
        let defaultDateTimeInterval: String?
        let launchDefault: LaunchDefault?
        let usesScalarValueType: Bool?
        let valueTransformerName: String?
        let customClassName: String?
        let preservesValueInHistoryOnDeletion: Bool
        let isDerived: Bool
        let derivationExpression: String?
        let minValueString: String?
        let maxValueString: String?
        let minDateTimeInterval: String?
        let maxDateTimeInterval: String?
        let regularExpressionString: String?
        let allowsExternalBinaryDataStorage: Bool
        let allowsCloudEncryption: Bool
        let isIndexedBySpotlight: Bool
        let isStoredInExternalRecord: Bool
        let isIndexed: Bool
        let compositeName: String?
        let isSyncable: Bool
        let userInfo: UserInfo
        let otherAttributes: [XMLAttribute]
        var otherChildren: [XMLElementNode]
        var line: SourceLine
    }
}
