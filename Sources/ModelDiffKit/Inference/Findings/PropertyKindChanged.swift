extension FindingUnit {
    /// `property-kind-changed`: an attribute becomes a relationship under the same name, or the reverse.
    static let propertyKindChanged = FindingUnit(
        .propertyKindChanged, .warning,
        summary: "A property changes between attribute and relationship under the same name: the old one's data is dropped.",
        why: """
            Core Data matches properties by name (or renaming identifier) but maps an attribute only to an attribute, \
            a relationship only to a relationship (`_NSMappingModelBuilder`: "Properties cannot be mapped to other \
            property types"): it infers the step as the old property removed, its values or links lost, and the new \
            one added, which the rules for an added property then judge.
            """,
        fix: """
            To keep the data, give the new property another name (or renaming identifier) and fill it in a mapping \
            model (`modeldiff infer` writes a starter).
            """,
        triggering: [
            .models(
                "the String attribute folder becomes a relationship",
                old: #"""
                    <entity name="Folder"><attribute name="name" attributeType="String"/></entity>
                    <entity name="Note"><attribute name="folder" optional="YES" attributeType="String"/></entity>
                    """#,
                new: #"""
                    <entity name="Folder"><attribute name="name" attributeType="String"/></entity>
                    <entity name="Note">
                        <relationship name="folder" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Folder"/>
                    </entity>
                    """#)
        ],
        passing: [
            .models(
                "the relationship gets another name (attribute-removed, property-added)",
                old: #"""
                    <entity name="Folder"><attribute name="name" attributeType="String"/></entity>
                    <entity name="Note"><attribute name="folder" optional="YES" attributeType="String"/></entity>
                    """#,
                new: #"""
                    <entity name="Folder"><attribute name="name" attributeType="String"/></entity>
                    <entity name="Note">
                        <relationship name="parent" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Folder"/>
                    </entity>
                    """#)
        ])
}
