import Foundation

/// A model bundle in a temporary folder whose bundle and version folders carry hostile names (newlines,
/// workflow commands, interpolations, quotes): the Notes model's two versions, then a third that adds a
/// required attribute without a default (a step lightweight migration cannot infer). The last version
/// is the current one.
package struct HostileBundle {
    /// The folder holding the bundle; the caller removes it.
    package let folder: URL
    /// The `.xcdatamodeld` bundle.
    package let bundle: URL

    package init(name: String = "Model", versions: [String]) throws {
        precondition(versions.count == 3)
        folder = try Paths.temporaryDirectory()
        bundle = folder.appendingPathComponent(name + ".xcdatamodeld")
        let notes = Paths.testModels.appendingPathComponent("Notes.xcdatamodeld")
        let first = try String(contentsOf: notes.appendingPathComponent("Notes.xcdatamodel/contents"), encoding: .utf8)
        let second = try String(contentsOf: notes.appendingPathComponent("Notes 2.xcdatamodel/contents"), encoding: .utf8)
        let third = second.replacingOccurrences(
            of: #"<attribute name="createdAt""#, with: #"<attribute name="summary" attributeType="String"/><attribute name="createdAt""#)
        for (version, contents) in zip(versions, [first, second, third]) {
            let model = bundle.appendingPathComponent(version + ".xcdatamodel")
            try FileManager.default.createDirectory(at: model, withIntermediateDirectories: true)
            try contents.write(to: model.appendingPathComponent("contents"), atomically: true, encoding: .utf8)
        }
        let current = (versions[2] + ".xcdatamodel").replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(
            of: "<", with: "&lt;"
        )
        .replacingOccurrences(of: "\n", with: "&#10;")
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>_XCCurrentVersionName</key><string>\(current)</string></dict></plist>

        """.write(to: bundle.appendingPathComponent(".xccurrentversion"), atomically: true, encoding: .utf8)
    }
}
