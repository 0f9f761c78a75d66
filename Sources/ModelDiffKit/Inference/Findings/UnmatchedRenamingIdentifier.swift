extension FindingUnit {
    /// `unmatched-renaming-identifier`: a renaming identifier that names nothing in the old version.
    static let unmatchedRenamingIdentifier = FindingUnit(
        .unmatchedRenamingIdentifier, .error,
        summary: "A renaming identifier matches nothing in the old version (a typo drops the data).",
        why: """
            A renaming identifier says "this was called X". When no X exists in the old version (and in no other \
            version of the bundle), Core Data treats the element as new: it starts empty and the old element's data \
            is deleted. That is almost always a typo.
            """,
        fix: "Correct the identifier to the old element's name, or remove it.",
        triggering: [
            .models(
                "Memo is renamed from Notes, a typo for Note",
                old: #"<entity name="Note"><attribute name="title" attributeType="String"/></entity>"#,
                new: #"""
                    <entity name="Note"><attribute name="title" attributeType="String"/></entity>
                    <entity name="Memo" elementID="Notes"><attribute name="title" attributeType="String"/></entity>
                    """#),
            .models(
                "Note.headline is renamed from titel",
                old: #"<entity name="Note"><attribute name="title" optional="YES" attributeType="String"/></entity>"#,
                new: #"<entity name="Note"><attribute name="headline" optional="YES" attributeType="String" elementID="titel"/></entity>"#),
        ],
        passing: [
            .models(
                "Note.headline is renamed from title (property-renamed)",
                old: #"<entity name="Note"><attribute name="title" optional="YES" attributeType="String"/></entity>"#,
                new: #"<entity name="Note"><attribute name="headline" optional="YES" attributeType="String" elementID="title"/></entity>"#),
            .models(
                "the identifier names an entity of an older version (renaming-identifier-from-older-version)",
                old: #"<entity name="Note"><attribute name="title" attributeType="String"/></entity>"#,
                new: #"""
                    <entity name="Note"><attribute name="title" attributeType="String"/></entity>
                    <entity name="Memo" elementID="Jotting"><attribute name="title" attributeType="String"/></entity>
                    """#,
                history: ["Jotting"]),
        ])

    /// `renaming-identifier-from-older-version`: a renaming identifier kept from a rename of an earlier step.
    static let renamingIdentifierFromOlderVersion = FindingUnit(
        .renamingIdentifierFromOlderVersion, .note,
        summary: "A renaming identifier names an element of another version of the bundle, not of the old one.",
        why: """
            Renaming identifiers stay in the model after the release that needed them. In a later step they name \
            nothing of the old version, but an element of an older one: the rename happened earlier, and in this step \
            the element is added empty. `check` learns the names from the other versions of the enclosing bundle.
            """,
        fix: "Nothing to do, unless this step was meant to rename: then correct the identifier.",
        triggering: [
            .models(
                "Memo keeps the identifier Jotting, an entity of an older version",
                old: #"<entity name="Note"><attribute name="title" attributeType="String"/></entity>"#,
                new: #"""
                    <entity name="Note"><attribute name="title" attributeType="String"/></entity>
                    <entity name="Memo" elementID="Jotting"><attribute name="title" attributeType="String"/></entity>
                    """#,
                history: ["Jotting"])
        ],
        passing: [
            .models(
                "no version has Jotting (unmatched-renaming-identifier)",
                old: #"<entity name="Note"><attribute name="title" attributeType="String"/></entity>"#,
                new: #"""
                    <entity name="Note"><attribute name="title" attributeType="String"/></entity>
                    <entity name="Memo" elementID="Jotting"><attribute name="title" attributeType="String"/></entity>
                    """#)
        ])
}
