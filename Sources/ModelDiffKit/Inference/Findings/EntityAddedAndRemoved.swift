extension FindingUnit {
    /// `entity-added`: a new entity.
    static let entityAdded = FindingUnit(
        .entityAdded, .note,
        summary: "A new entity (inferable).",
        why: "The inferred mapping creates the entity's table (or adds it to its hierarchy's table) and it starts empty.",
        fix: "Nothing to do.",
        triggering: [
            .models(
                "Tag is added",
                old: #"<entity name="Note"><attribute name="title" attributeType="String"/></entity>"#,
                new: #"""
                    <entity name="Note"><attribute name="title" attributeType="String"/></entity>
                    <entity name="Tag"><attribute name="name" attributeType="String"/></entity>
                    """#)
        ],
        passing: [
            .models(
                "Note is renamed to Memo with a renaming identifier (entity-renamed)",
                old: #"<entity name="Note"><attribute name="title" attributeType="String"/></entity>"#,
                new: #"<entity name="Memo" elementID="Note"><attribute name="title" attributeType="String"/></entity>"#)
        ])

    /// `entity-removed`: an entity and its objects are gone.
    static let entityRemoved = FindingUnit(
        .entityRemoved, .warning,
        summary: "An entity is removed: its objects are deleted.",
        why: "The inferred mapping has no destination for the entity's objects, so the migration drops them.",
        fix: """
            Nothing, if the data is meant to go. If the entity was renamed, give the new entity the old name as its \
            renaming identifier.
            """,
        triggering: [
            .models(
                "Tag is removed",
                old: #"""
                    <entity name="Note"><attribute name="title" attributeType="String"/></entity>
                    <entity name="Tag"><attribute name="name" attributeType="String"/></entity>
                    """#,
                new: #"<entity name="Note"><attribute name="title" attributeType="String"/></entity>"#)
        ],
        passing: [
            .models(
                "Tag is renamed to Label with a renaming identifier (entity-renamed)",
                old: #"<entity name="Tag"><attribute name="name" attributeType="String"/></entity>"#,
                new: #"<entity name="Label" elementID="Tag"><attribute name="name" attributeType="String"/></entity>"#)
        ])

    /// `entity-renamed`: an entity renamed through its renaming identifier.
    static let entityRenamed = FindingUnit(
        .entityRenamed, .note,
        summary: "An entity is renamed through its renaming identifier (inferable).",
        why: "Core Data matches the new entity to the old one whose name is its renaming identifier and keeps its objects.",
        fix: "Nothing to do.",
        triggering: [
            .models(
                "Note becomes Memo, renaming identifier Note",
                old: #"<entity name="Note"><attribute name="title" attributeType="String"/></entity>"#,
                new: #"<entity name="Memo" elementID="Note"><attribute name="title" attributeType="String"/></entity>"#)
        ],
        passing: [
            .models(
                "Note becomes Memo without an identifier (entity-removed, entity-added)",
                old: #"<entity name="Note"><attribute name="title" attributeType="String"/></entity>"#,
                new: #"<entity name="Memo"><attribute name="title" attributeType="String"/></entity>"#)
        ])
}
