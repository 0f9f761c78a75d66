import Foundation
import ModelDiffTestSupport
import Testing

@_spi(CLI) @testable import ModelDiffKit

/// A bundle's versions share the `<entity>` elements of equal text (`SharedEntityElements`): each
/// version read in its bundle must be, line for line, note for note, error for error, the version read alone.

/// Every line a value holds (its own, its properties', fetch indexes', kept elements'), in order, found
/// by reflection so that a line added to the model later is compared too.
private func lines(_ value: Any) -> [Int?] {
    if let line = value as? SourceLine { return [line.value] }
    return Mirror(reflecting: value).children.flatMap { lines($0.value) }
}

/// A bundle `Shared.xcdatamodeld` of the versions given (name, contents), the last one current.
private func bundle(_ versions: [(String, String)]) throws -> URL {
    let root = try Paths.temporaryDirectory().appendingPathComponent("Shared.xcdatamodeld")
    for (name, contents) in versions {
        let folder = root.appendingPathComponent("\(name).xcdatamodel")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try contents.write(to: folder.appendingPathComponent("contents"), atomically: true, encoding: .utf8)
    }
    let current = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>_XCCurrentVersionName</key><string>\(versions.last!.0).xcdatamodel</string></dict></plist>

        """
    try current.write(to: root.appendingPathComponent(".xccurrentversion"), atomically: true, encoding: .utf8)
    return root
}

private func model(_ body: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
    <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" minimumToolsVersion="Automatic" sourceLanguage="Swift">
    \(body)
    </model>
    """
}

/// `Shared`, the element every version below holds with one text.
private let shared = """
        <entity name="Shared" representedClassName="Shared" syncable="YES">
            <attribute name="title" optional="YES" attributeType="String" minValueString="1" maxValueString="40"/>
            <attribute name="count" attributeType="Integer 32" defaultValueString="0" usesScalarValueType="YES"/>
            <relationship name="other" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Other" inverseName="back" inverseEntity="Other"/>
            <fetchIndex name="byTitle">
                <fetchIndexElement property="title" type="Binary" order="ascending"/>
            </fetchIndex>
        </entity>
    """

private func other(inverse: Bool) -> String {
    let back = inverse ? #" inverseName="other" inverseEntity="Shared""# : ""
    return """
            <entity name="Other" representedClassName="Other" syncable="YES">
                <relationship name="back" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Shared"\(back)/>
            </entity>
        """
}

/// The 1-based line of the first line of `text` holding `needle`.
private func line(of needle: String, in text: String) -> Int {
    (text.components(separatedBy: "\n").firstIndex { $0.contains(needle) } ?? -1) + 1
}

/// Each version of the bundle at `root` read in the bundle is the version read alone: the same model,
/// lines, notes and warnings, and hashes; returns the bundle.
private func expectEachVersionReadAsAlone(_ root: URL) throws -> ModelBundle {
    let bundle = try ModelBundle.load(path: root.path, keepingUnreadable: true)
    for version in bundle.versions {
        let alone = try ModelFile.loadFolder(root.appendingPathComponent("\(version.name).xcdatamodel").path)
        #expect(version.model == alone.model, "\(version.name)")
        #expect(lines(version.model.entities) == lines(alone.model.entities), "\(version.name)")
        #expect(version.loaded.notes.map(\.description) == alone.notes.map(\.description), "\(version.name)")
        #expect(version.model.versionHashes() == alone.model.versionHashes(), "\(version.name)")
    }
    for (name, problem) in bundle.unreadableVersions {
        #expect(throws: problem) { try ModelFile.loadFolder(root.appendingPathComponent("\(name).xcdatamodel").path) }
    }
    return bundle
}

/// The versions of the bundle at `root`, read one after another with one table, so that which version
/// first reads a text does not depend on the order the cores finish in (as in `ModelBundle.load`).
private func readInOrder(_ root: URL) throws -> [LoadedModel] {
    let shared = SharedEntityElements()
    return try ModelLocator.versionFolders(inBundle: root.path).map { name in
        let path = root.appendingPathComponent("\(name).xcdatamodel/contents").path
        return try ModelReader.read(Array(try Data(contentsOf: URL(fileURLWithPath: path))), path: path, sharing: shared)
    }
}

@Test func anElementMetAgainAtAnotherLineIsReadOnceAndMovedThere() throws {
    // V2 holds Shared's text two entities further down; V3 further still, with a one-sided inverse
    // (Other.back has none), whose warning is about Shared.other in V3's file and at V3's line.
    let extra = (1...2).map { "    <entity name=\"Extra\($0)\" representedClassName=\"Extra\($0)\" syncable=\"YES\"/>" }.joined(
        separator: "\n")
    let v1 = model(shared + "\n" + other(inverse: true))
    let v2 = model(extra + "\n" + shared + "\n" + other(inverse: true))
    let v3 = model(extra + "\n" + extra.replacingOccurrences(of: "Extra", with: "More") + "\n" + shared + "\n" + other(inverse: false))
    let root = try bundle([("V1", v1), ("V2", v2), ("V3", v3)])
    defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
    let bundle = try expectEachVersionReadAsAlone(root)
    let entities = bundle.versions.map { $0.model.entity(named: "Shared")! }
    // One text, read once: every version's entity has its origin, and each its own lines.
    let inOrder = try readInOrder(root).map { $0.model.entity(named: "Shared")! }
    #expect(inOrder[0].origin != nil && inOrder[1].origin === inOrder[0].origin && inOrder[2].origin === inOrder[0].origin)
    #expect(lines(inOrder) == lines(entities) && entities.allSatisfy { $0.origin != nil })
    #expect(entities.map { $0.line.value } == [v1, v2, v3].map { line(of: "name=\"Shared\"", in: $0) })
    #expect(entities.map { $0.relationships[0].line.value } == [v1, v2, v3].map { line(of: "name=\"other\"", in: $0) })
    #expect(entities.map { $0.fetchIndexes[0].line.value } == [v1, v2, v3].map { line(of: "name=\"byTitle\"", in: $0) })
    let warnings = bundle.versions.map { $0.loaded.notes.filter { $0.severity == .warning } }
    #expect(warnings[0].isEmpty && warnings[1].isEmpty)
    #expect(warnings[2].map(\.line) == [line(of: "name=\"other\"", in: v3)])
    #expect(warnings[2].map { $0.path.hasSuffix("V3.xcdatamodel/contents") } == [true])
}

@Test func anErrorAboutASharedElementNamesItsOwnVersionsFileAndLine() throws {
    // V2 holds Shared's text at another line, without the entity its relationship points to.
    let v1 = model(shared + "\n" + other(inverse: true))
    let v2 = model("    <entity name=\"Extra\" representedClassName=\"Extra\" syncable=\"YES\"/>\n" + shared)
    let root = try bundle([("V1", v1), ("V2", v2), ("V3", v1)])
    defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
    let bundle = try expectEachVersionReadAsAlone(root)
    let problem = try #require(bundle.problem(ofVersion: "V2"))
    #expect(problem.path.hasSuffix("V2.xcdatamodel/contents"))
    #expect(problem.line == line(of: "name=\"other\"", in: v2))
    #expect(problem.message.contains("\"Other\", which the model does not declare"))
}

@Test func elementsThatDifferByOneAttributeAreNotShared() throws {
    let optional = model(shared + "\n" + other(inverse: true))
    let required = optional.replacingOccurrences(of: #"<attribute name="title" optional="YES""#, with: #"<attribute name="title""#)
    let root = try bundle([("V1", optional), ("V2", required), ("V3", model("\n\n" + shared + "\n" + other(inverse: true)))])
    defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
    let bundle = try expectEachVersionReadAsAlone(root)
    let hashes = bundle.versions.map { $0.model.versionHashes().entityVersionHashes["Shared"]! }
    let entities = try readInOrder(root).map { $0.model.entity(named: "Shared")! }
    #expect(hashes[0] != hashes[1] && hashes[0] == hashes[2])
    #expect(entities[1].origin !== entities[0].origin && entities[2].origin === entities[0].origin)
    #expect(entities[0] != entities[1] && entities[0] == entities[2])
    // Hashed together, as `hash --all-versions` does, each keeps its own hashes.
    #expect([Model](bundle.versions.map(\.model)).versionHashes() == bundle.versions.map { $0.model.versionHashes() })
}

@Test func badXMLInAVersionWithSharedElementsIsReportedAsReadAlone() throws {
    let v1 = model(shared + "\n" + other(inverse: true))
    // A broken element after the shared one; a broken copy of the shared one; the root never closed.
    let brokenAfter = model(shared + "\n    <entity name=\"Broken\"><attribute name=\"a\"</entity>\n" + other(inverse: true))
    let brokenInside = model(
        shared.replacingOccurrences(of: "<attribute name=\"count\"", with: "<attribute name=\"count\" name=\"again\"") + "\n")
    let unclosed = String(v1.dropLast("</model>".count))
    let reference = model(
        shared
            + "\n    <entity name=\"Ref\" representedClassName=\"Ref\"><attribute name=\"a\" attributeType=\"String\" defaultValueString=\"&x;\"/></entity>\n"
            + other(inverse: true))
    let root = try bundle([("V1", v1), ("V2", brokenAfter), ("V3", brokenInside), ("V4", unclosed), ("V5", reference), ("V6", v1)])
    defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
    let bundle = try expectEachVersionReadAsAlone(root)
    #expect(bundle.unreadableVersions.map(\.name) == ["V2", "V3", "V4", "V5"])
    #expect(bundle.unreadableVersions.allSatisfy { $0.problem.path.hasSuffix("\($0.name).xcdatamodel/contents") })
}

@Test func aFileNamingThePlaceholderIsReadAsAnyOther() throws {
    let v1 = model(shared + "\n" + other(inverse: true))
    let v2 = model(shared + "\n    <\(EntityElementScan.placeholder)/>\n" + other(inverse: true))
    let root = try bundle([("V1", v1), ("V2", v2)])
    defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
    let bundle = try expectEachVersionReadAsAlone(root)
    #expect(
        bundle.versions[1].loaded.notes.map(\.message) == ["unknown element <\(EntityElementScan.placeholder)> in the model kept as is"])
}

@Test func theScanFindsTheRootsEntityElementsOrDeclines() {
    func scan(_ text: String) -> [String]? {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { EntityElementScan($0) }.map { scan in
            scan.elements.map { String(decoding: bytes[$0.range], as: UTF8.self) }
        }
    }
    let a = #"<entity name="A" x="a > b"><attribute name="t" attributeType="String"/></entity >"#
    let b = #"<entity name="B"/>"#
    let layout = #"<elements><entity name="NotAChild"/><element name="A"/></elements>"#
    #expect(scan(model("\(a)\n\(layout)\n\(b)")) == [a, b])
    #expect(scan(model("")) == [])
    let declining = [
        model("<!-- a note -->\n\(a)"), model("\(a)<![CDATA[x]]>"), model("<?pi x?>\(b)"),
        model(b).replacingOccurrences(of: "<model ", with: "<model xmlns:x=\"urn:x\" "),
        model(b).replacingOccurrences(of: "\n", with: "\r\n"), model(#"<entity name="A"><entity name="B"/></entity>"#),
        model("<\(EntityElementScan.placeholder)/>\(b)"), model(b).replacingOccurrences(of: "UTF-8", with: "ISO-8859-1"),
        model(b).replacingOccurrences(of: "?>\n", with: "?>\n<!DOCTYPE model [<!ENTITY x \"y\">]>\n"),
        String(model(b).dropLast("</model>".count)),
    ]
    for text in declining { #expect(scan(text) == nil, "\(text)") }
}

@Test(.tags(.slow), .notInFastTier) func everyCorpusBundleReadsAsItsVersionsAlone() throws {
    for root in corpusBundles() {
        _ = try expectEachVersionReadAsAlone(root)
    }
    // WooCommerce's 6,808 entity elements have 250 distinct texts: each is read once.
    let entities = try readInOrder(Paths.models.appendingPathComponent("woocommerce-ios/WooCommerce.xcdatamodeld")).flatMap(
        \.model.entities)
    let origins = Set(entities.compactMap { $0.origin.map(ObjectIdentifier.init) })
    #expect(entities.count == 6_808 && entities.allSatisfy { $0.origin != nil } && origins.count == 250)
}
