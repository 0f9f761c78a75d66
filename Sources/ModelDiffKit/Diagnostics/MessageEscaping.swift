/// Makes text from a model, a store, a configuration, a lock file or a path safe to print: the one rule
/// for everything modeldiff writes for a person or a CI runner to read (stderr, and stdout in text and
/// markdown).
///
/// A model's names and a user's paths can hold anything: a newline would split a one-line diagnostic
/// or report line in two (and a line starting `::error ::` is a GitHub Actions workflow command), and
/// an escape sequence (`ESC [ 2 J` clears the screen, `ESC ] 52 ; c ; … BEL` writes the clipboard)
/// would act on the reader's terminal. Every control character (C0, DEL, C1) and the Unicode line and
/// paragraph separators are written as Swift escapes (`\n`, `\t`, `\u{1B}`), so what is printed shows
/// exactly what is there. Backslashes are left alone, so escaping twice changes nothing.
@_spi(CLI) public enum MessageEscaping {
    /// `text` with every control character escaped; text without one is returned as is. For one value
    /// (a name, a path, a default value) put into a line.
    @_spi(CLI) public static func escaped(_ text: String) -> String {
        guard hasEscapes(text, keepingLineBreaks: false) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default: result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
        return result
    }

    /// A whole report, made of lines: the same rule, except for the line feeds that end its lines, the
    /// tabs between its columns and the colour sequences `Style` writes (`ESC [ 31 m`, only when the
    /// output is a terminal). The values in the report must already have been put through
    /// ``escaped(_:)``: only then is a newline in the report one the report wrote.
    @_spi(CLI) public static func escapedReport(_ text: String) -> String {
        guard hasEscapes(text, keepingLineBreaks: true) else { return text }
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\n" || scalar == "\t" {
                result.append(scalar)
            } else if scalar == "\u{1B}", let end = colourSequenceEnd(scalars, from: index) {
                result.append(contentsOf: scalars[index..<end])
                index = end
                continue
            } else {
                result.append(contentsOf: escaped(String(scalar)).unicodeScalars)
            }
            index += 1
        }
        return String(result)
    }

    /// The end of a `Style` colour sequence (`ESC [` digits `m`, digits among 0, 1, 31, 32, 33, 36) at `start`.
    private static func colourSequenceEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        guard start + 3 < scalars.count, scalars[start + 1] == "[" else { return nil }
        var index = start + 2
        var digits = ""
        while index < scalars.count, ("0"..."9").contains(scalars[index]), digits.count < 2 {
            digits.unicodeScalars.append(scalars[index])
            index += 1
        }
        guard index < scalars.count, scalars[index] == "m", ["0", "1", "31", "32", "33", "36"].contains(digits) else { return nil }
        return index + 1
    }

    /// A value for Markdown prose: ``escaped(_:)``, then `&`, `<` and `>` as HTML entities (so `<script>`
    /// and `<img onerror>` are text, and no `<…>` autolink forms) and `\\`, `[`, `]` and `|` behind a
    /// backslash (so `[x](javascript:…)` is no link and a table cell stays one cell). Backticks, `*` and
    /// `_` stay: modeldiff's own messages quote names in code spans, and emphasis runs no code.
    package static func markdown(_ text: String) -> String {
        var result = ""
        for character in escaped(text) {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\\", "[", "]", "|": result += "\\" + String(character)
            default: result.append(character)
            }
        }
        return result
    }

    /// A value as a Markdown code span, backticks included: ``escaped(_:)``, fenced with one backtick
    /// more than the longest run in the value and padded with spaces, so no backtick in it closes the span
    /// (CommonMark 6.1). HTML and links inside a code span are shown as text.
    package static func markdownCode(_ text: String) -> String {
        let value = escaped(text)
        var longest = 0
        var run = 0
        for character in value {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        guard longest > 0 else { return "`" + value + "`" }
        let fence = String(repeating: "`", count: longest + 1)
        return fence + " " + value + " " + fence
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }

    /// Whether `text` has a scalar ``needsEscape(_:)`` escapes (a line feed or tab too unless
    /// `keepingLineBreaks`), read from its UTF-8 bytes in place: a report is megabytes, mostly ASCII.
    /// In UTF-8 those scalars are the bytes below 0x20, 0x7F, `C2 80`–`C2 9F` (U+0080–U+009F) and
    /// `E2 80 A8`, `E2 80 A9` (U+2028, U+2029); a string's bytes are valid UTF-8.
    private static func hasEscapes(_ text: String, keepingLineBreaks: Bool) -> Bool {
        let found = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x20 {
                    if !keepingLineBreaks || (byte != 0x0A && byte != 0x09) { return true }
                } else if byte == 0x7F {
                    return true
                } else if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) {
                    return true
                } else if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80,
                    bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9
                {
                    return true
                }
                index += 1
            }
            return false
        }
        if let found { return found }
        return text.unicodeScalars.contains { needsEscape($0) && (!keepingLineBreaks || ($0 != "\n" && $0 != "\t")) }
    }
}
