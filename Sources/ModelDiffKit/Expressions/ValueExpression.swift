/// A value expression of a mapping model, in the NSExpression format (`$source.amount`, `FUNCTION(…)`).
/// Named after NSPropertyMapping's `valueExpression`; not `Expression`, which Foundation declares on macOS 15.
public indirect enum ValueExpression: Sendable, Hashable {
    /// An operator between two operands.
    public enum Operator: String, Sendable, Hashable, CaseIterable {
        case add = "+"
        case subtract = "-"
        case multiply = "*"
        case divide = "/"
        case power = "**"
        case equal = "=="
        case notEqual = "!="
        case less = "<"
        case lessOrEqual = "<="
        case greater = ">"
        case greaterOrEqual = ">="
        case and = "AND"
        case or = "OR"

        /// Binding strength: higher binds tighter.
        var precedence: Int {
            switch self {
            case .or: 1
            case .and: 2
            case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual: 4
            case .add, .subtract: 5
            case .multiply, .divide: 6
            case .power: 7
            }
        }
    }

    /// A literal: number, string, Boolean or nil.
    case constant(Constant)
    /// A variable such as `$source` or `$manager`.
    case variable(String)
    /// The object being evaluated (`SELF`).
    case evaluatedObject
    /// A key path applied to a base (`$source.owner.name`); components may be collection operators (`@count`).
    case keyPath(base: ValueExpression, components: [String])
    /// `a op b`.
    case binary(Operator, ValueExpression, ValueExpression)
    /// `-a`.
    case negate(ValueExpression)
    /// `NOT a`.
    case not(ValueExpression)
    /// `TERNARY(predicate, whenTrue, whenFalse)`.
    case ternary(ValueExpression, ValueExpression, ValueExpression)
    /// A built-in function in NSExpression's `name:(args)` form (`uppercase:`, `now`, `sum:` …).
    case function(name: String, arguments: [ValueExpression])
    /// `FUNCTION(target, "selector:", arguments…)`: a method called on the target.
    case call(target: ValueExpression, selector: String, arguments: [ValueExpression])
    /// An aggregate literal `{a, b}`.
    case array([ValueExpression])
    /// A comparison in NSPredicate's format that `==`, `<` … between two values do not cover: a
    /// string operator (`BEGINSWITH`, `LIKE`, `MATCHES` …), `IN`, `BETWEEN`, the `[cd]` options, or
    /// an `ANY`/`ALL`/`NONE` modifier.
    case comparison(Comparison)
    /// `TRUEPREDICATE` or `FALSEPREDICATE`.
    case predicate(Bool)
    /// `SUBQUERY(collection, $x, predicate)`: the elements of the collection for which the predicate,
    /// with `$x` (and `SELF`) bound to the element, is true (NSExpression's subquery expression).
    case subquery(collection: ValueExpression, variable: String, predicate: ValueExpression)
    /// `array[FIRST]`, `array[LAST]`, `array[SIZE]`, `array[2]`: an element of an ordered collection, or its size.
    case index(ValueExpression, ArrayIndex)

    /// What `[…]` after a collection reads.
    public enum ArrayIndex: Sendable, Hashable {
        case first
        case last
        case size
        /// A 0-based position.
        case position(ValueExpression)
    }

    /// A literal value.
    public enum Constant: Sendable, Hashable {
        case integer(Int64)
        case double(Double)
        case string(String)
        case bool(Bool)
        case null
    }
}

/// A comparison predicate (NSComparisonPredicate): `modifier lhs operator[options] rhs`.
public struct Comparison: Sendable, Hashable {
    /// NSPredicateOperatorType, as the format spells each one.
    public enum Operator: String, Sendable, Hashable, CaseIterable {
        case equal = "=="
        case notEqual = "!="
        case less = "<"
        case lessOrEqual = "<="
        case greater = ">"
        case greaterOrEqual = ">="
        case beginsWith = "BEGINSWITH"
        case endsWith = "ENDSWITH"
        case contains = "CONTAINS"
        case like = "LIKE"
        case matches = "MATCHES"
        case `in` = "IN"
        case between = "BETWEEN"

        /// Whether the operator compares strings (and only strings: a number operand is an error).
        var isStringOperator: Bool { [.beginsWith, .endsWith, .like, .matches].contains(self) }
    }

    /// NSComparisonPredicateModifier: how a to-many left side is compared.
    public enum Modifier: String, Sendable, Hashable {
        case direct = ""
        case any = "ANY"
        case all = "ALL"
        case none = "NONE"
    }

    /// NSComparisonPredicateOptions as the format writes them in brackets: `[c]`, `[d]`, `[n]`.
    public struct Options: OptionSet, Sendable, Hashable {
        /// The option bits.
        public let rawValue: Int
        /// The options whose bits are set in `rawValue`.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// `[c]`: case-insensitive.
        public static let caseInsensitive = Options(rawValue: 1)
        /// `[d]`: diacritic-insensitive.
        public static let diacriticInsensitive = Options(rawValue: 2)
        /// `[n]`: the strings are already normalized (a speed hint; the result is the same).
        public static let normalized = Options(rawValue: 4)
    }

    /// The operator (`==`, `BEGINSWITH`, `IN`, …).
    public let op: Operator
    /// `ANY`, `ALL`, `NONE`, or ``Modifier/direct`` for none.
    public let modifier: Modifier
    /// The bracketed string options.
    public let options: Options
    /// The left operand.
    public let lhs: ValueExpression
    /// The right operand.
    public let rhs: ValueExpression

    /// Creates a comparison.
    public init(_ op: Operator, modifier: Modifier = .direct, options: Options = [], _ lhs: ValueExpression, _ rhs: ValueExpression) {
        self.op = op
        self.modifier = modifier
        self.options = options
        self.lhs = lhs
        self.rhs = rhs
    }
}

/// A parse or evaluation error, with the 1-based column in the expression text when known.
public struct ExpressionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The 1-based column in the expression text (0 when not tied to a place).
    public let column: Int
    /// The message.
    public let message: String

    /// Creates an error.
    package init(column: Int, _ message: String) {
        self.column = column
        self.message = message
    }

    /// `column N: message`.
    public var description: String { column > 0 ? "column \(column): \(message)" : message }
}

/// NSExpression's reserved words: a key-path component spelled like one must be escaped with `#`.
package let reservedWords: Set<String> = [
    "AND", "OR", "IN", "NOT", "ALL", "ANY", "SOME", "NONE", "LIKE", "CASEINSENSITIVE", "CI", "MATCHES", "CONTAINS",
    "BEGINSWITH", "ENDSWITH", "BETWEEN", "NULL", "NIL", "SELF", "TRUE", "FALSE", "YES", "NO", "FIRST", "LAST", "SIZE",
    "ANYKEY", "SUBQUERY", "FETCH", "CAST", "TRUEPREDICATE", "FALSEPREDICATE", "FUNCTION", "TERNARY",
]

extension ValueExpression {
    /// The expressions this one is made of, one level down (a walk over a whole expression uses it).
    package var operands: [ValueExpression] {
        switch self {
        case .keyPath(let base, _), .negate(let base), .not(let base): [base]
        case .binary(_, let a, let b): [a, b]
        case .ternary(let p, let a, let b): [p, a, b]
        case .function(_, let arguments), .array(let arguments): arguments
        case .call(let target, _, let arguments): [target] + arguments
        case .comparison(let comparison): [comparison.lhs, comparison.rhs]
        case .subquery(let collection, _, let predicate): [collection, predicate]
        case .index(let base, .position(let position)): [base, position]
        case .index(let base, _): [base]
        default: []
        }
    }
}
