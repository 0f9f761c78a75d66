import Foundation
import ModelDiffTestSupport
import Testing

@_spi(CLI) @testable import ModelDiffKit

/// `XMLBytes.trimmedString` trims from the bytes what it can and must give what Foundation's
/// `trimmingCharacters(in: .whitespacesAndNewlines)` gives, on every kind of end.
@Test func trimmingFromTheBytesIsFoundationsTrimming() {
    let texts: [[UInt8]] = [
        [], Array(" ".utf8), Array(" \t\r\n\u{0B}\u{0C}".utf8), Array("abc".utf8), Array("  abc \n".utf8),
        Array("\n\t  a b\tc  \r\n".utf8), Array("\u{A0}abc\u{A0}".utf8), Array(" \u{3000}abc\u{2028} ".utf8),
        Array("\u{85}abc\u{85}".utf8), Array(" abc\u{301} ".utf8), Array(" \u{301}abc".utf8), Array("  é  ".utf8),
        Array(" \u{200B}abc\u{200B} ".utf8), Array(" \u{FEFF}abc ".utf8), [0x20, 0xFF, 0x61, 0xC3, 0x20], [0x80], [0x20, 0xE2, 0x80],
        Array(String(repeating: "QUJD", count: 10_000).utf8) + [0x0A, 0x20, 0x20],
    ]
    for bytes in texts {
        let trimmed = bytes.withUnsafeBufferPointer { buffer in
            XMLBytes(start: buffer.baseAddress ?? ("" as StaticString).utf8Start, count: buffer.count).trimmedString
        }
        let foundation = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(trimmed == foundation, "\(bytes.prefix(16))")
    }
}
