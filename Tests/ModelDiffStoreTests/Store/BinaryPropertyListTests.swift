import Foundation
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore
import ModelDiffTestSupport
import Testing

@Suite struct BinaryPropertyListTests {
    @Test func smallDictionaryHasTheExpectedBytes() {
        let bytes = BinaryPropertyList.encode(.dictionary(["a": .integer(1)]))
        let expected: [UInt8] =
            Array("bplist00".utf8)
            + [0xD1, 0x01, 0x02, 0x51, 0x61, 0x10, 0x01]  // {1: 2}, "a", 1
            + [0x08, 0x0B, 0x0D]  // offsets
            + [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 3] + [0, 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 0, 15]
        #expect(bytes == expected)
    }

    /// Every kind of value, long forms included: counts of 15 and more, 2-byte references, 4- and
    /// 8-byte integers, UTF-16 strings.
    static let everyKind: PlistValue = .dictionary([
        "short": .string("abc"),
        "long string of more than fifteen": .string(String(repeating: "x", count: 300)),
        "unicode": .string("Größe ✓ 😀"),
        "decomposed": .string("e\u{301}"),
        "composed": .string("\u{E9}"),
        "small": .integer(200), "medium": .integer(60_000), "large": .integer(70_000), "huge": .integer(1 << 40),
        "negative": .integer(-5), "min": .integer(Int.min),
        "real": .real(-0.0), "pi": .real(3.141592653589793),
        "yes": .bool(true), "no": .bool(false),
        "date": .date(Date(timeIntervalSinceReferenceDate: 12345.5)),
        "data": .data(Array(0...255)),
        "empty": .dictionary([:]), "none": .array([]),
        "many": .array((0..<400).map { .integer($0 * 1000) }),
        "nested": .array([.dictionary(["deep": .array([.string("down")])])]),
    ])

    @Test func everyKindOfValueRoundTrips() throws {
        let bytes = BinaryPropertyList.encode(Self.everyKind)
        #expect(try BinaryPropertyList.decode(bytes, path: "test") == Self.everyKind)
        #expect(
            BinaryPropertyList.encode(try BinaryPropertyList.decode(bytes, path: "test")) == bytes, "the same value gives the same bytes")
    }

    @Test func foundationReadsWhatIsWritten() throws {
        let bytes = BinaryPropertyList.encode(Self.everyKind)
        let object = try PropertyListSerialization.propertyList(from: Data(bytes), format: nil)
        #expect(PlistValue(foundation: object) == Self.everyKind)
    }

    @Test func uidsAreWrittenAsUIDs() throws {
        let value: PlistValue = .array([.uid(0), .uid(255), .uid(256), .uid(70_000)])
        let bytes = BinaryPropertyList.encode(value)
        #expect(bytes[8..<10] == [0xA4, 0x01], "an array of four")
        #expect(bytes.contains(0x80) && bytes.contains(0x81) && bytes.contains(0x83))
        #expect(try BinaryPropertyList.decode(bytes, path: "test") == value)
    }

    @Test(arguments: StoreFixture.all)
    func appleMetadataRoundTrips(_ fixture: StoreFixture) throws {
        let (folder, copy) = try fixture.copy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let metadata = try PersistentStore.open(path: copy.path).metadata
        let encoded = metadata.encoded()
        #expect(try StoreMetadata.decode(encoded, path: "encoded").values == metadata.values)
        let foundation = try PropertyListSerialization.propertyList(from: Data(encoded), format: nil)
        #expect(PlistValue(foundation: foundation) == .dictionary(metadata.values))
    }
}

extension PlistValue {
    /// The value Foundation's reader returned, for comparing our writer with an independent reader.
    init?(foundation object: Any) {
        switch object {
        case let value as String: self = .string(value)
        case let value as Data: self = .data([UInt8](value))
        case let value as Date: self = .date(value)
        case let value as [Any]: self = .array(value.compactMap { PlistValue(foundation: $0) })
        case let value as [String: Any]: self = .dictionary(value.compactMapValues { PlistValue(foundation: $0) })
        case let value as Bool where type(of: object) == Bool.self: self = .bool(value)
        case let value as Int where type(of: object) == Int.self: self = .integer(value)
        case let value as Double where type(of: object) == Double.self: self = .real(value)
        case let value as NSNumber:
            // Property lists keep integers, reals and booleans apart; objCType says which this was.
            switch String(cString: value.objCType) {
            case "c", "B": self = .bool(value.boolValue)
            case "f", "d": self = .real(value.doubleValue)
            default: self = .integer(value.intValue)
            }
        default: return nil
        }
    }
}
