/// A token of the Swift that `plan --format swift` generates.
enum SwiftToken: Equatable {
    case identifier(String)
    case number(String)
    /// A string literal's value, its escapes decoded, and the names it interpolates (`\(name)`), in order.
    case string(String, interpolating: [String])
    case punctuation(Character)

    var text: String {
        switch self {
        case .identifier(let text), .number(let text): text
        case .string(let value, _): "\"\(value)\""
        case .punctuation(let character): String(character)
        }
    }
}

/// A strict lexer for the generated Swift: it accepts only what the generator may write and throws on
/// anything else a name could smuggle in: a line comment holding a line break Swift or an editor
/// might honour, a block comment, a multi-line or raw string literal, an interpolation of anything but
/// a plain name (the generated file interpolates its own parameters, never a model's text), a backquoted
/// identifier, a control character or non-ASCII text outside a literal or a comment.
enum SwiftTokens {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func lex(_ source: String) throws(Failure) -> [SwiftToken] {
        let scalars = Array(source.unicodeScalars)
        var tokens: [SwiftToken] = []
        var index = 0
        func fail(_ what: String) -> Failure { Failure(description: "\(what) at scalar \(index)") }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == " " || scalar == "\n" {
                index += 1
            } else if scalar == "/" {
                guard index + 1 < scalars.count, scalars[index + 1] == "/" else { throw fail("a / that does not start a line comment") }
                while index < scalars.count, scalars[index] != "\n" {
                    let value = scalars[index].value
                    if value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029 {
                        throw fail("a control character or line separator in a comment")
                    }
                    index += 1
                }
            } else if scalar == "\"" {
                guard !(index + 2 < scalars.count && scalars[index + 1] == "\"" && scalars[index + 2] == "\"") else {
                    throw fail("a multi-line string literal")
                }
                index += 1
                var value = String.UnicodeScalarView()
                var interpolated: [String] = []
                while true {
                    guard index < scalars.count else { throw fail("an unterminated string literal") }
                    let character = scalars[index]
                    index += 1
                    if character == "\"" { break }
                    if character.value < 0x20 || character.value == 0x7F { throw fail("a raw control character in a string literal") }
                    guard character == "\\" else {
                        value.append(character)
                        continue
                    }
                    guard index < scalars.count else { throw fail("an unterminated escape") }
                    let escape = scalars[index]
                    index += 1
                    switch escape {
                    case "\\": value.append("\\")
                    case "\"": value.append("\"")
                    case "'": value.append("'")
                    case "n": value.append("\n")
                    case "r": value.append("\r")
                    case "t": value.append("\t")
                    case "0": value.append("\0")
                    case "u":
                        guard index < scalars.count, scalars[index] == "{" else { throw fail("a \\u without {") }
                        var hex = ""
                        index += 1
                        while index < scalars.count, scalars[index] != "}" {
                            hex.unicodeScalars.append(scalars[index])
                            index += 1
                        }
                        index += 1
                        guard (1...8).contains(hex.count), let code = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(code) else {
                            throw fail("a bad \\u{\(hex)}")
                        }
                        value.append(decoded)
                    case "(":
                        var name = ""
                        while index < scalars.count, isIdentifierStart(scalars[index]) || ("0"..."9").contains(scalars[index]) {
                            name.unicodeScalars.append(scalars[index])
                            index += 1
                        }
                        guard !name.isEmpty, index < scalars.count, scalars[index] == ")" else {
                            throw fail("an interpolation of an expression")
                        }
                        index += 1
                        interpolated.append(name)
                    default: throw fail("an unknown escape \\\(escape)")
                    }
                }
                tokens.append(.string(String(value), interpolating: interpolated))
            } else if isIdentifierStart(scalar) {
                var word = ""
                while index < scalars.count, isIdentifierStart(scalars[index]) || ("0"..."9").contains(scalars[index]) {
                    word.unicodeScalars.append(scalars[index])
                    index += 1
                }
                tokens.append(.identifier(word))
            } else if ("0"..."9").contains(scalar) {
                var number = ""
                while index < scalars.count, ("0"..."9").contains(scalars[index]) || scalars[index] == "." {
                    number.unicodeScalars.append(scalars[index])
                    index += 1
                }
                tokens.append(.number(number))
            } else if "{}()[]:,.=<>-*@!?".unicodeScalars.contains(scalar) {
                tokens.append(.punctuation(Character(scalar)))
                index += 1
            } else {
                throw fail("an unexpected character U+\(String(scalar.value, radix: 16)) outside a literal or comment")
            }
        }
        return tokens
    }

    private static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_"
    }
}
