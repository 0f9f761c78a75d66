import Foundation
import ModelDiffTestSupport
import Testing

@_spi(CLI) @testable import ModelDiffKit

/// A bundle's versions are read and hashed on every core: the result must be the one reading them
/// one by one gives, in the bundle's order, and the error thrown the first version's in that order.

/// A bundle of `count` versions `V1…Vn` (current: the last), each with one entity `E` of attributes
/// `a1…ak` for version k; the versions named in `broken` point a relationship at an entity nobody declares.
private func numberedBundle(count: Int, broken: Set<Int> = []) throws -> URL {
    let root = try Paths.temporaryDirectory().appendingPathComponent("Numbered.xcdatamodeld")
    for version in 1...count {
        let folder = root.appendingPathComponent("V\(version).xcdatamodel")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let attributes = (1...version).map { "<attribute name=\"a\($0)\" optional=\"YES\" attributeType=\"String\"/>" }.joined(
            separator: "\n")
        let relationship =
            broken.contains(version)
            ? "<relationship name=\"r\" maxCount=\"1\" deletionRule=\"Nullify\" destinationEntity=\"Missing\(version)\"/>" : ""
        let contents = """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" minimumToolsVersion="Automatic" sourceLanguage="Swift">
            <entity name="E" representedClassName="E" syncable="YES">
            \(attributes)
            \(relationship)
            </entity>
            </model>

            """
        try contents.write(to: folder.appendingPathComponent("contents"), atomically: true, encoding: .utf8)
    }
    let current = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>_XCCurrentVersionName</key>
        \t<string>V\(count).xcdatamodel</string>
        </dict>
        </plist>

        """
    try current.write(to: root.appendingPathComponent(".xccurrentversion"), atomically: true, encoding: .utf8)
    return root
}

@Test func concurrentMapKeepsTheElementsOrder() {
    let numbers = Array(0..<1_000)
    #expect(numbers.concurrentMap { $0 * 3 } == numbers.map { $0 * 3 })
    #expect([Int]().concurrentMap { $0 } == [])
    #expect([7].concurrentMap { $0 + 1 } == [8])
}

@Test func versionsReadOnEveryCoreKeepTheBundlesOrder() throws {
    let root = try numberedBundle(count: 12)
    defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
    let bundle = try ModelBundle.load(path: root.path)
    #expect(bundle.versions.map(\.name) == (1...12).map { "V\($0)" })
    // Version k declares k attributes, read from its own file.
    #expect(bundle.versions.map { $0.model.entities[0].attributes.count } == Array(1...12))
    #expect(bundle.versions.map { ($0.loaded.path as NSString).lastPathComponent } == Array(repeating: "contents", count: 12))
    #expect(bundle.versions.allSatisfy { $0.loaded.path.contains("/\($0.name).xcdatamodel/") })
}

@Test func theFirstUnreadableVersionInOrderIsTheError() throws {
    let root = try numberedBundle(count: 12, broken: [5, 9])
    defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
    #expect {
        _ = try ModelBundle.load(path: root.path)
    } throws: { error in
        (error as? Diagnostic)?.message.contains("Missing5") == true && (error as? Diagnostic)?.path.contains("/V5.xcdatamodel/") == true
    }
    let kept = try ModelBundle.load(path: root.path, keepingUnreadable: true)
    #expect(kept.unreadableVersions.map(\.name) == ["V5", "V9"])
    #expect(kept.unreadableVersions.map { $0.problem.message.contains("Missing\($0.name.dropFirst())") } == [true, true])
    #expect(kept.versions.map(\.name) == (1...12).filter { $0 != 5 && $0 != 9 }.map { "V\($0)" })
}

@Test func hashesInRunsPerCoreAreEachModelsOwn() throws {
    let root = try numberedBundle(count: 12)
    defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
    let models = try ModelBundle.load(path: root.path).versions.map(\.model)
    let alone = models.map { $0.versionHashes() }
    #expect(models.versionHashes() == alone)
    #expect(Set(alone.map(\.versionChecksum)).count == 12)
}
