extension FindingUnit {
    /// `possible-rename`: a removal and a look-alike addition without a renaming identifier.
    static let possibleRename = FindingUnit(
        .possibleRename, .warning,
        summary: "Something disappears and a look-alike appears without a renaming identifier: the data is dropped.",
        why: """
            Without a renaming identifier Core Data sees a removal and an addition: the old values are deleted and \
            the new element starts empty. A look-alike is a similar name of the same type, or (as Django's \
            autodetector asks) a property with exactly the same definition when it is the only such pair, whatever \
            the names (`title` -> `headline`).
            """,
        fix: "If it is a rename, set the new element's renaming identifier to the old name; otherwise nothing.",
        triggering: [
            .models(
                "Note.colour becomes color",
                old: #"<entity name="Note"><attribute name="colour" optional="YES" attributeType="String"/></entity>"#,
                new: #"<entity name="Note"><attribute name="color" optional="YES" attributeType="String"/></entity>"#),
            .models(
                "the entity Note becomes Notes",
                old: #"<entity name="Note"><attribute name="title" attributeType="String"/></entity>"#,
                new: #"<entity name="Notes"><attribute name="title" attributeType="String"/></entity>"#),
        ],
        passing: [
            .models(
                "the rename has a renaming identifier (property-renamed)",
                old: #"<entity name="Note"><attribute name="colour" optional="YES" attributeType="String"/></entity>"#,
                new: #"<entity name="Note"><attribute name="color" optional="YES" attributeType="String" elementID="colour"/></entity>"#),
            .models(
                "two unrelated attributes of other types (attribute-removed, property-added)",
                old: #"<entity name="Note"><attribute name="colour" optional="YES" attributeType="String"/></entity>"#,
                new: #"<entity name="Note"><attribute name="created" optional="YES" attributeType="Date"/></entity>"#),
        ])
}
