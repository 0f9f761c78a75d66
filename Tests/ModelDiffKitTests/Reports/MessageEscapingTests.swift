@_spi(CLI) import ModelDiffKit
import Testing

/// `MessageEscaping` finds what to escape from a string's UTF-8 bytes: each scalar around the escaped
/// ranges (C0, DEL, C1, U+2028 and U+2029), alone and between other text, is escaped exactly when
/// the scalar rule says so, by `escaped` and by `escapedReport` (which keeps line feeds and tabs).
@Test func escapingFindsExactlyTheScalarsItEscapes() throws {
    let around = Array(0x00...0xA0) + Array(0x2020...0x2030) + [0x7FF, 0x800, 0x2192, 0xE9, 0xFFFD, 0x1F642]
    for value in around {
        let scalar = try #require(Unicode.Scalar(UInt32(value)))
        let escapes = value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029
        let keptInReports = value == 0x0A || value == 0x09
        for text in [String(scalar), "a\(scalar)", "\(scalar)b", "→ a\(scalar)b é"] {
            #expect((MessageEscaping.escaped(text) != text) == escapes, "U+\(String(value, radix: 16))")
            #expect((MessageEscaping.escapedReport(text) != text) == (escapes && !keptInReports), "U+\(String(value, radix: 16))")
        }
    }
    #expect(MessageEscaping.escaped("a\u{2028}b") == "a\\u{2028}b")
    #expect(MessageEscaping.escapedReport("line\n\tcell\u{85}\n") == "line\n\tcell\\u{85}\n")
}
