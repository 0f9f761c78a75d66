/// Refuses, before swift-syntax parses a file, the nesting that would make the parse run for minutes or
/// overflow the stack: the parser's lookahead (`canParseCollectionTypeBody`, `canParseSimpleType`) recurses
/// without its nesting limit, so each `[` level doubles the time a type-or-expression guess takes (16
/// levels of `[(` took 7.5 s, 20 of `[` 20 s, in a debug build), and a few thousand `(`, `[`, `{` or
/// generic `<` levels overflow an 8 MiB stack.
///
/// Code levels: `[` opens one `]` closes, and so do `(`/`)` and `{`/`}`; a `<` right after a name
/// (`Array<`) opens a generic level that `>` closes, and a character no generic argument list holds (`{`,
/// `}`, `;`, `=`) closes them all, so that comparisons spelled `a<b` do not add up over a file.
/// Strings and comments do not change the code's levels, since `"\u{1B}[1m"` opens nothing; but their
/// brackets are counted too, from their start, on top of the code's levels, so that a stretch this scan
/// takes for a string and the parser for code still stays within the limits. Real schemas nest a
/// handful of levels; a file beyond the limits is one error at the level that passes them.
enum SwiftNestingGuard {
    /// The deepest `[` nesting read.
    static let maximumSquareDepth = 10
    /// The deepest nesting of `(`, `[`, `{` and generic `<` together.
    static let maximumDepth = 256

    /// Where the scan is: code, or a stretch the parser reads as text.
    private enum Region: Equatable {
        case code
        case lineComment
        case blockComment(depth: Int)
        case string(multiline: Bool, hashes: Int)
    }

    /// Open levels: `[` alone, and every kind together.
    private struct Levels {
        var square = 0
        var all = 0
        var generic = 0
        var total: Int { all + generic }

        mutating func open(square isSquare: Bool) {
            all += 1
            if isSquare { square += 1 }
        }

        mutating func close(square isSquare: Bool) {
            all = max(all - 1, 0)
            if isSquare { square = max(square - 1, 0) }
        }
    }

    static func check(_ text: String, path: String) throws(Diagnostic) {
        let bytes = Array(text.utf8)
        var code = Levels()
        var inside = Levels()  // the current string's or comment's own brackets
        var region = Region.code
        var line = 1
        var column = 0
        var index = 0
        func at(_ offset: Int) -> UInt8 { index + offset < bytes.count ? bytes[index + offset] : 0 }
        func hashes(from offset: Int) -> Int {
            var count = 0
            while at(offset + count) == UInt8(ascii: "#") { count += 1 }
            return count
        }
        while index < bytes.count {
            let byte = bytes[index]
            column += 1
            var step = 1
            switch region {
            case .code:
                switch byte {
                case UInt8(ascii: "/") where at(1) == UInt8(ascii: "/"):
                    region = .lineComment
                    step = 2
                case UInt8(ascii: "/") where at(1) == UInt8(ascii: "*"):
                    region = .blockComment(depth: 1)
                    step = 2
                case UInt8(ascii: "#") where at(hashes(from: 0)) == UInt8(ascii: "\""):
                    let count = hashes(from: 0)
                    let multiline = at(count + 1) == UInt8(ascii: "\"") && at(count + 2) == UInt8(ascii: "\"")
                    region = .string(multiline: multiline, hashes: count)
                    step = count + (multiline ? 3 : 1)
                case UInt8(ascii: "\""):
                    let multiline = at(1) == UInt8(ascii: "\"") && at(2) == UInt8(ascii: "\"")
                    region = .string(multiline: multiline, hashes: 0)
                    step = multiline ? 3 : 1
                case UInt8(ascii: "["): code.open(square: true)
                case UInt8(ascii: "("): code.open(square: false)
                case UInt8(ascii: "{"):
                    code.open(square: false)
                    code.generic = 0
                case UInt8(ascii: "]"): code.close(square: true)
                case UInt8(ascii: ")"): code.close(square: false)
                case UInt8(ascii: "}"):
                    code.close(square: false)
                    code.generic = 0
                case UInt8(ascii: "<") where index > 0 && isNameCharacter(bytes[index - 1]): code.generic += 1
                case UInt8(ascii: ">"): code.generic = max(code.generic - 1, 0)
                case UInt8(ascii: ";"), UInt8(ascii: "="): code.generic = 0
                default: break
                }
                if region != .code { inside = Levels() }
            case .lineComment:
                if byte == UInt8(ascii: "\n") { region = .code }
            case .blockComment(let depth):
                if byte == UInt8(ascii: "/") && at(1) == UInt8(ascii: "*") {
                    region = .blockComment(depth: depth + 1)
                    step = 2
                } else if byte == UInt8(ascii: "*") && at(1) == UInt8(ascii: "/") {
                    region = depth == 1 ? .code : .blockComment(depth: depth - 1)
                    step = 2
                }
            case .string(let multiline, let count):
                if byte == UInt8(ascii: "\\") && count == 0 {
                    step = 2  // an escaped character, which never ends the string
                } else if byte == UInt8(ascii: "\n") && !multiline {
                    region = .code  // the lexer ends an unterminated string at the line's end
                } else if byte == UInt8(ascii: "\""), !multiline || (at(1) == UInt8(ascii: "\"") && at(2) == UInt8(ascii: "\"")),
                    hashes(from: multiline ? 3 : 1) >= count
                {
                    region = .code
                    step = (multiline ? 3 : 1) + count
                }
            }
            if region == .code {
                inside = Levels()
            } else {
                switch byte {
                case UInt8(ascii: "["): inside.open(square: true)
                case UInt8(ascii: "("), UInt8(ascii: "{"): inside.open(square: false)
                case UInt8(ascii: "]"): inside.close(square: true)
                case UInt8(ascii: ")"), UInt8(ascii: "}"): inside.close(square: false)
                default: break
                }
            }
            if code.square + inside.square > maximumSquareDepth {
                throw Diagnostic(
                    path: path, line: line, column: column,
                    message:
                        "brackets nest more than \(maximumSquareDepth) `[` levels deep here: swift-syntax's lookahead takes time "
                        + "exponential in that depth, so modeldiff does not parse this file")
            }
            if code.total + inside.total > maximumDepth {
                throw Diagnostic(
                    path: path, line: line, column: column,
                    message:
                        "brackets, braces, parentheses and generic arguments nest more than \(maximumDepth) levels deep here: "
                        + "swift-syntax would overflow the stack, so modeldiff does not parse this file")
            }
            for offset in 0..<step where index + offset < bytes.count && bytes[index + offset] == UInt8(ascii: "\n") {
                line += 1
                column = 0
            }
            column += step - 1
            index += step
        }
    }

    /// A letter, digit, `_` or a byte of a non-ASCII character: what a name ends with before its generic `<`.
    private static func isNameCharacter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte >= 0x80
    }
}
