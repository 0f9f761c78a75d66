import Foundation

/// A borrowed UTF-8 name or value inside a parsed XML document, compared with
/// string literals byte by byte so reading a large model makes no `String` for known names.
struct XMLBytes {
    let start: UnsafePointer<UInt8>
    let count: Int

    /// Wraps `count` bytes at `start`.
    init(start: UnsafePointer<UInt8>, count: Int) {
        self.start = start
        self.count = count
    }

    /// Wraps a C string; a null pointer reads as the empty string.
    init(_ pointer: UnsafePointer<UInt8>?) {
        if let pointer {
            start = pointer
            count = strlen(pointer)
        } else {
            start = ("" as StaticString).utf8Start
            count = 0
        }
    }

    /// The bytes as a string (invalid UTF-8 repaired, as `String(cString:)` does).
    var string: String { String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self) }

    /// The string with whitespace and newlines trimmed from both ends, exactly as
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` trims it.
    ///
    /// Foundation trims through UTF-16, in time that grows with the whole text, and an Xcode mapping
    /// model holds a megabyte of base64 in two elements' text. The ASCII
    /// members of the set (tab, line feed, vertical tab, form feed, carriage return, space) are
    /// trimmed here from the bytes; Foundation still decides whenever an end is not ASCII (Unicode
    /// spaces, a combining mark, bytes that are not UTF-8), so the result is always its result.
    var trimmedString: String {
        var lower = 0
        var upper = count
        while lower < upper, Self.isASCIIWhitespace(start[lower]) { lower += 1 }
        while upper > lower, Self.isASCIIWhitespace(start[upper - 1]) { upper -= 1 }
        let trimmed = String(decoding: UnsafeBufferPointer(start: start + lower, count: upper - lower), as: UTF8.self)
        guard lower < upper, start[lower] < 0x80, start[upper - 1] < 0x80 else {
            return trimmed.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return trimmed
    }

    private static func isASCIIWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }

    /// Whether the bytes equal the literal; lets `switch` match names against string literals.
    static func ~= (literal: StaticString, bytes: XMLBytes) -> Bool {
        literal.utf8CodeUnitCount == bytes.count && memcmp(literal.utf8Start, bytes.start, bytes.count) == 0
    }
}
