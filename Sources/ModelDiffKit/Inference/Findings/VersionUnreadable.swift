extension FindingUnit {
    /// `version-unreadable`: one version of a bundle that the reader refuses.
    static let versionUnreadable = FindingUnit(
        .versionUnreadable, .error,
        summary:
            "A version of the bundle cannot be read (not XML, a name that cannot be an identifier, a missing destination "
            + "entity): the steps into and out of it are not checked; every other pair is.",
        why: """
            One version that cannot mean a model says nothing about the others, so `check` reports it once, at the \
            reader's line, names the steps it could not check, and checks every other pair: a team sees every problem \
            of its history in one run. Xcode would not compile the version either, so no store of it can exist unless \
            the file was damaged after it shipped. The current version stays required: every step leads to it.
            """,
        fix:
            "Correct the file at the line the reader names (or restore it from version control); `modeldiff versions` lists every version's problem.",
        triggering: [
            .session(
                "the first version's file damaged",
                """
                printf '<model><entity name="Note"' > Notes.xcdatamodeld/Notes.xcdatamodel/contents
                modeldiff check Notes.xcdatamodeld
                """)
        ],
        passing: [
            .session(
                "the bundle as it is",
                """
                modeldiff check Notes.xcdatamodeld
                """)
        ])
}
