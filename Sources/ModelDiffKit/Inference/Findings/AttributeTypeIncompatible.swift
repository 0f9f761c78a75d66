extension FindingUnit {
    /// `attribute-type-incompatible`: a type change Core Data's inferred mapping cannot convert.
    static let attributeTypeIncompatible = FindingUnit(
        .attributeTypeIncompatible, .error,
        summary: "An attribute's type changes in a way lightweight migration cannot convert (134190).",
        why: """
            The inferred mapping copies each attribute's value as it is. It converts between numbers and Boolean, and \
            between Binary and Transformable when the new attribute allows it; any other type change makes Core Data \
            refuse the inferred mapping (error 134190, "Source and destination attribute types are incompatible").
            """,
        fix: """
            Keep the old attribute and add one of the new type beside it, or write a mapping model whose attribute \
            mapping converts the value (`modeldiff infer` writes a starter). Binary <-> Transformable needs the userInfo \
            key NSMigrationAllowTypeTransformation on the new attribute and no external storage on either side.
            """,
        triggering: [
            .models(
                "String becomes Integer 32",
                old: #"<entity name="Note"><attribute name="count" optional="YES" attributeType="String"/></entity>"#,
                new: #"<entity name="Note"><attribute name="count" optional="YES" attributeType="Integer 32"/></entity>"#),
            .models(
                "Binary becomes Transformable without the userInfo key",
                old: #"<entity name="Note"><attribute name="blob" optional="YES" attributeType="Binary"/></entity>"#,
                new: #"<entity name="Note"><attribute name="blob" optional="YES" attributeType="Transformable"/></entity>"#),
        ],
        passing: [
            .models(
                "Integer 16 becomes Integer 64 (number-widened)",
                old: #"<entity name="Note"><attribute name="count" optional="YES" attributeType="Integer 16"/></entity>"#,
                new: #"<entity name="Note"><attribute name="count" optional="YES" attributeType="Integer 64"/></entity>"#)
        ])
}
