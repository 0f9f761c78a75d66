import Foundation
import ModelDiffTestSupport
import Testing

@_spi(CLI) @testable import ModelDiffKit

/// The nesting swift-syntax's lookahead cannot take is refused before the parse, at its place; what real
/// code nests, strings and comments with unbalanced brackets among it, is read.
@Suite struct SwiftNestingGuardTests {
    private func refusal(_ text: String) -> Diagnostic? {
        do {
            try SwiftNestingGuard.check(text, path: "G.swift")
            return nil
        } catch {
            return error
        }
    }

    private func parseRefusal(_ text: String) -> Diagnostic? {
        do {
            _ = try SwiftSourceFile(path: "G.swift", text: text)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        ("let x = " + String(repeating: "[", count: 11) + String(repeating: "]", count: 11), 1, 19),
        ("let x = " + String(repeating: "[(", count: 11) + String(repeating: ")]", count: 11), 1, 29),
        ("let x = " + String(repeating: "[a<", count: 11) + String(repeating: "]", count: 11), 1, 39),
        ("let x = [\n" + String(repeating: "[\n", count: 10) + String(repeating: "]", count: 11), 11, 1),
        ("let s = \"" + String(repeating: "[", count: 11) + "\"", 1, 20),
    ])
    func deepSquareBracketsAreRefusedWhereTheyPassTheLimit(_ text: String, line: Int, column: Int) throws {
        let error = try #require(refusal(text))
        #expect(
            error.description == "G.swift:\(line):\(column): error: brackets nest more than 10 `[` levels deep here: "
                + "swift-syntax's lookahead takes time exponential in that depth, so modeldiff does not parse this file")
    }

    @Test(arguments: [
        "let x = " + String(repeating: "(", count: 300) + "1" + String(repeating: ")", count: 300),
        "let x: " + String(repeating: "Array<\n", count: 300) + "Int" + String(repeating: ">", count: 300),
        "func f() " + String(repeating: "{ do ", count: 300) + "{}" + String(repeating: "}", count: 300),
    ])
    func nestingTheParserCannotHoldIsRefused(_ text: String) throws {
        let error = try #require(refusal(text))
        #expect(error.message.hasPrefix("brackets, braces, parentheses and generic arguments nest more than 256 levels deep here"))
        #expect(error.line != nil && error.column != nil)
    }

    @Test(arguments: [
        ("func f() { if a {}" + String(repeating: " else if a {}", count: 300) + " }", "`else if` in one chain"),
        ("func f() { let x = " + String(repeating: "try await ", count: 150) + "a }", "prefix keywords"),
        ("var x: " + String(repeating: "some any ", count: 150) + "P", "prefix keywords"),
        ("var f: " + String(repeating: "() -> ", count: 300) + "Int", "`->` in one chain"),
        ("var f: " + String(repeating: "()\n->\n", count: 300) + "Int", "`->` in one chain"),
        (String(repeating: "#if a\n", count: 300), "nest more than 256 levels"),
    ])
    func chainsTheParserRecursesOnAreRefused(_ text: String, message: String) throws {
        let error = try #require(refusal(text))
        #expect(error.message.contains(message), "\(error.message)")
        #expect(error.line != nil && error.column != nil)
    }

    /// A chain's count is its own: bodies between `else if`s do not reset it, and separate statements do not add up.
    @Test func chainsCountWhatTheParserNests() throws {
        let nestedBodies = "func f() { if a {}" + String(repeating: " else if a { if b {} else {} ; x }", count: 300) + " }"
        #expect(refusal(nestedBodies)?.message.contains("`else if` in one chain") == true)
        let separate = "func f() {\n" + String(repeating: "if a {} else if b {} else {}\nlet y = try await g()\n", count: 400) + "}"
        let protocolFunctions = "protocol P {\n" + String(repeating: "func f(_ g: (Int) -> (Int) -> Int) -> Int\n", count: 400) + "}"
        #expect(refusal(separate) == nil)
        #expect(refusal(protocolFunctions) == nil)
    }

    @Test(arguments: [
        "let x = a" + String(repeating: ".b", count: 3_000),
        "let x = a" + String(repeating: "!", count: 3_000),
        "let x = a" + String(repeating: "()", count: 3_000),
        "var x: Int" + String(repeating: "?", count: 3_000),
    ])
    func postfixChainsPastTheTreeBoundAreRefused(_ text: String) throws {
        let error = try #require(parseRefusal(text))
        #expect(error.message.hasPrefix("the expression or type here nests more than 2000 levels deep"))
        #expect(error.line == 1 && error.column != nil)
    }

    @Test func stringsAndCommentsDoNotOpenLevels() {
        let ansi = (0..<20).map { "let code\($0) = \"\\u{001B}[\\(\($0));1m\" // [unbalanced\n" }.joined()
        let comparisons = (0..<400).map { "let b\($0) = a<b\n" }.joined()
        // Each string of the test's own source stays under the limit too: this file is read by `realSwiftIsRead`.
        let raw = ["let r = #\"[[[[\"#\n", "let m = \"\"\"\n[[[[\n\"\"\"\n", "/* [[[[ /* [[ */ */\n"].joined()
        #expect(refusal(ansi + comparisons + raw + "let x: [[[[String]]]] = []\n") == nil)
    }

    /// The project's own sources and its dependencies' are real Swift: none is refused.
    @Test func realSwiftIsRead() throws {
        let files = try realSwiftFiles()
        for (url, text) in files { #expect(refusal(text) == nil, "\(url.path)") }
        #expect(files.count > 500)
    }

    /// The same files parse within the tree's depth bound (`SwiftTreeDepth`).
    @Test(.tags(.slow), .notInFastTier) func realSwiftParsesWithinTheTreeBound() throws {
        let files = try realSwiftFiles()
        for (url, text) in files { #expect(parseRefusal(text) == nil, "\(url.path)") }
        #expect(files.count > 500)
    }

    /// Every Swift file of this repository's Sources and Tests and of swift-syntax's and
    /// swift-argument-parser's Sources, with its text: real Swift, which no bound may refuse.
    private func realSwiftFiles() throws -> [(URL, String)] {
        var files: [(URL, String)] = []
        for folder in ["Sources", "Tests", ".build/checkouts/swift-syntax/Sources", ".build/checkouts/swift-argument-parser/Sources"] {
            let root = Paths.repository.appendingPathComponent(folder)
            guard let urls = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in urls where url.pathExtension == "swift" {
                files.append((url, try String(contentsOf: url, encoding: .utf8)))
            }
        }
        return files
    }
}
