extension FindingUnit {
    /// `required-attribute-without-default`: a new required attribute that migrated objects cannot fill.
    static let requiredAttributeWithoutDefault = FindingUnit(
        .requiredAttributeWithoutDefault, .error,
        summary: "A new required attribute has no default value: migrating a non-empty store fails validation (134110).",
        why: """
            Every object migrated into the new version gets the attribute's default value, or nil when it has none. \
            Core Data validates the migrated objects, and nil in a required attribute fails (error 134110, missing \
            attribute values on mandatory destination attribute) as soon as the store has one object of the entity.
            """,
        fix: "Give the attribute a default value, or make it optional.",
        triggering: [
            .models(
                "a required Integer 16 without a default",
                old: #"<entity name="Note"><attribute name="title" attributeType="String"/></entity>"#,
                new: #"""
                    <entity name="Note">
                        <attribute name="title" attributeType="String"/>
                        <attribute name="priority" attributeType="Integer 16" usesScalarValueType="YES"/>
                    </entity>
                    """#)
        ],
        passing: [
            .models(
                "the same attribute with a default value (property-added)",
                old: #"<entity name="Note"><attribute name="title" attributeType="String"/></entity>"#,
                new: #"""
                    <entity name="Note">
                        <attribute name="title" attributeType="String"/>
                        <attribute name="priority" attributeType="Integer 16" defaultValueString="0" usesScalarValueType="YES"/>
                    </entity>
                    """#),
            .models(
                "a new optional attribute (property-added)",
                old: #"<entity name="Note"><attribute name="title" attributeType="String"/></entity>"#,
                new: #"""
                    <entity name="Note">
                        <attribute name="title" attributeType="String"/>
                        <attribute name="priority" optional="YES" attributeType="Integer 16" usesScalarValueType="YES"/>
                    </entity>
                    """#),
        ])
}
