extension FindingUnit {
    /// `hierarchy-merge`: entities of separate hierarchies brought under one parent.
    static let hierarchyMerge = FindingUnit(
        .hierarchyMerge, .error,
        summary: "Entities from separate hierarchies now share a parent; Core Data cannot merge hierarchies.",
        why: """
            A SQLite store keeps each entity hierarchy in one table. Entities that were roots of their own tables \
            cannot be moved into one table by the inferred mapping.
            """,
        fix: "Keep the entities in separate hierarchies, or write a mapping model (`modeldiff infer` writes a starter).",
        triggering: [
            .models(
                "Car and Bike get the new parent Vehicle",
                old: #"""
                    <entity name="Car"><attribute name="plate" attributeType="String"/></entity>
                    <entity name="Bike"><attribute name="frame" attributeType="String"/></entity>
                    """#,
                new: #"""
                    <entity name="Vehicle"><attribute name="wheels" optional="YES" attributeType="Integer 16"/></entity>
                    <entity name="Car" parentEntity="Vehicle"><attribute name="plate" attributeType="String"/></entity>
                    <entity name="Bike" parentEntity="Vehicle"><attribute name="frame" attributeType="String"/></entity>
                    """#)
        ],
        passing: [
            .models(
                "only Car gets the new parent (hierarchy-changed)",
                old: #"""
                    <entity name="Car"><attribute name="plate" attributeType="String"/></entity>
                    <entity name="Bike"><attribute name="frame" attributeType="String"/></entity>
                    """#,
                new: #"""
                    <entity name="Vehicle"><attribute name="wheels" optional="YES" attributeType="Integer 16"/></entity>
                    <entity name="Car" parentEntity="Vehicle"><attribute name="plate" attributeType="String"/></entity>
                    <entity name="Bike"><attribute name="frame" attributeType="String"/></entity>
                    """#)
        ])
}
