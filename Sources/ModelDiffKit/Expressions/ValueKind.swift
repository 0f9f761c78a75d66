/// What a value expression gives, as far as the models tell before a store is read: `mapping
/// validate` uses it to find a value the destination attribute cannot hold, and `infer` to suggest
/// the conversion a type change needs.
enum ValueKind: Sendable, Equatable {
    case string, integer, double, bool, date, decimal, data, uuid
    /// An integer or a double (`CAST(x, "NSNumber")` of a string, `@sum`).
    case number
    /// A collection (a to-many relationship, `componentsSeparatedByString:`).
    case array
    /// One migrated object of an entity; `isSource` tells the old model from the new.
    case object(entity: String, isSource: Bool)
    /// The objects of a to-many relationship.
    case objects(entity: String, isSource: Bool)
    case null
    /// Not known without a store (a transformable value, a policy's result …).
    case unknown

    /// The kind of an attribute's values; unknown for transformable and other opaque types.
    init(_ type: AttributeType) {
        switch type {
        case .integer16, .integer32, .integer64: self = .integer
        case .double, .float: self = .double
        case .decimal: self = .decimal
        case .string, .uri: self = .string
        case .boolean: self = .bool
        case .date: self = .date
        case .binary: self = .data
        case .uuid: self = .uuid
        default: self = .unknown
        }
    }

    /// The kind of a constant.
    init(_ constant: ValueExpression.Constant) {
        switch constant {
        case .integer: self = .integer
        case .double: self = .double
        case .string: self = .string
        case .bool: self = .bool
        case .null: self = .null
        }
    }

    /// The Foundation class a value of this kind is, for the methods it answers.
    var receiver: FoundationMethods.Receiver? {
        switch self {
        case .string: .string
        case .integer, .double, .bool, .decimal, .number: .number
        case .date: .date
        case .object: .object
        default: nil
        }
    }

    /// A value of this kind, to ask `ExpressionValue.storedValue(for:)` (what `migrate` runs) whether
    /// an attribute type can hold it; nil when the kind is not known well enough.
    var sample: ExpressionValue? {
        switch self {
        case .string: .string("")
        case .integer: .integer(0)
        case .double, .number: .double(0)
        case .bool: .bool(false)
        case .date: .date(0)
        case .decimal: .decimal("0")
        case .data: .data([])
        case .array, .objects: .array([])
        default: nil
        }
    }

    /// The kind's name in a diagnostic: "a String", "an Integer".
    var name: String {
        switch self {
        case .string: "a String"
        case .integer: "an integer"
        case .double: "a Double"
        case .number: "a number"
        case .bool: "a Boolean"
        case .date: "a Date"
        case .decimal: "a Decimal"
        case .data: "Binary data"
        case .uuid: "a UUID"
        case .array, .objects: "a collection"
        case .object(let entity, _): "\(Self.article(for: entity)) \(entity) object"
        case .null: "nil"
        case .unknown: "a value"
        }
    }

    /// "a" or "an" before a name, by its first letter.
    static func article(for name: String) -> String {
        name.first.map { "AEIOUaeiou".contains($0) } == true ? "an" : "a"
    }

    /// The kind a Foundation method without arguments gives (`length` → integer), read as a key or
    /// called through `FUNCTION`; nil for a selector the receiver does not answer.
    func result(of selector: String) -> ValueKind? {
        guard let receiver, FoundationMethods.selectors(of: receiver).contains(selector) else { return nil }
        switch selector {
        case "length", "integerValue", "intValue", "longLongValue": return .integer
        case "doubleValue", "floatValue", "timeIntervalSinceReferenceDate", "timeIntervalSince1970": return .double
        case "boolValue", "hasPrefix:", "hasSuffix:", "containsString:", "isEqualToString:": return .bool
        case "componentsSeparatedByString:": return .array
        case "valueForKey:", "valueForKeyPath:": return .unknown
        default: return .string
        }
    }

    /// The expression that turns `text`, a value of this kind, into a value an attribute of `type`
    /// holds, with Foundation's documented conversions; nil when there is none to suggest.
    func conversion(of text: String, to type: AttributeType) -> String? {
        switch (self, ValueKind(type)) {
        case (.string, .integer): "FUNCTION(\(text), \"integerValue\")"
        case (.string, .double): "FUNCTION(\(text), \"doubleValue\")"
        case (.string, .decimal): "CAST(\(text), \"NSNumber\")"
        case (.string, .bool): "FUNCTION(\(text), \"boolValue\")"
        case (.integer, .string), (.double, .string), (.bool, .string), (.decimal, .string), (.number, .string):
            "FUNCTION(\(text), \"stringValue\")"
        case (.date, .string): "FUNCTION(\(text), \"description\")"
        case (.date, .integer), (.date, .double), (.date, .decimal): "CAST(\(text), \"NSNumber\")"
        case (.integer, .date), (.double, .date), (.decimal, .date), (.number, .date): "CAST(\(text), \"NSDate\")"
        case (.integer, .bool), (.double, .bool), (.decimal, .bool), (.number, .bool): "FUNCTION(\(text), \"boolValue\")"
        default: nil
        }
    }

    /// What ``conversion(of:to:)`` does, in a few words for the placeholder `infer` writes.
    func conversionNote(to type: AttributeType) -> String? {
        switch (self, ValueKind(type)) {
        case (.string, .integer): "which reads the whole number the text starts with, 0 when it starts with none"
        case (.string, .double), (.string, .decimal): "which reads the number the text starts with, 0 when it starts with none"
        case (.string, .bool): "which is YES for text that starts with Y, y, T, t or a digit 1-9"
        case (.integer, .string), (.double, .string), (.bool, .string), (.decimal, .string), (.number, .string):
            "which writes the number in decimal, 3.0 as 3"
        case (.date, .string): "which writes the date as 2001-01-01 00:00:00 +0000"
        case (.date, .integer), (.date, .double), (.date, .decimal): "which gives the seconds since 2001-01-01 00:00:00 UTC"
        case (.integer, .date), (.double, .date), (.decimal, .date), (.number, .date):
            "which reads the number as seconds since 2001-01-01 00:00:00 UTC"
        case (.integer, .bool), (.double, .bool), (.decimal, .bool), (.number, .bool): "which is NO for 0 and YES for any other number"
        default: nil
        }
    }
}
