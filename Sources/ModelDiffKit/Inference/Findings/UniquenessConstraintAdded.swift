extension FindingUnit {
    /// `uniqueness-constraint-added`: an entity gains a uniqueness constraint (`@Attribute(.unique)`, `#Unique`).
    static let uniquenessConstraintAdded = FindingUnit(
        .uniquenessConstraintAdded, .warning,
        summary: "An entity gains a uniqueness constraint: the migration fails if stored objects repeat its values.",
        why: """
            The constraint is part of the entity's version hash, and the inferred mapping copies the objects as they \
            are; Core Data then validates the new store, and two objects with the same value fail the migration \
            (NSManagedObjectConstraintMergeError, 1551, as `modeldiff test` shows with a seeded duplicate). In SwiftData \
            the constraint is `@Attribute(.unique)` or `#Unique`.
            """,
        fix: """
            Deduplicate before the migration (in SwiftData, a `.custom` stage whose `willMigrate` deletes or merges the \
            duplicates), or acknowledge the warning once the data is known to be unique.
            """,
        triggering: [
            .models(
                "Note gets a uniqueness constraint on title",
                old: #"<entity name="Note"><attribute name="title" attributeType="String"/></entity>"#,
                new: #"""
                    <entity name="Note">
                        <attribute name="title" attributeType="String"/>
                        <uniquenessConstraints><uniquenessConstraint><constraint value="title"/></uniquenessConstraint></uniquenessConstraints>
                    </entity>
                    """#)
        ],
        passing: [
            .models(
                "Note drops its uniqueness constraint on title",
                old: #"""
                    <entity name="Note">
                        <attribute name="title" attributeType="String"/>
                        <uniquenessConstraints><uniquenessConstraint><constraint value="title"/></uniquenessConstraint></uniquenessConstraints>
                    </entity>
                    """#,
                new: #"<entity name="Note"><attribute name="title" attributeType="String"/></entity>"#)
        ])
}
