import Foundation
import FuzzDriver
@_spi(CLI) import ModelDiffKit

/// Names a bundle and its three versions with fuzzed text (the bundle, each version folder: anything
/// a folder name can hold), writes them to disk and generates the staged-migration plan's Swift
/// (`plan --format swift`). The property: the source lexes as Swift (`SwiftTokens`) and declares
/// nothing but the plan: at file scope only `import CoreData` and the plan's enum; in the enum only
/// the three version references and the plan's own members; each version's name comes back exactly
/// from its string literal, and the only interpolation is the one of the file's own `version` and
/// `momd` in `reference`'s message.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    // Fields separated by U+001F (unit separator): bundle name, then version names.
    var fields = text.split(separator: "\u{1F}", omittingEmptySubsequences: false).map { folderName(String($0)) }
    while fields.count < 4 { fields.append("") }
    let model = fields[0].isEmpty ? "Model" : fields[0]
    var versions = [fields[1].isEmpty ? "V1" : fields[1], fields[2].isEmpty ? "V2" : fields[2]]
    // The current version is named in `.xccurrentversion`, an XML plist, which cannot hold most controls.
    versions.append(xmlSafe(fields[3]) && !fields[3].isEmpty ? fields[3] : "Current")
    guard Set(versions).count == 3, !versions.contains(where: { $0.utf8.count > 200 }), model.utf8.count <= 200 else { return 0 }

    let bundle = scratch.appendingPathComponent(model + ".xcdatamodeld")
    try? FileManager.default.removeItem(at: scratch)
    do {
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        for (index, version) in versions.enumerated() {
            let folder = bundle.appendingPathComponent(version + ".xcdatamodel")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            // The second version adds a required attribute without a default: a custom stage, whose findings are comments.
            try Data(modelXML(required: index > 0).utf8).write(to: folder.appendingPathComponent("contents"))
        }
        try Data(currentVersionPlist(versions[2]).utf8).write(to: bundle.appendingPathComponent(".xccurrentversion"))
    } catch {
        return 0  // a name the file system refuses (too long in bytes, say)
    }
    guard let loaded = try? ModelBundle.load(path: bundle.path) else { return 0 }
    let source: String
    do {
        source = try loaded.stagedMigrationSwift(typeName: "Plan", order: versions)
    } catch {
        preconditionFailure("no plan for a bundle that loads: \(error.message)")
    }
    let tokens: [SwiftToken]
    do {
        tokens = try SwiftTokens.lex(source)
    } catch {
        preconditionFailure("the generated Swift does not lex: \(error)\n\(source)")
    }
    checkDeclarations(tokens, versions: versions, source: source)
    return 0
}

/// A private folder for this process's bundle.
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("FuzzPlanSwift-\(getpid())")

/// `text` as a folder name can hold it: no `/`, no NUL, not `.` or `..`.
func folderName(_ text: String) -> String {
    let name = String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "/" && $0 != "\0" }))
    return name == "." || name == ".." ? "" : name
}

func xmlSafe(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy { $0.value >= 0x20 || $0 == "\n" || $0 == "\t" }
        && !text.unicodeScalars.contains { (0xFFFE...0xFFFF).contains($0.value) }
}

func xmlEscaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(
        of: ">", with: "&gt;"
    )
    .replacingOccurrences(of: "\n", with: "&#10;").replacingOccurrences(of: "\t", with: "&#9;")
}

func currentVersionPlist(_ name: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict><key>_XCCurrentVersionName</key><string>\(xmlEscaped(name)).xcdatamodel</string></dict></plist>

    """
}

func modelXML(required: Bool) -> String {
    """
    <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
    <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" minimumToolsVersion="Automatic" sourceLanguage="Swift">
        <entity name="Note" representedClassName="Note" syncable="YES">
            <attribute name="title" optional="YES" attributeType="String"/>
    \(required ? "        <attribute name=\"body\" attributeType=\"String\"/>\n" : "")    </entity>
    </model>

    """
}

/// File scope: `import CoreData`, the availability attribute and `enum Plan { … }`, nothing else. In the
/// enum: `static var` for `bundle`, `momd` and one per version, `static func` for `stages`,
/// `migrationManager` and `reference`, no other declaration; the references name the versions exactly.
func checkDeclarations(_ tokens: [SwiftToken], versions: [String], source: String) {
    var depth = 0
    var fileScope: [String] = []
    var members: [(keyword: String, name: String)] = []
    var references: [String] = []
    var interpolations: [[String]] = []
    let declarationKeywords: Set<String> = [
        "var", "let", "func", "class", "struct", "enum", "extension", "protocol", "typealias", "init", "deinit", "subscript", "actor",
        "import", "macro", "operator", "precedencegroup", "associatedtype",
    ]
    for (index, token) in tokens.enumerated() {
        switch token {
        case .punctuation("{"):
            if depth == 0 { fileScope.append("{") }
            depth += 1
        case .punctuation("}"):
            depth -= 1
            precondition(depth >= 0, "unbalanced braces\n\(source)")
            if depth == 0 { fileScope.append("}") }
        default:
            if depth == 0 { fileScope.append(token.text) }
        }
        if depth == 1, case .identifier(let word) = token, declarationKeywords.contains(word) {
            guard case .identifier(let name) = tokens[index + 1] else { preconditionFailure("a declaration without a name\n\(source)") }
            members.append((word, name))
        }
        if case .identifier("reference") = token, index + 2 < tokens.count, case .punctuation("(") = tokens[index + 1],
            case .string(let value, _) = tokens[index + 2]
        {
            references.append(value)
        }
        if case .string(_, let names) = token, !names.isEmpty { interpolations.append(names) }
    }
    precondition(depth == 0, "unbalanced braces\n\(source)")
    let expectedFileScope =
        "import CoreData @ available ( iOS 17.0 , macOS 14.0 , tvOS 17.0 , watchOS 10.0 , visionOS 1.0 , * ) enum Plan { }"
    precondition(fileScope.joined(separator: " ") == expectedFileScope, "file scope: \(fileScope.joined(separator: " "))\n\(source)")
    let variables = members.filter { $0.keyword == "var" }.map(\.name)
    let functions = members.filter { $0.keyword == "func" }.map(\.name)
    precondition(members.count == variables.count + functions.count, "a declaration that is not the plan's: \(members)\n\(source)")
    precondition(variables.count == 2 + versions.count && Set(variables).count == variables.count, "variables: \(variables)\n\(source)")
    precondition(variables.prefix(2) == ["bundle", "momd"], "variables: \(variables)\n\(source)")
    precondition(functions == ["stages", "migrationManager", "reference"], "functions: \(functions)\n\(source)")
    precondition(interpolations == [["version", "momd"]], "interpolations: \(interpolations)\n\(source)")
    precondition(references == versions, "the references name \(references), not \(versions)\n\(source)")
}

runFuzzer(fuzzOne)
