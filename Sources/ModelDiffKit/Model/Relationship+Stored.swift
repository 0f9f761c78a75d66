extension Relationship {
    /// The stored fields of `Relationship`, documented on its accessors.
    struct Stored: Sendable, Hashable {
        let name: String
        let destinationEntity: String?
        let inverseName: String?
        let inverseEntity: String?
        let isOptional: Bool
        let isTransient: Bool
        let isToMany: Bool
        let isOrdered: Bool
        let minCountAsWritten: Int?
        let maxCountAsWritten: Int?
        let deleteRule: DeleteRule?
        let renamingIdentifier: String?
        let versionHashModifier: String?
        let isSyncable: Bool
        let isIndexed: Bool
        let userInfo: UserInfo
        let otherAttributes: [XMLAttribute]
        var otherChildren: [XMLElementNode]
        var line: SourceLine
    }
}
