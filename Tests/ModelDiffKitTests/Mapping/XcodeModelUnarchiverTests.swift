import Foundation
@_spi(CLI) import ModelDiffKit
import ModelDiffTestSupport
import Testing

/// The entity version hashes of a model as base64, by entity name.
private func hashes(_ model: Model) -> [String: String] {
    let computed = model.versionHashes()
    return Dictionary(uniqueKeysWithValues: computed.entityVersionHashes.keys.map { ($0, computed.base64(entity: $0) ?? "") })
}

/// The archive Xcode recorded for CoreDataPlus's SampleModel2 (TestModels/XcodeArchives/README.md)
/// reads back as a model with the version hashes of the fixture's SampleModel2: inheritance (Car →
/// SportCar → LuxuryCar), LuxuryCar's renaming identifier and the single and compound uniqueness
/// constraints all enter the hashes, so every entity's hash agreeing shows each is read as Core Data hashes it.
@Test func xcodesRecordedSampleModel2HasTheFixturesVersionHashes() throws {
    let text = try String(
        contentsOf: Paths.testModels.appendingPathComponent("XcodeArchives/CoreDataPlus-SampleModel2.sourcemodeldata.base64"),
        encoding: .utf8)
    let bytes = [UInt8](try #require(Data(base64Encoded: text, options: .ignoreUnknownCharacters)))
    let recorded = try #require(XcodeModelUnarchiver.model(bytes, path: "SampleModel2.sourcemodeldata"))
    let fixture = try ModelFile.load(
        path: Paths.fixtures.appendingPathComponent("06-CoreDataPlus-SampleModel/SampleModel.xcdatamodeld/SampleModel2.xcdatamodel").path
    ).model
    #expect(recorded.entity(named: "LuxuryCar")?.parentEntity == "SportCar")
    #expect(recorded.entity(named: "Car")?.uniquenessConstraints == [["numberPlate"]])
    #expect(hashes(recorded).count == fixture.entities.count)
    #expect(hashes(recorded) == hashes(fixture))
}

/// What modeldiff archives for a mapping model (`mapping convert --to xcode`) reads back with the
/// same version hashes, for every version of the bundled examples.
@Test(arguments: ["Notes.xcdatamodeld", "History/RenamedVersionMapping/Clinic.xcdatamodeld", "History/ReleaseMappings/Shop.xcdatamodeld"])
func archivedModelsReadBackWithTheirVersionHashes(bundle: String) throws {
    let folder = Paths.testModels.appendingPathComponent(bundle)
    let versions = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".xcdatamodel") }
    #expect(!versions.isEmpty)
    for version in versions {
        let model = try ModelFile.load(path: folder.appendingPathComponent(version).path).model
        let read = try #require(XcodeModelUnarchiver.model(try XcodeModelArchiver.archive(model), path: version))
        #expect(hashes(read) == hashes(model), "\(version)")
    }
}

/// Bytes that are not an archived `XDPMModel` give no model (the mapping then matches by its names).
@Test func anArchiveThatIsNoXcodeModelGivesNone() throws {
    #expect(XcodeModelUnarchiver.model(Array("bplist00 not really".utf8), path: "x") == nil)
    #expect(XcodeModelUnarchiver.model([], path: "x") == nil)
}
