extension FindingUnit {
    /// `version-after-current`: versions that sort after the current one under the bundle's own order.
    static let versionAfterCurrent = FindingUnit(
        .versionAfterCurrent, .warning,
        summary:
            "Versions sort after the current one: checked as drafts, never migrated to. If they shipped before it, "
            + "give the order (`order:` in .modeldiff.yml, or --order).",
        why: """
            Without an order from the team (--order, the lock file, `order:`), versions follow Xcode's convention: the \
            version named after the bundle first, then natural name order. Teams rename versions, so a version that \
            shipped first can sort after the current one; `check` would then treat it as a draft and check a step \
            backwards that no store ever takes, and pass over the real step into the current version.
            """,
        fix: "List the versions oldest first in `order:` of .modeldiff.yml (or give --order), or run `modeldiff lock`.",
        triggering: [
            .session(
                "a copy of the first version named to sort after the current one",
                """
                cp -R Notes.xcdatamodeld/Notes.xcdatamodel "Notes.xcdatamodeld/Notes 3.xcdatamodel"
                modeldiff check Notes.xcdatamodeld
                """)
        ],
        passing: [
            .session(
                "the same bundle with the team's order given",
                """
                cp -R Notes.xcdatamodeld/Notes.xcdatamodel "Notes.xcdatamodeld/Notes 3.xcdatamodel"
                modeldiff check Notes.xcdatamodeld --order "Notes,Notes 3,Notes 2"
                """)
        ])
}
