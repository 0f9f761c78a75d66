import Foundation
@_spi(CLI) import ModelDiffKit
import ModelDiffTestSupport
import Testing

/// `.modeldiff.yml`: check's defaults and acknowledged findings (issue 16 item 13).
@Suite struct ConfigCLITests {
    /// WooCommerce's folder (the bundle and the team's mapping model beside it) copied into a new folder.
    private func wooCommerceCopy() throws -> URL {
        let folder = try Paths.temporaryDirectory()
        for name in ["WooCommerce.xcdatamodeld", "WooCommerceModelV9toV10.xcmappingmodel"] {
            try FileManager.default.copyItem(
                at: Paths.models.appendingPathComponent("woocommerce-ios/\(name)"), to: folder.appendingPathComponent(name))
        }
        return folder
    }

    private let wooCommerceConfig = """
        # WooCommerce: the steps the team shipped with migrations of its own (MIGRATIONS.md).
        check:
          path: consecutive
        acknowledged:
          - code: relationship-retargeted
            pair: Model 31 → Model 32
            entity: ProductVariation
            property: attributes
            reason: Release 5.2 renamed Attribute to GenericAttribute and kept the data
          - code: required-attribute-without-default
            pair: Model 32 -> Model 33
            entity: Product
            reason: Release 5.4 shipped WooCommerceModelV32toV33.xcmappingmodel, which fills Product.date

        """

    private func write(_ text: String, to folder: URL, name: String = ".modeldiff.yml") throws {
        try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    /// The README's worked example: history acknowledged, check passes; a shipped version edited, it fails.
    @Test func wooCommerceHistoryAcknowledgedPassesAndAnEditedShippedVersionFails() throws {
        let folder = try wooCommerceCopy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try runModeldiff(["check", "WooCommerce.xcdatamodeld", "--path", "consecutive"], in: folder)
        #expect(before.status == 1)
        try write(wooCommerceConfig, to: folder)
        let check = try runModeldiff(["check", "WooCommerce.xcdatamodeld"], in: folder)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(!check.stdout.contains(": error: "))
        #expect(
            check.stdout.hasSuffix(
                """
                overall: acknowledged (116 pairs on path consecutive: 0 not inferable, 1 mapped, 1 acknowledged; 0 errors, 24 warnings; \
                --verbose shows every pair and note)\n
                """
            ))
        let verbose = try runModeldiff(["check", "WooCommerce.xcdatamodeld", "--verbose"], in: folder)
        #expect(
            verbose.stdout.contains(
                """
                WooCommerce.xcdatamodeld/Model 33.xcdatamodel/contents:209: note: `Product.date` is a new required attribute without a default \
                value: migrating a store that has `Product` objects fails validation (Core Data error 134110, missing attribute values on \
                mandatory destination attribute); give it a default value or make it optional — acknowledged in .modeldiff.yml:10: Release 5.4 \
                shipped WooCommerceModelV32toV33.xcmappingmodel, which fills Product.date [required-attribute-without-default]
                """
            ))
        #expect(
            verbose.stdout.contains("Model 9 → Model 10: mapped by ./WooCommerceModelV9toV10.xcmappingmodel/xcmapping.xml"),
            "\(verbose.stdout.split(separator: "\n").filter { $0.hasPrefix("Model 9 ") })")
        // Core Data infers 31 → 32 (relationship-retargeted is a warning): the acknowledgement makes it a note.
        #expect(verbose.stdout.contains("Model 31 → Model 32: inferable (0 errors, 2 warnings, 2 notes)"))
        let json = try runModeldiff(["check", "WooCommerce.xcdatamodeld", "--format", "json"], in: folder)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["verdict"] as? String == "acknowledged")
        let verdicts = (object["pairs"] as? [[String: Any]] ?? []).compactMap { $0["verdict"] as? String }
        #expect(verdicts.filter { $0 == "acknowledged" }.count == 1)
        // The command line overrides the configuration: every jump to Model 117 is checked too.
        #expect(try runModeldiff(["check", "WooCommerce.xcdatamodeld", "--path", "all"], in: folder).status == 1)
        #expect(try runModeldiff(["check", "WooCommerce.xcdatamodeld", "--no-config"], in: folder).status == 1)

        // Lock the shipped versions, then edit one in place instead of adding a version.
        #expect(try runModeldiff(["lock", "WooCommerce.xcdatamodeld"], in: folder).status == 0)
        #expect(try runModeldiff(["check", "WooCommerce.xcdatamodeld"], in: folder).status == 0)
        let file = folder.appendingPathComponent("WooCommerce.xcdatamodeld/Model 100.xcdatamodel/contents")
        let text = try String(contentsOf: file, encoding: .utf8)
        let edited = text.replacingOccurrences(
            of: #"<attribute name="sku" optional="YES" attributeType="String""#,
            with: #"<attribute name="sku" optional="YES" attributeType="Integer 64""#)
        #expect(edited != text)
        try edited.write(to: file, atomically: true, encoding: .utf8)
        let broken = try runModeldiff(["check", "WooCommerce.xcdatamodeld"], in: folder)
        #expect(broken.status == 1)
        #expect(
            broken.stdout.hasPrefix(
                """
                WooCommerce.xcdatamodeld/Model 100.xcdatamodel/contents: error: version Model 100 has shipped (it is in the lock file), but the \
                version hashes of 
                """
            ))
    }

    @Test func anAcknowledgementThatMatchesNothingIsAWarning() throws {
        let folder = try wooCommerceCopy()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(
            wooCommerceConfig + """
                  - code: hierarchy-merge
                    pair: Model 31 → Model 32
                    reason: no hierarchy merges there
                  - code: hierarchy-merge
                    pair: Model 31 → Model 320
                    reason: a typo in the version name
                  - code: relationship-retargeted
                    pair: Model 50 → Model 117
                    reason: a jump, not checked on the consecutive path

                """, to: folder)
        let check = try runModeldiff(["check", "WooCommerce.xcdatamodeld"], in: folder)
        #expect(check.status == 0)
        #expect(
            check.stdout.hasPrefix(
                """
                .modeldiff.yml:14: warning: this acknowledgement of hierarchy-merge matches no finding in Model 31 → Model 32: remove it, or correct its code, \
                pair, entity or property [acknowledgement-unused]
                .modeldiff.yml:17: warning: this acknowledgement names version "Model 320", which WooCommerce.xcdatamodeld does not have \
                [acknowledgement-unused]

                """))
        #expect(try runModeldiff(["check", "WooCommerce.xcdatamodeld", "--strict"], in: folder).status == 1)
        let github = try runModeldiff(["check", "WooCommerce.xcdatamodeld", "--format", "github"], in: folder)
        #expect(github.stdout.hasPrefix("::warning file=.modeldiff.yml,line=14,title=acknowledgement-unused::"))
        let sarif = try runModeldiff(["check", "WooCommerce.xcdatamodeld", "--format", "sarif"], in: folder)
        #expect(sarif.stdout.contains(#""ruleId":"acknowledgement-unused""#))
        let json = try runModeldiff(["check", "WooCommerce.xcdatamodeld", "--format", "json"], in: folder)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((object["config"] as? [[String: Any]])?.count == 2)
    }

    @Test func defaultsComeFromTheNearestConfigurationAndTheCommandLineWins() throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = folder.appendingPathComponent("App/Sources")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Paths.testModels.appendingPathComponent("Notes.xcdatamodeld"), to: project.appendingPathComponent("Notes.xcdatamodeld"))
        try write("check:\n  strict: true\n  path: direct\n  since: Notes\n  mappings: [Mappings]\n", to: folder)
        // Found from a subfolder; a mapping folder relative to the file, which must exist.
        let missing = try runModeldiff(["check", "Notes.xcdatamodeld"], in: project)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("/Mappings"), "\(missing.stderr)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Mappings"), withIntermediateDirectories: true)
        let found = try runModeldiff(["check", "Notes.xcdatamodeld", "--verbose"], in: project)
        #expect(found.status == 0, "\(found.stdout)\(found.stderr)")
        #expect(found.stdout.contains("on path direct"))
        // Strict from the file: an acknowledgement that matches nothing is a warning, and fails.
        try write("check:\n  strict: true\nacknowledged:\n  - code: entity-removed\n    reason: none\n", to: folder)
        let strict = try runModeldiff(["check", "Notes.xcdatamodeld"], in: project)
        #expect(strict.status == 1)
        #expect(
            strict.stdout.hasPrefix(
                "../../.modeldiff.yml:4: warning: this acknowledgement of entity-removed matches no finding in any pair checked"))
        #expect(try runModeldiff(["check", "Notes.xcdatamodeld", "--no-strict"], in: project).status == 0)
        let other = folder.appendingPathComponent("other.yml")
        try "check:\n  path: consecutive\n".write(to: other, atomically: true, encoding: .utf8)
        let given = try runModeldiff(["check", "Notes.xcdatamodeld", "--config", other.path], in: project)
        #expect(given.stdout.contains("on path consecutive"))
    }

    @Test(arguments: [
        (
            "check:\n  paht: direct\n",
            ".modeldiff.yml:2:3: error: unknown key \"check.paht\" (check takes path, mappings, since, strict and cloudkit)"
        ),
        ("check:\n  path: sideways\n", ".modeldiff.yml:2:9: error: check.path is consecutive, direct or all, not \"sideways\""),
        ("check:\n  strict: maybe\n", ".modeldiff.yml:2:11: error: expected true or false, not \"maybe\""),
        (
            "acknowledged:\n  - code: nope\n    reason: x\n",
            ".modeldiff.yml:2:11: error: unknown finding code \"nope\" (docs/findings.md lists them)"
        ),
        (
            "acknowledged:\n  - code: entity-removed\n",
            ".modeldiff.yml:2:5: error: an acknowledged finding needs a reason: say why it is accepted"
        ),
        (
            "acknowledged:\n  - code: entity-removed\n    pair: Model 9\n    reason: x\n",
            ".modeldiff.yml:3:11: error: a pair is written \"OLD → NEW\" (or \"OLD -> NEW\"), not \"Model 9\""
        ),
        ("acknowledged: {code: x}\n", ".modeldiff.yml:1:15: error: acknowledged is a list of findings"),
        ("check: [a\n", ".modeldiff.yml:2:1: error: not valid YAML: did not find expected ',' or ']'"),
        (
            "check: &a {path: all}\nacknowledged: *a\n",
            ".modeldiff.yml:2:15: error: aliases (*name) are not allowed in a configuration file"
        ),
        ("check:\n  path: all\n  path: direct\n", ".modeldiff.yml:2:3: error: \"path\" is set twice"),
        ("- just a list\n", ".modeldiff.yml:1:1: error: the configuration is a mapping of keys to values"),
    ])
    func aBadConfigurationIsOneLineAndExitTwo(text: String, message: String) throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            at: Paths.testModels.appendingPathComponent("Notes.xcdatamodeld"), to: folder.appendingPathComponent("Notes.xcdatamodeld"))
        try write(text, to: folder)
        let result = try runModeldiff(["check", "Notes.xcdatamodeld"], in: folder)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == message + "\n")
    }

    @Test func aMissingConfigurationGivenOnTheCommandLineIsOneLine() throws {
        let result = try runModeldiff(["check", "TestModels/Notes.xcdatamodeld", "--config", "nope.yml"])
        #expect(result.status == 2)
        #expect(result.stderr == "nope.yml: error: no such file or directory\n")
    }
}

/// The reference configuration (every key, block and flow styles) reads as written.
@Test func theReferenceConfigurationReadsEveryKey() throws {
    let path = Paths.testModels.appendingPathComponent("Config/full.modeldiff.yml").path
    let config = try ModelDiffConfig.load(path: path)
    #expect(config.checkPath == .consecutive)
    #expect(config.mappingFolders?.map { URL(fileURLWithPath: $0).lastPathComponent } == ["Mappings", "Other Mappings"])
    #expect(config.since == "Model 100")
    #expect(config.strict == true)
    #expect(config.cloudKit == false)
    #expect(
        config.acknowledgements.map(\.code.rawValue) == ["relationship-retargeted", "required-attribute-without-default", "entity-removed"])
    #expect(config.acknowledgements[1].pair?.from == "Model 32" && config.acknowledgements[1].pair?.to == "Model 33")
    #expect(config.acknowledgements[1].reason == "Release 5.4 shipped WooCommerceModelV32toV33.xcmappingmodel, which fills Product.date\n")
    #expect(config.acknowledgements[2].reason == "flow style, quoted")
}
