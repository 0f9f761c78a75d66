import Foundation
import ModelDiffTestSupport
import Testing

/// Attributes an entity mapping leaves to its custom policy class (issue 47 item 5): in
/// `TestModels/History/PolicyClass`, Xcode's mapping model `Release 2.0` maps Outcomes → Outcomes 2 with
/// the policy class `OutcomePolicy` and copies `date` and `title`; the new required `effectiveDate`
/// (Date), `kind` (String) and `uuid` (UUID, a uniqueness constraint) have no expression: the app's
/// policy sets them in its own code, which `test` cannot run.
@Suite struct PolicyClassCLITests {
    static let bundle = "TestModels/History/PolicyClass/Outcomes.xcdatamodeld"
    static let customCode = "OutcomePolicy (stand-ins for Outcome.effectiveDate, Outcome.kind, Outcome.uuid)"

    @Test func testGivesTheAttributesLeftToThePolicyAStandInAndSaysCustomCodeNotRun() throws {
        let text = try runModeldiff(["test", Self.bundle, "--objects", "3"])
        #expect(text.status == 0, "\(text.stdout)\(text.stderr)")
        #expect(
            text.stdout.hasPrefix("PASS, custom code not run: \(Self.customCode) Outcomes → Outcomes 2 (seeded store, mapping "),
            "\(text.stdout)")
        #expect(text.stdout.hasSuffix("0 passed, 0 failed, 1 passed with custom code not run (the app's policy classes)\n"))
        #expect(text.stderr.isEmpty && !text.stdout.contains("1570") && !text.stdout.contains("134170"), "\(text.stdout)")
        let json = try runModeldiff(["test", Self.bundle, "--objects", "3", "--format", "json"])
        #expect(json.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["customCodeNotRun"] as? Int == 1)
        #expect(object["passed"] as? Bool == true)
        let step = try #require((object["steps"] as? [[String: Any]])?.first)
        #expect(step["customCodeNotRun"] as? [String] == [Self.customCode])
        #expect(step["passed"] as? Bool == true)
        #expect(step["failures"] as? [String] == [])
        let junit = try runModeldiff(["test", Self.bundle, "--objects", "3", "--format", "junit"])
        #expect(junit.status == 0)
        #expect(junit.stdout.contains(#"tests="1" failures="0" skipped="1""#), "\(junit.stdout)")
        #expect(junit.stdout.contains(#"<skipped message="custom code not run: \#(Self.customCode)"/>"#), "\(junit.stdout)")
    }

    @Test func strictFailsTheStep() throws {
        let strict = try runModeldiff(["test", Self.bundle, "--objects", "3", "--strict"])
        #expect(strict.status == 1, "\(strict.stdout)\(strict.stderr)")
        #expect(strict.stdout.contains("custom code not run: \(Self.customCode)"), "\(strict.stdout)")
    }

    /// What the mapping sets itself is validated as usual: `kind` set to nil by an expression fails
    /// Core Data's mandatory check, and is no stand-in; the attributes still left to the class are.
    @Test func whatTheMappingSetsStaysStrict() throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            at: Paths.repository.appendingPathComponent(Self.bundle), to: folder.appendingPathComponent("Outcomes.xcdatamodeld"))
        let mapping = """
            <?xml version="1.0" encoding="UTF-8"?>
            <mappingModel formatVersion="1" source="Outcomes" destination="Outcomes 2">
                <entityMapping name="OutcomeToOutcome" type="custom" source="Outcome" destination="Outcome" policy="OutcomePolicy">
                    <attribute name="date">$source.date</attribute>
                    <attribute name="kind">nil</attribute>
                    <attribute name="title">$source.title</attribute>
                </entityMapping>
            </mappingModel>
            """
        let file = folder.appendingPathComponent("Outcomes1to2.mapping.xml")
        try mapping.write(to: file, atomically: true, encoding: .utf8)
        let result = try runModeldiff(["test", "Outcomes.xcdatamodeld", "--objects", "3"], in: folder)
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stdout.hasPrefix("FAIL Outcomes → Outcomes 2 (seeded store, mapping ./Outcomes1to2.mapping.xml)"), "\(result.stdout)")
        #expect(
            result.stdout.contains("Outcome.kind is required but has no value (NSValidationMissingMandatoryPropertyError 1570"),
            "\(result.stdout)")
        #expect(!result.stdout.contains("effectiveDate") && !result.stdout.contains("uuid"), "\(result.stdout)")
        // Set by the mapping, `kind` passes, and only the other two are the class's.
        try mapping.replacingOccurrences(
            of: #"<attribute name="kind">nil</attribute>"#, with: #"<attribute name="kind">"visit"</attribute>"#
        )
        .write(to: file, atomically: true, encoding: .utf8)
        let mapped = try runModeldiff(["test", "Outcomes.xcdatamodeld", "--objects", "3"], in: folder)
        #expect(
            mapped.stdout.hasPrefix(
                "PASS, custom code not run: OutcomePolicy (stand-ins for Outcome.effectiveDate, Outcome.uuid) Outcomes"),
            "\(mapped.stdout)")
    }

    @Test func migrateStillRefusesThePolicyClassInOneLine() throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("v1.sqlite").path
        let seed = try runModeldiff(["store", "seed", "\(Self.bundle)/Outcomes.xcdatamodel", "--objects", "2", "--output", store])
        #expect(seed.status == 0, "\(seed.stderr)")
        let output = folder.appendingPathComponent("out.sqlite").path
        let result = try runModeldiff(["migrate", store, "--to", Self.bundle, "--output", output])
        #expect(result.status == 2)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("TestModels/History/PolicyClass/Release 2.0.xcmappingmodel/xcmapping.xml:"), "\(result.stderr)")
        #expect(result.stderr.contains("the mapping names the policy class OutcomePolicy") && result.stderr.contains("134170"))
        #expect(!FileManager.default.fileExists(atPath: output))
    }
}
