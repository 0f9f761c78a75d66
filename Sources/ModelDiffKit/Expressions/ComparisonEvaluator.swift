import Foundation

/// NSComparisonPredicate's evaluation, as Apple's "Predicate Format String Syntax" and the
/// NSComparisonPredicate reference describe it: string operators with `[c]` (case-insensitive) and
/// `[d]` (diacritic-insensitive) options, `LIKE` with `*` and `?`, `MATCHES` as an ICU regular
/// expression over the whole string, `IN` an aggregate (or a substring of a string), `BETWEEN` a
/// two-value aggregate, and `ANY`/`ALL`/`NONE` over a collection. A nil operand makes a string or
/// order comparison false (NSPredicate answers NO, it does not raise).
///
/// Strings are compared with the NSString calls and flags Foundation's predicate operators use
/// (docs/MAPPING.md, "String comparisons", has the evidence): `BEGINSWITH`/`ENDSWITH`/`CONTAINS`
/// are `rangeOfString:options:range:locale:` (canonical equivalence unless `[n]`); `==` and the
/// orders with options are a literal `CFStringCompareWithOptionsAndLocale`; `[c]` or `[d]` also
/// ignore width; `[n]` replaces both with a literal comparison; `LIKE` and `MATCHES` fold and
/// NFKC-normalize both the string and the pattern, then match as ICU does.
extension Comparison {
    /// The comparison's truth for the evaluated operands.
    func evaluate(_ left: ExpressionValue, _ right: ExpressionValue) throws -> Bool {
        switch modifier {
        case .direct: return try Self.compare(op, options, left, right)
        case .any, .all, .none:
            let items: [ExpressionValue]
            switch left {
            case .array(let values): items = values
            case .null: items = []
            default: throw ExpressionError(column: 0, "\(modifier.rawValue) needs a collection on its left, not \(left)")
            }
            switch modifier {
            case .any: return try items.contains { try Self.compare(op, options, $0, right) }
            case .all: return try items.allSatisfy { try Self.compare(op, options, $0, right) }
            default: return try !items.contains { try Self.compare(op, options, $0, right) }
            }
        }
    }

    static func compare(_ op: Operator, _ options: Options, _ left: ExpressionValue, _ right: ExpressionValue) throws -> Bool {
        switch op {
        case .equal: return equal(left, right, options)
        case .notEqual: return !equal(left, right, options)
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard let order = try order(left, right, options) else { return false }
            switch op {
            case .less: return order == .orderedAscending
            case .lessOrEqual: return order != .orderedDescending
            case .greater: return order == .orderedDescending
            default: return order != .orderedAscending
            }
        case .beginsWith, .endsWith:
            guard let (text, part) = try strings(op, left, right) else { return false }
            var search = foundation(options)
            search.insert(.anchored)
            if op == .endsWith { search.insert(.backwards) }
            return found(part, in: text, search)
        case .contains:
            switch (left, right) {
            case (.array(let items), _): return items.contains { equal($0, right, options) }
            default:
                guard let (text, part) = try strings(op, left, right) else { return false }
                return found(part, in: text, foundation(options))
            }
        case .like:
            guard let (text, pattern) = try strings(op, left, right) else { return false }
            // LIKE is MATCHES of the pattern with `*` as `.*` and `?` as `.`: folded and normalized alike.
            let folding = RegularExpressionMatch.Folding(options)
            return try Wildcard.matches(folding.apply(text, form: .kc), folding.apply(pattern, form: .kc))
        case .matches:
            guard let (text, pattern) = try strings(op, left, right) else { return false }
            return try RegularExpressionMatch.matches(text, pattern: pattern, RegularExpressionMatch.Folding(options))
        case .in:
            switch right {
            case .array(let items): return items.contains { equal(left, $0, options) }
            case .null: return false
            case .string: return try compare(.contains, options, right, left)
            default: throw ExpressionError(column: 0, "IN needs a collection on its right, as in {1, 2}, not \(right)")
            }
        case .between:
            guard case .array(let bounds) = right, bounds.count == 2 else {
                throw ExpressionError(column: 0, "BETWEEN needs two bounds on its right, as in {1, 10}, not \(right)")
            }
            guard let low = try order(left, bounds[0], options), let high = try order(left, bounds[1], options) else { return false }
            return low != .orderedAscending && high != .orderedDescending
        }
    }

    /// Equality as NSPredicate's `==`: strings with options by a literal comparison with them
    /// (NSEqualityPredicateOperator calls CFStringCompareWithOptionsAndLocale without
    /// kCFCompareNonliteral), anything else, and strings without options, as `isEqual:`.
    private static func equal(_ left: ExpressionValue, _ right: ExpressionValue, _ options: Options) -> Bool {
        if case .string(let a) = left, case .string(let b) = right, !options.isEmpty {
            return literalCompare(a, b, options) == .orderedSame
        }
        return left.isEqual(to: right)
    }

    /// CFStringCompareWithOptionsAndLocale(a, b, flags, nil) as the predicate operators call it: the
    /// flags of `foundation(options)` without kCFCompareNonliteral, which NSString adds unless `.literal`.
    private static func literalCompare(_ a: String, _ b: String, _ options: Options) -> ComparisonResult {
        let text = a as NSString
        return text.compare(b, options: foundation(options).union(.literal), range: NSRange(location: 0, length: text.length), locale: nil)
    }

    /// `rangeOfString:options:range:locale:` over the whole string found `part`. NSString finds no
    /// empty string ("{NSNotFound, 0} if searchString is not found or is empty"), so `BEGINSWITH ""`
    /// and `CONTAINS ""` are false, as in NSPredicate.
    private static func found(_ part: String, in text: String, _ options: NSString.CompareOptions) -> Bool {
        let string = text as NSString
        guard !part.isEmpty else { return false }
        return string.range(of: part, options: options, range: NSRange(location: 0, length: string.length), locale: nil).location
            != NSNotFound
    }

    /// The order of two values without options (`compare:`), for `<` … and @min/@max; neither is nil.
    static func order(_ left: ExpressionValue, _ right: ExpressionValue) throws -> ComparisonResult {
        try order(left, right, []) ?? .orderedSame
    }

    /// The order of two values (`compare:`), nil when one is nil. Strings are ordered by NSString's
    /// `compare:options:` (Foundation's, not Swift's `<`, which orders by Unicode scalars of the NFC form).
    private static func order(_ left: ExpressionValue, _ right: ExpressionValue, _ options: Options) throws -> ComparisonResult? {
        if left.isNullValue || right.isNullValue { return nil }
        if case .string(let a) = left, case .string(let b) = right {
            // Without options `compare:` (NSString's, non-literal); with them the literal CF comparison.
            return options.isEmpty ? (a as NSString).compare(b) : literalCompare(a, b, options)
        }
        guard let x = left.number, let y = right.number, left.isComparableNumber, right.isComparableNumber else {
            throw ExpressionError(column: 0, "cannot compare \(left) and \(right)")
        }
        return x < y ? .orderedAscending : x > y ? .orderedDescending : .orderedSame
    }

    /// Two strings for a string operator; nil when either is nil (the comparison is false).
    private static func strings(_ op: Operator, _ left: ExpressionValue, _ right: ExpressionValue) throws -> (String, String)? {
        if left.isNullValue || right.isNullValue { return nil }
        guard case .string(let a) = left, case .string(let b) = right else {
            throw ExpressionError(column: 0, "\(op.rawValue) compares strings, not \(left) and \(right)")
        }
        return (a, b)
    }

    /// The NSString options Foundation's string predicate operators pass for `[c]`, `[d]` and `[n]`:
    /// `[n]` is a literal search alone (it "supersedes" `[c]` and `[d]`, the reference says); `[c]`
    /// is NSCaseInsensitiveSearch and `[d]` NSDiacriticInsensitiveSearch, either of them with
    /// NSWidthInsensitiveSearch (so `[c]` matches a full-width "ＡＢ" to "ab").
    private static func foundation(_ options: Options) -> NSString.CompareOptions {
        if options.contains(.normalized) { return .literal }
        var result: NSString.CompareOptions = []
        if options.contains(.caseInsensitive) { result.insert(.caseInsensitive) }
        if options.contains(.diacriticInsensitive) { result.insert(.diacriticInsensitive) }
        if !result.isEmpty { result.insert(.widthInsensitive) }
        return result
    }
}

extension ExpressionValue {
    /// Whether the value orders as a number (`compare:` of NSNumber or NSDate).
    var isComparableNumber: Bool {
        switch self {
        case .integer, .double, .decimal, .bool, .date: true
        default: false
        }
    }
}

/// LIKE's wildcards: `*` matches any run of characters (none included), `?` one, over the whole
/// string; `\*`, `\?` and `\\` match the characters themselves, a backslash before anything else is
/// dropped. Foundation turns the pattern into an ICU regular expression (`*` → `.*`, `?` → `.`, in
/// dot-all mode), whose `.` is one Unicode scalar, so a character here is a scalar too.
enum Wildcard {
    /// Whether `text` matches `pattern`, in time proportional to their lengths' product at worst
    /// (the classic backtrack to the last `*`), so no pattern makes it exponential.
    static func matches(_ text: String, _ pattern: String) throws(ExpressionError) -> Bool {
        let t = Array(text.unicodeScalars)
        let scalars = Array(pattern.unicodeScalars)
        // Foundation refuses a pattern whose last character is a backslash not preceded by another.
        if scalars.last == "\\", scalars.count == 1 || scalars[scalars.count - 2] != "\\" {
            throw ExpressionError(column: 0, "LIKE \"\(pattern)\": a backslash cannot end the pattern unescaped (write \\\\ for one)")
        }
        var p: [(Unicode.Scalar, isWildcard: Bool)] = []
        var escaped = false
        for c in scalars {
            if escaped {
                p.append((c, false))
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else {
                p.append((c, c == "*" || c == "?"))
            }
        }
        // An odd run of backslashes at the end (`a\\\`) that the check above lets through: the last one is itself.
        if escaped { p.append(("\\", false)) }
        var (i, j) = (0, 0)
        var star: Int?
        var resume = 0
        while i < t.count {
            if j < p.count, p[j].isWildcard, p[j].0 == "*" {
                star = j
                resume = i
                j += 1
            } else if j < p.count, (p[j].isWildcard && p[j].0 == "?") || (!p[j].isWildcard && p[j].0 == t[i]) {
                i += 1
                j += 1
            } else if let s = star {
                j = s + 1
                resume += 1
                i = resume
            } else {
                return false
            }
        }
        while j < p.count, p[j].isWildcard, p[j].0 == "*" { j += 1 }
        return j == p.count
    }
}

/// MATCHES: the whole string against an ICU regular expression (NSRegularExpression, which is ICU's),
/// as Foundation's `+[_NSPredicateOperatorUtilities doRegexForString:pattern:likeProtect:flags:context:]`
/// does it: an empty pattern matches nothing; unless `[n]`, the string and the pattern are both
/// folded (`[c]` case and width, `[d]` diacritics and width) and normalized to NFKC (NFC when the
/// pattern does not compile in NFKC); ICU runs in dot-all and multi-line mode, never with its own
/// case-insensitive flag (the folding did that).
///
/// A pattern from a mapping file may backtrack exponentially (`(a+)+b`), so a match is bounded:
/// NSRegularExpression reports progress during a long match, and one that runs past
/// `timeLimit` stops with an error instead of hanging the migration.
enum RegularExpressionMatch {
    /// How long one match may run.
    static let timeLimit: TimeInterval = 1
    /// Compiled patterns, so a fetch predicate's constant pattern is compiled once, not once per object.
    private static let cache = RegexCache()

    /// What is done to the string and the pattern before they are matched.
    struct Folding {
        /// CFStringFold's flags; empty for none.
        let options: NSString.CompareOptions
        /// `[n]`: neither folded nor normalized.
        let literal: Bool

        enum Form { case kc, c }

        init(_ options: Comparison.Options) {
            literal = options.contains(.normalized)
            var folding: NSString.CompareOptions = []
            if options.contains(.diacriticInsensitive) { folding = [.diacriticInsensitive, .widthInsensitive] }
            if options.contains(.caseInsensitive) { folding.formUnion([.caseInsensitive, .widthInsensitive]) }
            self.options = folding
        }

        /// The text folded, then normalized to `form`.
        func apply(_ text: String, form: Form) -> String {
            if literal { return text }
            let folded = options.isEmpty ? text as NSString : (text as NSString).folding(options: options, locale: nil) as NSString
            return form == .kc ? folded.precomposedStringWithCompatibilityMapping : folded.precomposedStringWithCanonicalMapping
        }
    }

    static func matches(_ text: String, pattern: String, _ folding: Folding) throws -> Bool {
        if pattern.isEmpty { return false }
        let form: Folding.Form
        let expression: NSRegularExpression
        if let compiled = try? cache.expression(folding.apply(pattern, form: .kc)) {
            (form, expression) = (.kc, compiled)
        } else {
            (form, expression) = (.c, try cache.expression(folding.apply(pattern, form: .c), shown: pattern))
        }
        let subject = folding.apply(text, form: form)
        let start = Date()
        var matched = false
        var timedOut = false
        expression.enumerateMatches(
            in: subject, options: [.anchored, .reportProgress], range: NSRange(location: 0, length: (subject as NSString).length)
        ) { match, _, stop in
            if match != nil {
                matched = true
                stop.pointee = true
            } else if Date().timeIntervalSince(start) > timeLimit {
                timedOut = true
                stop.pointee = true
            }
        }
        if timedOut {
            throw ExpressionError(
                column: 0, "MATCHES \"\(pattern)\" ran longer than \(Int(timeLimit)) s on one string: simplify the regular expression")
        }
        return matched
    }

    /// Checks that a pattern compiles, for validation before a store is read.
    static func problem(_ pattern: String) -> String? {
        do {
            _ = try cache.expression(pattern)
            return nil
        } catch {
            return error.message
        }
    }
}

private final class RegexCache: Sendable {
    /// Keyed by UTF-16 code units: Swift's String keys are equal under canonical equivalence, so a
    /// decomposed pattern would find the precomposed one's compiled expression (which `[n]` tells apart).
    private let cache = Locked<[[UInt16]: NSRegularExpression]>([:])

    /// The compiled pattern; an error names `shown` (the pattern as written) when given.
    func expression(_ pattern: String, shown: String? = nil) throws(ExpressionError) -> NSRegularExpression {
        try cache.withLock { compiled throws(ExpressionError) in
            try Self.compile(pattern, shown: shown ?? pattern, into: &compiled)
        }
    }

    private static func compile(_ pattern: String, shown: String, into compiled: inout [[UInt16]: NSRegularExpression])
        throws(ExpressionError)
        -> NSRegularExpression
    {
        let key = Array(pattern.utf16)
        if let found = compiled[key] { return found }
        // `\A(?:…)\z`: the whole string, as ICU's matches() that NSPredicate uses. The pattern must
        // compile alone first, so an unbalanced `)` cannot escape the group. Dot-all and multi-line
        // are the flags Foundation opens the pattern with (UREGEX_DOTALL | UREGEX_MULTILINE).
        let flags: NSRegularExpression.Options = [.dotMatchesLineSeparators, .anchorsMatchLines]
        guard (try? NSRegularExpression(pattern: pattern, options: flags)) != nil,
            let expression = try? NSRegularExpression(pattern: "\\A(?:" + pattern + ")\\z", options: flags)
        else {
            throw ExpressionError(column: 0, "MATCHES: \"\(shown)\" is not a regular expression ICU accepts")
        }
        if compiled.count >= 64 { compiled.removeAll() }
        compiled[key] = expression
        return expression
    }
}
