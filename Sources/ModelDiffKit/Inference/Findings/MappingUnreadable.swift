extension FindingUnit {
    /// `mapping-unreadable`: a mapping model beside the bundle that cannot be read at all.
    static let mappingUnreadable = FindingUnit(
        .mappingUnreadable, .error,
        summary:
            "A mapping model beside the bundle (or under --mappings) cannot be read (empty, a Git LFS pointer, not a mapping): "
            + "the step it was written for is checked without it.",
        why: """
            A mapping file the project keeps is meant for some step, but one that cannot be read names no step: `check` \
            cannot tell which pair it was written for, so it reports the file with the reader's reason and checks every \
            pair without it. Core Data's migration would not find it either: a step that needs it fails on the device.
            """,
        fix: "Restore the file (a Git LFS pointer needs `git lfs pull`), write it again with `modeldiff infer`, or remove it.",
        triggering: [
            .session(
                "a mapping file that is a Git LFS pointer",
                """
                printf 'version https://git-lfs.github.com/spec/v1\\noid sha256:0\\nsize 1\\n' > Notes.mapping.xml
                modeldiff check Notes.xcdatamodeld
                """)
        ],
        passing: [
            .session(
                "the mapping file as infer wrote it",
                """
                modeldiff infer Notes.xcdatamodeld/Notes.xcdatamodel "Notes.xcdatamodeld/Notes 2.xcdatamodel" --output Notes.mapping.xml
                modeldiff check Notes.xcdatamodeld
                """)
        ])
}
