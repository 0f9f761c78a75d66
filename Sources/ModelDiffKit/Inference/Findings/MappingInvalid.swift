extension FindingUnit {
    /// `mapping-invalid`: a mapping model that claims a step but does not fit its versions.
    static let mappingInvalid = FindingUnit(
        .mappingInvalid, .error,
        summary: "A mapping model in the repository claims a step but does not validate against its two versions.",
        why: """
            A mapping model found beside the bundle (or under --mappings) that names a step makes `check` trust it \
            for that step (verdict mapped), but only once it validates against both versions: an entity, property \
            or expression that no longer fits would make Core Data's migration fail at run time.
            """,
        fix: "Write the mapping again for the versions as they are (`modeldiff infer`), or correct what validation names.",
        triggering: [
            .session(
                "the mapping names a source attribute the old version does not have",
                """
                modeldiff infer Notes.xcdatamodeld/Notes.xcdatamodel "Notes.xcdatamodeld/Notes 2.xcdatamodel" --output Notes.mapping.xml
                sed -i 's/\\$source.title/$source.heading/' Notes.mapping.xml
                modeldiff check Notes.xcdatamodeld
                """)
        ],
        passing: [
            .session(
                "the mapping as infer wrote it",
                """
                modeldiff infer Notes.xcdatamodeld/Notes.xcdatamodel "Notes.xcdatamodeld/Notes 2.xcdatamodel" --output Notes.mapping.xml
                modeldiff check Notes.xcdatamodeld
                """)
        ])
}
