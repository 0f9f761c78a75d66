import Foundation
import ModelDiffTestSupport
import Testing

/// The library's public API is what its DocC catalogs list (issue 17): every ``Symbol`` link in a
/// module's catalog (`ModelDiffKit.docc`, `ModelDiffStore.docc`) must name a declaration of that module
/// that is still `public` (or `open`), as DocC resolves links within one module only, and every public
/// top-level declaration must appear in a Topics list of its module's catalog, so neither side can
/// drift without a failing test. It reads the sources as text, because `swift package
/// generate-documentation` takes minutes.
@Suite struct PublicAPITests {
    /// The library product's modules: the model layers, and the store layer built on them.
    static let modules = ["ModelDiffKit", "ModelDiffStore"]

    static func folder(_ module: String) -> URL { Paths.repository.appendingPathComponent("Sources/\(module)") }
    static func catalog(_ module: String) -> URL { folder(module).appendingPathComponent("\(module).docc") }

    /// The `.md` files of a module's DocC catalog, by name.
    static func articles(_ module: String) throws -> [(name: String, text: String)] {
        let folder = catalog(module)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".md") }.sorted()
        return try names.map { ("\(module).docc/\($0)", try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)) }
    }

    /// A module's Swift sources (the catalog holds none).
    static func sources(_ module: String) throws -> [String] {
        let walker = FileManager.default.enumerator(at: folder(module), includingPropertiesForKeys: nil)
        var texts: [String] = []
        while let url = walker?.nextObject() as? URL {
            if url.pathExtension == "swift" { texts.append(try String(contentsOf: url, encoding: .utf8)) }
        }
        return texts
    }

    /// Every ``Symbol`` link in `text` (the double-backtick DocC syntax), outside fenced code blocks.
    static func links(in text: String) -> [String] {
        text.replacing(/```[\s\S]*?```/, with: "").matches(of: /``([A-Za-z_][A-Za-z0-9_\/():]*)``/).map { String($0.output.1) }
    }

    static let declarationKeywords = "struct|class|enum|protocol|actor|typealias|func|let|var|case"

    /// Names declared `public` or `open` (not as SPI) anywhere in the sources; with `topLevelOnly`, only
    /// declarations that start in the first column (types, global functions and constants).
    static func publicNames(in sources: [String], topLevelOnly: Bool) throws -> Set<String> {
        let indent = topLevelOnly ? "" : "[ \\t]*"
        let pattern = try Regex(
            "^\(indent)(?:@\\w+(?:\\([^)]*\\))?\\s+)*(?:(?:public|open)\\s+)"
                + "(?:(?:final|static|mutating|indirect|nonisolated|override|convenience|required|private\\(set\\))\\s+)*"
                + "(?:(?:\(declarationKeywords))\\s+`?([A-Za-z_][A-Za-z0-9_]*)|(init)\\b)"
        ).anchorsMatchLineEndings()
        var names: Set<String> = []
        for text in sources {
            // `@_spi(CLI) public` is the command-line tool's, not the library's API: DocC leaves it out.
            for match in text.matches(of: pattern) where !text[match.range].contains("@_spi(") {
                if let name = match.output[1].substring ?? match.output[2].substring { names.insert(String(name)) }
            }
        }
        return names
    }

    /// Enum cases, whose access is their enum's: the enclosing name in a link is checked separately.
    static func caseNames(in sources: [String]) -> Set<String> {
        var names: Set<String> = []
        for text in sources {
            for match in text.matches(of: /^[ \t]*(?:indirect\s+)?case\s+([^=\n{]+)/.anchorsMatchLineEndings()) {
                for item in match.output.1.split(separator: ",") {
                    let name = item.trimmingCharacters(in: .whitespaces).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                    if !name.isEmpty { names.insert(String(name)) }
                }
            }
        }
        return names
    }

    /// The public functions and initialisers, each as DocC names it: `name(label:label:)`, `init(_:)`.
    static func publicSignatures(in sources: [String]) throws -> Set<String> {
        var signatures: Set<String> = []
        let start = try Regex(
            #"^[ \t]*(?:@\w+(?:\([^)]*\))?\s+)*(?:public|open)\s+"#
                + #"(?:(?:final|static|mutating|nonisolated|override|convenience|required)\s+)*"#
                + #"(?:func\s+([A-Za-z_][A-Za-z0-9_]*)|(init)[?!]?)\s*(?:<[^>]*>)?\("#
        )
        for text in sources {
            for match in text.matches(of: start.anchorsMatchLineEndings()) where !text[match.range].contains("@_spi(") {
                guard let name = match.output[1].substring ?? match.output[2].substring else { continue }
                // The parameter list runs to the bracket that closes the one the match ends with.
                var depth = 1
                var parameters = ""
                for character in text[match.range.upperBound...] {
                    if "([<".contains(character) { depth += 1 }
                    if ")]>".contains(character) { depth -= 1 }
                    if depth == 0 { break }
                    parameters.append(depth == 1 && character == "," ? "\u{1}" : character)
                }
                let labels = parameters.split(separator: "\u{1}").map {
                    ($0.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ").first ?? "").trimmingCharacters(in: [":"])
                }.filter { !$0.isEmpty }
                signatures.insert("\(name)(\(labels.map { "\($0):" }.joined()))")
            }
        }
        return signatures
    }

    /// The doc comment lines DocC reads: those of public declarations that are not SPI, and of enum cases
    /// (a case is as public as its enum; the enum's own comment is checked with it).
    static func publicDocComments(in text: String) -> [Substring] {
        var result: [Substring] = []
        var block: [Substring] = []
        for line in text.split(separator: "\n") {
            let code = line.trimmingCharacters(in: .whitespaces)
            if code.hasPrefix("///") {
                block.append(line)
            } else if code.hasPrefix("@"), !code.contains(" ") {
                continue  // an attribute on its own line, between the comment and its declaration
            } else {
                let isPublic = (code.contains("public ") || code.contains("open ")) && !code.contains("@_spi(")
                if isPublic || code.hasPrefix("case ") { result += block }
                block = []
            }
        }
        return result
    }

    /// Every ``Symbol`` link of a module's catalog and of its doc comments: DocC resolves only public
    /// (not SPI) declarations of the module, and a link with arguments only to the exact labels.
    @Test(arguments: modules) func everyDocCLinkNamesAPublicDeclaration(module: String) throws {
        let sources = try Self.sources(module)
        let topLevel = try Self.publicNames(in: sources, topLevelOnly: true)
        let members = try Self.publicNames(in: sources, topLevelOnly: false).union(Self.caseNames(in: sources))
        let signatures = try Self.publicSignatures(in: sources)
        let comments = sources.flatMap(Self.publicDocComments)
        let texts = try Self.articles(module) + [("doc comments of \(module)", comments.joined(separator: "\n"))]
        var broken: [String] = []
        for (name, text) in texts {
            for link in Self.links(in: text) where link != module {
                let parts = link.split(separator: "/").map(String.init)
                let names = parts.map { String($0.prefix { $0 != "(" }) }
                var resolved = names.dropFirst().allSatisfy { members.contains($0) }
                // A doc comment's link resolves from the type it documents: its first name may be a member or a nested type.
                resolved = resolved && (topLevel.contains(names[0]) || (name.hasPrefix("doc comments") && members.contains(names[0])))
                let cases = Self.caseNames(in: sources)
                if let last = parts.last, last.contains("("), !signatures.contains(last), !cases.contains(names[names.count - 1]) {
                    resolved = false
                }
                if !resolved { broken.append("\(name): ``\(link)``") }
            }
        }
        #expect(broken.isEmpty, "DocC links to declarations that are not public in \(module): \(broken)")
        #expect(signatures.contains("infer(from:to:names:historicalNames:suggestingRenames:)") || module != "ModelDiffKit")
    }

    /// A doc comment that links to a type of the other module: DocC resolves ``Symbol`` links within
    /// one module only, so `generate-documentation` warns on such a link (name it as plain code).
    @Test(arguments: modules) func noDocCommentLinksIntoTheOtherModule(module: String) throws {
        let sources = try Self.sources(module)
        let declaredHere = Set(
            sources.flatMap {
                $0.matches(of: /\b(?:struct|class|enum|protocol|actor|typealias)\s+([A-Za-z_][A-Za-z0-9_]*)/).map { String($0.output.1) }
            }
        )
        var crossing: [String] = []
        for other in Self.modules where other != module {
            let theirs = try Self.publicNames(in: try Self.sources(other), topLevelOnly: true).subtracting(declaredHere)
            for text in sources {
                let comments = text.split(separator: "\n").filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("///") }
                for line in comments {
                    for link in Self.links(in: String(line)) where theirs.contains(String(link.split(separator: "/")[0])) {
                        crossing.append("``\(link)``")
                    }
                }
            }
        }
        #expect(crossing.isEmpty, "doc comments of \(module) link to declarations of another module: \(crossing)")
    }

    @Test(arguments: modules) func everyPublicTopLevelDeclarationIsInATopicsList(module: String) throws {
        var listed: Set<String> = []
        for article in try Self.articles(module) {
            guard let topics = article.text.range(of: "## Topics") else { continue }
            for link in Self.links(in: String(article.text[topics.upperBound...])) {
                listed.insert(String(link.split(separator: "/")[0]))
            }
        }
        let unlisted = try Self.publicNames(in: try Self.sources(module), topLevelOnly: true).subtracting(listed).sorted()
        #expect(
            unlisted.isEmpty, "public declarations of \(module) missing from its DocC Topics (list them, or make them package): \(unlisted)"
        )
    }

    /// The layering the two targets enforce: the model layers name neither the store module nor SQLite
    /// (Package.swift gives ModelDiffKit no dependency on either, so such an import cannot build).
    @Test func theModelLayersImportNoStoreCode() throws {
        var imports: [String] = []
        for text in try Self.sources("ModelDiffKit") {
            imports += text.matches(of: /^(?:@?\w+ )*import\s+(ModelDiffStore|CSQLite)\b/.anchorsMatchLineEndings()).map {
                String($0.output.0)
            }
        }
        #expect(imports.isEmpty, "ModelDiffKit imports the store layer: \(imports)")
        let package = try String(contentsOf: Paths.repository.appendingPathComponent("Package.swift"), encoding: .utf8)
        let target = try #require(package.firstMatch(of: /\.target\(\s*name: "ModelDiffKit",[\s\S]*?\n        \)/))
        #expect(!target.output.contains("ModelDiffStore") && !target.output.contains("CSQLite"), "\(target.output)")
    }

    /// The command-line tool is built without package access, so it reaches the library only through its
    /// public API and the `CLI` SPI: a `package` declaration it needs fails the build, not review.
    @Test func theCommandLineToolHasNoPackageAccess() throws {
        let package = try String(contentsOf: Paths.repository.appendingPathComponent("Package.swift"), encoding: .utf8)
        let target = try #require(package.firstMatch(of: /\.executableTarget\(\s*name: "modeldiff",[\s\S]*?\n        \)/))
        #expect(target.output.contains("packageAccess: false"), "\(target.output)")
    }

    /// The check above must be able to fail: a declaration made `package` is no longer public.
    @Test func packageDeclarationsAreNotPublic() throws {
        let sample = ["public struct Shown {\n    public let kept: Int\n}\npackage struct Hidden {}\npackage enum Internal { case one }"]
        #expect(try Self.publicNames(in: sample, topLevelOnly: true) == ["Shown"])
        #expect(try Self.publicNames(in: sample, topLevelOnly: false) == ["Shown", "kept"])
    }
}
