extension FindingUnit {
    /// `number-narrowed`: a number type that holds fewer values.
    static let numberNarrowed = FindingUnit(
        .numberNarrowed, .warning,
        summary: "A number type narrows: values that do not fit are truncated or overflow.",
        why:
            "The inferred mapping converts between number types, but a value too large for the new type, or with a fraction for an integer, changes.",
        fix: "Make sure the stored values fit the new type, or keep the wider one.",
        triggering: [
            .models(
                "Integer 64 becomes Integer 16",
                old: #"<entity name="Note"><attribute name="count" optional="YES" attributeType="Integer 64"/></entity>"#,
                new: #"<entity name="Note"><attribute name="count" optional="YES" attributeType="Integer 16"/></entity>"#),
            .models(
                "Double becomes Integer 64",
                old: #"<entity name="Note"><attribute name="score" optional="YES" attributeType="Double"/></entity>"#,
                new: #"<entity name="Note"><attribute name="score" optional="YES" attributeType="Integer 64"/></entity>"#),
        ],
        passing: [
            .models(
                "Integer 16 becomes Integer 64 (number-widened)",
                old: #"<entity name="Note"><attribute name="count" optional="YES" attributeType="Integer 16"/></entity>"#,
                new: #"<entity name="Note"><attribute name="count" optional="YES" attributeType="Integer 64"/></entity>"#)
        ])

    /// `number-widened`: a number type that holds more values.
    static let numberWidened = FindingUnit(
        .numberWidened, .note,
        summary: "A number type widens (inferable).",
        why: "Every stored value fits the new type, and the inferred mapping converts it.",
        fix: "Nothing to do.",
        triggering: numberNarrowed.passing,
        passing: numberNarrowed.triggering)

    /// `number-to-boolean`: a number becomes a Boolean.
    static let numberToBoolean = FindingUnit(
        .numberToBoolean, .warning,
        summary: "A number becomes Boolean: every non-zero value becomes YES.",
        why: "The inferred mapping converts numbers to Boolean, which keeps only zero or not zero.",
        fix: "Nothing, if zero or not zero is all that mattered; otherwise keep the number.",
        triggering: [
            .models(
                "Integer 16 becomes Boolean",
                old: #"<entity name="Note"><attribute name="flag" optional="YES" attributeType="Integer 16"/></entity>"#,
                new: #"<entity name="Note"><attribute name="flag" optional="YES" attributeType="Boolean"/></entity>"#)
        ],
        passing: [
            .models(
                "Boolean becomes Integer 16 (boolean-to-number)",
                old: #"<entity name="Note"><attribute name="flag" optional="YES" attributeType="Boolean"/></entity>"#,
                new: #"<entity name="Note"><attribute name="flag" optional="YES" attributeType="Integer 16"/></entity>"#)
        ])

    /// `boolean-to-number`: a Boolean becomes a number.
    static let booleanToNumber = FindingUnit(
        .booleanToNumber, .note,
        summary: "A Boolean becomes a number (inferable).",
        why: "The inferred mapping converts NO to 0 and YES to 1.",
        fix: "Nothing to do.",
        triggering: numberToBoolean.passing,
        passing: numberToBoolean.triggering)
}
