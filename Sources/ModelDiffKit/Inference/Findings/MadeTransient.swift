extension FindingUnit {
    /// `attribute-made-transient`: a stored attribute stops being stored.
    static let attributeMadeTransient = FindingUnit(
        .attributeMadeTransient, .warning,
        summary: "A stored attribute becomes transient: its values are lost.",
        why: "A transient attribute has no column, so the inferred mapping drops the stored values.",
        fix: "Nothing, if the values are meant to go; otherwise keep the attribute stored.",
        triggering: [
            .models(
                "Note.preview becomes transient",
                old: #"<entity name="Note"><attribute name="preview" optional="YES" attributeType="String"/></entity>"#,
                new: #"<entity name="Note"><attribute name="preview" optional="YES" transient="YES" attributeType="String"/></entity>"#)
        ],
        passing: [
            .models(
                "a transient attribute becomes stored (attribute-changed)",
                old: #"<entity name="Note"><attribute name="preview" optional="YES" transient="YES" attributeType="String"/></entity>"#,
                new: #"<entity name="Note"><attribute name="preview" optional="YES" attributeType="String"/></entity>"#)
        ])

    /// `relationship-made-transient`: a stored relationship stops being stored.
    static let relationshipMadeTransient = FindingUnit(
        .relationshipMadeTransient, .warning,
        summary: "A stored relationship becomes transient: its links are lost.",
        why: "A transient relationship is not stored, so the inferred mapping drops the links.",
        fix: "Nothing, if the links are meant to go; otherwise keep the relationship stored.",
        triggering: [
            .models(
                "Note.folder becomes transient",
                old: #"""
                    <entity name="Folder"><attribute name="name" attributeType="String"/></entity>
                    <entity name="Note">
                        <relationship name="folder" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Folder"/>
                    </entity>
                    """#,
                new: #"""
                    <entity name="Folder"><attribute name="name" attributeType="String"/></entity>
                    <entity name="Note">
                        <relationship name="folder" optional="YES" maxCount="1" transient="YES" deletionRule="Nullify" destinationEntity="Folder"/>
                    </entity>
                    """#)
        ],
        passing: [
            .models(
                "Note.folder stays stored",
                old: #"""
                    <entity name="Folder"><attribute name="name" attributeType="String"/></entity>
                    <entity name="Note">
                        <relationship name="folder" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Folder"/>
                    </entity>
                    """#,
                new: #"""
                    <entity name="Folder"><attribute name="name" attributeType="String"/></entity>
                    <entity name="Note">
                        <relationship name="folder" optional="YES" maxCount="1" deletionRule="Cascade" destinationEntity="Folder"/>
                    </entity>
                    """#)
        ])
}
