/// An attribute's type, with Xcode's names (`"Integer 16"`) and Core Data's `NSAttributeType` numbers.
public enum AttributeType: String, Sendable, Hashable, CaseIterable, Codable {
    case undefined = "Undefined"
    case integer16 = "Integer 16"
    case integer32 = "Integer 32"
    case integer64 = "Integer 64"
    case decimal = "Decimal"
    case double = "Double"
    case float = "Float"
    case string = "String"
    case boolean = "Boolean"
    case date = "Date"
    case binary = "Binary"
    case uuid = "UUID"
    case uri = "URI"
    case transformable = "Transformable"
    case objectID = "ObjectID"
    case composite = "Composite"

    /// The name Xcode writes in `attributeType`.
    public var xcodeName: String { rawValue }

    /// Creates a type from the name Xcode writes, or nil for a name Core Data does not know.
    public init?(xcodeName: String) { self.init(rawValue: xcodeName) }

    /// The `NSAttributeType` raw value Core Data hashes.
    package var attributeTypeCode: Int32 {
        switch self {
        case .undefined: 0
        case .integer16: 100
        case .integer32: 200
        case .integer64: 300
        case .decimal: 400
        case .double: 500
        case .float: 600
        case .string: 700
        case .boolean: 800
        case .date: 900
        case .binary: 1000
        case .uuid: 1100
        case .uri: 1200
        case .transformable: 1800
        case .objectID: 2000
        case .composite: 2100
        }
    }

    /// Whether the type is one of Core Data's number types (integers, Decimal, Double, Float).
    public var isNumber: Bool {
        switch self {
        case .integer16, .integer32, .integer64, .decimal, .double, .float: true
        default: false
        }
    }

    /// Whether the type is an integer type.
    public var isInteger: Bool { self == .integer16 || self == .integer32 || self == .integer64 }
}
