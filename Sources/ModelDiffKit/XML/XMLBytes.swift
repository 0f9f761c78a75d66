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

    /// Whether the bytes equal the literal; lets `switch` match names against string literals.
    static func ~= (literal: StaticString, bytes: XMLBytes) -> Bool {
        literal.utf8CodeUnitCount == bytes.count && memcmp(literal.utf8Start, bytes.start, bytes.count) == 0
    }
}
