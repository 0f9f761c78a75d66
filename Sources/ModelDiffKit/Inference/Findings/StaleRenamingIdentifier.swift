extension FindingUnit {
    /// `stale-renaming-identifier`: an old entity's renaming identifier that keeps it from matching its namesake.
    static let staleRenamingIdentifier = FindingUnit(
        .staleRenamingIdentifier, .warning,
        summary: """
            An entity of the old version carries a renaming identifier that no entity of the new version carries, while an \
            entity of the same name exists: Core Data matches by renaming identifier, so it deletes the old objects and the new \
            entity starts empty.
            """,
        why: """
            Core Data keys the old version's entities by renaming identifier (the name when there is none) and looks \
            each new entity up by its own: _NSMappingModelBuilder builds IEM_Remove_<identifier> and IEM_Add_<name>. \
            An identifier left on the old entity alone therefore splits it from the new entity of the same name.
            """,
        fix: """
            Remove the renaming identifier from the entity in the old version (it is not part of the version hash, so \
            that version's stores still open), or give the new entity the same identifier.
            """,
        triggering: [
            .models(
                "the old Folder has the identifier Directory, the new one none",
                old: #"""
                    <entity name="Folder" elementID="Directory"><attribute name="name" optional="YES" attributeType="String"/></entity>
                    """#,
                new: #"""
                    <entity name="Folder">
                        <attribute name="name" optional="YES" attributeType="String"/>
                        <attribute name="color" optional="YES" attributeType="String"/>
                    </entity>
                    """#)
        ],
        passing: [
            .models(
                "both versions of Folder carry the identifier (property-added)",
                old: #"""
                    <entity name="Folder" elementID="Directory"><attribute name="name" optional="YES" attributeType="String"/></entity>
                    """#,
                new: #"""
                    <entity name="Folder" elementID="Directory">
                        <attribute name="name" optional="YES" attributeType="String"/>
                        <attribute name="color" optional="YES" attributeType="String"/>
                    </entity>
                    """#)
        ])
}
