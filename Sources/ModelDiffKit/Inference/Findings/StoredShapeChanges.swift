extension FindingUnit {
    /// `attribute-changed`: another stored setting of an attribute changes.
    static let attributeChanged = FindingUnit(
        .attributeChanged, .note,
        summary: "An attribute's stored definition changes (inferable).",
        why: """
            Settings in the attribute's version hash other than its type and optionality (external storage, version \
            hash modifier, preserve after deletion, derivation) make Core Data migrate the store, and the inferred \
            mapping copies the values.
            """,
        fix: "Nothing to do.",
        triggering: [
            .models(
                "Note.photo allows external storage",
                old: #"<entity name="Note"><attribute name="photo" optional="YES" attributeType="Binary"/></entity>"#,
                new:
                    #"<entity name="Note"><attribute name="photo" optional="YES" attributeType="Binary" allowsExternalBinaryDataStorage="YES"/></entity>"#
            )
        ],
        passing: [
            .models(
                "Note.photo gets a userInfo entry (cosmetic-change)",
                old: #"<entity name="Note"><attribute name="photo" optional="YES" attributeType="Binary"/></entity>"#,
                new: #"""
                    <entity name="Note">
                        <attribute name="photo" optional="YES" attributeType="Binary"><userInfo><entry key="hint" value="jpeg"/></userInfo></attribute>
                    </entity>
                    """#)
        ])

    /// `entity-changed`: an entity's stored settings change.
    static let entityChanged = FindingUnit(
        .entityChanged, .note,
        summary: "An entity's stored shape changes: abstract, version hash modifier, uniqueness constraints (inferable).",
        why:
            "These settings are part of the entity's version hash, so Core Data migrates the store; the inferred mapping copies the objects.",
        fix: "Nothing to do. A new uniqueness constraint fails the migration if stored objects break it: deduplicate first.",
        triggering: [
            .models(
                "Note gets a uniqueness constraint on title",
                old: #"<entity name="Note"><attribute name="title" attributeType="String"/></entity>"#,
                new: #"""
                    <entity name="Note">
                        <attribute name="title" attributeType="String"/>
                        <uniquenessConstraints><uniquenessConstraint><constraint value="title"/></uniquenessConstraint></uniquenessConstraints>
                    </entity>
                    """#)
        ],
        passing: [
            .models(
                "Note changes its class name (cosmetic-change)",
                old: #"<entity name="Note" representedClassName="Note"><attribute name="title" attributeType="String"/></entity>"#,
                new: #"<entity name="Note" representedClassName="NoteObject"><attribute name="title" attributeType="String"/></entity>"#)
        ])

    /// `hierarchy-changed`: an entity gets a new parent or leaves its hierarchy.
    static let hierarchyChanged = FindingUnit(
        .hierarchyChanged, .note,
        summary: "An entity gets a new parent or leaves its hierarchy (inferable).",
        why: "The inferred mapping moves the entity's objects into its new hierarchy's table, as long as no two hierarchies merge.",
        fix: "Nothing to do.",
        triggering: [
            .models(
                "Note gets the new parent Item",
                old: #"<entity name="Note"><attribute name="title" optional="YES" attributeType="String"/></entity>"#,
                new: #"""
                    <entity name="Item"><attribute name="created" optional="YES" attributeType="Date"/></entity>
                    <entity name="Note" parentEntity="Item"><attribute name="title" optional="YES" attributeType="String"/></entity>
                    """#)
        ],
        passing: [
            .models(
                "Item is added and Note keeps no parent (entity-added)",
                old: #"<entity name="Note"><attribute name="title" optional="YES" attributeType="String"/></entity>"#,
                new: #"""
                    <entity name="Item"><attribute name="created" optional="YES" attributeType="Date"/></entity>
                    <entity name="Note"><attribute name="title" optional="YES" attributeType="String"/></entity>
                    """#)
        ])
}
