extension FindingUnit {
    /// `ambiguous-renaming-identifier`: two new elements claim the same old one.
    static let ambiguousRenamingIdentifier = FindingUnit(
        .ambiguousRenamingIdentifier, .error,
        summary: "Several new elements match the same old element.",
        why: """
            Core Data matches an element of the new version to the old one whose name equals its renaming identifier \
            (its own name when it has none). Two new entities, or two properties of one entity, that match the same \
            old element leave Core Data no single mapping.
            """,
        fix: "Give each element a distinct renaming identifier (or none).",
        triggering: [
            .models(
                "Memo and Note both match the old Note",
                old: #"<entity name="Note"><attribute name="title" attributeType="String"/></entity>"#,
                new: #"""
                    <entity name="Note"><attribute name="title" attributeType="String"/></entity>
                    <entity name="Memo" elementID="Note"><attribute name="title" attributeType="String"/></entity>
                    """#)
        ],
        passing: [
            .models(
                "only Memo matches the old Note (entity-renamed)",
                old: #"<entity name="Note"><attribute name="title" attributeType="String"/></entity>"#,
                new: #"<entity name="Memo" elementID="Note"><attribute name="title" attributeType="String"/></entity>"#)
        ])
}
