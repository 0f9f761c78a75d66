import Foundation

/// Something key paths and `FUNCTION(…)` can reach: a migrated object, the migration manager, a policy.
public protocol ExpressionObject: AnyObject {
    /// The value for a key (`$source.title` asks the source object for `title`).
    func value(forKey key: String) throws -> ExpressionValue
    /// Performs a `FUNCTION(target, "selector:", arguments…)` call.
    func perform(selector: String, arguments: [ExpressionValue]) throws -> ExpressionValue
}

extension ExpressionObject {
    /// By default an object offers no functions: every selector is an error.
    public func perform(selector: String, arguments: [ExpressionValue]) throws -> ExpressionValue {
        throw ExpressionError(column: 0, "\(type(of: self)) does not respond to \(selector)")
    }
}

/// A value an expression produces or works on.
public enum ExpressionValue: CustomStringConvertible {
    case null
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    /// A Decimal, kept as exact text.
    case decimal(String)
    case string(String)
    /// Seconds since 2001-01-01 00:00:00 UTC.
    case date(Double)
    case data([UInt8])
    case uuid(UUID)
    case array([ExpressionValue])
    case object(any ExpressionObject)

    /// The value as a number, when it is one.
    public var number: Double? {
        switch self {
        case .integer(let n): Double(n)
        case .double(let d): d
        case .decimal(let t): Double(t)
        case .bool(let b): b ? 1 : 0
        case .date(let d): d
        default: nil
        }
    }

    /// Whether the value counts as true in a predicate.
    public var isTrue: Bool {
        switch self {
        case .null: false
        case .bool(let b): b
        case .string(let s): !s.isEmpty
        case .array(let a): !a.isEmpty
        default: (number ?? 1) != 0
        }
    }

    public var description: String {
        switch self {
        case .null: "nil"
        case .bool(let b): b ? "YES" : "NO"
        case .integer(let n): String(n)
        case .double(let d): String(d)
        case .decimal(let t): t
        case .string(let s): "\"\(s)\""
        case .date(let d): "date(\(d))"
        case .data(let b): "<\(b.count) bytes>"
        case .uuid(let u): u.uuidString
        case .array(let a): "{" + a.map(\.description).joined(separator: ", ") + "}"
        case .object(let o): "<\(type(of: o))>"
        }
    }

    /// Equality as predicates compare: numbers by value, objects by identity, strings as NSString's
    /// `isEqual:` does, UTF-16 code unit by code unit (a precomposed "é" is not the "e" + combining
    /// accent that Swift's `==` finds equal to it).
    public func isEqual(to other: ExpressionValue) -> Bool {
        switch (self, other) {
        case (.null, .null): return true
        case (.string(let a), .string(let b)): return a.utf16.elementsEqual(b.utf16)
        case (.data(let a), .data(let b)): return a == b
        case (.uuid(let a), .uuid(let b)): return a == b
        case (.object(let a), .object(let b)): return a === b
        case (.array(let a), .array(let b)): return a.count == b.count && zip(a, b).allSatisfy { $0.isEqual(to: $1) }
        default:
            if let x = number, let y = other.number { return x == y }
            return false
        }
    }
}

/// The variables and the evaluated object an expression sees.
public struct EvaluationContext {
    /// Variables by name without `$` (`source`, `manager`, `destination` …).
    public var variables: [String: ExpressionValue]
    /// The object `SELF` and bare key paths refer to.
    public var evaluatedObject: ExpressionValue

    /// Creates a context.
    public init(variables: [String: ExpressionValue] = [:], evaluatedObject: ExpressionValue = .null) {
        self.variables = variables
        self.evaluatedObject = evaluatedObject
    }
}
