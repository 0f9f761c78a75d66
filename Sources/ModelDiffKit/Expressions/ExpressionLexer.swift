/// Splits expression text into tokens, each with its 1-based column.
struct ExpressionLexer {
    enum Kind: Equatable {
        case integer(Int64)
        case double(Double)
        case string(String)
        case identifier(String)
        /// `#name`: an identifier escaped from the reserved words.
        case escaped(String)
        case variable(String)
        /// `@count`, `@sum` …
        case collectionOperator(String)
        case symbol(String)
        case end
    }

    struct Token: Equatable {
        let kind: Kind
        let column: Int
    }

    /// For the string literal whose opening quote is at `column` of `text`, the column in `text` of
    /// each character of its value (escapes such as `\"` take two columns), and one past the end: how
    /// a place inside a predicate string maps back to the expression it is written in.
    static func literalColumns(_ text: String, at column: Int) -> [Int] {
        let chars = Array(text.unicodeScalars)
        guard column >= 1, column <= chars.count else { return [] }
        let quote = chars[column - 1]
        var columns: [Int] = []
        var j = column
        while j < chars.count, chars[j] != quote {
            columns.append(j + 1)
            if chars[j] == "\\", j + 1 < chars.count { j += 1 }
            j += 1
        }
        columns.append(j + 1)
        return columns
    }

    static func tokens(_ text: String) throws(ExpressionError) -> [Token] {
        let chars = Array(text.unicodeScalars)
        var tokens: [Token] = []
        var i = 0
        func isIdentifierStart(_ c: Unicode.Scalar) -> Bool { c.properties.isAlphabetic || c == "_" }
        func isIdentifierPart(_ c: Unicode.Scalar) -> Bool { isIdentifierStart(c) || ("0"..."9").contains(c) }
        while i < chars.count {
            let c = chars[i]
            let column = i + 1
            if c == " " || c == "\t" || c == "\n" || c == "\r" {
                i += 1
                continue
            }
            if ("0"..."9").contains(c) || (c == "." && i + 1 < chars.count && ("0"..."9").contains(chars[i + 1])) {
                var j = i
                var isDouble = false
                while j < chars.count, ("0"..."9").contains(chars[j]) { j += 1 }
                if j < chars.count, chars[j] == ".", j + 1 < chars.count, ("0"..."9").contains(chars[j + 1]) {
                    isDouble = true
                    j += 1
                    while j < chars.count, ("0"..."9").contains(chars[j]) { j += 1 }
                }
                if j < chars.count, chars[j] == "e" || chars[j] == "E" {
                    var k = j + 1
                    if k < chars.count, chars[k] == "+" || chars[k] == "-" { k += 1 }
                    if k < chars.count, ("0"..."9").contains(chars[k]) {
                        isDouble = true
                        j = k
                        while j < chars.count, ("0"..."9").contains(chars[j]) { j += 1 }
                    }
                }
                let literal = String(String.UnicodeScalarView(chars[i..<j]))
                if isDouble {
                    tokens.append(Token(kind: .double(Double(literal) ?? 0), column: column))
                } else if let value = Int64(literal) {
                    tokens.append(Token(kind: .integer(value), column: column))
                } else {
                    tokens.append(Token(kind: .double(Double(literal) ?? 0), column: column))
                }
                i = j
                continue
            }
            if c == "\"" || c == "'" {
                var j = i + 1
                var value = ""
                while j < chars.count, chars[j] != c {
                    if chars[j] == "\\", j + 1 < chars.count {
                        j += 1
                        switch chars[j] {
                        case "n": value += "\n"
                        case "t": value += "\t"
                        case "r": value += "\r"
                        default: value.unicodeScalars.append(chars[j])
                        }
                    } else {
                        value.unicodeScalars.append(chars[j])
                    }
                    j += 1
                }
                guard j < chars.count else { throw ExpressionError(column: column, "unterminated string") }
                tokens.append(Token(kind: .string(value), column: column))
                i = j + 1
                continue
            }
            if c == "$" || c == "#" || c == "@" || isIdentifierStart(c) {
                var j = c == "$" || c == "#" || c == "@" ? i + 1 : i
                let start = j
                while j < chars.count, isIdentifierPart(chars[j]) { j += 1 }
                // NSExpression's function names end with a colon (`uppercase:`).
                if c != "$" && c != "#" && c != "@" && j < chars.count && chars[j] == ":" { j += 1 }
                let name = String(String.UnicodeScalarView(chars[start..<j]))
                if name.isEmpty { throw ExpressionError(column: column, "expected a name after '\(c)'") }
                switch c {
                case "$": tokens.append(Token(kind: .variable(name), column: column))
                case "#": tokens.append(Token(kind: .escaped(name), column: column))
                case "@": tokens.append(Token(kind: .collectionOperator(name), column: column))
                default: tokens.append(Token(kind: .identifier(name), column: column))
                }
                i = j
                continue
            }
            let two = i + 1 < chars.count ? String(String.UnicodeScalarView([c, chars[i + 1]])) : ""
            if ["**", "==", "!=", "<=", ">=", "&&", "||", "=<", "=>", "<>"].contains(two) {
                let normalized = ["=<": "<=", "=>": ">=", "<>": "!="][two] ?? two
                tokens.append(Token(kind: .symbol(normalized), column: column))
                i += 2
                continue
            }
            if "()+-*/,.{}[]<>=!".unicodeScalars.contains(c) {
                tokens.append(Token(kind: .symbol(c == "=" ? "==" : String(c)), column: column))
                i += 1
                continue
            }
            throw ExpressionError(column: column, "unexpected character '\(c)'")
        }
        tokens.append(Token(kind: .end, column: chars.count + 1))
        return tokens
    }
}
