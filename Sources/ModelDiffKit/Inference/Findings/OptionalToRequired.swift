extension FindingUnit {
    /// `optional-to-required-without-default`: an attribute made required that stored nils fail.
    static let optionalToRequiredWithoutDefault = FindingUnit(
        .optionalToRequiredWithoutDefault, .error,
        summary: "An optional attribute becomes required without a default value (134110 on any nil value).",
        why: """
            The inferred mapping copies the stored value, nil included, and Core Data validates the migrated objects: \
            any object whose value was nil fails (error 134110), and the whole migration with it.
            """,
        fix: "Give the attribute a default value (Core Data fills nils with it), or keep it optional.",
        triggering: [
            .models(
                "an optional String becomes required",
                old: #"<entity name="Note"><attribute name="title" optional="YES" attributeType="String"/></entity>"#,
                new: #"<entity name="Note"><attribute name="title" attributeType="String"/></entity>"#)
        ],
        passing: [
            .models(
                "the same change with a default value (optional-to-required)",
                old: #"<entity name="Note"><attribute name="title" optional="YES" attributeType="String"/></entity>"#,
                new: #"<entity name="Note"><attribute name="title" attributeType="String" defaultValueString="Untitled"/></entity>"#)
        ])

    /// `optional-to-required`: an attribute made required with a default value.
    static let optionalToRequired = FindingUnit(
        .optionalToRequired, .note,
        summary: "An attribute becomes required and has a default value (inferable).",
        why: "The inferred mapping fills a nil value with the attribute's default value, so every migrated object validates.",
        fix: "Nothing to do.",
        triggering: [
            .models(
                "an optional String becomes required with a default",
                old: #"<entity name="Note"><attribute name="title" optional="YES" attributeType="String"/></entity>"#,
                new: #"<entity name="Note"><attribute name="title" attributeType="String" defaultValueString="Untitled"/></entity>"#)
        ],
        passing: [
            .models(
                "without a default value (optional-to-required-without-default)",
                old: #"<entity name="Note"><attribute name="title" optional="YES" attributeType="String"/></entity>"#,
                new: #"<entity name="Note"><attribute name="title" attributeType="String"/></entity>"#)
        ])

    /// `required-to-optional`: an attribute made optional.
    static let requiredToOptional = FindingUnit(
        .requiredToOptional, .note,
        summary: "An attribute becomes optional (inferable).",
        why: "Every stored value stays valid when nil becomes allowed; the version hash changes, so Core Data migrates the store.",
        fix: "Nothing to do.",
        triggering: [
            .models(
                "a required String becomes optional",
                old: #"<entity name="Note"><attribute name="title" attributeType="String"/></entity>"#,
                new: #"<entity name="Note"><attribute name="title" optional="YES" attributeType="String"/></entity>"#)
        ],
        passing: [
            .models(
                "an optional attribute stays optional",
                old: #"<entity name="Note"><attribute name="title" optional="YES" attributeType="String"/></entity>"#,
                new: #"<entity name="Note"><attribute name="title" optional="YES" attributeType="String"/></entity>"#)
        ])
}
