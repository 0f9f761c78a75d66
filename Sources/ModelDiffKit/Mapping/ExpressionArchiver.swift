/// A value expression that has no NSKeyedArchiver form modeldiff writes.
package struct ExpressionArchiveError: Error, Sendable {
    /// What cannot be archived, for a one-line message.
    package let message: String
}

/// Writes an expression as the NSKeyedArchiver archive of an NSExpression that Xcode stores in
/// `valueexpressiondata`: the same classes, keys, `NSExpressionType` numbers and `$classes` chains
/// as the archives in Xcode's own files (WooCommerceModelV9toV10.xcmappingmodel holds
/// `$source.status` as an NSKeyPathExpression of an NSVariableExpression and an
/// NSKeyPathSpecifierExpression, its arguments in an NSMutableArray).
///
/// Only the kinds `ArchivedExpression` reads back are written — variables, `SELF`, constants, key
/// paths, `FUNCTION(target, "selector", …)` calls, and arithmetic and built-in functions (`now()`)
/// as Foundation's own coders write them (`BuiltinSelectors`) — so that what we write reads as what
/// we meant. `TERNARY` and aggregates, whose predicate and collection classes no sample shows, are refused.
package enum ExpressionArchiver {
    /// The archive's bytes (a binary property list).
    package static func archive(_ expression: ValueExpression) throws(ExpressionArchiveError) -> [UInt8] {
        var builder = Builder()
        let root = try builder.add(expression)
        return builder.keyed.archive(root: root)
    }

    /// NSKeyedArchiver's object table (`KeyedArchiveBuilder`), strings shared as in Xcode's archives.
    private struct Builder {
        var keyed = KeyedArchiveBuilder()

        /// Adds an object whose fields are filled by `fields` after its slot is reserved, so the
        /// table reads parent first as in Xcode's archives.
        mutating func object(_ chain: [String], type: Int, _ fields: (inout Builder) throws(ExpressionArchiveError) -> [String: PlistValue])
            throws(ExpressionArchiveError) -> PlistValue
        {
            let slot = keyed.reserve()
            var dictionary = try fields(&self)
            dictionary["NSExpressionType"] = .integer(type)
            keyed.fill(slot, classes: chain, dictionary)
            return .uid(slot)
        }

        mutating func add(_ expression: ValueExpression) throws(ExpressionArchiveError) -> PlistValue {
            switch expression {
            case .variable(let name):
                return try object(["NSVariableExpression", "NSExpression", "NSObject"], type: 2) { b in
                    ["NSVariable": b.keyed.sharedString(name)]
                }
            case .evaluatedObject:
                return try object(["NSSelfExpression", "NSExpression", "NSObject"], type: 1) { _ in [:] }
            case .constant(let constant):
                return try object(["NSConstantValueExpression", "NSExpression", "NSObject"], type: 0) { b in
                    switch constant {
                    case .string(let text): ["NSConstantValue": b.keyed.sharedString(text)]
                    case .integer(let number): ["NSConstantValue": .integer(Int(number))]
                    case .double(let number): ["NSConstantValue": .real(number)]
                    case .bool(let flag): ["NSConstantValue": .bool(flag)]
                    case .null: [:]  // a nil constant has no value to encode
                    }
                }
            case .keyPath(let base, let components):
                return try object(["NSKeyPathExpression", "NSFunctionExpression", "NSExpression", "NSObject"], type: 4) {
                    b throws(ExpressionArchiveError) in
                    let selector = b.keyed.sharedString("valueForKeyPath:")
                    let operand = try b.add(base)
                    let arguments = try b.array { b throws(ExpressionArchiveError) in
                        [
                            try b.object(["NSKeyPathSpecifierExpression", "NSExpression", "NSObject"], type: 10) { b in
                                ["NSKeyPath": b.keyed.sharedString(components.joined(separator: "."))]
                            }
                        ]
                    }
                    return ["NSSelectorName": selector, "NSOperand": operand, "NSArguments": arguments]
                }
            case .call(let target, let selector, let arguments):
                return try object(["NSFunctionExpression", "NSExpression", "NSObject"], type: 4) { b throws(ExpressionArchiveError) in
                    let selectorName = b.keyed.sharedString(selector)
                    let operand = try b.add(target)
                    let list = try b.array { b throws(ExpressionArchiveError) in
                        var items: [PlistValue] = []
                        for argument in arguments { items.append(try b.add(argument)) }
                        return items
                    }
                    return ["NSSelectorName": selectorName, "NSOperand": operand, "NSArguments": list]
                }
            // Arithmetic and built-in functions: an NSFunctionExpression whose operand is the class
            // `_NSPredicateUtilities`, archived by name (BuiltinSelectors has Foundation's evidence).
            case .binary(let op, let lhs, let rhs) where BuiltinSelectors.operators[op] != nil:
                return try builtinCall(BuiltinSelectors.operators[op] ?? "", [lhs, rhs])
            case .function(let name, let arguments) where BuiltinSelectors.selector(function: name, argumentCount: arguments.count) != nil:
                return try builtinCall(BuiltinSelectors.selector(function: name, argumentCount: arguments.count) ?? "", arguments)
            default:
                throw ExpressionArchiveError(
                    message:
                        "`\(expression.description)` has no archived form modeldiff writes (variables, constants, key paths, FUNCTION calls, arithmetic and built-in functions only)"
                )
            }
        }

        /// `selector` called on `_NSPredicateUtilities` with `arguments`, as Foundation archives a built-in function.
        mutating func builtinCall(_ selector: String, _ arguments: [ValueExpression]) throws(ExpressionArchiveError) -> PlistValue {
            try object(["NSFunctionExpression", "NSExpression", "NSObject"], type: 4) { b throws(ExpressionArchiveError) in
                let selectorName = b.keyed.sharedString(selector)
                let operand = try b.object(["NSConstantValueExpression", "NSExpression", "NSObject"], type: 0) { b in
                    ["NSConstantValueClassName": b.keyed.sharedString(BuiltinSelectors.utilitiesClass)]
                }
                let list = try b.array { b throws(ExpressionArchiveError) in
                    var items: [PlistValue] = []
                    for argument in arguments { items.append(try b.add(argument)) }
                    return items
                }
                return ["NSSelectorName": selectorName, "NSOperand": operand, "NSArguments": list]
            }
        }

        /// An NSMutableArray of the objects `items` adds, its slot before theirs as in Xcode's archives.
        mutating func array(_ items: (inout Builder) throws(ExpressionArchiveError) -> [PlistValue]) throws(ExpressionArchiveError)
            -> PlistValue
        {
            let slot = keyed.reserve()
            let members = try items(&self)
            keyed.fill(slot, classes: ["NSMutableArray", "NSArray", "NSObject"], ["NS.objects": .array(members)])
            return .uid(slot)
        }
    }
}
