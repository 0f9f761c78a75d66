import Foundation
import ModelDiffTestSupport
import Testing

/// Issue 45's items on how a SwiftData history is read as teams write it, through the built binary, on the
/// fixtures in `TestModels/SwiftData`: one constraint stated twice, schemas reused through a typealias,
/// schemas the plan does not list, a staged plan's path, and `test` naming the version it could not seed.
@Suite struct SwiftDataPlanCLITests {
    @Test func aConstraintStatedByAttributeAndByUniqueIsOneConstraint() throws {
        let folder = "TestModels/SwiftData/UniqueTwice"
        let check = try runModeldiff(["check", folder])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(!check.stderr.contains("error:"), "\(check.stderr)")
        // One constraint on [id] and one on [kind, name], whichever order `#Unique` lists them in.
        let dump = try runModeldiff(["textconv", "\(folder)/AssetSchemaV1"])
        #expect(dump.status == 0, "\(dump.stderr)")
        #expect(dump.stdout.contains("entity Asset: class Asset, unique [id] [name, kind]\n"), "\(dump.stdout)")
        let current = try runModeldiff(["textconv", folder])
        #expect(current.stdout.contains("entity Asset: class Asset, unique [id] [kind, name]\n"), "\(current.stdout)")
        let test = try runModeldiff(["test", folder, "--objects", "3"])
        #expect(test.status == 0, "\(test.stdout)\(test.stderr)")
        #expect(test.stdout.contains("PASS AssetSchemaV1 → AssetSchemaV2"))
    }

    @Test func aSchemaReusingAFrozenClassThroughATypealiasIsNotOutsideModel() throws {
        let result = try runModeldiff(["check", "TestModels/SwiftData/ReusedThroughTypealias"])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let outside = (result.stdout + result.stderr).split(separator: "\n").filter { $0.contains("[swiftdata-outside-model]") }
        // `typealias Note = SchemaV1.Note` reuses a shipped schema's class; `typealias Tag = Live.Tag` a live one.
        #expect(outside.count == 1, "\(outside)")
        #expect(outside.first?.hasPrefix("TestModels/SwiftData/ReusedThroughTypealias/Schemas.swift:29:21: error: ") == true)
        #expect(outside.first?.contains("its models names Live.Tag, which is declared outside it") == true, "\(outside)")
    }

    @Test func aSchemaThePlanDoesNotListIsANoteAndInNoPair() throws {
        let folder = "TestModels/SwiftData/NotInPlan"
        let note =
            "\(folder)/Schemas.swift:37:6: note: ItemSchemaDraft is declared, not in the plan: ItemMigrationPlan.schemas does not list "
            + "it, so SwiftData never builds it; modeldiff leaves it out of every version pair"
        let versions = try runModeldiff(["versions", folder])
        #expect(versions.status == 0, "\(versions.stderr)")
        #expect(versions.stdout == "  ItemSchemaV1\n* ItemSchemaV2 (current)\n")
        #expect(versions.stderr.split(separator: "\n").filter { $0 == note }.count == 1, "\(versions.stderr)")
        // Its required attribute without a default and its checksum equal to V2's are no finding.
        let check = try runModeldiff(["check", folder, "--path", "all"])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(!check.stdout.contains("ItemSchemaDraft") && !check.stderr.contains("warning:"), "\(check.stdout)\(check.stderr)")
        #expect(check.stderr.contains(note))
        let plan = try runModeldiff(["plan", folder, "--format", "text"])
        #expect(plan.stdout == "lightweight: ItemSchemaV1 → ItemSchemaV2 (2 versions)\n", "\(plan.stdout)")
    }

    @Test func aStagedPlansPathIsItsStagesUnlessPathAllAsksForTheJumps() throws {
        let folder = "TestModels/SwiftData/StagedPath"
        let check = try runModeldiff(["check", folder])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("2 pairs on path consecutive"), "\(check.stdout)")
        let all = try runModeldiff(["check", folder, "--path", "all"])
        #expect(all.status == 1)
        #expect(all.stdout.contains("PartSchemaV1 → PartSchemaV3: not-inferable: Part.code [attribute-type-incompatible]"), "\(all.stdout)")
        let steps = { (stdout: String) in
            stdout.split(separator: "\n").filter { $0.hasPrefix("PASS ") || $0.hasPrefix("FAIL ") }.map {
                String($0.dropFirst(5).prefix { $0 != "(" }).trimmingCharacters(in: .whitespaces)
            }
        }
        let test = try runModeldiff(["test", folder, "--objects", "3"])
        #expect(steps(test.stdout) == ["PartSchemaV1 → PartSchemaV2", "PartSchemaV2 → PartSchemaV3"], "\(test.stdout)")
        let testAll = try runModeldiff(["test", folder, "--objects", "3", "--path", "all"])
        #expect(steps(testAll.stdout).contains("PartSchemaV1 → PartSchemaV3"), "\(testAll.stdout)")
        // A plan without stages leaves the store to lightweight migration straight to the current schema: both paths.
        let unstaged = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: unstaged) }
        try FileManager.default.copyItem(
            at: Paths.testModels.appendingPathComponent("SwiftData/StagedPath/Schemas.swift"),
            to: unstaged.appendingPathComponent("Schemas.swift"))
        try """
        import SwiftData
        enum PartMigrationPlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [PartSchemaV1.self, PartSchemaV2.self, PartSchemaV3.self] }
            static var stages: [MigrationStage] { [] }
        }
        """.write(to: unstaged.appendingPathComponent("Plan.swift"), atomically: true, encoding: .utf8)
        let jumps = try runModeldiff(["check", unstaged.path])
        #expect(jumps.status == 1, "\(jumps.stdout)\(jumps.stderr)")
        #expect(jumps.stdout.contains("3 pairs on path all"), "\(jumps.stdout)")
        // A folder without a plan keeps both paths.
        let unplanned = try runModeldiff(["check", "TestModels/SwiftData/UniqueTwice"])
        #expect(unplanned.stdout.contains("on path all"), "\(unplanned.stdout)")
    }

    @Test func aStoreThatCannotBeSeededNamesTheVersionNotATemporaryFile() throws {
        let folder = "TestModels/SwiftData/UnseedableVersion"
        let result = try runModeldiff(["test", folder])
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "\(folder)/Schemas.swift:14:33: error: seeding version \"FlagSchemaV1\" for FlagSchemaV1 → FlagSchemaV2: cannot seed "
                + "Flag.isOn: a unique Boolean has two values, so its table holds at most 2 objects; lower their count in --objects\n",
            "\(result.stderr)")
        let two = try runModeldiff(["test", folder, "--objects", "2"])
        #expect(two.status == 0, "\(two.stdout)\(two.stderr)")
    }
}
