/// How SwiftData stores a property's Swift type in the Core Data model it builds: the table of
/// `docs/SWIFTDATA.md`, "How SwiftData types map to Core Data", where each row has its evidence.
enum SwiftDataTypeMapping {
    /// The Swift types SwiftData stores as one Core Data attribute of a fixed type.
    static let scalarTypes: [String: AttributeType] = [
        "String": .string, "Substring": .string, "Character": .string,
        "Bool": .boolean,
        // An unsigned type takes the next wider signed type, so that its whole range fits.
        "Int": .integer64, "Int64": .integer64, "UInt": .integer64, "UInt64": .integer64, "UInt32": .integer64,
        "Int32": .integer32, "UInt16": .integer32,
        "Int16": .integer16, "Int8": .integer16, "UInt8": .integer16,
        "Double": .double, "CGFloat": .double, "TimeInterval": .double,
        "Float": .float,
        "Decimal": .decimal,
        "Date": .date,
        "Data": .binary,
        "UUID": .uuid,
        "URL": .uri,
    ]

    /// The raw value types an enum can have and still be stored as its raw value.
    static func rawValueType(of enumeration: SwiftDeclarations.ValueType) -> AttributeType? {
        guard enumeration.kind == .enumeration, let first = enumeration.inherited.first else { return nil }
        return scalarTypes[first].flatMap { [.string, .integer64, .integer32, .integer16, .double, .float].contains($0) ? $0 : nil }
    }

    /// Whether a value type is `Codable` (or both `Encodable` and `Decodable`) as its declaration says.
    static func isCodable(_ type: SwiftDeclarations.ValueType) -> Bool {
        type.inherited.contains("Codable") || (type.inherited.contains("Encodable") && type.inherited.contains("Decodable"))
    }
}
