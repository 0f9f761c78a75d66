import Foundation

/// The string literals of Swift source text, with their interpolations, for tests that read the
/// project's own sources (`SQLSourceTests`). Handles `"…"`, `"""…"""`, raw strings (`#"…"#`),
/// escapes, comments, and literals nested inside interpolations; not a full Swift lexer.
package struct StringLiteral: Equatable {
    /// The 1-based line the literal starts on.
    package let line: Int
    /// The literal's text with each interpolation replaced by `\(…)`.
    package let text: String
    /// The source text of each interpolation's expression.
    package let interpolations: [String]
    /// The code right after the literal, up to the end of its line (to see what is appended to it).
    package var following: String = ""
}

package enum StringLiteralScanner {
    /// Every string literal in `source`, nested ones included.
    package static func literals(in source: String) -> [StringLiteral] {
        var scanner = Cursor(Array(source.unicodeScalars))
        var found: [StringLiteral] = []
        scanner.scanCode(until: nil, into: &found)
        return found
    }

    private struct Cursor {
        let characters: [Unicode.Scalar]
        var position = 0
        var line = 1

        init(_ characters: [Unicode.Scalar]) { self.characters = characters }

        func peek(_ offset: Int = 0) -> Unicode.Scalar? {
            position + offset < characters.count ? characters[position + offset] : nil
        }

        mutating func advance(_ count: Int = 1) {
            for _ in 0..<count where position < characters.count {
                if characters[position] == "\n" { line += 1 }
                position += 1
            }
        }

        func matches(_ text: String) -> Bool {
            for (offset, scalar) in text.unicodeScalars.enumerated() where peek(offset) != scalar { return false }
            return true
        }

        /// Code up to an unbalanced `)` (when `closing` is `)`) or the end; returns the code's text.
        @discardableResult
        mutating func scanCode(until closing: Unicode.Scalar?, into found: inout [StringLiteral]) -> String {
            var text = String.UnicodeScalarView()
            var depth = 0
            while let scalar = peek() {
                if matches("//") {
                    while let c = peek(), c != "\n" { advance() }
                } else if matches("/*") {
                    var nesting = 0
                    repeat {
                        if matches("/*") {
                            nesting += 1
                            advance(2)
                        } else if matches("*/") {
                            nesting -= 1
                            advance(2)
                        } else {
                            advance()
                        }
                    } while nesting > 0 && peek() != nil
                } else if scalar == "#" || scalar == "\"" {
                    var hashes = 0
                    while peek(hashes) == "#" { hashes += 1 }
                    guard peek(hashes) == "\"" else {
                        text.append(scalar)
                        advance()
                        continue
                    }
                    let literal = scanLiteral(hashes: hashes, into: &found)
                    text.append(contentsOf: "\"\(literal)\"".unicodeScalars)
                } else {
                    if scalar == "(" { depth += 1 }
                    if scalar == ")" {
                        if depth == 0 && closing == ")" {
                            advance()
                            return String(text)
                        }
                        depth -= 1
                    }
                    text.append(scalar)
                    advance()
                }
            }
            return String(text)
        }

        /// A literal starting at its opening `#`s and quote; returns its text.
        mutating func scanLiteral(hashes: Int, into found: inout [StringLiteral]) -> String {
            let startLine = line
            advance(hashes)
            let multiline = matches("\"\"\"")
            advance(multiline ? 3 : 1)
            let terminator = (multiline ? "\"\"\"" : "\"") + String(repeating: "#", count: hashes)
            let escape = "\\" + String(repeating: "#", count: hashes)
            var text = String.UnicodeScalarView()
            var interpolations: [String] = []
            var nested: [StringLiteral] = []
            while peek() != nil {
                if matches(terminator) {
                    advance(terminator.unicodeScalars.count)
                    break
                }
                if matches(escape) {
                    advance(escape.unicodeScalars.count)
                    if peek() == "(" {
                        advance()
                        let expression = scanCode(until: ")", into: &nested)
                        interpolations.append(expression.trimmingCharacters(in: .whitespacesAndNewlines))
                        text.append(contentsOf: "\\(…)".unicodeScalars)
                    } else if let next = peek() {
                        text.append(next)
                        advance()
                    }
                    continue
                }
                text.append(peek()!)
                advance()
            }
            var rest = String.UnicodeScalarView()
            var offset = 0
            while let next = peek(offset), next != "\n" {
                rest.append(next)
                offset += 1
            }
            found.append(StringLiteral(line: startLine, text: String(text), interpolations: interpolations, following: String(rest)))
            found += nested
            return String(text)
        }
    }
}
