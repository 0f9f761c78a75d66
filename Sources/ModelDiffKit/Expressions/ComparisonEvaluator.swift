import Foundation

/// NSComparisonPredicate's evaluation, as Apple's "Predicate Format String Syntax" and the
/// NSComparisonPredicate reference describe it: string operators with `[c]` (case-insensitive) and
/// `[d]` (diacritic-insensitive) options, `LIKE` with `*` and `?`, `MATCHES` as an ICU regular
/// expression over the whole string, `IN` an aggregate (or a substring of a string), `BETWEEN` a
/// two-value aggregate, and `ANY`/`ALL`/`NONE` over a collection. A nil operand makes a string or
/// order comparison false (NSPredicate answers NO, it does not raise).
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
            return part.isEmpty || text.range(of: part, options: search) != nil
        case .contains:
            switch (left, right) {
            case (.array(let items), _): return items.contains { equal($0, right, options) }
            default:
                guard let (text, part) = try strings(op, left, right) else { return false }
                return part.isEmpty || text.range(of: part, options: foundation(options)) != nil
            }
        case .like:
            guard let (text, pattern) = try strings(op, left, right) else { return false }
            return Wildcard.matches(fold(text, options), fold(pattern, options))
        case .matches:
            guard let (text, pattern) = try strings(op, left, right) else { return false }
            return try RegularExpressionMatch.matches(
                text, pattern: pattern, caseInsensitive: options.contains(.caseInsensitive),
                diacriticInsensitive: options.contains(.diacriticInsensitive))
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

    /// Equality as NSPredicate's `==`: strings with the options, anything else as `isEqual:`.
    private static func equal(_ left: ExpressionValue, _ right: ExpressionValue, _ options: Options) -> Bool {
        if case .string(let a) = left, case .string(let b) = right, !foundation(options).isEmpty {
            return a.compare(b, options: foundation(options)) == .orderedSame
        }
        return left.isEqual(to: right)
    }

    /// The order of two values without options (`compare:`), for `<` … and @min/@max; neither is nil.
    static func order(_ left: ExpressionValue, _ right: ExpressionValue) throws -> ComparisonResult {
        try order(left, right, []) ?? .orderedSame
    }

    /// The order of two values (`compare:`), nil when one is nil. Strings are ordered by NSString's
    /// `compare:options:` (Foundation's, not Swift's `<`, which orders by Unicode scalars of the NFC form).
    private static func order(_ left: ExpressionValue, _ right: ExpressionValue, _ options: Options) throws -> ComparisonResult? {
        if left.isNullValue || right.isNullValue { return nil }
        if case .string(let a) = left, case .string(let b) = right { return a.compare(b, options: foundation(options)) }
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

    private static func foundation(_ options: Options) -> String.CompareOptions {
        var result: String.CompareOptions = []
        if options.contains(.caseInsensitive) { result.insert(.caseInsensitive) }
        if options.contains(.diacriticInsensitive) { result.insert(.diacriticInsensitive) }
        return result
    }

    /// The string with the options' differences folded away, for LIKE.
    private static func fold(_ text: String, _ options: Options) -> String {
        let folding = foundation(options)
        return folding.isEmpty ? text : text.folding(options: folding, locale: nil)
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

/// LIKE's wildcards: `*` matches any run of characters (none included), `?` one character, over
/// the whole string; `\*` and `\?` match the characters themselves.
enum Wildcard {
    /// Whether `text` matches `pattern`, in time proportional to their lengths' product at worst
    /// (the classic backtrack to the last `*`), so no pattern makes it exponential.
    static func matches(_ text: String, _ pattern: String) -> Bool {
        let t = Array(text)
        var p: [(Character, isWildcard: Bool)] = []
        var escaped = false
        for c in pattern {
            if escaped {
                p.append((c, false))
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else {
                p.append((c, c == "*" || c == "?"))
            }
        }
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

/// MATCHES: the whole string against an ICU regular expression (NSRegularExpression, which is ICU's).
///
/// A pattern from a mapping file may backtrack exponentially (`(a+)+b`), so a match is bounded:
/// NSRegularExpression reports progress during a long match, and one that runs past
/// `timeLimit` stops with an error instead of hanging the migration.
enum RegularExpressionMatch {
    /// How long one match may run.
    static let timeLimit: TimeInterval = 1
    /// Compiled patterns, so a fetch predicate's constant pattern is compiled once, not once per object.
    private static let cache = RegexCache()

    static func matches(_ text: String, pattern: String, caseInsensitive: Bool, diacriticInsensitive: Bool) throws -> Bool {
        let expression = try cache.expression(pattern, caseInsensitive: caseInsensitive)
        // [d] folds diacritics of the string; ICU has no such flag, so a pattern is written without them.
        let subject = diacriticInsensitive ? text.folding(options: .diacriticInsensitive, locale: nil) : text
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
            _ = try cache.expression(pattern, caseInsensitive: false)
            return nil
        } catch {
            return error.message
        }
    }
}

private final class RegexCache: Sendable {
    private let cache = Locked<[String: NSRegularExpression]>([:])

    func expression(_ pattern: String, caseInsensitive: Bool) throws(ExpressionError) -> NSRegularExpression {
        let key = (caseInsensitive ? "i:" : "s:") + pattern
        return try cache.withLock { compiled throws(ExpressionError) in
            try Self.compile(pattern, key: key, caseInsensitive: caseInsensitive, into: &compiled)
        }
    }

    private static func compile(
        _ pattern: String, key: String, caseInsensitive: Bool, into compiled: inout [String: NSRegularExpression]
    ) throws(ExpressionError) -> NSRegularExpression {
        if let found = compiled[key] { return found }
        // `\A(?:…)\z`: the whole string, as ICU's matches() that NSPredicate uses. The pattern must
        // compile alone first, so an unbalanced `)` cannot escape the group.
        guard (try? NSRegularExpression(pattern: pattern)) != nil,
            let expression = try? NSRegularExpression(
                pattern: "\\A(?:" + pattern + ")\\z", options: caseInsensitive ? [.caseInsensitive] : [])
        else {
            throw ExpressionError(column: 0, "MATCHES: \"\(pattern)\" is not a regular expression ICU accepts")
        }
        if compiled.count >= 64 { compiled.removeAll() }
        compiled[key] = expression
        return expression
    }
}
