@_spi(CLI) import ModelDiffKit

/// A text that matches a simple regular expression: literals, escapes (`\d`, `\w`, `\s`, `\.`),
/// character classes (`[a-z0-9_]`, not negated), `.`, groups with alternatives (the first is taken),
/// the quantifiers `?`, `*`, `+`, `{n}`, `{n,}`, `{n,m}` (their least count, at least one for `+`), and
/// the anchors `^` and `$`. Anything else (negated classes, look-arounds, back-references) gives nil,
/// and the caller says it cannot seed the attribute. The sample is checked against the real
/// expression by the caller, so a wrong guess is never written.
enum RegexSample {
    /// A matching text; with `unique`, digits of that number are appended where the pattern ends in a
    /// repeatable digit or word class, so that samples differ.
    static func text(matching pattern: String, unique: Int? = nil) -> String? {
        var parser = Parser(scalars: Array(pattern.unicodeScalars), unique: unique)
        guard let text = parser.sequence(), parser.position == parser.scalars.count else { return nil }
        return text
    }

    private struct Parser {
        let scalars: [Unicode.Scalar]
        let unique: Int?
        var position = 0

        mutating func sequence() -> String? {
            var text = ""
            while position < scalars.count, scalars[position] != "|", scalars[position] != ")" {
                guard let (atom, repeatable) = self.atom() else { return nil }
                guard let (least, most) = quantifier() else { return nil }
                let count = least == 0 && most == nil && unique != nil && repeatable ? 1 : least
                text += String(repeating: atom, count: count)
                if let unique, repeatable, most == nil, atom.allSatisfy(\.isNumber) {
                    text += String(unique)
                }
            }
            return text
        }

        /// The text of one atom, and whether it stands for a class that digits belong to.
        mutating func atom() -> (String, Bool)? {
            let scalar = scalars[position]
            position += 1
            switch scalar {
            case "^", "$": return ("", false)
            case ".": return ("a", false)
            case "\\":
                guard position < scalars.count else { return nil }
                let escaped = scalars[position]
                position += 1
                switch escaped {
                case "d": return ("0", true)
                case "w": return ("a", false)
                case "s": return (" ", false)
                case "D", "W", "S", "b", "B", "1"..."9": return nil
                default: return (String(escaped), false)
                }
            case "[":
                guard position < scalars.count, scalars[position] != "^" else { return nil }
                var first: Unicode.Scalar?
                while position < scalars.count, scalars[position] != "]" {
                    if first == nil {
                        first = scalars[position] == "\\" && position + 1 < scalars.count ? scalars[position + 1] : scalars[position]
                    }
                    position += scalars[position] == "\\" ? 2 : 1
                }
                guard position < scalars.count, let first else { return nil }
                position += 1
                let text = first == "d" ? "0" : String(first)
                return (text, text.allSatisfy(\.isNumber))
            case "(":
                if position + 1 < scalars.count, scalars[position] == "?", scalars[position + 1] == ":" { position += 2 }
                guard let first = sequence() else { return nil }
                while position < scalars.count, scalars[position] == "|" {
                    position += 1
                    guard sequence() != nil else { return nil }
                }
                guard position < scalars.count, scalars[position] == ")" else { return nil }
                position += 1
                return (first, false)
            case "*", "+", "?", "{", ")", "|": return nil
            default: return (String(scalar), false)
            }
        }

        /// The least and most counts of the quantifier after an atom (1 and 1 when there is none).
        mutating func quantifier() -> (Int, Int?)? {
            guard position < scalars.count else { return (1, 1) }
            switch scalars[position] {
            case "?":
                position += 1
                return (0, 1)
            case "*":
                position += 1
                return (0, nil)
            case "+":
                position += 1
                return (1, nil)
            case "{":
                guard let close = scalars[position...].firstIndex(of: "}") else { return nil }
                let body = String(String.UnicodeScalarView(scalars[(position + 1)..<close]))
                position = close + 1
                let parts = body.split(separator: ",", omittingEmptySubsequences: false)
                guard let least = Int(parts[0]) else { return nil }
                if parts.count == 1 { return (least, least) }
                return (least, parts[1].isEmpty ? nil : Int(parts[1]))
            default: return (1, 1)
            }
        }
    }
}
