/// Makes names and paths from a file safe to print: a diagnostic is one line of plain text.
///
/// A model's names and a user's paths can hold anything: a newline would split the one-line
/// diagnostic in two, and an ANSI escape (`ESC [ 2 J`) would clear or recolour the reader's terminal.
/// Every control character (C0, DEL, C1) and the Unicode line and paragraph separators are written
/// as Swift escapes (`\n`, `\t`, `\u{1B}`), so what is printed shows exactly what is there.
package enum MessageEscaping {
    /// `text` with every control character escaped; text without one is returned as is.
    package static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
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

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }
}
