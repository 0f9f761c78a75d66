import Foundation
@_spi(CLI) import ModelDiffKit
import ModelDiffTestSupport
import Testing

/// Every command that takes a bundle, through the built binary, on the SwiftData sources in
/// `TestModels/SwiftData` (issue 38): the Notes history (three schemas and a plan), one folder per failure.
@Suite struct SwiftDataCLITests {
    static let notes = "TestModels/SwiftData/Notes"
    static let versions = ["NotesSchemaV1", "NotesSchemaV2", "NotesSchemaV3"]
    /// Whether `stderr` says once that the hashes are modeldiff's reading (the reader's warnings may come before).
    private func notesHashesOnce(_ stderr: String, folder: String = "TestModels/SwiftData/Notes") -> Bool {
        stderr.components(separatedBy: ModelBundle.swiftDataHashNote).count == 2
            && stderr.split(separator: "\n").contains { $0 == "\(folder): note: \(ModelBundle.swiftDataHashNote)" }
    }

    /// A copy of `folder` (under TestModels/SwiftData) named `Sources` in a new temporary folder.
    private func copy(_ folder: String) throws -> URL {
        let root = try Paths.temporaryDirectory()
        try FileManager.default.copyItem(
            at: Paths.testModels.appendingPathComponent("SwiftData/\(folder)"), to: root.appendingPathComponent("Sources"))
        return root
    }

    /// Whether `text` has a line matching `pattern` (a regular expression).
    private func hasLine(_ text: String, _ pattern: String) throws -> Bool {
        let regex = try Regex("^" + pattern + "$")
        return text.split(separator: "\n").contains { $0.wholeMatch(of: regex) != nil }
    }

    @Test func versionsListsTheSchemasInThePlansOrderAndSaysTheHashesAreUnconfirmed() throws {
        let result = try runModeldiff(["versions", Self.notes])
        #expect(result.status == 0)
        #expect(result.stdout == "  NotesSchemaV1\n  NotesSchemaV2\n* NotesSchemaV3 (current)\n")
        #expect(notesHashesOnce(result.stderr), "\(result.stderr)")
        let json = try runModeldiff(["versions", Self.notes, "--format", "json"])
        #expect(json.stdout.contains(#""current" : "NotesSchemaV3""#))
    }

    @Test func hashHashesTheCurrentSchemaOrEverySchema() throws {
        let current = try runModeldiff(["hash", Self.notes])
        #expect(current.status == 0)
        #expect(current.stdout.contains("Note  ") && current.stdout.contains("Folder  ") && current.stdout.contains("versionChecksum"))
        #expect(notesHashesOnce(current.stderr), "\(current.stderr)")
        let all = try runModeldiff(["hash", Self.notes, "--all-versions"])
        #expect(all.status == 0)
        let names = all.stdout.split(separator: "\n").map { String($0.split(separator: " ")[0]) }
        #expect(names == Self.versions)
        #expect(notesHashesOnce(all.stderr), "\(all.stderr)")
        // The current schema's hashes are the same either way.
        let checksum = current.stdout.split(separator: "\n").first { $0.hasPrefix("versionChecksum") }?.split(separator: " ").last
        #expect(checksum != nil && all.stdout.split(separator: "\n").last?.hasSuffix(String(checksum!)) == true)
    }

    @Test func diffComparesTwoFoldersCurrentSchemas() throws {
        // diff takes two models; a Swift source folder is its current schema, as a .xcdatamodeld is its current version.
        let same = try runModeldiff(["diff", Self.notes, Self.notes])
        #expect(same.status == 0, "\(same.stderr)")
        let other = try runModeldiff(["diff", "TestModels/SwiftData/EqualHashes", Self.notes])
        #expect(other.status == 1)
        #expect(other.stdout.contains("Note"))
    }

    @Test func aSchemaIsNamedInsideItsFolderAsAVersionInsideABundle() throws {
        let diff = try runModeldiff(["diff", "\(Self.notes)/NotesSchemaV1", "\(Self.notes)/NotesSchemaV2"])
        #expect(diff.status == 1, "\(diff.stderr)")
        #expect(diff.stdout.hasPrefix("--- \(Self.notes)/NotesSchemaV1.swift\n+++ \(Self.notes)/NotesSchemaV2.swift\n"))
        #expect(diff.stdout.contains("+ wordCount: Integer 64"))
        let pair = try runModeldiff(["check", "\(Self.notes)/NotesSchemaV1", "\(Self.notes)/NotesSchemaV3"])
        #expect(pair.status == 0, "\(pair.stdout)")
        let unknown = try runModeldiff(["hash", "\(Self.notes)/NotesSchemaV9"])
        #expect(unknown.status == 2)
        #expect(
            unknown.stderr
                == "\(Self.notes)/NotesSchemaV9: error: no such file or directory, and \(Self.notes) declares no VersionedSchema "
                + "NotesSchemaV9 (versions: NotesSchemaV1, NotesSchemaV2, NotesSchemaV3)\n")
    }

    @Test func aStoreSeededWithTheFirstSchemaMigratesToTheFoldersCurrentOne() throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let v1 = folder.appendingPathComponent("v1.sqlite").path
        let out = folder.appendingPathComponent("out.sqlite").path
        let seed = try runModeldiff(["store", "seed", "\(Self.notes)/NotesSchemaV1", "--objects", "3", "--output", v1])
        #expect(seed.status == 0, "\(seed.stderr)")
        let info = try runModeldiff(["store", "info", v1, "--model", Self.notes])
        #expect(info.stdout.contains("model version: NotesSchemaV1"), "\(info.stdout)")
        let migrate = try runModeldiff(["migrate", v1, "--to", Self.notes, "--output", out])
        #expect(migrate.status == 0, "\(migrate.stderr)")
        #expect(migrate.stdout.contains("NotesSchemaV1 → NotesSchemaV3"))
        let migrated = try runModeldiff(["store", "info", out, "--model", Self.notes])
        #expect(migrated.stdout.contains("model version: NotesSchemaV3"), "\(migrated.stdout)")
    }

    @Test func checkPassesEveryStepAndJumpInThePlansOrder() throws {
        let result = try runModeldiff(["check", Self.notes, "--verbose", "--path", "all"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        for pair in ["NotesSchemaV1 → NotesSchemaV2", "NotesSchemaV2 → NotesSchemaV3", "NotesSchemaV1 → NotesSchemaV3"] {
            #expect(result.stdout.contains(pair), "\(pair)")
        }
        let ordered = try runModeldiff(["check", Self.notes, "--order", Self.versions.joined(separator: ",")])
        #expect(ordered.status == 0)
        let unknown = try runModeldiff(["check", Self.notes, "--order", "NotesSchemaV1,NotesSchemaV9,NotesSchemaV3"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("which the Swift source folder does not have"))
    }

    @Test func lockWritesBesideTheFolderAndCheckReadsIt() throws {
        let root = try copy("Notes")
        defer { try? FileManager.default.removeItem(at: root) }
        let lock = try runModeldiff(["lock", "Sources"], in: root)
        #expect(lock.status == 0, "\(lock.stderr)")
        #expect(lock.stdout == "Sources.modeldiff.lock: 3 versions locked, current NotesSchemaV3\n")
        #expect(notesHashesOnce(lock.stderr, folder: "Sources"), "\(lock.stderr)")
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("Sources.modeldiff.lock").path))
        #expect(try runModeldiff(["check", "Sources"], in: root).status == 0)
        // Editing the shipped NotesSchemaV1 in place: the lock sees its hashes move.
        let file = root.appendingPathComponent("Sources/NotesSchemaV1.swift")
        let source = try String(contentsOf: file, encoding: .utf8)
        let edited = source.replacingOccurrences(
            of: "var isPinned: Bool = false\n", with: "var isPinned: Bool = false\n        var color: String?\n")
        try #require(edited != source)
        try edited.write(to: file, atomically: true, encoding: .utf8)
        let changed = try runModeldiff(["check", "Sources"], in: root)
        #expect(changed.status == 1)
        #expect(changed.stdout.contains("[locked-version-changed]"))
    }

    @Test func logShowsTheHistoryNewestFirst() throws {
        let result = try runModeldiff(["log", Self.notes])
        #expect(result.status == 0, "\(result.stderr)")
        let v3 = result.stdout.range(of: "NotesSchemaV3")
        let v1 = result.stdout.range(of: "NotesSchemaV1")
        #expect(v3 != nil && v1 != nil && v3!.lowerBound < v1!.lowerBound)
    }

    @Test(.tags(.slow), .notInFastTier) func testMigratesSeededStoresThroughEveryStep() throws {
        let result = try runModeldiff(["test", Self.notes, "--objects", "4"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("NotesSchemaV1 → NotesSchemaV2"))
    }

    @Test func planWritesASwiftDataMigrationPlanWithOneStagePerStep() throws {
        let result = try runModeldiff(["plan", Self.notes, "--type-name", "NotesPlan"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("import SwiftData\n") && !result.stdout.contains("CoreData"))
        #expect(result.stdout.contains("enum NotesPlan: SchemaMigrationPlan {"))
        #expect(result.stdout.contains("[NotesSchemaV1.self, NotesSchemaV2.self, NotesSchemaV3.self]"))
        #expect(result.stdout.contains("MigrationStage.lightweight(fromVersion: NotesSchemaV1.self, toVersion: NotesSchemaV2.self)"))
        #expect(result.stdout.contains("MigrationStage.lightweight(fromVersion: NotesSchemaV2.self, toVersion: NotesSchemaV3.self)"))
        // A step that is not inferable is a custom stage, with the findings that make it one.
        let custom = try runModeldiff(["plan", "TestModels/SwiftData/LightweightNotInferable"])
        #expect(custom.status == 0, "\(custom.stderr)")
        #expect(custom.stdout.contains("MigrationStage.custom(\n        fromVersion: ReviewsSchemaV1.self,"))
        #expect(custom.stdout.contains("[attribute-type-incompatible]"))
        #expect(try runModeldiff(["plan", Self.notes, "--type-name", "not a name"]).status == 2)
    }

    /// Each failure folder fails `check` with its code at a `path:line:col` of its Swift source.
    @Test(arguments: [
        ("OutsideModel", "SchemaV1.swift", "swiftdata-outside-model"),
        ("EqualHashes", "Schemas.swift", "swiftdata-duplicate-checksum"),
        ("StageOrder", "Plans.swift", "swiftdata-stage-order"),
        ("LightweightNotInferable", "Schemas.swift", "swiftdata-lightweight-not-inferable"),
        ("RequiredWithoutDefault", "Schemas.swift", "swiftdata-lightweight-not-inferable"),
    ])
    func eachFailureFailsCheckAtItsSource(folder: String, file: String, code: String) throws {
        let path = "TestModels/SwiftData/\(folder)"
        let result = try runModeldiff(["check", path])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(try hasLine(result.stdout, "\(path)/\(file):[0-9]+:[0-9]+: error: .*\\[\(code)\\]"), "\(result.stdout)")
    }

    @Test func jsonAndGitHubFormatsCarryTheFindingsWithTheirColumn() throws {
        let json = try runModeldiff(["check", "TestModels/SwiftData/EqualHashes", "--format", "json"])
        #expect(json.status == 1)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let found = try #require(document["swiftData"] as? [[String: Any]])
        #expect(found.map { $0["code"] as? String } == ["swiftdata-duplicate-checksum"])
        #expect(found.first?["line"] as? Int != nil && found.first?["column"] as? Int != nil)
        let github = try runModeldiff(["check", "TestModels/SwiftData/EqualHashes", "--format", "github"])
        #expect(
            try hasLine(
                github.stdout,
                "::error file=TestModels/SwiftData/EqualHashes/Schemas.swift,line=[0-9]+,col=[0-9]+,title=swiftdata-duplicate-checksum::.*")
        )
        let sarif = try runModeldiff(["check", "TestModels/SwiftData/EqualHashes", "--format", "sarif"])
        #expect(sarif.stdout.contains(#""region":{"startLine":"#) && sarif.stdout.contains(#","startColumn":"#), "\(sarif.stdout)")
    }

    @Test func theCoreDataFindingsApplyToTheConvertedModels() throws {
        let required = try runModeldiff(["check", "TestModels/SwiftData/RequiredWithoutDefault"])
        #expect(required.stdout.contains("[optional-to-required-without-default]"))
        let unique = try runModeldiff(["check", "TestModels/SwiftData/UniqueAdded"])
        #expect(unique.status == 0, "a warning: \(unique.stdout)")
        #expect(
            try hasLine(
                unique.stdout, "TestModels/SwiftData/UniqueAdded/Schemas.swift:[0-9]+: warning: .*\\[uniqueness-constraint-added\\].*"))
        #expect(try runModeldiff(["check", "TestModels/SwiftData/UniqueAdded", "--strict"]).status == 1)
        let lightweight = try runModeldiff(["check", "TestModels/SwiftData/LightweightNotInferable"])
        #expect(lightweight.stdout.contains("[attribute-type-incompatible]"))
    }

    @Test func whatTheReaderCannotReadIsAWarningAndTheRestIsChecked() throws {
        let result = try runModeldiff(["check", "TestModels/SwiftData/Unreadable"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let warnings = result.stderr.split(separator: "\n")
        #expect(warnings.count >= 2)
        #expect(
            try warnings.allSatisfy { try hasLine(String($0), "TestModels/SwiftData/Unreadable/Schemas.swift:[0-9]+:[0-9]+: warning: .*") })
    }

    @Test func checkGatesEveryFolder() throws {
        #expect(try runModeldiff(["check", Self.notes]).status == 0)
        for folder in ["OutsideModel", "EqualHashes", "StageOrder", "LightweightNotInferable", "RequiredWithoutDefault"] {
            #expect(try runModeldiff(["check", "TestModels/SwiftData/\(folder)"]).status != 0, "\(folder)")
        }
    }

    @Test func aSyntaxErrorIsOneLineAndExitStatus2() throws {
        let root = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let sources = root.appendingPathComponent("Sources")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: false)
        try "import SwiftData\n\nenum SchemaV1: VersionedSchema {\n    static var models: [any PersistentModel.Type] { [Note.self\n"
            .write(to: sources.appendingPathComponent("Broken.swift"), atomically: true, encoding: .utf8)
        for command in [["check", "Sources"], ["versions", "Sources"], ["hash", "Sources"]] {
            let result = try runModeldiff(command, in: root)
            #expect(result.status == 2, "\(command)")
            #expect(result.stdout.isEmpty)
            #expect(try hasLine(result.stderr, "Sources/Broken.swift:[0-9]+:[0-9]+: error: .*"), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        }
    }
}

/// `uniqueness-constraint-added` on an Xcode bundle too, and `test` showing the duplicate it warns of.
@Suite struct UniquenessConstraintAddedCLITests {
    @Test func anXcodeBundleGetsTheWarningAndTestFailsOnTheSeededDuplicate() throws {
        let check = try runModeldiff(["check", "TestModels/FindingCodes/entity-changed-uniqueness.xcdatamodeld"])
        #expect(check.stdout.contains(": warning: ") && check.stdout.contains("[uniqueness-constraint-added]"), "\(check.stdout)")
        let test = try runModeldiff(["test", "TestModels/SwiftData/UniqueAdded"])
        #expect(test.status == 1, "\(test.stdout)\(test.stderr)")
        #expect(test.stdout.contains("1551"), "\(test.stdout)")
    }
}

/// The GitHub Action's check step gates a Swift source folder as it gates a bundle.
@Suite struct SwiftDataActionTests {
    @Test func theActionScriptFailsOnAFailingFolderAndPassesNotes() throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = Paths.repository.appendingPathComponent("Scripts/action-check.sh").path
        let notes = Paths.testModels.appendingPathComponent("SwiftData/Notes").path
        let outside = Paths.testModels.appendingPathComponent("SwiftData/OutsideModel").path
        let sarif = folder.appendingPathComponent("sarif").path
        let failing = try runProcess(
            [script], in: folder,
            environment: ["MODELDIFF": modeldiffBinary.path, "BUNDLES": "\(notes)\n\(outside)\n", "SARIF_DIR": sarif, "ARGS": ""])
        #expect(failing.status == 1, "\(failing.stderr)")
        #expect(failing.stdout.contains("::error file=\(outside)/SchemaV1.swift,line="))
        #expect(failing.stdout.contains("title=swiftdata-outside-model"))
        let passing = try runProcess(
            [script], in: folder, environment: ["MODELDIFF": modeldiffBinary.path, "BUNDLES": notes, "SARIF_DIR": sarif, "ARGS": ""])
        #expect(passing.status == 0, "\(passing.stdout)\(passing.stderr)")
    }
}
