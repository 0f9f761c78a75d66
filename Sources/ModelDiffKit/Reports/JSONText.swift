/// Compact JSON written piece by piece, strings escaped as `JSONSerialization` escapes them with
/// `.withoutEscapingSlashes`: `"` and `\` with a backslash, the control characters with their short
/// escapes (`\b \f \n \r \t`) or `\u00XX`, everything else (non-ASCII included) as it is.
struct JSONText {
    private(set) var text = ""

    /// Appends JSON text as it is: punctuation and keys the caller spells.
    mutating func raw(_ piece: String) { text += piece }

    /// A comma before every element but the first.
    mutating func separator(_ first: inout Bool) {
        if first { first = false } else { text += "," }
    }

    /// Appends `value` as a quoted JSON string.
    mutating func string(_ value: String) {
        text += "\""
        // Most strings need no escape: append them whole. The test reads the UTF-8 bytes in place
        // (those of a string not stored as UTF-8 one by one).
        let needsEscape = { (byte: UInt8) in byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") }
        guard value.utf8.withContiguousStorageIfAvailable({ $0.contains(where: needsEscape) }) ?? value.utf8.contains(where: needsEscape)
        else {
            text += value
            text += "\""
            return
        }
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\u{08}": text += "\\b"
            case "\u{0C}": text += "\\f"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20: text += "\\u" + HexDigits.padded(scalar, uppercase: false)
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
