import Foundation
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

    /// The value a migration gives an attribute whose default is computed at launch (`Date.now`, `UUID()`):
    /// `Schema` evaluates the initializer once, when the app builds it, and every migrated row takes that one
    /// value. The source does not say what it is, so a migration run here stands in a value of the type: the
    /// time this process started for a date, one UUID for the run, the empty or zero value of the others;
    /// nil for a type with no value to stand in (Transformable, Composite), which is left NULL.
    static func atLaunch(type: AttributeType) -> StoreValue? {
        switch type {
        case .boolean: .bool(false)
        case .integer16, .integer32, .integer64: .integer(0)
        case .double, .float: .double(0)
        case .decimal: .decimal("0")
        case .string: .string("")
        case .uri: .uri("about:blank")
        case .date: .date(launch.time)
        case .uuid: .uuid(launch.uuid)
        case .binary: .data([])
        default: nil
        }
    }

    /// This process's stand-ins for a launch's `Date.now` and `UUID()`, made once so every row and check agrees.
    private static let launch = (time: Date().timeIntervalSinceReferenceDate, uuid: UUID())

    private static func flag(_ text: String) -> Int64? {
        switch text {
        case "YES": 1
        case "NO": 0
        default: nil
        }
    }
}
