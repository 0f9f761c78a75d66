// The lock file (`modeldiff lock`, Notes.modeldiff.lock beside the bundle) records every version's entity
// version hashes; `check` compares the bundle with it (VersionLock.findings).
extension FindingUnit {
    /// `locked-version-changed`: a shipped version edited in place.
    static let lockedVersionChanged = FindingUnit(
        .lockedVersionChanged, .error,
        summary: """
            A version recorded in the lock file has other entity version hashes now: stores of the shipped app \
            would no longer open (134100).
            """,
        why: """
            Stores written by a shipped app carry its version's entity hashes. Core Data opens a store only with a \
            version whose hashes match (or migrates from one): a shipped version edited in place matches no store \
            in the field, which then fails to open (error 134100).
            """,
        fix: "Undo the edit and add a new model version with the change instead.",
        triggering: [
            .session(
                "Note.title of the locked version Notes gets a version hash modifier",
                """
                modeldiff lock Notes.xcdatamodeld
                sed -i 's/<attribute name="title"/<attribute name="title" versionHashModifier="2"/' Notes.xcdatamodeld/Notes.xcdatamodel/contents
                modeldiff check Notes.xcdatamodeld
                """)
        ],
        passing: [
            .session(
                "Note of the locked version Notes gets another class name, outside the version hash",
                """
                modeldiff lock Notes.xcdatamodeld
                sed -i 's/representedClassName="Note"/representedClassName="NoteObject"/' Notes.xcdatamodeld/Notes.xcdatamodel/contents
                modeldiff check Notes.xcdatamodeld
                """)
        ])

    /// `locked-version-removed`: a shipped version deleted from the bundle.
    static let lockedVersionRemoved = FindingUnit(
        .lockedVersionRemoved, .error,
        summary: "A version recorded in the lock file is gone from the bundle.",
        why: "Without the version a shipped store was written with, Core Data cannot find its source model to migrate it.",
        fix: "Restore the version; to stop supporting it, write a new lock with `modeldiff lock` deliberately.",
        triggering: [
            .session(
                "the locked version Notes is deleted",
                """
                modeldiff lock Notes.xcdatamodeld
                rm -r Notes.xcdatamodeld/Notes.xcdatamodel
                modeldiff check Notes.xcdatamodeld
                """)
        ],
        passing: [
            .session(
                "a version Notes 3 is added after the lock",
                """
                modeldiff lock Notes.xcdatamodeld
                cp -R "Notes.xcdatamodeld/Notes 2.xcdatamodel" "Notes.xcdatamodeld/Notes 3.xcdatamodel"
                modeldiff check Notes.xcdatamodeld
                """)
        ])

    /// `current-version-moved-back`: `.xccurrentversion` names an older version than the lock's.
    static let currentVersionMovedBack = FindingUnit(
        .currentVersionMovedBack, .error,
        summary: "`.xccurrentversion` names a version older than the lock file's current one.",
        why: """
            Stores of the shipped app are at the locked current version; an app whose current version is older \
            cannot open them, as Core Data does not migrate backwards.
            """,
        fix: "Set the current version back to the locked one (or a newer one) in Xcode's model inspector.",
        triggering: [
            .session(
                "the current version goes back from Notes 2 to Notes",
                """
                modeldiff lock Notes.xcdatamodeld
                sed -i 's/Notes 2.xcdatamodel/Notes.xcdatamodel/' Notes.xcdatamodeld/.xccurrentversion
                modeldiff check Notes.xcdatamodeld
                """)
        ],
        passing: [
            .session(
                "the current version stays Notes 2",
                """
                modeldiff lock Notes.xcdatamodeld
                modeldiff check Notes.xcdatamodeld
                """)
        ])
}
