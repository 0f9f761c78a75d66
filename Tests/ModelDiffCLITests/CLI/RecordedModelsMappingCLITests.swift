import Foundation
import ModelDiffTestSupport
import Testing

/// An Xcode mapping model whose recorded version names no longer match the bundle
/// (`TestModels/History/RenamedVersionMapping`: `Clinic_Mapping` records `Clinic 3.xcdatamodel`, the
/// name of Clinic 2 when the mapping was saved, as CareKit's `2.0_2.1_Mapping` records a
/// `CareKitStore2.2`) is matched by the models it records, as `mapc` compiles it and Core Data finds it.
@Suite struct RecordedModelsMappingCLITests {
    static let source = Paths.repository.appendingPathComponent("TestModels/History/RenamedVersionMapping")
    static let bundle = "TestModels/History/RenamedVersionMapping/Clinic.xcdatamodeld"
    static let mapping = "TestModels/History/RenamedVersionMapping/Clinic_Mapping.xcmappingmodel/xcmapping.xml"

    @Test func checkPlanTestAndMigrateUseTheMappingItsRecordedModelsMatch() throws {
        let text = try String(contentsOf: Paths.repository.appendingPathComponent(Self.mapping), encoding: .utf8)
        #expect(text.contains("Clinic.xcdatamodeld/Clinic 3.xcdatamodel</attribute>"))
        let check = try runModeldiff(["check", Self.bundle])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("overall: mapped (1 pairs on path all: 0 not inferable, 1 mapped"), "\(check.stdout)")
        let plan = try runModeldiff(["plan", Self.bundle, "--format", "text"])
        #expect(plan.stdout == "custom: Clinic → Clinic 2: mapping model Clinic_Mapping\n", "\(plan.stdout)\(plan.stderr)")
        let test = try runModeldiff(["test", Self.bundle])
        #expect(test.status == 0, "\(test.stdout)\(test.stderr)")
        #expect(test.stdout.contains("PASS Clinic → Clinic 2 (seeded store, mapping \(Self.mapping))"), "\(test.stdout)")
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let seed = try runModeldiff(
            [
                "store", "seed", "\(Self.bundle)/Clinic.xcdatamodel", "--objects", "3", "--output",
                folder.appendingPathComponent("v1.sqlite").path,
            ])
        #expect(seed.status == 0, "\(seed.stderr)")
        let migrate = try runModeldiff(
            [
                "migrate", folder.appendingPathComponent("v1.sqlite").path, "--to", Self.bundle, "--output",
                folder.appendingPathComponent("v2.sqlite").path,
            ])
        #expect(migrate.status == 0, "\(migrate.stderr)")
        #expect(migrate.stdout.contains("(Clinic → Clinic 2 with \(Self.mapping))"), "\(migrate.stdout)")
    }

    /// Without its copy of the destination model the file is matched by the names it records alone,
    /// which name no version here: the step is checked without it and cannot be inferred.
    @Test func withoutTheRecordedModelTheNamesDecideAndDoNotMatch() throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("RenamedVersionMapping")
        try FileManager.default.copyItem(at: Self.source, to: copy)
        let file = copy.appendingPathComponent("Clinic_Mapping.xcmappingmodel/xcmapping.xml")
        let text = try String(contentsOf: file, encoding: .utf8)
        let archive = try #require(
            text.range(of: #"\s*<attribute name="destinationmodeldata"[^>]*>[^<]*</attribute>"#, options: .regularExpression))
        try text.replacingCharacters(in: archive, with: "").write(to: file, atomically: true, encoding: .utf8)
        let check = try runModeldiff(["check", copy.appendingPathComponent("Clinic.xcdatamodeld").path])
        #expect(check.status == 1)
        #expect(check.stdout.contains("overall: not-inferable"), "\(check.stdout)")
    }
}
