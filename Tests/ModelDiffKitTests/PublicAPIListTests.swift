import Foundation
import ModelDiffTestSupport
import Testing

/// Every `public` and `open` declaration of the library, one a line, in the golden file
/// `Golden/api/public-api.txt` (issue 17): a member made public by accident, or an API removed,
/// shows up as a diff in review. Regenerate it with `RECORD_GOLDEN=1` after a deliberate change.
///
/// The list is read from the sources, not from `swift-symbolgraph-extract`, which needs a second
/// build of the library. Each line is the declaration's text up to its body, prefixed with the types
/// that enclose it (from the 4-space indentation swift-format enforces), and the lines are sorted, so
/// moving a file between folders or targets leaves the list unchanged.
@Suite struct PublicAPIListTests {
    /// The library targets' Swift sources: everything under `Sources/` but the executable's.
    static func librarySources() throws -> [String] {
        let root = Paths.repository.appendingPathComponent("Sources")
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        var texts: [String] = []
        while let url = walker?.nextObject() as? URL {
            guard url.pathExtension == "swift", !url.path.hasPrefix(root.appendingPathComponent("modeldiff").path + "/") else { continue }
            texts.append(try String(contentsOf: url, encoding: .utf8))
        }
        return texts
    }

    // Computed: a Regex is not Sendable, so it cannot be a stored static.
    static var typeDeclaration: Regex<(Substring, Substring, Substring, Substring)> {
        #/
            ^ (?:@\w+(?:\([^)]*\))?\s+)*
            ((?:(?:public|open|package|private|fileprivate|internal|final|indirect)\s+)*)
            (struct|class|enum|protocol|actor|extension) \s+ ([A-Za-z_][A-Za-z0-9_.]*)
        /#
    }
    static var publicDeclaration: Regex<Substring> { /^(?:@\w+(?:\([^)]*\))?\s+)*(?:public|open)\s/ }

    /// A public declaration and the names of the types that enclose it, outermost first.
    struct Declaration {
        let enclosing: [String]
        let text: String
    }

    /// The public declarations of one source file, and the names of the types it declares public.
    static func declarations(in text: String) -> (declarations: [Declaration], publicTypes: Set<String>) {
        var enclosing: [Int: String] = [:]
        var result: [Declaration] = []
        var publicTypes: Set<String> = []
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let indent = line.prefix { $0 == " " }.count
            let code = line.dropFirst(indent)
            index += 1
            if code.hasPrefix("//") || code.isEmpty { continue }
            // Cheap tests first: Swift's Regex is slow, and most lines declare nothing.
            let mayDeclareType = ["struct ", "class ", "enum ", "protocol ", "actor ", "extension "].contains { code.contains($0) }
            if mayDeclareType, let type = try? typeDeclaration.prefixMatch(in: code) {
                enclosing = enclosing.filter { $0.key < indent }
                enclosing[indent] = String(type.output.3)
                if type.output.2 != "extension", type.output.1.contains(/\b(public|open)\b/) { publicTypes.insert(String(type.output.3)) }
            }
            guard code.contains("public ") || code.contains("open "), (try? publicDeclaration.prefixMatch(in: code)) != nil else {
                continue
            }
            // A signature wrapped over several lines ends where its brackets balance.
            var declaration = String(code)
            while declaration.filter({ $0 == "(" }).count > declaration.filter({ $0 == ")" }).count, index < lines.count {
                declaration += " " + lines[index].trimmingCharacters(in: .whitespaces)
                index += 1
            }
            declaration = declaration.replacing(/\(\s+/, with: "(").replacing(/,?\s+\)/, with: ")")
            let context = enclosing.filter { $0.key < indent }.sorted { $0.key < $1.key }.flatMap {
                $0.value.split(separator: ".").map(String.init)
            }
            result.append(Declaration(enclosing: context, text: withoutBody(declaration)))
        }
        return (result, publicTypes)
    }

    /// The declaration up to its body: the first `{` outside brackets and string literals.
    static func withoutBody(_ declaration: String) -> String {
        var depth = 0
        var inString = false
        for position in declaration.indices {
            switch declaration[position] {
            case "\"": inString.toggle()
            // A `where` clause binds to one pattern only, so each bracket carries its own.
            case "(" where !inString, "[" where !inString: depth += 1
            case ")" where !inString, "]" where !inString: depth -= 1
            case "{" where !inString && depth == 0:
                return declaration[..<position].trimmingCharacters(in: .whitespaces)
            default: break
            }
        }
        return declaration
    }

    /// The library's API: public declarations whose enclosing types are all public (a `public`
    /// member of a `package` type is not API), as `Outer.Inner: declaration`, sorted.
    static func publicAPI(in sources: [String]) -> [String] {
        let files = sources.map(declarations(in:))
        let publicTypes = files.reduce(into: Set<String>()) { $0.formUnion($1.publicTypes) }
        return files.flatMap(\.declarations).filter { $0.enclosing.allSatisfy(publicTypes.contains) }.map {
            $0.enclosing.isEmpty ? $0.text : "\($0.enclosing.joined(separator: ".")): \($0.text)"
        }.sorted()
    }

    @Test func everyPublicDeclarationIsInTheGoldenList() throws {
        try expectGolden(Self.publicAPI(in: try Self.librarySources()).joined(separator: "\n") + "\n", named: "api/public-api.txt")
    }

    /// The extraction must be able to fail: `package` members and the public members of `package`
    /// types are left out, wrapped signatures are joined, and members are named by their enclosing types.
    @Test func extractionNamesEnclosingTypesAndSkipsPackageMembers() {
        let sample = """
            public struct Shown: Sendable {
                public enum Kind { case one }
                public let kept: Int
                package let hidden: Int
                public init(
                    kept: Int
                ) {
                    self.kept = kept
                }
            }
            extension Shown.Kind {
                public var name: String { "" }
            }
            package struct Hidden {
                public let notAPI: Int
            }
            """
        #expect(
            Self.publicAPI(in: [sample]) == [
                "Shown.Kind: public var name: String",
                "Shown: public enum Kind",
                "Shown: public init(kept: Int)",
                "Shown: public let kept: Int",
                "public struct Shown: Sendable",
            ])
    }
}
