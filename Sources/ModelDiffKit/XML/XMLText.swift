/// The text of an XML file's bytes, for messages and columns (libxml2 parses the bytes themselves).
///
/// Xcode writes UTF-8; UTF-16 with a byte order mark is valid XML too, and full of zero bytes that
/// would otherwise make the file look binary.
enum XMLText {
    /// Whether `bytes` start with UTF-16's byte order mark (either byte order), which libxml2 reads.
    static func startsWithUTF16ByteOrderMark(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 2 && ((bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF))
    }

    /// The file's text for finding columns: UTF-16 (with its byte order mark) or UTF-8.
    static func decode(_ bytes: [UInt8]) -> String {
        guard startsWithUTF16ByteOrderMark(bytes) else { return String(decoding: bytes, as: UTF8.self) }
        let bigEndian = bytes[0] == 0xFE
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = 2
        while index + 1 < bytes.count {
            let (high, low) = bigEndian ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
            units.append(UInt16(high) << 8 | UInt16(low))
            index += 2
        }
        return String(decoding: units, as: UTF16.self)
    }

    /// The first character of `text` that an XML 1.0 document cannot hold, even escaped (`Char`:
    /// tab, line feed, carriage return, U+0020–U+D7FF, U+E000–U+FFFD, U+10000 and above), if any.
    /// Text that reaches a written file from elsewhere (a binary archive) is checked with it.
    static func firstCharacterXMLCannotHold(in text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first { scalar in
            switch scalar.value {
            case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...: false
            default: true
            }
        }
    }
}
