// Changes of a schema already deployed to CloudKit's production environment, which is add-only:
// record types and fields cannot be deleted or changed, and a field is named after its property
// (`CD_` + name), so a rename is a removal (CloudKitRules.change).
extension FindingUnit {
    private static let productionWhy = """
        Once a CloudKit schema is deployed to production it is add-only: record types and fields cannot be deleted \
        or changed, and devices running older versions of the app keep reading and writing them.
        """

    /// `cloudkit-entity-removed`.
    static let cloudkitEntityRemoved = FindingUnit(
        .cloudkitEntityRemoved, .error,
        summary: "check --cloudkit: a mirrored entity is removed; the production schema is add-only.",
        why: productionWhy + " The entity's record type stays, and older versions keep syncing it.",
        fix: "Keep the entity.",
        triggering: [
            .cloudKit(
                "Tag is removed",
                old: #"""
                    <entity name="Note"><attribute name="title" optional="YES" attributeType="String"/></entity>
                    <entity name="Tag"><attribute name="name" optional="YES" attributeType="String"/></entity>
                    """#,
                new: #"<entity name="Note"><attribute name="title" optional="YES" attributeType="String"/></entity>"#)
        ],
        passing: [
            .cloudKit(
                "Tag is added",
                old: #"<entity name="Note"><attribute name="title" optional="YES" attributeType="String"/></entity>"#,
                new: #"""
                    <entity name="Note"><attribute name="title" optional="YES" attributeType="String"/></entity>
                    <entity name="Tag"><attribute name="name" optional="YES" attributeType="String"/></entity>
                    """#)
        ])

    /// `cloudkit-entity-renamed`.
    static let cloudkitEntityRenamed = FindingUnit(
        .cloudkitEntityRenamed, .error,
        summary: "check --cloudkit: a mirrored entity is renamed; its record type keeps the old name.",
        why: productionWhy + " A record type is named after its entity (`CD_` + name), so a rename is a new record type.",
        fix: "Keep the entity's name (change only its class name, which CloudKit does not see).",
        triggering: [
            .cloudKit(
                "Note becomes Memo, renaming identifier Note",
                old: #"<entity name="Note"><attribute name="title" optional="YES" attributeType="String"/></entity>"#,
                new: #"<entity name="Memo" elementID="Note"><attribute name="title" optional="YES" attributeType="String"/></entity>"#)
        ],
        passing: [
            .cloudKit(
                "Note gets the class name Memo",
                old:
                    #"<entity name="Note" representedClassName="Note"><attribute name="title" optional="YES" attributeType="String"/></entity>"#,
                new:
                    #"<entity name="Note" representedClassName="Memo"><attribute name="title" optional="YES" attributeType="String"/></entity>"#
            )
        ])

    /// `cloudkit-property-removed`.
    static let cloudkitPropertyRemoved = FindingUnit(
        .cloudkitPropertyRemoved, .error,
        summary: "check --cloudkit: a mirrored attribute or relationship is removed; the production schema is add-only.",
        why: productionWhy + " The property's field stays, and older versions keep writing it.",
        fix: "Keep the property, unused.",
        triggering: [
            .cloudKit(
                "Note.body is removed",
                old: #"""
                    <entity name="Note">
                        <attribute name="title" optional="YES" attributeType="String"/>
                        <attribute name="body" optional="YES" attributeType="String"/>
                    </entity>
                    """#,
                new: #"<entity name="Note"><attribute name="title" optional="YES" attributeType="String"/></entity>"#)
        ],
        passing: [
            .cloudKit(
                "a transient Note.body is removed",
                old: #"""
                    <entity name="Note">
                        <attribute name="title" optional="YES" attributeType="String"/>
                        <attribute name="body" optional="YES" transient="YES" attributeType="String"/>
                    </entity>
                    """#,
                new: #"<entity name="Note"><attribute name="title" optional="YES" attributeType="String"/></entity>"#)
        ])

    /// `cloudkit-property-renamed`.
    static let cloudkitPropertyRenamed = FindingUnit(
        .cloudkitPropertyRenamed, .error,
        summary: "check --cloudkit: a mirrored property is renamed; its field keeps the old name.",
        why: productionWhy + " A field is named after its property (`CD_` + name), so a rename is a new field.",
        fix: "Keep the property's name.",
        triggering: [
            .cloudKit(
                "Note.title becomes headline, renaming identifier title",
                old: #"<entity name="Note"><attribute name="title" optional="YES" attributeType="String"/></entity>"#,
                new: #"<entity name="Note"><attribute name="headline" optional="YES" attributeType="String" elementID="title"/></entity>"#)
        ],
        passing: [
            .cloudKit(
                "Note gets a new attribute headline beside title",
                old: #"<entity name="Note"><attribute name="title" optional="YES" attributeType="String"/></entity>"#,
                new: #"""
                    <entity name="Note">
                        <attribute name="title" optional="YES" attributeType="String"/>
                        <attribute name="headline" optional="YES" attributeType="String"/>
                    </entity>
                    """#)
        ])

    /// `cloudkit-type-changed`.
    static let cloudkitTypeChanged = FindingUnit(
        .cloudkitTypeChanged, .error,
        summary: "check --cloudkit: a mirrored attribute changes type, or a relationship its destination or cardinality.",
        why: productionWhy + " A field keeps its type, and a link is stored by its destination and cardinality.",
        fix: "Add a new attribute (or relationship) instead, and keep the old one.",
        triggering: [
            .cloudKit(
                "Note.count becomes Integer 64",
                old: #"<entity name="Note"><attribute name="count" optional="YES" attributeType="Integer 16"/></entity>"#,
                new: #"<entity name="Note"><attribute name="count" optional="YES" attributeType="Integer 64"/></entity>"#)
        ],
        passing: [
            .cloudKit(
                "Note.count gets a default value",
                old: #"<entity name="Note"><attribute name="count" optional="YES" attributeType="Integer 16"/></entity>"#,
                new:
                    #"<entity name="Note"><attribute name="count" optional="YES" attributeType="Integer 16" defaultValueString="0"/></entity>"#
            )
        ])

    /// `cloudkit-made-required`.
    static let cloudkitMadeRequired = FindingUnit(
        .cloudkitMadeRequired, .error,
        summary: "check --cloudkit: a mirrored attribute becomes required; records of older versions may lack it.",
        why: productionWhy + " Records written by older versions may lack the field.",
        fix: "Keep the attribute optional.",
        triggering: [
            .cloudKit(
                "Note.title becomes required with a default value",
                old: #"<entity name="Note"><attribute name="title" optional="YES" attributeType="String"/></entity>"#,
                new: #"<entity name="Note"><attribute name="title" attributeType="String" defaultValueString=""/></entity>"#)
        ],
        passing: [
            .cloudKit(
                "Note.title becomes optional",
                old: #"<entity name="Note"><attribute name="title" attributeType="String" defaultValueString=""/></entity>"#,
                new: #"<entity name="Note"><attribute name="title" optional="YES" attributeType="String" defaultValueString=""/></entity>"#)
        ])
}
