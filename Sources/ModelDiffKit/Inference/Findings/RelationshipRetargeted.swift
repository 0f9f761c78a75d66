extension FindingUnit {
    /// `relationship-retargeted`: a relationship that now points to another entity.
    static let relationshipRetargeted = FindingUnit(
        .relationshipRetargeted, .warning,
        summary: "A relationship points to a different entity: Core Data infers the step, but a store with any such link fails it.",
        why: """
            Core Data's inferred mapping matches the relationship by name (its builder never compares destinations) and \
            fills it with FUNCTION($manager, "destinationInstancesForSourceRelationshipNamed:sourceInstances:", …), which \
            finds no entity mapping from the old destination to the new one. So a store where the relationship is empty \
            migrates; a link has no object of the new destination to go to (Core Data's migration manager drops it, its \
            in-place SQLite migration copies the raw key), and `migrate` and `test` stop at the first object holding one. When \
            no new entity matches the old destination, its objects are not carried over, and the links to them go too.
            """,
        fix: """
            Keep it when the relationship is empty in every store. Otherwise add a new relationship and fill it in a \
            mapping model with FUNCTION($manager, "destinationInstancesForEntityMappingNamed:sourceInstances:", ...) \
            (`modeldiff infer` writes a starter). When the names match but the old destination has a stray renaming \
            identifier, remove that identifier.
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
