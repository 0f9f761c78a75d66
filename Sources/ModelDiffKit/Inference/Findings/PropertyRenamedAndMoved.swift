extension FindingUnit {
    /// `property-renamed`: a property renamed through its renaming identifier.
    static let propertyRenamed = FindingUnit(
        .propertyRenamed, .note,
        summary: "A property is renamed through its renaming identifier (inferable).",
        why: "Core Data matches the new property to the old one whose name is its renaming identifier and copies its values.",
        fix: "Nothing to do.",
        triggering: [
            .models(
                "Note.title becomes headline, renaming identifier title",
                old: #"<entity name="Note"><attribute name="title" optional="YES" attributeType="String"/></entity>"#,
                new: #"<entity name="Note"><attribute name="headline" optional="YES" attributeType="String" elementID="title"/></entity>"#)
        ],
        passing: [
            .models(
                "without the identifier (attribute-removed, property-added, possible-rename)",
                old: #"<entity name="Note"><attribute name="title" optional="YES" attributeType="String"/></entity>"#,
                new: #"<entity name="Note"><attribute name="headline" optional="YES" attributeType="String"/></entity>"#)
        ])

    /// `property-moved`: a property moves up or down its entity hierarchy.
    static let propertyMoved = FindingUnit(
        .propertyMoved, .note,
        summary: "A property moves up or down the entity hierarchy (inferable).",
        why: "An entity's properties include its parent's: a property that moves to a parent (or down) keeps its values.",
        fix: "Nothing to do.",
        triggering: [
            .models(
                "Note.title moves to the new parent Item",
                old: #"<entity name="Note"><attribute name="title" optional="YES" attributeType="String"/></entity>"#,
                new: #"""
                    <entity name="Item"><attribute name="title" optional="YES" attributeType="String"/></entity>
                    <entity name="Note" parentEntity="Item"/>
                    """#)
        ],
        passing: [
            .models(
                "Note gets the parent Item but keeps title (hierarchy-changed)",
                old: #"<entity name="Note"><attribute name="title" optional="YES" attributeType="String"/></entity>"#,
                new: #"""
                    <entity name="Item"><attribute name="created" optional="YES" attributeType="Date"/></entity>
                    <entity name="Note" parentEntity="Item"><attribute name="title" optional="YES" attributeType="String"/></entity>
                    """#)
        ])
}
