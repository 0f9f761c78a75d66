import Foundation
import ModelDiffTestSupport
import Testing

/// `.modeldiff.yml`'s `test:` section: the values the team's data takes and the objects per entity,
/// read by `modeldiff test` (with `--config` and `--no-config` as `check` has them).
@Suite struct TestConfigCLITests {
    /// A folder holding a copy of TestModels/FindingCodes/`name` and the configuration `text`.
    private func project(_ name: String, config text: String) throws -> URL {
        let folder = try Paths.temporaryDirectory()
        try FileManager.default.copyItem(
            at: Paths.testModels.appendingPathComponent("FindingCodes/\(name).xcdatamodeld"),
            to: folder.appendingPathComponent("Model.xcdatamodeld"))
        try text.write(to: folder.appendingPathComponent(".modeldiff.yml"), atomically: true, encoding: .utf8)
        return folder
    }

    /// V2 adds `Note.count` 0...10000: the seed's extremes fail it, the team's range passes it.
    @Test func valueRangesKeepTheSeedToTheTeamsData() throws {
        let folder = try project("cosmetic-change-max-value", config: "test:\n  values:\n    Note.count: 0...10000\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let ranged = try runModeldiff(["test", "Model.xcdatamodeld"], in: folder)
        #expect(ranged.status == 0, "\(ranged.stdout)\(ranged.stderr)")
        let unranged = try runModeldiff(["test", "Model.xcdatamodeld", "--no-config"], in: folder)
        #expect(unranged.status == 1)
        #expect(unranged.stdout.contains("Note.count is below its minimum 0 (NSValidationNumberTooSmallError 1620"))
        // A range wider than the new bounds is reached again.
        try "test:\n  values:\n    Note.count: -5...20000\n".write(
            to: folder.appendingPathComponent("wide.yml"), atomically: true, encoding: .utf8)
        let wide = try runModeldiff(["test", "Model.xcdatamodeld", "--config", "wide.yml"], in: folder)
        #expect(wide.status == 1)
        #expect(wide.stdout.contains("Note.count is below its minimum 0"), "\(wide.stdout)")
    }

    /// `acknowledged:` serves `test` as it serves `check`: a removal's failure by its bracketed code, a
    /// validation failure by `check`'s finding on the step; an acknowledgement for another property or
    /// pair accepts nothing.
    @Test(arguments: [
        (
            "attribute-removed",
            "acknowledged:\n  - code: attribute-removed\n    pair: V1 → V2\n    entity: Note\n    property: count\n    reason: recomputed at launch\n",
            "values are lost: V2 removes the attribute [attribute-removed] — acknowledged in .modeldiff.yml:2: recomputed at launch"
        ),
        (
            "attribute-made-transient",
            "acknowledged:\n  - code: attribute-made-transient\n    entity: Note\n    property: count\n    reason: recomputed in memory\n",
            "values are lost: V2 makes the attribute transient [attribute-made-transient] — acknowledged in .modeldiff.yml:2: recomputed in memory"
        ),
        (
            "relationship-made-transient",
            "acknowledged:\n  - code: relationship-made-transient\n    pair: V1 → V2\n    reason: rebuilt from the server\n",
            "links are lost: V2 makes the relationship transient [relationship-made-transient] — acknowledged in .modeldiff.yml:2: rebuilt"
        ),
        (
            "hierarchy-merge",
            "acknowledged:\n  - code: hierarchy-merge\n    entity: Bike\n    reason: a mapping model ships with the app\n",
            "[hierarchy-merge] — acknowledged in .modeldiff.yml:2: a mapping model ships with the app"
        ),
        (
            "max-count-lowered",
            "acknowledged:\n  - code: max-count-lowered\n    entity: Folder\n    reason: merged in code first\n",
            "more than its maximum 1 (NSValidationRelationshipExceedsMaximumCountError 1590"
        ),
    ])
    func acknowledgedFailuresPass(name: String, config: String, line: String) throws {
        let folder = try project(name, config: config)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runModeldiff(["test", "Model.xcdatamodeld"], in: folder)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasPrefix("PASS V1 → V2 (seeded store, inferred mapping)\n    acknowledged: "), "\(result.stdout)")
        #expect(result.stdout.contains(line), "\(result.stdout)")
        let json = try runModeldiff(["test", "Model.xcdatamodeld", "--format", "json"], in: folder)
        #expect(json.stdout.contains("\"acknowledged\""), "\(json.stdout)")
        let unacknowledged = try runModeldiff(["test", "Model.xcdatamodeld", "--no-config"], in: folder)
        #expect(unacknowledged.status == 1, "\(unacknowledged.stdout)")
    }

    @Test(arguments: [
        "acknowledged:\n  - code: attribute-removed\n    property: title\n    reason: not this one\n",
        "acknowledged:\n  - code: attribute-removed\n    pair: V2 → V3\n    reason: another step\n",
        "acknowledged:\n  - code: entity-removed\n    entity: Note\n    reason: another code\n",
    ])
    func anAcknowledgementOfSomethingElseAcceptsNothing(config: String) throws {
        let folder = try project("attribute-removed", config: config)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runModeldiff(["test", "Model.xcdatamodeld"], in: folder)
        #expect(result.status == 1, "\(result.stdout)")
        #expect(!result.stdout.contains("acknowledged:"), "\(result.stdout)")
    }

    @Test func objectsComeFromTheConfigurationAndTheCommandLineWins() throws {
        let folder = try project("max-count-lowered", config: "test:\n  objects:\n    Folder: 2\n    Note: 1\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        // One note cannot overfill a folder; --objects does not replace counts the configuration names per entity.
        let one = try runModeldiff(["test", "Model.xcdatamodeld"], in: folder)
        #expect(one.status == 0, "\(one.stdout)")
        try "test:\n  objects: 0\n".write(to: folder.appendingPathComponent(".modeldiff.yml"), atomically: true, encoding: .utf8)
        #expect(try runModeldiff(["test", "Model.xcdatamodeld"], in: folder).status == 0)
        let flag = try runModeldiff(["test", "Model.xcdatamodeld", "--objects", "4"], in: folder)
        #expect(flag.status == 1, "\(flag.stdout)")
    }

    @Test(arguments: [
        (
            "test:\n  values:\n    Note.count: 10...1\n",
            ".modeldiff.yml:3:17: error: expected a range of numbers, low...high (low at most high), not \"10...1\""
        ),
        (
            "test:\n  values:\n    count: 0...1\n",
            ".modeldiff.yml:3:5: error: test.values names an attribute as Entity.attribute, not \"count\""
        ),
        ("test:\n  objects: lots\n", ".modeldiff.yml:2:12: error: expected a number of objects from 0 to 100,000"),
        ("test:\n  seeds: 3\n", ".modeldiff.yml:2:3: error: unknown key \"test.seeds\" (test takes objects and values)"),
    ])
    func aBadTestSectionIsOneLineWithItsPlace(text: String, message: String) throws {
        let folder = try project("cosmetic-change-user-info", config: text)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runModeldiff(["test", "Model.xcdatamodeld"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr == message + "\n")
    }
}
