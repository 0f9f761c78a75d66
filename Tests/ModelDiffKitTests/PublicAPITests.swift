import Foundation
import Testing

/// The library's public API is what its DocC catalog lists (issue 17): every ``Symbol`` link in
/// `ModelDiffKit.docc` must name a declaration that is still `public` (or `open`), and every public
/// top-level declaration must appear in a Topics list, so neither side can drift without a failing test.
/// It reads the sources as text, because `swift package generate-documentation` takes minutes.
@Suite struct PublicAPITests {
    static let library = Paths.repository.appendingPathComponent("Sources/ModelDiffKit")
    static let catalog = library.appendingPathComponent("ModelDiffKit.docc")

    /// The `.md` files of the DocC catalog, by name.
    static func articles() throws -> [(name: String, text: String)] {
        let names = try FileManager.default.contentsOfDirectory(atPath: catalog.path).filter { $0.hasSuffix(".md") }.sorted()
        return try names.map { ($0, try String(contentsOf: catalog.appendingPathComponent($0), encoding: .utf8)) }
    }

    /// The library's Swift sources (the catalog holds none).
    static func sources() throws -> [String] {
        let walker = FileManager.default.enumerator(at: library, includingPropertiesForKeys: nil)
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

    /// Names declared `public` or `open` anywhere in the sources; with `topLevelOnly`, only
    /// declarations that start in the first column (types, global functions and constants).
    static func publicNames(in sources: [String], topLevelOnly: Bool) throws -> Set<String> {
        let indent = topLevelOnly ? "" : "[ \\t]*"
        let pattern = try Regex(
            "^\(indent)(?:@\\w+(?:\\([^)]*\\))?\\s+)*(?:(?:public|open)\\s+)(?:(?:final|static|mutating|indirect|nonisolated|override|convenience|required|private\\(set\\))\\s+)*(?:(?:\(declarationKeywords))\\s+`?([A-Za-z_][A-Za-z0-9_]*)|(init)\\b)"
        ).anchorsMatchLineEndings()
        var names: Set<String> = []
        for text in sources {
            for match in text.matches(of: pattern) {
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

    @Test func everyDocCLinkNamesAPublicDeclaration() throws {
        let sources = try Self.sources()
        let topLevel = try Self.publicNames(in: sources, topLevelOnly: true)
        let members = try Self.publicNames(in: sources, topLevelOnly: false).union(Self.caseNames(in: sources))
        var broken: [String] = []
        for article in try Self.articles() {
            for link in Self.links(in: article.text) where link != "ModelDiffKit" {
                let parts = link.split(separator: "/").map { String($0.prefix { $0 != "(" }) }
                let resolved = topLevel.contains(parts[0]) && parts.dropFirst().allSatisfy { members.contains($0) }
                if !resolved { broken.append("\(article.name): ``\(link)``") }
            }
        }
        #expect(broken.isEmpty, "DocC links to declarations that are not public: \(broken)")
    }

    @Test func everyPublicTopLevelDeclarationIsInATopicsList() throws {
        var listed: Set<String> = []
        for article in try Self.articles() {
            guard let topics = article.text.range(of: "## Topics") else { continue }
            for link in Self.links(in: String(article.text[topics.upperBound...])) {
                listed.insert(String(link.split(separator: "/")[0]))
            }
        }
        let unlisted = try Self.publicNames(in: try Self.sources(), topLevelOnly: true).subtracting(listed).sorted()
        #expect(unlisted.isEmpty, "public declarations missing from the DocC Topics (list them, or make them package): \(unlisted)")
    }

    /// The check above must be able to fail: a declaration made `package` is no longer public.
    @Test func packageDeclarationsAreNotPublic() throws {
        let sample = ["public struct Shown {\n    public let kept: Int\n}\npackage struct Hidden {}\npackage enum Internal { case one }"]
        #expect(try Self.publicNames(in: sample, topLevelOnly: true) == ["Shown"])
        #expect(try Self.publicNames(in: sample, topLevelOnly: false) == ["Shown", "kept"])
    }
}
