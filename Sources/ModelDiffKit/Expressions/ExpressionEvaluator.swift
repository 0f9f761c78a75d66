import Foundation

extension ValueExpression {
    /// Evaluates the expression.
    ///
    /// Arithmetic follows NSExpression: `+ - * /` on integers stay integers (division truncates) when
    /// the result fits, `**` and anything with a double give doubles; nil or a non-number in
    /// arithmetic is an error, as NSExpression raises one.
    public func evaluate(in context: EvaluationContext) throws -> ExpressionValue {
        switch self {
        case .constant(let constant):
            switch constant {
            case .integer(let n): return .integer(n)
            case .double(let d): return .double(d)
            case .string(let s): return .string(s)
            case .bool(let b): return .bool(b)
            case .null: return .null
            }
        case .variable(let name):
            guard let value = context.variables[name] else { throw ExpressionError(column: 0, "unknown variable $\(name)") }
            return value
        case .evaluatedObject:
            return context.evaluatedObject
        case .keyPath(let base, let components):
            var value = try base.evaluate(in: context)
            var rest = components[...]
            while let component = rest.popFirst() {
                if component.hasPrefix("@") {
                    return try Self.collectionOperator(String(component.dropFirst()), value, remaining: Array(rest))
                }
                value = try Self.value(of: value, forKey: component)
            }
            return value
        case .binary(let op, let lhs, let rhs):
            if op == .and { return .bool(try lhs.evaluate(in: context).isTrue && rhs.evaluate(in: context).isTrue) }
            if op == .or { return .bool(try lhs.evaluate(in: context).isTrue || rhs.evaluate(in: context).isTrue) }
            return try Self.apply(op, try lhs.evaluate(in: context), try rhs.evaluate(in: context))
        case .negate(let operand):
            switch try operand.evaluate(in: context) {
            case .integer(let n): return .integer(-n)
            case let value:
                guard let number = value.number else { throw ExpressionError(column: 0, "cannot negate \(value)") }
                return .double(-number)
            }
        case .not(let operand):
            return .bool(!(try operand.evaluate(in: context).isTrue))
        case .ternary(let predicate, let whenTrue, let whenFalse):
            return try predicate.evaluate(in: context).isTrue ? whenTrue.evaluate(in: context) : whenFalse.evaluate(in: context)
        case .function(let name, let arguments):
            return try BuiltinFunctions.call(name, arguments.map { try $0.evaluate(in: context) })
        case .call(let target, let selector, let arguments):
            return try Self.call(selector, on: try target.evaluate(in: context), arguments: arguments.map { try $0.evaluate(in: context) })
        case .array(let items):
            return .array(try items.map { try $0.evaluate(in: context) })
        case .predicate(let value):
            return .bool(value)
        case .comparison(let comparison):
            return .bool(try comparison.evaluate(try comparison.lhs.evaluate(in: context), try comparison.rhs.evaluate(in: context)))
        case .subquery(let collection, let variable, let predicate):
            // The predicate runs on each element with the variable bound to it (Apple documents only
            // the variable; SELF is the element too, as for a predicate evaluated on it: docs/MAPPING.md).
            // A nil collection has no elements.
            let items: [ExpressionValue]
            switch try collection.evaluate(in: context) {
            case .array(let values): items = values
            case .null: items = []
            case let value: throw ExpressionError(column: 0, "SUBQUERY needs a collection as its first argument, not \(value)")
            }
            var inner = context
            return .array(
                try items.filter { item in
                    inner.variables[variable] = item
                    inner.evaluatedObject = item
                    return try predicate.evaluate(in: inner).isTrue
                })
        case .index(let base, let index):
            return try Self.element(of: try base.evaluate(in: context), at: index, in: context)
        }
    }

    /// `array[FIRST]`, `[LAST]`, `[SIZE]`, `[n]`: NSExpression's `objectFrom:withIndex:` (FIRST and LAST
    /// give nil for an empty array, a position past the end is an error, as NSArray's
    /// `objectAtIndex:` raises) and `count:` for SIZE. A nil collection gives nil (a message to nil).
    static func element(of value: ExpressionValue, at index: ArrayIndex, in context: EvaluationContext) throws -> ExpressionValue {
        guard case .array(let items) = value else {
            if case .null = value { return .null }
            throw ExpressionError(column: 0, "[…] needs an array or an ordered to-many, not \(value)")
        }
        switch index {
        case .first: return items.first ?? .null
        case .last: return items.last ?? .null
        case .size: return .integer(Int64(items.count))
        case .position(let position):
            let value = try position.evaluate(in: context)
            guard let number = value.number, number == number.rounded(), number >= 0, number < Double(items.count) else {
                throw ExpressionError(column: 0, "index \(value) is beyond the \(items.count) elements of the array")
            }
            return items[Int(number)]
        }
    }

    /// `FUNCTION(receiver, "selector", arguments…)`.
    ///
    /// A migrated object, the manager or a policy performs the selector itself, but for
    /// `valueForKey:` / `valueForKeyPath:`, which read a key (path) as `receiver.key` does; a string,
    /// number or date answers the Foundation methods of ``FoundationMethods``. A message to nil
    /// gives nil, as in Objective-C, where sending any message to nil returns nil.
    static func call(_ selector: String, on receiver: ExpressionValue, arguments: [ExpressionValue]) throws -> ExpressionValue {
        if selector == "valueForKey:" || selector == "valueForKeyPath:" {
            guard arguments.count == 1, case .string(let key) = arguments[0] else {
                throw ExpressionError(column: 0, "\(selector) takes one argument, a key string")
            }
            var result = receiver
            for component in selector == "valueForKey:"
                ? [key] : key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            {
                result = try value(of: result, forKey: component)
            }
            return result
        }
        switch receiver {
        case .null: return .null
        case .object(let object): return try object.perform(selector: selector, arguments: arguments)
        default: return try FoundationMethods.perform(selector, on: receiver, arguments: arguments)
        }
    }

    /// `value.key`: a migrated object's property, each element's value for an array, and for a
    /// string, number or date the Foundation method of that name without arguments (key-value
    /// coding calls it: `$source.code.integerValue`, `$source.title.length`).
    static func value(of value: ExpressionValue, forKey key: String) throws -> ExpressionValue {
        switch value {
        case .null: return .null
        case .object(let object): return try object.value(forKey: key)
        case .array(let items): return .array(try items.map { try Self.value(of: $0, forKey: key) })
        default:
            if let receiver = FoundationMethods.receiver(of: value), FoundationMethods.selectors(of: receiver).contains(key),
                FoundationMethods.arity(of: key) == 0
            {
                return try FoundationMethods.perform(key, on: value, arguments: [])
            }
            throw ExpressionError(column: 0, "\(value) has no key \(key)")
        }
    }

    static func collectionOperator(_ name: String, _ value: ExpressionValue, remaining: [String]) throws -> ExpressionValue {
        guard case .array(var items) = value else {
            if case .null = value { return name == "count" ? .integer(0) : .null }
            throw ExpressionError(column: 0, "@\(name) needs a collection, not \(value)")
        }
        for key in remaining { items = try items.map { try Self.value(of: $0, forKey: key) } }
        switch name {
        case "count": return .integer(Int64(items.count))
        case "sum", "avg":
            // Key-value coding's @sum and @avg read each element's value, substituting 0 for nil
            // (Apple's "Using Collection Operators"); @avg of no elements is nil, @sum of none 0.
            // Integers sum to an integer (NSDecimalNumber's exact sum prints as one), anything else
            // to a double.
            guard let numbers = Self.numbers(items) else { throw ExpressionError(column: 0, "@\(name) needs numbers") }
            let total = numbers.reduce(0) { $0 + $1.number }
            if name == "avg" { return numbers.isEmpty ? .null : .double(total / Double(numbers.count)) }
            var integerTotal: Int64 = 0
            for number in numbers {
                guard let n = number.integer, case (let sum, false) = integerTotal.addingReportingOverflow(n) else { return .double(total) }
                integerTotal = sum
            }
            return .integer(integerTotal)
        case "min", "max":
            // @min and @max compare the values with compare: and leave nils out, so they give the
            // element itself (a number, a date, a string), nil when there is none.
            var best: ExpressionValue?
            for item in items where !item.isNullValue {
                guard let current = best else {
                    best = item
                    continue
                }
                let order = try Comparison.order(item, current)
                if name == "min" ? order == .orderedAscending : order == .orderedDescending { best = item }
            }
            return best ?? .null
        case "distinctUnionOfObjects", "distinctUnionOfArrays":
            var result: [ExpressionValue] = []
            for item in items where !result.contains(where: { $0.isEqual(to: item) }) { result.append(item) }
            return .array(result)
        case "unionOfObjects": return .array(items)
        default: throw ExpressionError(column: 0, "unknown collection operator @\(name)")
        }
    }

    /// The numbers of @sum and @avg, nil counted as 0 (`integer` when the value is an integer); nil
    /// when an element is not a number.
    private static func numbers(_ items: [ExpressionValue]) -> [(number: Double, integer: Int64?)]? {
        var result: [(number: Double, integer: Int64?)] = []
        for item in items {
            switch item {
            case .null: result.append((0, 0))
            case .integer(let n): result.append((Double(n), n))
            case .double, .decimal, .bool:
                guard let number = item.number else { return nil }
                result.append((number, nil))
            default: return nil
            }
        }
        return result
    }

    static func apply(_ op: Operator, _ a: ExpressionValue, _ b: ExpressionValue) throws -> ExpressionValue {
        switch op {
        case .equal: return .bool(a.isEqual(to: b))
        case .notEqual: return .bool(!a.isEqual(to: b))
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            let ordered: Bool
            // A nil operand makes an order comparison false, as NSPredicate answers (it does not raise).
            if a.isNullValue || b.isNullValue { return .bool(false) }
            if case .string = a, case .string = b {
                // NSString's compare: without options, as NSPredicate orders strings (not Swift's `<`).
                let order = try Comparison.order(a, b)
                ordered =
                    op == .less
                    ? order == .orderedAscending
                    : op == .lessOrEqual
                        ? order != .orderedDescending : op == .greater ? order == .orderedDescending : order != .orderedAscending
            } else {
                guard let x = a.number, let y = b.number else { throw ExpressionError(column: 0, "cannot compare \(a) and \(b)") }
                ordered = op == .less ? x < y : op == .lessOrEqual ? x <= y : op == .greater ? x > y : x >= y
            }
            return .bool(ordered)
        default: break
        }
        // NSExpression divides integers as integers (`3 / 2` is 1): write `3.0 / 2` for a fraction.
        if case .integer(let x) = a, case .integer(let y) = b, op == .divide, y != 0, !(x == .min && y == -1) {
            return .integer(x / y)
        }
        if case .integer(let x) = a, case .integer(let y) = b, op != .divide, op != .power {
            let (result, overflow): (Int64, Bool) =
                switch op {
                case .add: x.addingReportingOverflow(y)
                case .subtract: x.subtractingReportingOverflow(y)
                default: x.multipliedReportingOverflow(by: y)
                }
            if !overflow { return .integer(result) }
        }
        guard let x = a.number, let y = b.number, !(a.isNullValue || b.isNullValue) else {
            throw ExpressionError(column: 0, "cannot apply \(op.rawValue) to \(a) and \(b)")
        }
        switch op {
        case .add: return .double(x + y)
        case .subtract: return .double(x - y)
        case .multiply: return .double(x * y)
        case .divide:
            guard y != 0 else { throw ExpressionError(column: 0, "division by zero") }
            return .double(x / y)
        default: return .double(pow(x, y))
        }
    }
}

extension ExpressionValue {
    var isNullValue: Bool { if case .null = self { true } else { false } }
}

/// NSExpression's built-in functions that mapping models use.
enum BuiltinFunctions {
    static let names: Set<String> = [
        "uppercase", "lowercase", "now", "sum", "count", "min", "max", "average", "abs", "sqrt", "floor", "ceiling", "trunc",
        "length", "noindex", "FETCH", "CAST",
    ]

    static func call(_ name: String, _ arguments: [ExpressionValue]) throws -> ExpressionValue {
        func single() throws -> ExpressionValue {
            guard arguments.count == 1 else { throw ExpressionError(column: 0, "\(name): takes one argument") }
            return arguments[0]
        }
        func numbers() -> [Double] {
            if arguments.count == 1, case .array(let items) = arguments[0] { return items.compactMap(\.number) }
            return arguments.compactMap(\.number)
        }
        switch name {
        case "now": return .date(Date().timeIntervalSinceReferenceDate)
        case "uppercase", "lowercase":
            guard case .string(let text) = try single() else { return .null }
            return .string(name == "uppercase" ? text.uppercased() : text.lowercased())
        case "length":
            // NSExpression's `length:` is the string's NSString length: UTF-16 code units ("é" is 1,
            // "😀" is 2), as `FUNCTION(x, "length")` gives.
            guard case .string(let text) = try single() else { return .null }
            return .integer(Int64(text.utf16.count))
        case "CAST":
            guard arguments.count == 2, case .string(let type) = arguments[1] else {
                throw ExpressionError(
                    column: 0, "CAST takes a value and a type name (\(FoundationMethods.castTypes.joined(separator: ", ")))")
            }
            return try FoundationMethods.cast(arguments[0], to: type)
        case "count":
            if case .array(let items) = try single() { return .integer(Int64(items.count)) }
            return .integer(1)
        case "sum": return .double(numbers().reduce(0, +))
        case "average":
            let n = numbers()
            return n.isEmpty ? .null : .double(n.reduce(0, +) / Double(n.count))
        case "min": return numbers().min().map { .double($0) } ?? .null
        case "max": return numbers().max().map { .double($0) } ?? .null
        case "noindex": return try single()
        case "FETCH": throw ExpressionError(column: 0, "FETCH is evaluated by the migration manager, as a source expression")
        default:
            guard let x = try single().number else { throw ExpressionError(column: 0, "\(name): needs a number") }
            switch name {
            case "abs": return .double(abs(x))
            case "sqrt": return .double(x.squareRoot())
            case "floor": return .double(x.rounded(.down))
            case "ceiling": return .double(x.rounded(.up))
            default: return .double(x.rounded(.towardZero))
            }
        }
    }
}
