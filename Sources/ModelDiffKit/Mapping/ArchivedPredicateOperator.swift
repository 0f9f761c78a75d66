/// How Foundation archives a comparison's operator (an `NSPredicateOperator`, under
/// `NSComparisonPredicate`'s `NSPredicateOperator` key): its `NSPredicateOperatorType` number, the
/// class `+[NSPredicateOperator _newOperatorWithType:modifier:options:]` makes for it, and where
/// that class's coder keeps the options.
///
/// Evidence, all in iOS 26.1's decompiled Foundation (docs/MAPPING.md has the file paths):
/// `_newOperatorWithType:` gives `<` `<=` `>` `>=` (0–3) an NSComparisonPredicateOperator, `==` `!=`
/// (4, 5) an NSEqualityPredicateOperator, MATCHES (6) an NSMatchingPredicateOperator, LIKE (7) an
/// NSLikePredicateOperator, BEGINSWITH and ENDSWITH (8, 9) an NSSubstringPredicateOperator (position
/// 0, 1), IN and CONTAINS (10, 99) an NSInPredicateOperator, BETWEEN (100) an
/// NSBetweenPredicateOperator. Every coder starts with NSPredicateOperator's `NSOperatorType` and
/// `NSModifier`; then NSComparisonPredicateOperator writes `NSVariant` (its type) and `NSOptions`,
/// NSEqualityPredicateOperator `NSNegate` and `NSOptions`, NSStringPredicateOperator (and so its
/// subclasses) `NSFlags`, NSSubstringPredicateOperator `NSPosition` after it, NSInPredicateOperator
/// `NSFlags`; NSBetweenPredicateOperator has no coder of its own.
struct ArchivedPredicateOperator {
    /// The `NSPredicateOperatorType` number.
    let type: Int
    /// The class and its superclasses, as the archive's `$classes` names them.
    let classes: [String]

    /// Where the coder of `classes[0]` keeps the options, if anywhere.
    enum OptionsKey: String {
        case options = "NSOptions"
        case flags = "NSFlags"
    }

    /// The key the options are written under; nil for BETWEEN, whose coder writes none.
    var optionsKey: OptionsKey? {
        switch classes[0] {
        case Self.comparisonClass, Self.equalityClass: .options
        case Self.betweenClass: nil
        default: .flags
        }
    }

    static let comparisonClass = "NSComparisonPredicateOperator"
    static let equalityClass = "NSEqualityPredicateOperator"
    static let substringClass = "NSSubstringPredicateOperator"
    static let betweenClass = "NSBetweenPredicateOperator"

    private static let base = ["NSPredicateOperator", "NSObject"]
    private static let string = ["NSStringPredicateOperator"] + base
    private static let matching = ["NSMatchingPredicateOperator"] + string

    /// The archived form of `op`.
    static func of(_ op: Comparison.Operator) -> ArchivedPredicateOperator {
        switch op {
        case .less: ArchivedPredicateOperator(type: 0, classes: [comparisonClass] + base)
        case .lessOrEqual: ArchivedPredicateOperator(type: 1, classes: [comparisonClass] + base)
        case .greater: ArchivedPredicateOperator(type: 2, classes: [comparisonClass] + base)
        case .greaterOrEqual: ArchivedPredicateOperator(type: 3, classes: [comparisonClass] + base)
        case .equal: ArchivedPredicateOperator(type: 4, classes: [equalityClass] + base)
        case .notEqual: ArchivedPredicateOperator(type: 5, classes: [equalityClass] + base)
        case .matches: ArchivedPredicateOperator(type: 6, classes: matching)
        case .like: ArchivedPredicateOperator(type: 7, classes: ["NSLikePredicateOperator"] + matching)
        case .beginsWith: ArchivedPredicateOperator(type: 8, classes: [substringClass] + string)
        case .endsWith: ArchivedPredicateOperator(type: 9, classes: [substringClass] + string)
        case .in: ArchivedPredicateOperator(type: 10, classes: ["NSInPredicateOperator"] + base)
        case .contains: ArchivedPredicateOperator(type: 99, classes: ["NSInPredicateOperator"] + base)
        case .between: ArchivedPredicateOperator(type: 100, classes: [betweenClass] + base)
        }
    }

    /// The operator an archived `NSOperatorType` names, if modeldiff's expressions have it.
    static func op(type: Int) -> Comparison.Operator? { Comparison.Operator.allCases.first { of($0).type == type } }

    /// `NSComparisonPredicateModifier`: direct 0, ALL 1, ANY 2. NONE has no number: Foundation's
    /// operators evaluate only ALL and ANY ("Bad comparison predicate modifier" otherwise), so NONE
    /// is archived as NOT of ANY.
    static let modifiers: [Comparison.Modifier: Int] = [.direct: 0, .all: 1, .any: 2]

    /// `NSCompoundPredicateType`: NOT 0, AND 1, OR 2 (`+[NSCompoundPredicate andPredicateWithSubpredicates:]` …).
    static let notType = 0
    static let andType = 1
    static let orType = 2
}
