import Foundation
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore
import ModelDiffTestSupport
import Testing

/// `store seed` refuses what it cannot meet in bounded time, or at all, with one line and exit 2, and
/// honours every limit it can: counts, lengths, a Binary's length, a unique Boolean's two values.
@Suite struct SeedLimitsCLITests {
    private static let header = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" lastSavedToolsVersion="22522" systemVersion="23F79" \
        minimumToolsVersion="Automatic" sourceLanguage="Swift" userDefinedModelVersionIdentifier="">
        """

    /// Writes a model with `entities` (XML) and seeds it; returns the run and the folder.
    private func seed(_ entities: String, objects: String) throws -> (CLIResult, URL) {
        let folder = try Paths.temporaryDirectory()
        try (Self.header + entities + "\n</model>\n").write(
            to: folder.appendingPathComponent("model.xml"), atomically: true, encoding: .utf8)
        let started = Date()
        let result = try runModeldiff(["store", "seed", "model.xml", "--objects", objects, "--output", "seeded.sqlite"], in: folder)
        #expect(Date().timeIntervalSince(started) < 30, "the seed must refuse, not run on")
        return (result, folder)
    }

    private func expectOneLine(_ result: CLIResult, _ message: String, in folder: URL) throws {
        #expect(result.status == 2, "\(result.stdout)")
        #expect(result.stderr == "seeded.sqlite: error: \(message)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["model.xml"])
    }

    @Test func aHugeMinimumCountIsRefused() throws {
        let (result, folder) = try seed(
            """
            <entity name="Book" representedClassName="Book" syncable="YES">
                <relationship name="pages" toMany="YES" minCount="2000000000" deletionRule="Cascade" destinationEntity="Page" inverseName="book" \
            inverseEntity="Page"/>
            </entity>
            <entity name="Page" representedClassName="Page" syncable="YES">
                <relationship name="book" maxCount="1" deletionRule="Nullify" destinationEntity="Book" inverseName="pages" inverseEntity="Book"/>
            </entity>
            """, objects: "3")
        defer { try? FileManager.default.removeItem(at: folder) }
        try expectOneLine(
            result, "cannot seed Book.pages: its minimum count 2000000000 needs more than the 10000000 objects a seed writes at most",
            in: folder)
    }

    @Test func aHugeMinimumLengthIsRefused() throws {
        let (result, folder) = try seed(
            """
            <entity name="Note" representedClassName="Note" syncable="YES">
                <attribute name="text" attributeType="String" minValueString="200000000"/>
            </entity>
            """, objects: "3")
        defer { try? FileManager.default.removeItem(at: folder) }
        try expectOneLine(
            result, "cannot seed Note.text: its minimum length 200000000 is above the 1000000 a seeded value may take", in: folder)
    }

    @Test func aBinaryLengthIsHonoured() throws {
        let (result, folder) = try seed(
            """
            <entity name="Blob" representedClassName="Blob" syncable="YES">
                <attribute name="data" attributeType="Binary" minValueString="5" maxValueString="8"/>
            </entity>
            """, objects: "12")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.stderr)")
        let model = try ModelFile.load(path: folder.appendingPathComponent("model.xml").path).model
        let store = try PersistentStore.open(path: folder.appendingPathComponent("seeded.sqlite").path)
        var lengths: [Int] = []
        try store.forEachObject(of: "Blob", layout: StoreLayout(model: model), includingSubentities: false) { object in
            if case .data(let bytes)? = object.attributes["data"] { lengths.append(bytes.count) }
        }
        #expect(lengths.count == 12)
        #expect(lengths.allSatisfy { (5...8).contains($0) }, "\(lengths)")
        #expect(try runModeldiff(["store", "verify", "seeded.sqlite", "--model", "model.xml"], in: folder).status == 0)
    }

    @Test func aUniqueBooleanHoldsTwoObjects() throws {
        let entity = """
            <entity name="Flag" representedClassName="Flag" syncable="YES">
                <attribute name="on" attributeType="Boolean" usesScalarValueType="YES"/>
                <uniquenessConstraints>
                    <uniquenessConstraint>
                        <constraint value="on"/>
                    </uniquenessConstraint>
                </uniquenessConstraints>
            </entity>
            """
        let (two, twoFolder) = try seed(entity, objects: "2")
        defer { try? FileManager.default.removeItem(at: twoFolder) }
        #expect(two.status == 0, "\(two.stderr)")
        let (three, folder) = try seed(entity, objects: "3")
        defer { try? FileManager.default.removeItem(at: folder) }
        try expectOneLine(
            three,
            "cannot seed Flag.on: a unique Boolean has two values, so its table holds at most 2 objects; lower their count in --objects",
            in: folder)
    }

    @Test(arguments: [
        ("=5", "--objects takes a number or Entity=N (0 to 10,000,000), not \"=5\""),
        (",,,", "--objects takes a number or Entity=N (0 to 10,000,000), not \"\""),
        ("Note=1,Note=2", "--objects names Note twice"),
        ("3,4", "--objects gives the count for every entity twice"),
    ])
    func malformedCountsAreRefused(objects: String, message: String) throws {
        let (result, folder) = try seed(
            """
            <entity name="Note" representedClassName="Note" syncable="YES">
                <attribute name="text" optional="YES" attributeType="String"/>
            </entity>
            """, objects: objects)
        defer { try? FileManager.default.removeItem(at: folder) }
        try expectOneLine(result, message, in: folder)
    }
}
