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
        let attributes: [Attribute]
        let relationships: [Relationship]
        let fetchedProperties: [FetchedProperty]
        let uniquenessConstraints: [[String]]
        let fetchIndexes: [FetchIndex]
        let compoundIndexes: [[String]]
        let userInfo: UserInfo
        let otherAttributes: [XMLAttribute]
        let otherChildren: [XMLElementNode]
        let line: SourceLine
    }
}
