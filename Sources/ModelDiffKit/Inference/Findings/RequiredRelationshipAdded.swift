extension FindingUnit {
    /// `required-relationship-added`: a new relationship every migrated object has empty, and that fails validation.
    static let requiredRelationshipAdded = FindingUnit(
        .requiredRelationshipAdded, .error,
        summary: """
            A new required to-one relationship, or a new to-many one with a minimum count of 1 or more: every migrated object \
            has it empty and fails validation. A new non-optional to-many with a minimum count of 0 is inferable (an empty set passes).
            """,
        why: """
            The inferred mapping has nothing to fill a new relationship with. An empty to-one is nil, which a \
            non-optional relationship rejects; an empty to-many is an empty set, which Core Data checks against the \
            minimum count alone (NSRelationshipDescription: "the counts are only enforced if the relationship value in \
            the containing object is not nil"). Either failure stops the migration (error 134110).
            """,
        fix: """
            Make the to-one optional, or lower the to-many's minimum count to 0; or set the relationship in a mapping \
            model (`modeldiff infer` writes a starter).
            """,
        triggering: [
            .models(
                "a new required to-one",
                old: #"""
                    <entity name="Folder"><attribute name="name" attributeType="String"/></entity>
                    <entity name="Note"><attribute name="title" attributeType="String"/></entity>
                    """#,
                new: #"""
                    <entity name="Folder"><attribute name="name" attributeType="String"/></entity>
                    <entity name="Note">
                        <attribute name="title" attributeType="String"/>
                        <relationship name="folder" maxCount="1" deletionRule="Nullify" destinationEntity="Folder"/>
                    </entity>
                    """#),
            .models(
                "a new to-many with a minimum count of 1",
                old: #"""
                    <entity name="Folder"><attribute name="name" attributeType="String"/></entity>
                    <entity name="Note"><attribute name="title" attributeType="String"/></entity>
                    """#,
                new: #"""
                    <entity name="Folder">
                        <attribute name="name" attributeType="String"/>
                        <relationship name="notes" toMany="YES" minCount="1" deletionRule="Nullify" destinationEntity="Note"/>
                    </entity>
                    <entity name="Note"><attribute name="title" attributeType="String"/></entity>
                    """#),
        ],
        passing: [
            .models(
                "a new non-optional to-many with a minimum count of 0 (property-added)",
                old: #"""
                    <entity name="Folder"><attribute name="name" attributeType="String"/></entity>
                    <entity name="Note"><attribute name="title" attributeType="String"/></entity>
                    """#,
                new: #"""
                    <entity name="Folder">
                        <attribute name="name" attributeType="String"/>
                        <relationship name="notes" toMany="YES" deletionRule="Nullify" destinationEntity="Note"/>
                    </entity>
                    <entity name="Note"><attribute name="title" attributeType="String"/></entity>
                    """#),
            .models(
                "a new optional to-one (property-added)",
                old: #"""
                    <entity name="Folder"><attribute name="name" attributeType="String"/></entity>
                    <entity name="Note"><attribute name="title" attributeType="String"/></entity>
                    """#,
                new: #"""
                    <entity name="Folder"><attribute name="name" attributeType="String"/></entity>
                    <entity name="Note">
                        <attribute name="title" attributeType="String"/>
                        <relationship name="folder" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Folder"/>
                    </entity>
                    """#),
        ])
}
