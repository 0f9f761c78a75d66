import Foundation
@_spi(CLI) import ModelDiffKit

/// The versions of a bundle share the `<entity>` elements of equal text (docs/READING.md, "What the
/// versions of a bundle share"): each version read in a bundle must be the version read alone, line for
/// line, note for note. The input, read alone as `alone`, becomes three versions of one bundle: itself,
/// itself one line further down (a line feed after the XML declaration), and itself again (every
/// element then met before); a difference stops the fuzzer.
func expectSharedReadingAsAlone(_ bytes: [UInt8], alone: LoadedModel) {
    let root = bundleFolder.appendingPathComponent("Fuzz.xcdatamodeld")
    try? FileManager.default.removeItem(at: root)
    var lower = bytes
    if let end = declarationEnd(bytes) { lower.insert(0x0A, at: end) }
    let versions = [("A", bytes), ("B", lower), ("C", bytes)]
    do {
        for (name, contents) in versions {
            let folder = root.appendingPathComponent("\(name).xcdatamodel")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(contents).write(to: folder.appendingPathComponent("contents"))
        }
        let current =
            #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>"#
            + #"<key>_XCCurrentVersionName</key><string>C.xcdatamodel</string></dict></plist>"#
        try Data(current.utf8).write(to: root.appendingPathComponent(".xccurrentversion"))
    } catch {
        fatalError("cannot write the bundle: \(error)")
    }
    guard let bundle = try? ModelBundle.load(path: root.path, keepingUnreadable: true) else {
        fatalError("a bundle of versions that each read alone does not load")
    }
    precondition(bundle.unreadableVersions.isEmpty, "a version that reads alone is unreadable in a bundle: \(bundle.unreadableVersions)")
    for version in bundle.versions {
        let path = root.appendingPathComponent("\(version.name).xcdatamodel/contents").path
        guard let single = try? ModelReader.read(Array(FileManager.default.contents(atPath: path) ?? Data()), path: path) else {
            fatalError("version \(version.name) read in the bundle but not alone")
        }
        precondition(version.model == single.model, "version \(version.name): the model differs from reading it alone")
        precondition(lines(version.model.entities) == lines(single.model.entities), "version \(version.name): lines differ")
        precondition(
            version.loaded.notes.map(\.description) == single.notes.map(\.description), "version \(version.name): notes differ")
        precondition(version.model.versionHashes() == single.model.versionHashes(), "version \(version.name): hashes differ")
    }
    precondition(bundle.versions.first { $0.name == "A" }?.model == alone.model, "version A differs from the input read alone")
}

/// One folder per process for the bundle each input becomes.
private let bundleFolder: URL = {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-shared-\(ProcessInfo.processInfo.processIdentifier)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}()

/// The position just past the XML declaration's `?>`, when the input starts with one.
private func declarationEnd(_ bytes: [UInt8]) -> Int? {
    guard bytes.starts(with: Array("<?xml".utf8)) else { return nil }
    for index in bytes.indices.dropFirst(5).dropLast() where bytes[index] == UInt8(ascii: "?") && bytes[index + 1] == UInt8(ascii: ">") {
        return index + 2
    }
    return nil
}

/// Every line a value holds, in order, found by reflection (a line added to the model later counts too).
private func lines(_ value: Any) -> [Int?] {
    if let line = value as? SourceLine { return [line.value] }
    return Mirror(reflecting: value).children.flatMap { lines($0.value) }
}
