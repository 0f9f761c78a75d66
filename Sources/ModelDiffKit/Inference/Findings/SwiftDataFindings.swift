// SwiftData's own failures in a Swift source folder (`check Sources/`), found by `SwiftDataRules`. Evidence:
// Apple's SwiftData documentation (`VersionedSchema`, `SchemaMigrationPlan`, `MigrationStage`) and the failures
// its forums report: 134504 "Cannot use staged migration with an unknown model version" for a shipped schema
// naming a live class (developer.apple.com/forums/thread/826633), "Duplicate version checksums across stages
// detected" for two schemas that hash alike. docs/SWIFTDATA-COMMANDS.md has the rest.

extension FindingUnit {
    /// `swiftdata-outside-model`: a shipped schema's `models` names a type declared outside it.
    static let swiftdataOutsideModel = FindingUnit(
        .swiftdataOutsideModel, .error,
        summary: "A shipped VersionedSchema names a live @Model class: its hash follows every later edit, so its stores stop opening.",
        why: """
            SwiftData identifies a store's version by the hashes of the models a VersionedSchema's `models` names. A shipped \
            schema that names the app's live class (or another schema's) hashes whatever that class is today, so once the \
            class changes no schema matches the stores it wrote: ModelContainer fails with 134504, "Cannot use staged \
            migration with an unknown model version".
            """,
        fix: "Freeze the class as it shipped: copy it, nested, into the schema (`enum SchemaV1 { @Model final class Note { … } }`).",
        triggering: [
            .session(
                "SchemaV1 shipped naming the live Note, which has since gained `pinned`",
                swiftDataSession(
                    """
                    @Model final class Note {
                        var title: String = ""
                        var pinned: Bool = false
                        init() {}
                    }
                    \(schema("V1", 1, models: "Note.self"))
                    \(schema("V2", 2, body: note("var pinned: Bool = false\n        var color: String?")))
                    """))
        ],
        passing: [
            .session(
                "SchemaV1 freezes its own Note",
                swiftDataSession(
                    """
                    \(schema("V1", 1, body: note()))
                    \(schema("V2", 2, body: note("var pinned: Bool = false")))
                    """))
        ])

    /// `swiftdata-duplicate-checksum`: two schemas hash alike.
    static let swiftdataDuplicateChecksum = FindingUnit(
        .swiftdataDuplicateChecksum, .error,
        summary: "Two VersionedSchemas have the same version checksum: SwiftData refuses the plan.",
        why: """
            SwiftData tells versions apart by their entity version hashes. Two schemas whose models hash alike (a copy \
            made for a change that changes no hash: a default value, a computed property) are one version twice, and \
            ModelContainer refuses the plan: "Duplicate version checksums across stages detected".
            """,
        fix: "Change the model in the new schema, drop the duplicate schema (and its stage), or give an entity a `hashModifier`.",
        triggering: [
            .session(
                "SchemaV2 copies SchemaV1 unchanged",
                swiftDataSession(
                    """
                    \(schema("V1", 1, body: note()))
                    \(schema("V2", 2, body: note()))
                    """))
        ],
        passing: [
            .session(
                "SchemaV2 adds `pinned`",
                swiftDataSession(
                    """
                    \(schema("V1", 1, body: note()))
                    \(schema("V2", 2, body: note("var pinned: Bool = false")))
                    """))
        ])

    /// `swiftdata-stage-order`: a plan's `schemas` or `stages` do not walk the versions one step at a time.
    static let swiftdataStageOrder = FindingUnit(
        .swiftdataStageOrder, .error,
        summary: "A SchemaMigrationPlan's stages skip, repeat or reverse its schemas, or its schemas are out of order or undeclared.",
        why: """
            SwiftData migrates a store through the plan's `schemas`, oldest first, running the stage from each schema to \
            the next. A stage that skips a schema, goes backwards or repeats a step, a `schemas` list whose \
            `versionIdentifier`s do not increase, or a schema the app does not declare leaves a store with no path to the \
            current version, or makes ModelContainer refuse the plan.
            """,
        fix: "List `schemas` oldest first and give one stage from each schema to the next, in that order.",
        triggering: [
            .session(
                "the stage goes from SchemaV2 back to SchemaV1",
                swiftDataSession(
                    """
                    \(schema("V1", 1, body: note()))
                    \(schema("V2", 2, body: note("var pinned: Bool = false")))
                    \(plan(stage: ".lightweight(fromVersion: SchemaV2.self, toVersion: SchemaV1.self)"))
                    """))
        ],
        passing: [
            .session(
                "the stage goes from SchemaV1 to SchemaV2",
                swiftDataSession(
                    """
                    \(schema("V1", 1, body: note()))
                    \(schema("V2", 2, body: note("var pinned: Bool = false")))
                    \(plan(stage: ".lightweight(fromVersion: SchemaV1.self, toVersion: SchemaV2.self)"))
                    """))
        ])

    /// `swiftdata-lightweight-not-inferable`: a `.lightweight` stage over a change lightweight migration cannot infer.
    static let swiftdataLightweightNotInferable = FindingUnit(
        .swiftdataLightweightNotInferable, .error,
        summary: "A .lightweight stage covers a change lightweight migration cannot infer: the store fails to open.",
        why: """
            A `.lightweight` stage asks Core Data to infer the mapping between the two schemas' models; a change it cannot \
            infer (an incompatible type, a value made required with no default over stored nils) fails the migration, \
            and ModelContainer with it. A `.custom` stage runs `willMigrate` with a context of the old schema's models, \
            where the old data can be fixed (nils filled, duplicates removed) before the store migrates, and `didMigrate` \
            with the new schema's.
            """,
        fix: """
            Make the stage `.custom(fromVersion:toVersion:willMigrate:didMigrate:)` and fix the old data in `willMigrate`; \
            a change no data fix makes inferable needs an intermediate schema.
            """,
        triggering: [
            .session(
                "Note.title becomes required with no default under a .lightweight stage",
                swiftDataSession(
                    """
                    \(schema("V1", 1, body: note("", title: "var title: String?")))
                    \(schema("V2", 2, body: note("", title: "var title: String")))
                    \(plan(stage: ".lightweight(fromVersion: SchemaV1.self, toVersion: SchemaV2.self)"))
                    """))
        ],
        passing: [
            .session(
                "Note.title becomes required with a default",
                swiftDataSession(
                    """
                    \(schema("V1", 1, body: note("", title: "var title: String?")))
                    \(schema("V2", 2, body: note("", title: titleWithDefault)))
                    \(plan(stage: ".lightweight(fromVersion: SchemaV1.self, toVersion: SchemaV2.self)"))
                    """))
        ])

    /// A required `title` with a default value.
    static let titleWithDefault = #"var title: String = """#

    /// A shell session writing `source` into `App/Schemas.swift` and checking the folder.
    static func swiftDataSession(_ source: String) -> String {
        "mkdir App\ncat > App/Schemas.swift <<'EOF'\nimport SwiftData\n\n\(source)EOF\nmodeldiff check App"
    }

    /// `enum SchemaNAME: VersionedSchema` with version `major`.0.0, naming `models` (its own `Note` by default).
    static func schema(_ name: String, _ major: Int, models: String = "", body: String = "") -> String {
        """
        enum Schema\(name): VersionedSchema {
            static var versionIdentifier = Schema.Version(\(major), 0, 0)
            static var models: [any PersistentModel.Type] { [\(models.isEmpty ? "Note.self" : models)] }
        \(body)}

        """
    }

    /// A nested `@Model final class Note` with `title` and `extra`, indented for a schema's body.
    static func note(_ extra: String = "", title: String = "var title: String = \"\"") -> String {
        // A stored property with neither a default nor `?` is set by the initializer, as Swift requires.
        let initializer = title.contains("=") || title.hasSuffix("?") ? "init() {}" : "init(title: String) { self.title = title }"
        return "    @Model final class Note {\n        \(title)\n" + (extra.isEmpty ? "" : "        \(extra)\n")
            + "        \(initializer)\n    }\n"
    }

    /// `enum NotesPlan: SchemaMigrationPlan` over SchemaV1 and SchemaV2 with one `stage`.
    static func plan(stage: String) -> String {
        """
        enum NotesPlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [SchemaV1.self, SchemaV2.self] }
            static var stages: [MigrationStage] { [migrateV1toV2] }
            static let migrateV1toV2 = MigrationStage\(stage)
        }

        """
    }
}
