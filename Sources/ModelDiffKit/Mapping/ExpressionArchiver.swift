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
/// paths, `FUNCTION(target, "selector", …)` calls, arithmetic and built-in functions (`now()`),
/// indexes, aggregates, `TERNARY`, `SUBQUERY` with their predicates, and `FETCH` — as Foundation's
/// own coders write them (`BuiltinSelectors`, `ArchivedPredicateOperator`, docs/MAPPING.md), so
/// that what we write reads as what we meant. Unary minus of anything but a number, and a
/// predicate used as a value, have no NSExpression form and are refused.
package enum ExpressionArchiver {
    /// The archive's bytes (a binary property list).
    package static func archive(_ expression: ValueExpression) throws(ExpressionArchiveError) -> [UInt8] {
        var builder = Builder()
        let root = try builder.add(expression)
        return builder.keyed.archive(root: root)
    }

    /// NSKeyedArchiver's object table (`KeyedArchiveBuilder`), strings shared as in Xcode's archives.
    struct Builder {
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
            case .function("FETCH", let arguments):
                return try fetch(arguments, expression)
            case .index(let base, let index):
                return try self.index(base, index)
            case .array(let items):
                // -[NSAggregateExpression encodeWithCoder:] writes its collection under NSCollection.
                return try object(["NSAggregateExpression", "NSExpression", "NSObject"], type: 14) { b throws(ExpressionArchiveError) in
                    let collection = try b.array { b throws(ExpressionArchiveError) in
                        var members: [PlistValue] = []
                        for item in items { members.append(try b.add(item)) }
                        return members
                    }
                    return ["NSCollection": collection]
                }
            case .ternary(let condition, let whenTrue, let whenFalse):
                // -[NSTernaryExpression encodeWithCoder:]: NSPredicate, NSTrueExpression, NSFalseExpression, in that order.
                return try object(["NSTernaryExpression", "NSExpression", "NSObject"], type: 20) { b throws(ExpressionArchiveError) in
                    let predicate = try b.predicate(condition)
                    let yes = try b.add(whenTrue)
                    let no = try b.add(whenFalse)
                    return ["NSPredicate": predicate, "NSTrueExpression": yes, "NSFalseExpression": no]
                }
            case .subquery(let collection, let variable, let condition):
                // -[NSSubqueryExpression encodeWithCoder:]: the collection under NSExpression, the
                // variable's name as a string under NSVariable, the predicate under NSSubpredicate.
                return try object(["NSSubqueryExpression", "NSExpression", "NSObject"], type: 13) { b throws(ExpressionArchiveError) in
                    let source = try b.add(collection)
                    let name = b.keyed.sharedString(variable)
                    let predicate = try b.predicate(condition)
                    return ["NSExpression": source, "NSVariable": name, "NSSubpredicate": predicate]
                }
            case .negate:
                throw ExpressionArchiveError(
                    message:
                        """
                        `\(expression.description)` has no archived form modeldiff writes: Foundation's coders show no form for the minus sign \
                        before anything but a number (write `0 - x`)
                        """
                )
            case .binary, .not, .comparison, .predicate:
                throw ExpressionArchiveError(
                    message:
                        """
                        `\(expression.description)` has no archived form modeldiff writes: a predicate is not a value an NSExpression can hold \
                        (only TERNARY's first argument and SUBQUERY's third are predicates)
                        """
                )
            default:
                throw ExpressionArchiveError(
                    message: "`\(expression.description)` has no archived form modeldiff writes (no Foundation selector for this function)")
            }
        }

        /// `selector` called on `_NSPredicateUtilities` with `arguments`, as Foundation archives a built-in function.
        mutating func builtinCall(_ selector: String, _ arguments: [ValueExpression]) throws(ExpressionArchiveError) -> PlistValue {
            try builtinCall(selector) { b throws(ExpressionArchiveError) in
                var items: [PlistValue] = []
                for argument in arguments { items.append(try b.add(argument)) }
                return items
            }
        }

        /// `selector` called on `_NSPredicateUtilities` with the arguments `arguments` adds.
        mutating func builtinCall(_ selector: String, _ arguments: (inout Builder) throws(ExpressionArchiveError) -> [PlistValue])
            throws(ExpressionArchiveError) -> PlistValue
        {
            try object(["NSFunctionExpression", "NSExpression", "NSObject"], type: 4) { b throws(ExpressionArchiveError) in
                let selectorName = b.keyed.sharedString(selector)
                let operand = try b.object(["NSConstantValueExpression", "NSExpression", "NSObject"], type: 0) { b in
                    ["NSConstantValueClassName": b.keyed.sharedString(BuiltinSelectors.utilitiesClass)]
                }
                let list = try b.array(arguments)
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
