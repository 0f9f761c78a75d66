import SwiftParser
import SwiftSyntax

/// One parsed Swift file of the folder: its path as diagnostics name it, its syntax tree, and the
/// converter from tree positions to lines and columns.
struct SwiftSourceFile {
    /// The folder as the user named it, joined with the file's path inside it.
    let path: String
    let tree: SourceFileSyntax
    private let converter: SourceLocationConverter

    /// Parses `text`; a file swift-syntax reports errors in is a diagnostic at its first error.
    init(path: String, text: String) throws(Diagnostic) {
        self.path = path
        try SwiftNestingGuard.check(text, path: path)
        tree = Parser.parse(source: text)
        try SwiftTreeDepth.check(tree, text: text, path: path)
        converter = SourceLocationConverter(fileName: path, tree: tree)
        if tree.hasError, let (node, message) = Self.firstError(in: tree) {
            let place = location(of: node)
            throw Diagnostic(path: path, line: place.line, column: place.column, message: "Swift source does not parse: \(message)")
        }
    }

    /// Where a node starts, past its leading trivia.
    func location(of node: some SyntaxProtocol) -> SwiftSourceLocation {
        let place = converter.location(for: node.positionAfterSkippingLeadingTrivia)
        return SwiftSourceLocation(path: path, line: place.line, column: place.column)
    }

    /// The first token the parser had to invent or could not place, in source order.
    private static func firstError(in tree: SourceFileSyntax) -> (Syntax, String)? {
        let finder = ParseErrorFinder(viewMode: .all)
        finder.walk(tree)
        return finder.found
    }
}

/// Finds the earliest missing token or unexpected text in a tree that has errors.
private final class ParseErrorFinder: SyntaxVisitor {
    var found: (Syntax, String)?

    override func visit(_ node: UnexpectedNodesSyntax) -> SyntaxVisitorContinueKind {
        record(Syntax(node), "unexpected code '\(Self.excerpt(node.trimmedDescription))'")
        return .skipChildren
    }

    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
        if token.presence == .missing {
            let expected = token.tokenKind == .identifier("") ? "a name" : "'\(token.text)'"
            record(Syntax(token), "expected \(expected)")
        }
        return .skipChildren
    }

    private func record(_ node: Syntax, _ message: String) {
        if let found, found.0.positionAfterSkippingLeadingTrivia <= node.positionAfterSkippingLeadingTrivia { return }
        found = (node, message)
    }

    /// At most 40 characters of the first line, so that a message stays one line.
    private static func excerpt(_ text: String) -> String {
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        return line.count > 40 ? String(line.prefix(40)) + "…" : line
    }
}
