extension FindingUnit {
    /// `acknowledgement-unused`: an acknowledgement in `.modeldiff.yml` that matches no finding.
    static let acknowledgementUnused = FindingUnit(
        .acknowledgementUnused, .warning,
        summary: "An acknowledged finding in .modeldiff.yml matches nothing in the pairs checked (fixed, or mistyped).",
        why: """
            An acknowledgement turns a finding of one step into a note. One that matches nothing was either fixed, \
            so it can go, or is mistyped (code, pair, entity or property), so the finding it meant still fails.
            """,
        fix: "Remove the acknowledgement, or correct its code, pair, entity or property.",
        triggering: [
            .session(
                "attribute-removed is acknowledged, but no attribute is removed",
                """
                printf 'acknowledged:\\n  - code: attribute-removed\\n    pair: Notes -> Notes 2\\n    entity: Note\\n    reason: drafts\\n' > .modeldiff.yml
                modeldiff check Notes.xcdatamodeld
                """)
        ],
        passing: [
            .session(
                "the acknowledged attribute Note.createdAt is removed",
                """
                printf 'acknowledged:\\n  - code: attribute-removed\\n    pair: Notes -> Notes 2\\n    entity: Note\\n    reason: drafts\\n' > .modeldiff.yml
                sed -i '/name="createdAt"/d' "Notes.xcdatamodeld/Notes 2.xcdatamodel/contents"
                modeldiff check Notes.xcdatamodeld
                """)
        ])
}
