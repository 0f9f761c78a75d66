import ModelDiffTestSupport
import Testing

@_spi(CLI) @testable import ModelDiffKit

@Test func attributeTypesAreReadFromTheirBytes() {
    func type(_ text: String) -> AttributeType? {
        (Array(text.utf8) + [0]).withUnsafeBufferPointer { AttributeType(xcodeName: XMLBytes($0.baseAddress)) }
    }
    for known in AttributeType.allCases {
        #expect(type(known.xcodeName) == known)
    }
    // What String's == refuses, bytes refuse too: case, spaces, a prefix, nothing.
    for unknown in ["integer 16", "Integer 16 ", "Integer", "Integer 128", "", "STRING", "Strin"] {
        #expect(type(unknown) == nil)
        #expect(AttributeType(xcodeName: unknown) == nil)
    }
}
