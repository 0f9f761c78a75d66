import Foundation
@_spi(CLI) import ModelDiffKit
import ModelDiffTestSupport
import Testing

/// Replays `Fuzz/Regressions/FuzzPlanSwift/` (hostile bundle and version names: newlines, comment
/// closers, interpolations, quotes, keywords, line separators, terminal sequences, names whose
/// identifiers collide) as `FuzzPlanSwift` runs them: the bundle is written to disk, its plan generated,
/// and the Swift must declare only the plan and name each version exactly in its literal.
extension FuzzRegressionTests {
    @Test(arguments: inputs("FuzzPlanSwift")) func planSwift(_ name: String) throws {
        let text = String(decoding: try Self.bytes("FuzzPlanSwift", name), as: UTF8.self)
        // As the target: fields separated by U+001F; a field a folder name cannot hold becomes the default.
        var fields = text.split(separator: "\u{1F}", omittingEmptySubsequences: false).map { Self.folderName(String($0)) }
        while fields.count < 4 { fields.append("") }
        let model = fields[0].isEmpty ? "Model" : fields[0]
        let current = fields[3].unicodeScalars.allSatisfy { $0.value >= 0x20 || $0 == "\n" || $0 == "\t" } && !fields[3].isEmpty
        let versions = [fields[1].isEmpty ? "V1" : fields[1], fields[2].isEmpty ? "V2" : fields[2], current ? fields[3] : "Current"]
        try #require(Set(versions).count == 3, "the input names three versions")

        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bundle = folder.appendingPathComponent(model + ".xcdatamodeld")
        for (index, version) in versions.enumerated() {
            let path = bundle.appendingPathComponent(version + ".xcdatamodel")
            try FileManager.default.createDirectory(at: path, withIntermediateDirectories: true)
            let required = index > 0 ? "<attribute name=\"body\" attributeType=\"String\"/>" : ""
            try """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" minimumToolsVersion="Automatic" sourceLanguage="Swift">
                <entity name="Note" representedClassName="Note" syncable="YES">
                    <attribute name="title" optional="YES" attributeType="String"/>\(required)
                </entity>
            </model>
            """.write(to: path.appendingPathComponent("contents"), atomically: false, encoding: .utf8)
        }
        let escaped = (versions[2] + ".xcdatamodel").replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(
            of: "<", with: "&lt;"
        )
        .replacingOccurrences(of: "\n", with: "&#10;").replacingOccurrences(of: "\t", with: "&#9;")
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>_XCCurrentVersionName</key><string>\(escaped)</string></dict></plist>
        """.write(to: bundle.appendingPathComponent(".xccurrentversion"), atomically: false, encoding: .utf8)

        let source = try ModelBundle.load(path: bundle.path).stagedMigrationSwift(typeName: "Plan", order: versions)
        let (code, literals) = Self.splitLiterals(source)
        // Each version's literal is its name exactly, in order.
        #expect(literals.filter { $0.following.hasPrefix(", versionChecksum:") }.map(\.value) == versions, "\(source)")
        // The only interpolation is the file's own.
        #expect(literals.filter(\.interpolates).map(\.value) == ["\\(version).mom is not in \\(momd): is the model in this target?"])
        // Declarations, outside literals and comments: at file scope the import and the enum; in it only the plan's members.
        var depth = 0
        var declarations: [String] = []
        let keywords: Set<String> = [
            "var", "let", "func", "class", "struct", "enum", "extension", "protocol", "typealias", "init", "deinit", "subscript", "actor",
            "import", "macro", "operator", "precedencegroup", "associatedtype",
        ]
        let words = code.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "(" || $0 == ":" || $0 == "\t" })
        for (index, word) in words.enumerated() {
            depth += word.filter { $0 == "{" }.count - word.filter { $0 == "}" }.count
            if depth <= 1, keywords.contains(String(word)), index + 1 < words.count {
                declarations.append("\(depth):\(word) \(words[index + 1])")
            }
        }
        #expect(depth == 0, "\(code)")
        #expect(declarations.prefix(2) == ["0:import CoreData", "0:enum Plan"], "\(declarations)")
        #expect(declarations.dropFirst(2).prefix(2) == ["1:var bundle", "1:var momd"], "\(declarations)")
        #expect(
            declarations.dropFirst(4).dropLast(3).count == 3 && declarations.dropFirst(4).dropLast(3).allSatisfy { $0.hasPrefix("1:var ") })
        #expect(declarations.suffix(3) == ["1:func stages", "1:func migrationManager", "1:func reference"], "\(declarations)")
    }

    /// `text` as a folder name can hold it: no `/`, no NUL, not `.` or `..`.
    static func folderName(_ text: String) -> String {
        let name = String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "/" && $0 != "\0" }))
        return name == "." || name == ".." ? "" : name
    }

    /// A plain string literal of the generated file: its value decoded, whether it interpolates, and the
    /// code after it on its line.
    struct PlainLiteral {
        var value = ""
        var interpolates = false
        var following = ""
    }

    /// `source` with every comment and every plain `"…"` literal's contents removed, and the literals.
    /// The generator writes no raw or multi-line literal; an escape it could not have written fails.
    static func splitLiterals(_ source: String) -> (code: String, literals: [PlainLiteral]) {
        let scalars = Array(source.unicodeScalars)
        var code = String.UnicodeScalarView()
        var literals: [PlainLiteral] = []
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "/" {
                while index < scalars.count, scalars[index] != "\n" { index += 1 }
                continue
            }
            guard scalar == "\"" else {
                code.append(scalar)
                index += 1
                continue
            }
            var literal = PlainLiteral()
            index += 1
            while index < scalars.count, scalars[index] != "\"" {
                guard scalars[index] == "\\", index + 1 < scalars.count else {
                    literal.value.unicodeScalars.append(scalars[index])
                    index += 1
                    continue
                }
                let escape = scalars[index + 1]
                index += 2
                switch escape {
                case "n": literal.value += "\n"
                case "t": literal.value += "\t"
                case "r": literal.value += "\r"
                case "0": literal.value += "\0"
                case "\\", "\"", "'": literal.value.unicodeScalars.append(escape)
                case "(":
                    literal.interpolates = true
                    literal.value += "\\("
                    while index < scalars.count, scalars[index] != ")" {
                        literal.value.unicodeScalars.append(scalars[index])
                        index += 1
                    }
                    literal.value += ")"
                    index += 1
                case "u":
                    var hex = ""
                    index += 1  // the brace
                    while index < scalars.count, scalars[index] != "}" {
                        hex.unicodeScalars.append(scalars[index])
                        index += 1
                    }
                    index += 1
                    if let value = UInt32(hex, radix: 16).flatMap(Unicode.Scalar.init) { literal.value.unicodeScalars.append(value) }
                default: literal.value += "<bad escape \(escape)>"
                }
            }
            index += 1
            code.append(contentsOf: "\"\"".unicodeScalars)
            var end = index
            while end < scalars.count, scalars[end] != "\n" { end += 1 }
            literal.following = String(String.UnicodeScalarView(scalars[index..<end]))
            literals.append(literal)
        }
        return (String(code), literals)
    }
}
