import Foundation
import ModelDiffTestSupport
import Testing

/// Mapping models as teams ship them (issue 47): release-named Xcode mapping models beside the bundle
/// (`TestModels/History/ReleaseMappings`: Shop → Shop 2 carries `path` into `relativePath`, Shop 3 →
/// Shop 4 fills the new required `sku` with the policy class `ShopItemPolicy`), and Xcode's empty
/// `Mapping` entity mapping (`TestModels/History/XcodeEmptyMapping`).
@Suite struct TeamMappingCLITests {
    static let shop = "TestModels/History/ReleaseMappings/Shop.xcdatamodeld"
    static let shelf = "TestModels/History/XcodeEmptyMapping/Shelf.xcdatamodeld"

    @Test func planRunsEachMappedStepAsItsOwnCustomStage() throws {
        let text = try runModeldiff(["plan", Self.shop, "--format", "text"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(
            text.stdout == """
                custom: Shop → Shop 2: mapping model Release 2.0
                lightweight: Shop 2 → Shop 3 (2 versions)
                custom: Shop 3 → Shop 4: mapping model Release 4.0 (policies: ShopItemPolicy)

                """)
        // Without its mapping models the same bundle plans one lightweight stage over the mapped step.
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bare = folder.appendingPathComponent("Shop.xcdatamodeld")
        try FileManager.default.copyItem(at: Paths.repository.appendingPathComponent(Self.shop), to: bare)
        let without = try runModeldiff(["plan", bare.path, "--format", "text"])
        #expect(without.stdout.hasPrefix("lightweight: Shop → Shop 3 (3 versions)\n"))
        // --mappings finds them elsewhere, as check's does.
        let found = try runModeldiff(
            [
                "plan", bare.path, "--format", "text", "--mappings",
                Paths.repository.appendingPathComponent("TestModels/History/ReleaseMappings").path,
            ])
        #expect(found.stdout == text.stdout)
    }

    @Test func aMappingFilePlanCannotReadIsOneErrorLineAndExitOne() throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            at: Paths.repository.appendingPathComponent(Self.shop), to: folder.appendingPathComponent("Shop.xcdatamodeld"))
        try Data("not xml".utf8).write(to: folder.appendingPathComponent("Broken.mapping.xml"))
        let result = try runModeldiff(["plan", "Shop.xcdatamodeld", "--format", "text"], in: folder)
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(
            lines.first?.hasPrefix("./Broken.mapping.xml:1:1: error: this mapping model cannot be read, so the plan does not run it: ")
                == true, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("lightweight: Shop → Shop 3"))
    }

    @Test func xcodeEmptyEntityMappingMapsNothingAndIsValid() throws {
        let check = try runModeldiff(["check", Self.shelf])
        #expect(check.status == 0, "\(check.stdout)")
        #expect(check.stdout.contains("overall: mapped"))
        #expect(!check.stdout.contains("mapping-invalid") && !check.stdout.contains("\"Add\""))
        let validate = try runModeldiff([
            "mapping", "validate", "TestModels/History/XcodeEmptyMapping/Shelf 2.xcmappingmodel",
            "--from", "\(Self.shelf)/Shelf.xcdatamodel", "--to", "\(Self.shelf)/Shelf 2.xcdatamodel",
        ])
        #expect(validate.status == 0, "\(validate.stderr)")
        #expect(validate.stdout.hasSuffix("valid (3 entity mappings)\n"))
        let plan = try runModeldiff(["plan", Self.shelf, "--format", "text"])
        #expect(plan.stdout == "custom: Shelf → Shelf 2: mapping model Shelf 2\n")
        let test = try runModeldiff(["test", Self.shelf, "--objects", "2"])
        #expect(test.status == 0, "\(test.stdout)\(test.stderr)")
        #expect(test.stdout.hasPrefix("PASS Shelf → Shelf 2 (seeded store, mapping "))
    }

    @Test func aFailingStepWhoseFindingNamesNoEntityNamesTheMappingModel() throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = Paths.repository.appendingPathComponent("TestModels/History/ReleaseMappings")
        for name in ["Shop.xcdatamodeld", "Release 2.0.xcmappingmodel", "Release 4.0.xcmappingmodel"] {
            try FileManager.default.copyItem(at: source.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        // An entity mapping of type Add that names no destination: the step's mapping does not validate.
        let file = folder.appendingPathComponent("Release 4.0.xcmappingmodel/xcmapping.xml")
        var xml = try String(contentsOf: file, encoding: .utf8)
        let first = try #require(xml.range(of: "<attribute name=\"destinationname\" type=\"string\">Box</attribute>"))
        xml.replaceSubrange(first, with: "")
        xml = xml.replacingOccurrences(
            of: "<attribute name=\"mappingtypename\" type=\"string\">Undefined</attribute>",
            with: "<attribute name=\"mappingtypename\" type=\"string\">Copy</attribute>")
        try xml.write(to: file, atomically: true, encoding: .utf8)
        let result = try runModeldiff(["check", "Shop.xcdatamodeld", "--path", "consecutive"], in: folder)
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                "Shop 3 → Shop 4: not-inferable: Release 4.0.xcmappingmodel [mapping-invalid], Item.sku [required-attribute-without-default]\n"
            ),
            "\(result.stdout)")
    }

    @Test func onlyJumpsFailingSuggestsTheConsecutivePath() throws {
        let all = try runModeldiff(["check", Self.shop])
        #expect(all.status == 1)
        let hint =
            "hint: every consecutive step passes; only jumps to Shop 4 fail: if your app migrates step by step, check with "
            + "--path consecutive (or path: consecutive under check: in .modeldiff.yml)\n"
        #expect(all.stdout.hasSuffix(hint), "\(all.stdout)")
        #expect(try runModeldiff(["check", Self.shop, "--verbose"]).stdout.hasSuffix(hint))
        let consecutive = try runModeldiff(["check", Self.shop, "--path", "consecutive"])
        #expect(consecutive.status == 0)
        #expect(!consecutive.stdout.contains("hint:"))
        // A consecutive step that fails is no jump-only failure: no hint.
        let bare = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: bare) }
        try FileManager.default.copyItem(
            at: Paths.repository.appendingPathComponent(Self.shop), to: bare.appendingPathComponent("Shop.xcdatamodeld"))
        let failing = try runModeldiff(["check", "Shop.xcdatamodeld"], in: bare)
        #expect(failing.status == 1 && !failing.stdout.contains("hint:"))
    }

    @Test func aRemovedAttributeTheMappingReadsIsCarriedNotLost() throws {
        let text = try runModeldiff(["check", Self.shop, "--path", "consecutive", "--verbose"])
        #expect(text.status == 0)
        #expect(!text.stdout.contains("are lost") && !text.stdout.contains("warning:"), "\(text.stdout)")
        #expect(
            text.stdout.contains(
                "note: `ImageThumbnail.path` is carried into ImageThumbnail.relativePath by the mapping model "
                    + "TestModels/History/ReleaseMappings/Release 2.0.xcmappingmodel/xcmapping.xml [attribute-removed]\n"))
        #expect(
            text.stdout.contains("note: `ImageThumbnail.relativePath` is given its value from ImageThumbnail.path by the mapping model "))
        let json = try runModeldiff(["check", Self.shop, "--path", "consecutive", "--format", "json"])
        #expect(json.status == 0 && !json.stdout.contains("\"warning\""))
        let sarif = try runModeldiff(["check", Self.shop, "--path", "consecutive", "--format", "sarif"])
        #expect(sarif.status == 0 && !sarif.stdout.contains("\"level\" : \"warning\"") && !sarif.stdout.contains("\"level\":\"warning\""))
        let log = try runModeldiff(["log", Self.shop])
        #expect(log.status == 0 && !log.stdout.contains("lost"), "\(log.stdout)")
        // A mapping that no longer reads `path` leaves its removal the warning it is.
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = Paths.repository.appendingPathComponent("TestModels/History/ReleaseMappings")
        for name in ["Shop.xcdatamodeld", "Release 2.0.xcmappingmodel", "Release 4.0.xcmappingmodel"] {
            try FileManager.default.copyItem(at: source.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        let file = folder.appendingPathComponent("Release 2.0.xcmappingmodel/xcmapping.xml")
        var xml = try String(contentsOf: file, encoding: .utf8)
        let start = try #require(xml.range(of: "<attribute name=\"valueexpressiondata\""))
        let end = try #require(xml.range(of: "</attribute>", range: start.upperBound..<xml.endIndex))
        xml.removeSubrange(start.lowerBound..<end.upperBound)
        try xml.write(to: file, atomically: true, encoding: .utf8)
        let unread = try runModeldiff(["check", "Shop.xcdatamodeld", "--path", "consecutive"], in: folder)
        #expect(unread.status == 0)
        #expect(unread.stdout.contains("warning: `ImageThumbnail.path` is removed: its values in the store are lost [attribute-removed]"))
        #expect(unread.stdout.contains("[possible-rename]"))
    }

    @Test func aWarningEveryVersionSharesIsPrintedOnce() throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bundle = folder.appendingPathComponent("Shop.xcdatamodeld")
        try FileManager.default.copyItem(at: Paths.repository.appendingPathComponent(Self.shop), to: bundle)
        for version in ["Shop", "Shop 2", "Shop 3", "Shop 4"] {
            let file = bundle.appendingPathComponent("\(version).xcdatamodel/contents")
            let text = try String(contentsOf: file, encoding: .utf8)
            try text.replacingOccurrences(of: #"<attribute name="title""#, with: #"<attribute name="Title""#).write(
                to: file, atomically: true, encoding: .utf8)
        }
        let result = try runModeldiff(["check", "Shop.xcdatamodeld", "--path", "consecutive"], in: folder)
        let lines = result.stderr.split(separator: "\n").filter { $0.contains(#"property name "Title""#) }
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(lines.first?.hasPrefix("Shop.xcdatamodeld/Shop.xcdatamodel/contents:") == true)
        #expect(lines.first?.hasSuffix("(the same in every version (4); shown once)") == true)
    }

    @Test func aStepWithPolicyClassesPassesWithCustomCodeNotRun() throws {
        let text = try runModeldiff(["test", Self.shop, "--path", "consecutive", "--objects", "3"])
        #expect(text.status == 0, "\(text.stdout)\(text.stderr)")
        #expect(text.stdout.contains("PASS, custom code not run: ShopItemPolicy Shop 3 → Shop 4 (seeded store, mapping "), "\(text.stdout)")
        #expect(text.stdout.contains("PASS Shop → Shop 2 (seeded store, mapping "))
        #expect(text.stdout.hasSuffix("2 passed, 0 failed, 1 passed with custom code not run (the app's policy classes)\n"))
        #expect(!text.stdout.contains("PolicyRegistry") && !text.stderr.contains("PolicyRegistry"))
        let strict = try runModeldiff(["test", Self.shop, "--path", "consecutive", "--objects", "3", "--strict"])
        #expect(strict.status == 1)
        let junit = try runModeldiff(["test", Self.shop, "--path", "consecutive", "--objects", "3", "--format", "junit"])
        #expect(junit.status == 0)
        #expect(junit.stdout.contains(#"tests="3" failures="0" skipped="1""#))
        #expect(junit.stdout.contains(#"<skipped message="custom code not run: ShopItemPolicy"/>"#))
        let json = try runModeldiff(["test", Self.shop, "--path", "consecutive", "--objects", "3", "--format", "json"])
        #expect(json.status == 0)
        #expect(json.stdout.contains(#""customCodeNotRun" : 1"#) || json.stdout.contains(#""customCodeNotRun":1"#), "\(json.stdout)")
    }

    @Test func aFailingStepsErrorNamesThatStepAndItsMappingFile() throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let seed = try runModeldiff(
            [
                "store", "seed", "\(Self.shop)/Shop.xcdatamodel", "--objects", "2", "--output",
                folder.appendingPathComponent("v1.sqlite").path,
            ])
        #expect(seed.status == 0, "\(seed.stderr)")
        // Release 2.0 and Release 4.0 both have an entity mapping ItemToItem; only 4.0's names a policy class.
        let result = try runModeldiff([
            "migrate", folder.appendingPathComponent("v1.sqlite").path, "--to", Self.shop, "--path", "consecutive", "--output",
            folder.appendingPathComponent("out.sqlite").path,
        ])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("TestModels/History/ReleaseMappings/Release 4.0.xcmappingmodel/xcmapping.xml:"), "\(result.stderr)")
        #expect(result.stderr.contains("failed in step Shop 3 → Shop 4: the mapping names the policy class ShopItemPolicy"))
        #expect(!result.stderr.contains("PolicyRegistry"))
    }

    @Test func oneMappingFileTestCannotReadIsOneErrorAndTheStepsGoOn() throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = Paths.repository.appendingPathComponent("TestModels/History/ReleaseMappings")
        for name in ["Shop.xcdatamodeld", "Release 2.0.xcmappingmodel", "Release 4.0.xcmappingmodel"] {
            try FileManager.default.copyItem(at: source.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        try Data("version https://git-lfs.github.com/spec/v1\n".utf8).write(to: folder.appendingPathComponent("Release 3.0.mapping.xml"))
        let result = try runModeldiff(["test", "Shop.xcdatamodeld", "--path", "consecutive", "--objects", "2"], in: folder)
        #expect(result.status == 1)
        let errors = result.stderr.split(separator: "\n")
        #expect(errors.count == 1 && errors.first?.contains("Release 3.0.mapping.xml") == true, "\(result.stderr)")
        #expect(errors.first?.contains("this mapping model cannot be read, so no step is tested with it") == true)
        #expect(
            result.stdout.hasSuffix("2 passed, 0 failed, 1 passed with custom code not run (the app's policy classes)\n"),
            "\(result.stdout)")
        let log = try runModeldiff(["log", "Shop.xcdatamodeld"], in: folder)
        #expect(log.status == 1)
        #expect(log.stderr.split(separator: "\n").count == 1 && log.stderr.contains("Release 3.0.mapping.xml"), "\(log.stderr)")
        #expect(log.stdout.contains("Shop 2: mapped from Shop by the mapping model "))
    }
}
