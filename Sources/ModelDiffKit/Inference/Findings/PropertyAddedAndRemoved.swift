extension FindingUnit {
    /// `property-added`: a new property every migrated object can do without.
    static let propertyAdded = FindingUnit(
        .propertyAdded, .note,
        summary: "A new optional, defaulted or transient property (inferable).",
        why: "The inferred mapping adds the column; migrated objects get the default value, nil, or an empty to-many, all valid.",
        fix: "Nothing to do.",
        triggering: [
            .models(
                "an optional attribute",
                old: #"<entity name="Note"><attribute name="title" attributeType="String"/></entity>"#,
                new: #"""
                    <entity name="Note">
                        <attribute name="title" attributeType="String"/>
                        <attribute name="body" optional="YES" attributeType="String"/>
                    </entity>
                    """#),
            .models(
                "a required attribute with a default value",
                old: #"<entity name="Note"><attribute name="title" attributeType="String"/></entity>"#,
                new: #"""
                    <entity name="Note">
                        <attribute name="title" attributeType="String"/>
                        <attribute name="pinned" attributeType="Boolean" defaultValueString="NO" usesScalarValueType="YES"/>
                    </entity>
                    """#),
        ],
        passing: [
            .models(
                "a required attribute without a default value (required-attribute-without-default)",
                old: #"<entity name="Note"><attribute name="title" attributeType="String"/></entity>"#,
                new: #"""
                    <entity name="Note">
                        <attribute name="title" attributeType="String"/>
                        <attribute name="pinned" attributeType="Boolean" usesScalarValueType="YES"/>
                    </entity>
                    """#)
        ])

    /// `attribute-removed`: a stored attribute and its values are gone.
    static let attributeRemoved = FindingUnit(
        .attributeRemoved, .warning,
        summary: "A stored attribute is removed: its values are lost.",
        why: "The inferred mapping copies only the attributes the new version has; the removed column's values are dropped.",
        fix: "Nothing, if the values are meant to go. If the attribute was renamed, give the new one the old name as renaming identifier.",
        triggering: [
            .models(
                "Note.body is removed",
                old: #"""
                    <entity name="Note">
                        <attribute name="title" attributeType="String"/>
                        <attribute name="body" optional="YES" attributeType="String"/>
                    </entity>
                    """#,
                new: #"<entity name="Note"><attribute name="title" attributeType="String"/></entity>"#)
        ],
        passing: [
            .models(
                "a transient attribute is removed (property-removed)",
                old: #"""
                    <entity name="Note">
                        <attribute name="title" attributeType="String"/>
                        <attribute name="preview" optional="YES" transient="YES" attributeType="String"/>
                    </entity>
                    """#,
                new: #"<entity name="Note"><attribute name="title" attributeType="String"/></entity>"#)
        ])

    /// `relationship-removed`: a stored relationship and its links are gone.
    static let relationshipRemoved = FindingUnit(
        .relationshipRemoved, .warning,
        summary: "A stored relationship is removed: its links are lost.",
        why: "The inferred mapping carries over only the relationships the new version has; the removed links are dropped.",
        fix: "Nothing, if the links are meant to go. If it was renamed, give the new relationship the old name as renaming identifier.",
        triggering: [
            .models(
                "Note.folder is removed",
                old: #"""
                    <entity name="Folder"><attribute name="name" attributeType="String"/></entity>
                    <entity name="Note">
                        <relationship name="folder" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Folder"/>
                    </entity>
                    """#,
                new: #"""
                    <entity name="Folder"><attribute name="name" attributeType="String"/></entity>
                    <entity name="Note"/>
                    """#)
        ],
        passing: [
            .models(
                "a transient relationship is removed (property-removed)",
                old: #"""
                    <entity name="Folder"><attribute name="name" attributeType="String"/></entity>
                    <entity name="Note">
                        <relationship name="folder" optional="YES" maxCount="1" transient="YES" deletionRule="Nullify" destinationEntity="Folder"/>
                    </entity>
                    """#,
                new: #"""
                    <entity name="Folder"><attribute name="name" attributeType="String"/></entity>
                    <entity name="Note"/>
                    """#)
        ])

    /// `property-removed`: a property that was not stored is removed.
    static let propertyRemoved = FindingUnit(
        .propertyRemoved, .note,
        summary: "A transient or fetched property is removed (nothing stored is lost).",
        why: "Transient and fetched properties have no column in the store, so removing them loses nothing.",
        fix: "Nothing to do.",
        triggering: [
            .models(
                "the transient Note.preview is removed",
                old: #"""
                    <entity name="Note">
                        <attribute name="title" attributeType="String"/>
                        <attribute name="preview" optional="YES" transient="YES" attributeType="String"/>
                    </entity>
                    """#,
                new: #"<entity name="Note"><attribute name="title" attributeType="String"/></entity>"#)
        ],
        passing: [
            .models(
                "the stored Note.preview is removed (attribute-removed)",
                old: #"""
                    <entity name="Note">
                        <attribute name="title" attributeType="String"/>
                        <attribute name="preview" optional="YES" attributeType="String"/>
                    </entity>
                    """#,
                new: #"<entity name="Note"><attribute name="title" attributeType="String"/></entity>"#)
        ])
}
