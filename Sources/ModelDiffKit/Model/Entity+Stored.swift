extension Entity {
    /// The stored fields of `Entity`, documented on its accessors.
    struct Stored: Sendable, Hashable {
        let name: String
        let representedClassName: String?
        let parentEntity: String?
        let isAbstract: Bool
        let renamingIdentifier: String?
        let versionHashModifier: String?
        let codeGeneration: CodeGeneration?
        let isSyncable: Bool
        var attributes: [Attribute]
        var relationships: [Relationship]
        var fetchedProperties: [FetchedProperty]
        let uniquenessConstraints: [[String]]
        var fetchIndexes: [FetchIndex]
        let compoundIndexes: [[String]]
        let userInfo: UserInfo
        let otherAttributes: [XMLAttribute]
        var otherChildren: [XMLElementNode]
        var line: SourceLine
        var origin = Origin()
    }
}
