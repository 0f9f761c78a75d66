/// NSExpression's built-in functions and arithmetic operators as the selectors Foundation's
/// NSFunctionExpression archives (`NSSelectorName`), with the class `_NSPredicateUtilities` as the
/// operand (`NSConstantValueClassName`). Evidence: Foundation's decompiled `NSFunctionExpression`
/// (`binaryOperatorForSelector` names `add:to:` `+`, `from:subtract:` `-`, `multiply:by:` `*`,
/// `divide:by:` `/`, `raise:toPower:` `**`; `initWithSelector:argumentArray:` makes the operand a
/// constant of `_NSPredicateUtilities`; `-encodeWithCoder:` writes `NSSelectorName`, `NSOperand`,
/// `NSArguments`) and `NSConstantValueExpression` (`-encodeWithCoder:` writes a class as its name
/// under `NSConstantValueClassName`); docs/MAPPING.md.
enum BuiltinSelectors {
    /// The class a built-in function's operand names.
    static let utilitiesClass = "_NSPredicateUtilities"

    /// `array[index]`: `+[_NSPredicateUtilities objectFrom:withIndex:]`, the collection and the index as arguments.
    static let indexSelector = "objectFrom:withIndex:"

    /// The arithmetic operators, by the selector that computes each.
    static let operators: [ValueExpression.Operator: String] = [
        .add: "add:to:", .subtract: "from:subtract:", .multiply: "multiply:by:", .divide: "divide:by:", .power: "raise:toPower:",
    ]

    /// The selector of a built-in function written `name:(…)` (`now()` has no colon; `CAST` is
    /// `castObject:toType:`); nil for one NSExpression does not call through `_NSPredicateUtilities`
    /// (`FETCH` is its own class) or that modeldiff does not know.
    static func selector(function name: String, argumentCount: Int) -> String? {
        switch name {
        case "CAST": return argumentCount == 2 ? "castObject:toType:" : nil
        case "now": return argumentCount == 0 ? "now" : nil
        case "FETCH": return nil
        default: return BuiltinFunctions.names.contains(name) && argumentCount == 1 ? name + ":" : nil
        }
    }

    /// The expression an archived built-in call stands for, or nil for a selector modeldiff does not know.
    static func expression(selector: String, arguments: [ValueExpression]) -> ValueExpression? {
        if let op = operators.first(where: { $0.value == selector })?.key {
            return arguments.count == 2 ? .binary(op, arguments[0], arguments[1]) : nil
        }
        if selector == "castObject:toType:" { return arguments.count == 2 ? .function(name: "CAST", arguments: arguments) : nil }
        let name = selector.hasSuffix(":") ? String(selector.dropLast()) : selector
        guard self.selector(function: name, argumentCount: arguments.count) == selector else { return nil }
        return .function(name: name, arguments: arguments)
    }
}
