@_spi(CLI) import ModelDiffKit

/// Parses Xcode's `defaultValueString` into a stored value.
///
/// `YES` and `NO` on a number attribute are 1 and 0: Xcode leaves them there when an attribute's type
/// changes from Boolean (Wire's `Conversation.mutedStatus`, Integer 32, default `NO`), the model
/// compiles, and the Wire team's own test migrates every old store to that version with Core Data,
/// which a nil default on that required attribute would fail (1570).
enum DefaultValue {
    static func parse(_ text: String, type: AttributeType) -> StoreValue {
        switch type {
        case .boolean: .bool(text == "YES" || text == "1" || text.lowercased() == "true")
        case .integer16, .integer32, .integer64:
            Int64(text).map { .integer($0) } ?? Double(text).map { .integer(Int64($0)) } ?? flag(text).map { .integer($0) } ?? .null
        case .double, .float: Double(text).map { .double($0) } ?? flag(text).map { .double(Double($0)) } ?? .null
        case .decimal: .decimal(text)
        case .string: .string(text)
        case .uri: .uri(text)
        case .date: Double(text).map { .date($0) } ?? .null
        default: .null
        }
    }

    private static func flag(_ text: String) -> Int64? {
        switch text {
        case "YES": 1
        case "NO": 0
        default: nil
        }
    }
}
