import SwiftSyntax

/// Bounds the depth of a parsed tree before anything walks it. swift-syntax builds a chain of postfix
/// operations (`a.b.c…`, `x!!`, `f()()`, `a[0][0]`, `.self`) and of type suffixes (`Int???`, `A.B.C…`)
/// in a loop, one node inside the last, so fifty thousand `.b` parse into a tree fifty thousand levels
/// deep; `SourceLocationConverter`, `SyntaxVisitor` and the tree's text all recurse once per level and
/// overflow the stack on it. This walk keeps its own stack instead. Real code stays far below the
/// bound: each `(`, `[` or `{` adds about four levels, and `SwiftNestingGuard` allows 256 of them.
enum SwiftTreeDepth {
    /// The deepest tree read.
    static let maximumDepth = 2_000

    /// The byte offset of the first node past `maximumDepth`, if any.
    static func firstTooDeep(in tree: SourceFileSyntax) -> Int? {
        var stack: [(Syntax, Int)] = [(Syntax(tree), 1)]
        while let (node, depth) = stack.popLast() {
            if depth > maximumDepth { return node.position.utf8Offset }
            for child in node.children(viewMode: .all) { stack.append((child, depth + 1)) }
        }
        return nil
    }

    /// Refuses a tree deeper than `maximumDepth`, at the node where it passes the bound (its first byte
    /// that is not a space or a line break).
    static func check(_ tree: SourceFileSyntax, text: String, path: String) throws(Diagnostic) {
        guard let offset = firstTooDeep(in: tree) else { return }
        var line = 1
        var column = 1
        for (index, byte) in text.utf8.enumerated() {
            if index >= offset && byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\n") && byte != UInt8(ascii: "\t") {
                break
            }
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        throw Diagnostic(
            path: path, line: line, column: column,
            message:
                "the expression or type here nests more than \(maximumDepth) levels deep (a chain of `.`, `!`, `?`, calls, subscripts "
                + "or type suffixes): walking its syntax tree would overflow the stack, so modeldiff does not read this file")
    }
}
