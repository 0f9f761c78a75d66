extension FindingUnit {
    /// `relationship-retargeted`: a relationship that now points to another entity.
    static let relationshipRetargeted = FindingUnit(
        .relationshipRetargeted, .error,
        summary: "A relationship points to a different entity; lightweight migration cannot re-target it.",
        why: """
            The inferred mapping carries each link over to the counterpart of the old destination. When the new \
            destination is another entity (not the old one, nor what it was renamed to), Core Data has no objects to \
            link to and refuses the inferred mapping.
            """,
        fix: """
            Add a new relationship and fill it in a mapping model with FUNCTION($manager, \
            "destinationInstancesForEntityMappingNamed:sourceInstances:", ...) (`modeldiff infer` writes a starter). \
            When the names match but the old destination has a stray renaming identifier, remove that identifier.
            """,
        triggering: [
            .models(
                "Note.owner points to Person instead of User",
                old: #"""
                    <entity name="User"><attribute name="name" attributeType="String"/></entity>
                    <entity name="Person"><attribute name="name" attributeType="String"/></entity>
                    <entity name="Note">
                        <relationship name="owner" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="User"/>
                    </entity>
                    """#,
                new: #"""
                    <entity name="User"><attribute name="name" attributeType="String"/></entity>
                    <entity name="Person"><attribute name="name" attributeType="String"/></entity>
                    <entity name="Note">
                        <relationship name="owner" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Person"/>
                    </entity>
                    """#)
        ],
        passing: [
            .models(
                "the destination is renamed with a renaming identifier (entity-renamed)",
                old: #"""
                    <entity name="User"><attribute name="name" attributeType="String"/></entity>
                    <entity name="Note">
                        <relationship name="owner" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="User"/>
                    </entity>
                    """#,
                new: #"""
                    <entity name="Person" elementID="User"><attribute name="name" attributeType="String"/></entity>
                    <entity name="Note">
                        <relationship name="owner" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Person"/>
                    </entity>
                    """#)
        ])
}
