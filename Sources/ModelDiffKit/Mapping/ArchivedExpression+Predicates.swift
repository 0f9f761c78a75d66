/// The predicates of archived `TERNARY` and `SUBQUERY` expressions: what `ExpressionArchiver`
/// writes and what Foundation's coders write for the same predicates (`ArchivedPredicateOperator`).
extension ArchivedExpression.Reader {
    /// The predicate an archived NSPredicate describes, as the expression the parser gives for its text.
    func predicate(_ value: PlistValue?, depth: Int) throws(Diagnostic) -> ValueExpression {
        let node = try self.node(value, depth: depth)
        switch node.className ?? "" {
        case "NSTruePredicate": return .predicate(true)
        case "NSFalsePredicate": return .predicate(false)
        case "NSCompoundPredicate": return try compound(node, depth: depth)
        case "NSComparisonPredicate": return try comparison(node, depth: depth)
        default: throw error("unsupported archived predicate class \(node.className ?? "")")
        }
    }

    /// NOT of one subpredicate; AND and OR of any number, grouped to the left as the parser groups
    /// `a AND b AND c`; with none, AND is TRUEPREDICATE and OR FALSEPREDICATE, as
    /// `-[NSCompoundPredicate predicateFormat]` prints them.
    private func compound(_ node: ArchivedObject, depth: Int) throws(Diagnostic) -> ValueExpression {
        guard let items = archive.array(node.fields["NSSubpredicates"]), let type = node.integer("NSCompoundPredicateType") else {
            throw malformed
        }
        var operands: [ValueExpression] = []
        for item in items { operands.append(try predicate(item, depth: depth + 1)) }
        switch type {
        case ArchivedPredicateOperator.notType:
            guard operands.count == 1 else { throw malformed }
            return .not(operands[0])
        case ArchivedPredicateOperator.andType, ArchivedPredicateOperator.orType:
            let op: ValueExpression.Operator = type == ArchivedPredicateOperator.andType ? .and : .or
            guard var result = operands.first else { return .predicate(op == .and) }
            for operand in operands.dropFirst() { result = .binary(op, result, operand) }
            return result
        default:
            throw error("unsupported archived compound predicate type \(type)")
        }
    }

    /// An NSComparisonPredicate whose operator object is the one Foundation makes for its type, with
    /// that class's keys agreeing with the type (`NSVariant`, `NSNegate`, `NSPosition`) and options
    /// modeldiff's expressions can spell (`[c]`, `[d]`, `[n]`).
    private func comparison(_ node: ArchivedObject, depth: Int) throws(Diagnostic) -> ValueExpression {
        let lhs = try expression(node.fields["NSLeftExpression"], depth: depth + 1)
        let rhs = try expression(node.fields["NSRightExpression"], depth: depth + 1)
        let operatorNode = try self.node(node.fields["NSPredicateOperator"], depth: depth + 1)
        guard let type = operatorNode.integer("NSOperatorType"), let op = ArchivedPredicateOperator.op(type: type) else {
            throw error(
                "unsupported archived predicate operator \(operatorNode.className ?? "") of type \(operatorNode.integer("NSOperatorType") ?? -1)"
            )
        }
        let archived = ArchivedPredicateOperator.of(op)
        guard operatorNode.className == archived.classes[0] else { throw malformed }
        let modifierNumber = operatorNode.integer("NSModifier") ?? 0
        guard let modifier = ArchivedPredicateOperator.modifiers.first(where: { $0.value == modifierNumber })?.key else {
            throw error("unsupported archived comparison modifier \(modifierNumber)")
        }
        let bits = archived.optionsKey.map { operatorNode.integer($0.rawValue) ?? 0 } ?? 0
        // Foundation also knows [l] (8, the locale) and [w] (16); modeldiff's expressions cannot spell them.
        guard bits >= 0, bits & ~7 == 0 else { throw error("unsupported archived comparison options \(bits)") }
        let consistent: Bool
        switch archived.classes[0] {
        case ArchivedPredicateOperator.comparisonClass: consistent = operatorNode.integer("NSVariant") == type
        case ArchivedPredicateOperator.equalityClass: consistent = operatorNode.bool("NSNegate") == (op == .notEqual)
        case ArchivedPredicateOperator.substringClass: consistent = (operatorNode.integer("NSPosition") ?? 0) == (op == .endsWith ? 1 : 0)
        // An NSBetweenPredicateOperator that is an NSInPredicateOperator would write NSFlags too: none is allowed.
        case ArchivedPredicateOperator.betweenClass: consistent = (operatorNode.integer("NSFlags") ?? 0) == 0
        default: consistent = true
        }
        guard consistent else { throw malformed }
        let options = Comparison.Options(rawValue: bits)
        if modifier == .direct, options.isEmpty, let binary = ValueExpression.Operator(rawValue: op.rawValue) {
            return .binary(binary, lhs, rhs)
        }
        return .comparison(Comparison(op, modifier: modifier, options: options, lhs, rhs))
    }
}
