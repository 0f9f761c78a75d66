import Foundation
@_spi(CLI) import ModelDiffKit
import ModelDiffTestSupport
import Testing

/// A bundle of three versions: `Note.count` becomes required (with a default) in V2, and V3 adds an
/// entity above `Note`, so V3's `Note` is V2's on other lines. The jump V1 → V3 compares the same
/// entity pair as the step V1 → V2, and the step V2 → V3 compares `Note` with itself moved.
private func shiftedBundle() throws -> URL {
    let root = try Paths.temporaryDirectory().appendingPathComponent("Shifted.xcdatamodeld")
    let note = { (required: Bool) in
        """
            <entity name="Note" representedClassName="Note" syncable="YES">
                <attribute name="title" optional="YES" attributeType="String"/>
                <attribute name="count" \(required ? "" : "optional=\"YES\" ")attributeType="Integer 32" defaultValueString="0" usesScalarValueType="YES"/>
            </entity>
        """
    }
    let alpha = """
            <entity name="Alpha" representedClassName="Alpha" syncable="YES">
                <attribute name="name" optional="YES" attributeType="String"/>
                <attribute name="size" optional="YES" attributeType="Integer 64" usesScalarValueType="YES"/>
            </entity>
        """
    let versions = ["V1": note(false), "V2": note(true), "V3": alpha + "\n" + note(true)]
    for (name, entities) in versions {
        let folder = root.appendingPathComponent("\(name).xcdatamodel")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let contents = """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" lastSavedToolsVersion="22757" systemVersion="23E224" \
            minimumToolsVersion="Automatic" sourceLanguage="Swift" userDefinedModelVersionIdentifier="">
            \(entities)
            </model>

            """
        try contents.write(to: folder.appendingPathComponent("contents"), atomically: true, encoding: .utf8)
    }
    let current = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>_XCCurrentVersionName</key>
        \t<string>V3.xcdatamodel</string>
        </dict>
        </plist>

        """
    try current.write(to: root.appendingPathComponent(".xccurrentversion"), atomically: true, encoding: .utf8)
    return root
}

/// The line of the element named `name` in a version's `contents`.
private func line(of name: String, in bundle: URL, version: String) throws -> Int {
    let text = try String(contentsOf: bundle.appendingPathComponent("\(version).xcdatamodel/contents"), encoding: .utf8)
    let lines = text.components(separatedBy: "\n")
    return try #require(lines.firstIndex { $0.contains("name=\"\(name)\"") }) + 1
}

/// `check BUNDLE` compares each distinct pair of entity versions once, lines aside, and every
/// pair's findings still point at that pair's own lines.
@Test func eachDistinctEntityPairIsComparedOnceAndFindingsKeepTheirLines() throws {
    let root = try shiftedBundle()
    defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
    let check = try BundleCheck(bundle: try ModelBundle.load(path: root.path))
    #expect(check.pairs.map { "\($0.from)→\($0.to)" } == ["V1→V2", "V2→V3", "V1→V3"])
    // Three pairs of `Note` (V1/V2, V2/V3, V1/V3), of which V1/V3 is V1/V2 again on other lines.
    #expect(check.entityComparisons == 2)
    let required = check.pairs.map { pair in pair.report.findings.first { $0.code == .optionalToRequired } }
    let v2Line = try line(of: "count", in: root, version: "V2")
    let v3Line = try line(of: "count", in: root, version: "V3")
    #expect(v2Line != v3Line)
    #expect(required[0]?.line == v2Line)
    #expect(required[0]?.file.hasSuffix("V2.xcdatamodel/contents") == true)
    #expect(required[1] == nil)
    // The jump reuses V1 → V2's comparison, but points at V3's line.
    #expect(required[2]?.line == v3Line)
    #expect(required[2]?.file.hasSuffix("V3.xcdatamodel/contents") == true)
    // The matched properties carry their own version's lines too.
    let jumpCount = check.pairs[2].report.diff.match.pair(destination: "Note")?.properties.pairs.first { $0.destination.name == "count" }
    #expect(jumpCount?.destination.line.value == v3Line)
    // Without the memo (one pair at a time) the findings are the same, lines included.
    for pair in check.pairs {
        let source = try ModelFile.load(path: pair.report.sourcePath).model
        let destination = try ModelFile.load(path: pair.report.destinationPath).model
        let alone = InferenceReport(
            diff: ModelDiff(source: source, destination: destination),
            sourcePath: pair.report.sourcePath, destinationPath: pair.report.destinationPath,
            historicalNames: try ModelBundle.load(path: root.path).historicalNames)
        #expect(alone.findings == pair.report.findings, "\(pair.from) → \(pair.to)")
        // So are the property matches, made from the memo's positions and each version's own lists.
        let match = ModelMatch(source: source, destination: destination)
        #expect(match.pairs.map(\.properties) == pair.report.diff.match.pairs.map(\.properties), "\(pair.from) → \(pair.to)")
        #expect(
            match.pairs.flatMap(\.properties.pairs).map(\.destination.line)
                == pair.report.diff.match.pairs.flatMap(\.properties.pairs).map(\.destination.line))
    }
}
