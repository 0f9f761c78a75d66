import Foundation
import ModelDiffTestSupport
import Testing

/// `check --cloudkit`: CloudKit's model rules and its add-only production schema (issue 21 item 1).
/// Each pair under TestModels/CloudKit breaks one rule from a CloudKit-clean model.
@Suite struct CloudKitCLITests {
    private func pair(_ name: String) -> [String] { ["TestModels/CloudKit/\(name)/old.xml", "TestModels/CloudKit/\(name)/new.xml"] }

    /// The line of the first line of `file` containing `text`.
    private func line(of text: String, in file: String) throws -> Int {
        let lines = try String(contentsOfFile: Paths.repository.appendingPathComponent(file).path, encoding: .utf8).components(
            separatedBy: "\n")
        return try #require(lines.firstIndex { $0.contains(text) }) + 1
    }

    @Test(arguments: [
        ("unique-constraint", "new.xml", #"<entity name="Note""#),
        ("unsupported-type", "new.xml", #"name="blob""#),
        ("required-attribute", "new.xml", #"name="createdAt""#),
        ("required-relationship", "new.xml", #"name="tags""#),
        ("missing-inverse", "new.xml", #"name="pinnedTag""#),
        ("deny-delete-rule", "new.xml", #"name="tags""#),
        ("ordered-relationship", "new.xml", #"name="tags""#),
        ("cross-configuration", "new.xml", #"name="tags""#),
        ("entity-removed", "old.xml", #"<entity name="Folder""#),
        ("entity-renamed", "new.xml", #"<entity name="Directory""#),
        ("property-removed", "old.xml", #"name="views""#),
        ("property-renamed", "new.xml", #"name="headline""#),
        ("type-changed", "new.xml", #"name="views""#),
        ("made-required", "new.xml", #"name="title""#),
    ])
    func eachRuleIsItsOwnFindingAtItsLine(rule: String, file: String, element: String) throws {
        let result = try runModeldiff(["check"] + pair(rule) + ["--cloudkit"])
        #expect(result.status == 1)
        let cloudKitLines = result.stdout.split(separator: "\n").filter { $0.contains("[cloudkit-") }
        #expect(cloudKitLines.count == 1, "\(result.stdout)")
        let expected = "TestModels/CloudKit/\(rule)/\(file):\(try line(of: element, in: "TestModels/CloudKit/\(rule)/\(file)")): error: "
        #expect(cloudKitLines.first?.hasPrefix(expected) == true, "\(cloudKitLines)")
        #expect(cloudKitLines.first?.hasSuffix("[cloudkit-\(rule)]") == true)
        // Without --cloudkit the same pair says nothing about CloudKit.
        let plain = try runModeldiff(["check"] + pair(rule))
        #expect(!plain.stdout.contains("[cloudkit-"))
        // Every format carries the finding.
        let json = try runModeldiff(["check"] + pair(rule) + ["--cloudkit", "--format", "json"])
        #expect(json.stdout.contains("\"code\" : \"cloudkit-\(rule)\""))
        let github = try runModeldiff(["check"] + pair(rule) + ["--cloudkit", "--format", "github"])
        #expect(github.stdout.contains("title=cloudkit-\(rule)::"))
        let sarif = try runModeldiff(["check"] + pair(rule) + ["--cloudkit", "--format", "sarif"])
        #expect(sarif.stdout.contains(#""ruleId":"cloudkit-\#(rule)""#))
    }

    @Test func aCompatibleAdditionPasses() throws {
        let result = try runModeldiff(["check"] + pair("compatible") + ["--cloudkit"])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(!result.stdout.contains("[cloudkit-"))
        #expect(result.stdout.hasPrefix("inferable"))
    }

    @Test func aBundleChecksItsCurrentVersionAndEveryStepFromTheConfiguration() throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            at: Paths.testModels.appendingPathComponent("Notes.xcdatamodeld"), to: folder.appendingPathComponent("Notes.xcdatamodeld"))
        #expect(try runModeldiff(["check", "Notes.xcdatamodeld"], in: folder).status == 0)
        try "check:\n  cloudkit: true\n".write(to: folder.appendingPathComponent(".modeldiff.yml"), atomically: true, encoding: .utf8)
        let result = try runModeldiff(["check", "Notes.xcdatamodeld"], in: folder)
        #expect(result.status == 1)
        #expect(
            result.stdout.hasPrefix(
                """
                Notes.xcdatamodeld/Notes 2.xcdatamodel/contents:4: error: `Folder.name` is required without a default value, and a CloudKit record may arrive \
                without it: make it optional or give it a default value (Core Data refuses to load it for CloudKit: error 134060) [cloudkit-required-attribute]
                Notes.xcdatamodeld/Notes 2.xcdatamodel/contents:8: error: `Note.createdAt` is required without a default value
                """))
        #expect(result.stdout.contains("[cloudkit-property-renamed] (in Notes → Notes 2)"))
        let json = try runModeldiff(["check", "Notes.xcdatamodeld", "--format", "json"], in: folder)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((object["cloudkit"] as? [[String: Any]])?.count == 2)
        #expect(try runModeldiff(["check", "Notes.xcdatamodeld", "--no-cloudkit"], in: folder).status == 0)
        // The current version's findings are acknowledged like any other.
        try """
        check:
          cloudkit: true
        acknowledged:
          - code: cloudkit-required-attribute
            reason: Folder and Note are in a configuration the app does not mirror yet
          - code: cloudkit-property-renamed
            pair: Notes → Notes 2
            reason: renamed before the schema was deployed to production
        """.write(to: folder.appendingPathComponent(".modeldiff.yml"), atomically: true, encoding: .utf8)
        let acknowledged = try runModeldiff(["check", "Notes.xcdatamodeld"], in: folder)
        #expect(acknowledged.status == 0, "\(acknowledged.stdout)")
    }

    @Test func onlyTheConfigurationsUsedWithCloudKitAreMirrored() throws {
        // cross-configuration's Tag is in a local configuration: its relationships are not checked.
        let result = try runModeldiff(["check"] + pair("cross-configuration") + ["--cloudkit", "--verbose"])
        #expect(!result.stdout.contains("`Tag.notes`"))
    }
}
