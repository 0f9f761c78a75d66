extension FindingUnit {
    /// `to-many-to-one`: a to-many relationship becomes to-one.
    static let toManyToOne = FindingUnit(
        .toManyToOne, .warning,
        summary: "A to-many relationship becomes to-one: only one related object is kept.",
        why: "The inferred mapping accepts the change, but a to-one holds one object: of each object's links, one survives.",
        fix: "Nothing, if one link is enough; otherwise keep it to-many, or choose the survivor in a mapping model.",
        triggering: [
            .models(
                "Note.tags becomes to-one",
                old: #"""
                    <entity name="Tag"><attribute name="name" attributeType="String"/></entity>
                    <entity name="Note"><relationship name="tags" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Tag"/></entity>
                    """#,
                new: #"""
                    <entity name="Tag"><attribute name="name" attributeType="String"/></entity>
                    <entity name="Note"><relationship name="tags" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Tag"/></entity>
                    """#)
        ],
        passing: [
            .models(
                "Note.tag becomes to-many (to-one-to-many)",
                old: #"""
                    <entity name="Tag"><attribute name="name" attributeType="String"/></entity>
                    <entity name="Note"><relationship name="tag" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Tag"/></entity>
                    """#,
                new: #"""
                    <entity name="Tag"><attribute name="name" attributeType="String"/></entity>
                    <entity name="Note"><relationship name="tag" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Tag"/></entity>
                    """#)
        ])

    /// `to-one-to-many`: a to-one relationship becomes to-many.
    static let toOneToMany = FindingUnit(
        .toOneToMany, .note,
        summary: "A to-one relationship becomes to-many (inferable).",
        why: "Each object's one link becomes a set of one; nothing is lost.",
        fix: "Nothing to do.",
        triggering: toManyToOne.passing,
        passing: toManyToOne.triggering)

    /// `max-count-lowered`: a to-many allows fewer objects.
    static let maxCountLowered = FindingUnit(
        .maxCountLowered, .warning,
        summary: "A to-many relationship's maximum count is lowered: objects with more fail validation.",
        why: "The inferred mapping copies every link, and Core Data validates the migrated objects against the new maximum.",
        fix: "Make sure no stored object has more related objects than the new maximum (trim them before migrating), or keep the maximum.",
        triggering: [
            .models(
                "Note.tags allows at most 3",
                old: #"""
                    <entity name="Tag"><attribute name="name" attributeType="String"/></entity>
                    <entity name="Note"><relationship name="tags" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Tag"/></entity>
                    """#,
                new: #"""
                    <entity name="Tag"><attribute name="name" attributeType="String"/></entity>
                    <entity name="Note">
                        <relationship name="tags" optional="YES" toMany="YES" maxCount="3" deletionRule="Nullify" destinationEntity="Tag"/>
                    </entity>
                    """#)
        ],
        passing: [
            .models(
                "the maximum rises from 3 to 5 (a note: nothing to validate)",
                old: #"""
                    <entity name="Tag"><attribute name="name" attributeType="String"/></entity>
                    <entity name="Note">
                        <relationship name="tags" optional="YES" toMany="YES" maxCount="3" deletionRule="Nullify" destinationEntity="Tag"/>
                    </entity>
                    """#,
                new: #"""
                    <entity name="Tag"><attribute name="name" attributeType="String"/></entity>
                    <entity name="Note">
                        <relationship name="tags" optional="YES" toMany="YES" maxCount="5" deletionRule="Nullify" destinationEntity="Tag"/>
                    </entity>
                    """#)
        ])

    /// `relationship-made-required`: a relationship becomes non-optional or needs more objects.
    static let relationshipMadeRequired = FindingUnit(
        .relationshipMadeRequired, .warning,
        summary: "A relationship becomes required: objects with fewer related objects fail validation.",
        why:
            "The inferred mapping copies the links as they are; an object with an empty to-one, or fewer than the new minimum, fails validation.",
        fix: "Make sure every stored object has the relationship set before migrating, or keep it optional.",
        triggering: [
            .models(
                "Note.folder becomes required",
                old: #"""
                    <entity name="Folder"><attribute name="name" attributeType="String"/></entity>
                    <entity name="Note"><relationship name="folder" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Folder"/></entity>
                    """#,
                new: #"""
                    <entity name="Folder"><attribute name="name" attributeType="String"/></entity>
                    <entity name="Note"><relationship name="folder" maxCount="1" deletionRule="Nullify" destinationEntity="Folder"/></entity>
                    """#)
        ],
        passing: [
            .models(
                "a to-many becomes non-optional with a minimum of 0",
                old: #"""
                    <entity name="Tag"><attribute name="name" attributeType="String"/></entity>
                    <entity name="Note"><relationship name="tags" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Tag"/></entity>
                    """#,
                new: #"""
                    <entity name="Tag"><attribute name="name" attributeType="String"/></entity>
                    <entity name="Note"><relationship name="tags" toMany="YES" deletionRule="Nullify" destinationEntity="Tag"/></entity>
                    """#)
        ])

    /// `ordering-changed`: a to-many becomes ordered or unordered.
    static let orderingChanged = FindingUnit(
        .orderingChanged, .note,
        summary: "A to-many relationship becomes ordered or unordered (inferable).",
        why: "The inferred mapping keeps every link; an ordered relationship gets an order column, filled in the store's order.",
        fix: "Nothing to do.",
        triggering: [
            .models(
                "Note.tags becomes ordered",
                old: #"""
                    <entity name="Tag"><attribute name="name" attributeType="String"/></entity>
                    <entity name="Note"><relationship name="tags" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Tag"/></entity>
                    """#,
                new: #"""
                    <entity name="Tag"><attribute name="name" attributeType="String"/></entity>
                    <entity name="Note">
                        <relationship name="tags" optional="YES" toMany="YES" ordered="YES" deletionRule="Nullify" destinationEntity="Tag"/>
                    </entity>
                    """#)
        ],
        passing: [
            .models(
                "Note.tags changes its delete rule only",
                old: #"""
                    <entity name="Tag"><attribute name="name" attributeType="String"/></entity>
                    <entity name="Note"><relationship name="tags" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Tag"/></entity>
                    """#,
                new: #"""
                    <entity name="Tag"><attribute name="name" attributeType="String"/></entity>
                    <entity name="Note"><relationship name="tags" optional="YES" toMany="YES" deletionRule="Cascade" destinationEntity="Tag"/></entity>
                    """#)
        ])
}
