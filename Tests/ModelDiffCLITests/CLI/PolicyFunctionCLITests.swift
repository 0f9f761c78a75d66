import Foundation
import ModelDiffTestSupport
import Testing

/// A value expression that calls the app's policy function (issue 47): `TestModels/History/PolicyFunction`'s
/// Xcode mapping model fills Flags 2's required `Note.hidden` with `FUNCTION($entityPolicy, "negateBool:",
/// $source.flag)` on the policy class `FlagsPolicy`, and copies `title`.
@Suite struct PolicyFunctionCLITests {
    static let bundle = "TestModels/History/PolicyFunction/Flags.xcdatamodeld"

    @Test func testRunsAStandInForThePolicyFunctionAndSaysCustomCodeNotRun() throws {
        let text = try runModeldiff(["test", Self.bundle, "--objects", "3"])
        #expect(text.status == 0, "\(text.stdout)\(text.stderr)")
        #expect(
            text.stdout.hasPrefix("PASS, custom code not run: FlagsPolicy (negateBool:) Flags → Flags 2 (seeded store, mapping "),
            "\(text.stdout)")
        #expect(text.stdout.hasSuffix("0 passed, 0 failed, 1 passed with custom code not run (the app's policy classes)\n"))
        #expect(text.stderr.isEmpty && !text.stdout.contains("134170"))
        let strict = try runModeldiff(["test", Self.bundle, "--objects", "3", "--strict"])
        #expect(strict.status == 1)
        let junit = try runModeldiff(["test", Self.bundle, "--objects", "3", "--format", "junit"])
        #expect(junit.status == 0)
        #expect(junit.stdout.contains(#"tests="1" failures="0" skipped="1""#))
        #expect(junit.stdout.contains(#"<skipped message="custom code not run: FlagsPolicy (negateBool:)"/>"#), "\(junit.stdout)")
        let json = try runModeldiff(["test", Self.bundle, "--objects", "3", "--format", "json"])
        #expect(json.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["customCodeNotRun"] as? Int == 1)
        let step = try #require((object["steps"] as? [[String: Any]])?.first)
        #expect(step["customCodeNotRun"] as? [String] == ["FlagsPolicy (negateBool:)"])
        #expect(step["passed"] as? Bool == true)
    }

    @Test func migrateStillRefusesThePolicyClassInOneLine() throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("v1.sqlite").path
        let seed = try runModeldiff(["store", "seed", "\(Self.bundle)/Flags.xcdatamodel", "--objects", "2", "--output", store])
        #expect(seed.status == 0, "\(seed.stderr)")
        let result = try runModeldiff([
            "migrate", store, "--to", Self.bundle, "--output", folder.appendingPathComponent("out.sqlite").path,
        ])
        #expect(result.status == 2)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("TestModels/History/PolicyFunction/Release 2.0.xcmappingmodel/xcmapping.xml:"), "\(result.stderr)")
        #expect(result.stderr.contains("the mapping names the policy class FlagsPolicy") && result.stderr.contains("134170"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.sqlite").path))
    }

    /// Everything but the policy function's value is still checked: a required attribute the mapping
    /// sets to nil fails validation, while the policy-filled required attributes (a Boolean from its
    /// argument, an Integer 32 from a String argument: the zero of its type) do not.
    @Test func theRestOfTheStepIsStillChecked() throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bundle = folder.appendingPathComponent("Flags.xcdatamodeld")
        try FileManager.default.copyItem(at: Paths.repository.appendingPathComponent(Self.bundle), to: bundle)
        let newer = bundle.appendingPathComponent("Flags 2.xcdatamodel/contents")
        let model = try String(contentsOf: newer, encoding: .utf8)
        try model.replacingOccurrences(
            of: #"<attribute name="title""#,
            with:
                #"<attribute name="rank" attributeType="Integer 32" usesScalarValueType="YES"/>"#
                + #"<attribute name="sku" attributeType="String"/><attribute name="title""#
        ).write(to: newer, atomically: true, encoding: .utf8)
        let mapping = """
            <?xml version="1.0" encoding="UTF-8"?>
            <mappingModel formatVersion="1" source="Flags" destination="Flags 2">
                <entityMapping name="NoteToNote" type="custom" source="Note" destination="Note" policy="FlagsPolicy">
                    <attribute name="hidden">FUNCTION($entityPolicy, "negateBool:", $source.flag)</attribute>
                    <attribute name="rank">FUNCTION($entityPolicy, "rankOf:", $source.title)</attribute>
                    <attribute name="sku">nil</attribute>
                    <attribute name="title">$source.title</attribute>
                </entityMapping>
            </mappingModel>
            """
        try mapping.write(to: folder.appendingPathComponent("Flags1to2.mapping.xml"), atomically: true, encoding: .utf8)
        let result = try runModeldiff(["test", "Flags.xcdatamodeld", "--objects", "3"], in: folder)
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasPrefix("FAIL Flags → Flags 2 (seeded store, mapping ./Flags1to2.mapping.xml)"), "\(result.stdout)")
        #expect(
            result.stdout.contains("Note.sku is required but has no value (NSValidationMissingMandatoryPropertyError 1570"),
            "\(result.stdout)")
        #expect(
            !result.stdout.contains("hidden") && !result.stdout.contains("rank") && !result.stdout.contains("134170"), "\(result.stdout)")
        // Mapped, the step passes with both functions named.
        try mapping.replacingOccurrences(of: #"<attribute name="sku">nil</attribute>"#, with: #"<attribute name="sku">"SKU"</attribute>"#)
            .write(to: folder.appendingPathComponent("Flags1to2.mapping.xml"), atomically: true, encoding: .utf8)
        let mapped = try runModeldiff(["test", "Flags.xcdatamodeld", "--objects", "3"], in: folder)
        #expect(
            mapped.stdout.hasPrefix("PASS, custom code not run: FlagsPolicy (negateBool:, rankOf:) Flags → Flags 2"), "\(mapped.stdout)")
        // Left without an expression, `sku` is the policy class's to set: a stand-in, named after the functions.
        try mapping.replacingOccurrences(of: #"<attribute name="sku">nil</attribute>"#, with: "")
            .write(to: folder.appendingPathComponent("Flags1to2.mapping.xml"), atomically: true, encoding: .utf8)
        let left = try runModeldiff(["test", "Flags.xcdatamodeld", "--objects", "3"], in: folder)
        #expect(
            left.stdout.hasPrefix("PASS, custom code not run: FlagsPolicy (negateBool:, rankOf:; stand-ins for Note.sku) Flags → Flags 2"),
            "\(left.stdout)")
    }
}
