extension FindingUnit {
    /// `binary-transformable`: Binary <-> Transformable that the new attribute allows.
    static let binaryTransformable = FindingUnit(
        .binaryTransformable, .note,
        summary: "Binary ↔ Transformable with NSMigrationAllowTypeTransformation (inferable).",
        why: """
            Core Data's inferred mapping converts between Binary and Transformable when the new attribute's userInfo \
            has the key NSMigrationAllowTypeTransformation and neither side allows external storage.
            """,
        fix: "Nothing to do.",
        triggering: [
            .models(
                "Binary becomes Transformable with the userInfo key",
                old: #"<entity name="Note"><attribute name="blob" optional="YES" attributeType="Binary"/></entity>"#,
                new: #"""
                    <entity name="Note">
                        <attribute name="blob" optional="YES" attributeType="Transformable">
                            <userInfo><entry key="NSMigrationAllowTypeTransformation" value="YES"/></userInfo>
                        </attribute>
                    </entity>
                    """#)
        ],
        passing: [
            .models(
                "without the key (attribute-type-incompatible)",
                old: #"<entity name="Note"><attribute name="blob" optional="YES" attributeType="Binary"/></entity>"#,
                new: #"<entity name="Note"><attribute name="blob" optional="YES" attributeType="Transformable"/></entity>"#),
            .models(
                "with the key but external storage (attribute-type-incompatible)",
                old:
                    #"<entity name="Note"><attribute name="blob" optional="YES" attributeType="Binary" allowsExternalBinaryDataStorage="YES"/></entity>"#,
                new: #"""
                    <entity name="Note">
                        <attribute name="blob" optional="YES" attributeType="Transformable">
                            <userInfo><entry key="NSMigrationAllowTypeTransformation" value="YES"/></userInfo>
                        </attribute>
                    </entity>
                    """#),
        ])
}
