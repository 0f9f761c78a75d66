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
///
/// The parser also recurses, without a bracket, once per `#if` level (which swift-syntax counts as a
/// nesting level too, and so does this scan), once per prefix keyword of a run (`try await try …`,
/// `some any …`), once per `->` of a function type's chain of results, and once per `else if` of one
/// chain: each is bounded here, counted in the code's bracket level where it stands. What the parser
/// builds in a loop (`a.b.c…`, `x!!`, `Int???`) is bounded after the parse by `SwiftTreeDepth`.
enum SwiftNestingGuard {
    /// The deepest `[` nesting read.
    static let maximumSquareDepth = 10
    /// The deepest nesting of `(`, `[`, `{` and generic `<` together.
    static let maximumDepth = 256
    /// The longest run of prefix keywords, chain of `->` or chain of `else if` read.
    static let maximumChain = 256

    /// Keywords the parser reads an operand or a type after by recursing: a run of them nests.
    private static let prefixKeywords: Set<String> = [
        "try", "await", "consume", "copy", "each", "repeat", "some", "any", "inout", "borrowing", "consuming", "sending",
        "isolated", "unsafe", "_move", "_borrow", "__shared", "__owned", "_const",
    ]
    /// Words that begin a declaration or a statement, where a chain of `->` ends.
    private static let declarationKeywords: Set<String> = [
        "func", "var", "let", "init", "subscript", "case", "typealias", "associatedtype", "class", "struct", "enum", "protocol",
        "extension", "actor", "static", "deinit", "import", "operator", "macro", "return", "if", "guard", "where",
    ]

    /// The chains open at one code level: `->` in a row and `else if` in a row.
    private struct Chains {
        var arrows = 0
        var elses = 0
    }

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
        var chains = [Chains()]  // one per open `(`, `[`, `{` level of the code, outermost first
        var prefixRun = 0
        /// After a `}`: the level it returned to, whose `else if` chain ends unless `else` comes next.
        var closedTo: Int?
        var line = 1
        var column = 0
        var index = 0
        func at(_ offset: Int) -> UInt8 { index + offset < bytes.count ? bytes[index + offset] : 0 }
        func word(from start: Int) -> String? {
            // A name, not a member (`.try`), a backticked name or the rest of a number.
            guard start < bytes.count, isNameCharacter(bytes[start]), !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[start]),
                start == 0 || !(isNameCharacter(bytes[start - 1]) || [UInt8(ascii: "."), UInt8(ascii: "`")].contains(bytes[start - 1]))
            else { return nil }
            var end = start
            while end < bytes.count, isNameCharacter(bytes[end]) { end += 1 }
            return String(decoding: bytes[start..<end], as: UTF8.self)
        }
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
                let isSpace = [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(byte)
                let isComment = byte == UInt8(ascii: "/") && (at(1) == UInt8(ascii: "/") || at(1) == UInt8(ascii: "*"))
                let name = word(from: index)
                if !isSpace && !isComment {
                    if let level = closedTo, name != "else", level < chains.count { chains[level].elses = 0 }
                    closedTo = nil
                    if let name, prefixKeywords.contains(name) {
                        prefixRun += 1
                    } else if !(prefixRun > 0 && (byte == UInt8(ascii: "?") || byte == UInt8(ascii: "!"))) {
                        prefixRun = 0
                    }
                    if let name, declarationKeywords.contains(name) { chains[chains.count - 1].arrows = 0 }
                    if name == "else" { chains[chains.count - 1].elses += 1 }
                    if [UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: ":")].contains(byte) {
                        chains[chains.count - 1].arrows = 0
                    }
                    if byte == UInt8(ascii: "-") && at(1) == UInt8(ascii: ">") { chains[chains.count - 1].arrows += 1 }
                }
                if let name { step = name.utf8.count }
                switch byte {
                case UInt8(ascii: "#") where word(from: index + 1) == "if":
                    code.open(square: false)
                    step = 3
                case UInt8(ascii: "#") where ["endif"].contains(word(from: index + 1)):
                    code.close(square: false)
                    step = 6
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
                case UInt8(ascii: "["):
                    code.open(square: true)
                    chains.append(Chains())
                case UInt8(ascii: "("):
                    code.open(square: false)
                    chains.append(Chains())
                case UInt8(ascii: "{"):
                    code.open(square: false)
                    code.generic = 0
                    chains.append(Chains())
                case UInt8(ascii: "]"):
                    code.close(square: true)
                    if chains.count > 1 { chains.removeLast() }
                case UInt8(ascii: ")"):
                    code.close(square: false)
                    if chains.count > 1 { chains.removeLast() }
                case UInt8(ascii: "}"):
                    code.close(square: false)
                    code.generic = 0
                    if chains.count > 1 { chains.removeLast() }
                    closedTo = chains.count - 1
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
            if region == .code,
                let longest = [
                    ("prefix keywords (`try`, `await`, `some`, `any`, …) in a row", prefixRun),
                    ("`->` in one chain of function types", chains[chains.count - 1].arrows),
                    ("`else if` in one chain", chains[chains.count - 1].elses),
                ].first(where: { $0.1 > maximumChain })
            {
                throw Diagnostic(
                    path: path, line: line, column: column,
                    message:
                        "more than \(maximumChain) \(longest.0) here: swift-syntax's parser recurses once for each and would "
                        + "overflow the stack, so modeldiff does not parse this file")
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
