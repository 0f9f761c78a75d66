/// The predicates inside `TERNARY` and `SUBQUERY`, indexes and `FETCH`, as Foundation's coders
/// write them (iOS 26.1's decompiled Foundation and Core Data; docs/MAPPING.md has the evidence).
extension ExpressionArchiver.Builder {
    /// An object that is not an NSExpression (a predicate, an operator): no `NSExpressionType`.
    mutating func plainObject(_ chain: [String], _ fields: (inout Self) throws(ExpressionArchiveError) -> [String: PlistValue])
        throws(ExpressionArchiveError) -> PlistValue
    {
        let slot = keyed.reserve()
        let dictionary = try fields(&self)
        keyed.fill(slot, classes: chain, dictionary)
        return .uid(slot)
    }

    /// `expression` as an NSPredicate: a comparison (NSComparisonPredicate), AND/OR/NOT
    /// (NSCompoundPredicate), TRUEPREDICATE/FALSEPREDICATE (NSTruePredicate/NSFalsePredicate).
    /// NSPredicate's own coder writes nothing, so only the subclasses' keys appear.
    mutating func predicate(_ expression: ValueExpression) throws(ExpressionArchiveError) -> PlistValue {
        switch expression {
        case .predicate(let value):
            return try plainObject([value ? "NSTruePredicate" : "NSFalsePredicate", "NSPredicate", "NSObject"]) { _ in [:] }
        case .binary(.and, let lhs, let rhs):
            return try compound(ArchivedPredicateOperator.andType, [lhs, rhs])
        case .binary(.or, let lhs, let rhs):
            return try compound(ArchivedPredicateOperator.orType, [lhs, rhs])
        case .not(let operand):
            return try compound(ArchivedPredicateOperator.notType, [operand])
        case .binary(let op, let lhs, let rhs):
            guard let comparisonOperator = Comparison.Operator(rawValue: op.rawValue) else { break }
            return try comparison(Comparison(comparisonOperator, lhs, rhs))
        case .comparison(let comparison) where comparison.modifier == .none:
            // NSComparisonPredicateModifier has no NONE: `NONE a op b` is NOT of `ANY a op b`.
            let any = ValueExpression.comparison(
                Comparison(comparison.op, modifier: .any, options: comparison.options, comparison.lhs, comparison.rhs))
            return try compound(ArchivedPredicateOperator.notType, [any])
        case .comparison(let comparison):
            return try self.comparison(comparison)
        default:
            break
        }
        throw ExpressionArchiveError(
            message:
                "`\(expression.description)` has no archived form modeldiff writes as a predicate (a comparison, AND, OR, NOT, TRUEPREDICATE or FALSEPREDICATE)"
        )
    }

    /// `-[NSCompoundPredicate encodeWithCoder:]`: `NSSubpredicates`, then `NSCompoundPredicateType`.
    /// The array is an NSArray: `initWithType:subpredicates:` keeps a copy, which is immutable.
    private mutating func compound(_ type: Int, _ operands: [ValueExpression]) throws(ExpressionArchiveError) -> PlistValue {
        try plainObject(["NSCompoundPredicate", "NSPredicate", "NSObject"]) { b throws(ExpressionArchiveError) in
            let slot = b.keyed.reserve()
            var members: [PlistValue] = []
            for operand in operands { members.append(try b.predicate(operand)) }
            b.keyed.fill(slot, classes: ["NSArray", "NSObject"], ["NS.objects": .array(members)])
            return ["NSSubpredicates": .uid(slot), "NSCompoundPredicateType": .integer(type)]
        }
    }

    /// `-[NSComparisonPredicate encodeWithCoder:]`: `NSLeftExpression`, `NSRightExpression`, `NSPredicateOperator`.
    private mutating func comparison(_ comparison: Comparison) throws(ExpressionArchiveError) -> PlistValue {
        let archived = ArchivedPredicateOperator.of(comparison.op)
        if archived.optionsKey == nil, !comparison.options.isEmpty {
            throw ExpressionArchiveError(
                message:
                    """
                    `\(ValueExpression.comparison(comparison).description)` has no archived form modeldiff writes: Foundation's BETWEEN \
                    operator archives no options
                    """
            )
        }
        return try plainObject(["NSComparisonPredicate", "NSPredicate", "NSObject"]) { b throws(ExpressionArchiveError) in
            let lhs = try b.add(comparison.lhs)
            let rhs = try b.add(comparison.rhs)
            let op = try b.plainObject(archived.classes) { _ in Self.operatorFields(archived, comparison) }
            return ["NSLeftExpression": lhs, "NSRightExpression": rhs, "NSPredicateOperator": op]
        }
    }

    /// The keys the operator's class's coder writes (`ArchivedPredicateOperator` has the evidence).
    private static func operatorFields(_ archived: ArchivedPredicateOperator, _ comparison: Comparison) -> [String: PlistValue] {
        var fields: [String: PlistValue] = [
            "NSOperatorType": .integer(archived.type),
            "NSModifier": .integer(ArchivedPredicateOperator.modifiers[comparison.modifier] ?? 0),
        ]
        if let key = archived.optionsKey { fields[key.rawValue] = .integer(comparison.options.rawValue) }
        switch archived.classes[0] {
        case ArchivedPredicateOperator.comparisonClass: fields["NSVariant"] = .integer(archived.type)
        case ArchivedPredicateOperator.equalityClass: fields["NSNegate"] = .bool(comparison.op == .notEqual)
        case ArchivedPredicateOperator.substringClass: fields["NSPosition"] = .integer(comparison.op == .endsWith ? 1 : 0)
        default: break
        }
        return fields
    }

    /// `base[index]`: `objectFrom:withIndex:` on `_NSPredicateUtilities`. A position is its
    /// expression; FIRST, LAST and SIZE are NSSymbolicExpressions (type 11, the word under
    /// `NSToken`), the only expression whose value is itself, which is what
    /// `+[_NSPredicateUtilities objectFrom:withIndex:]` takes apart (`constantValue` against
    /// "FIRST", "LAST", "SIZE").
    mutating func index(_ base: ValueExpression, _ index: ValueExpression.ArrayIndex) throws(ExpressionArchiveError) -> PlistValue {
        try builtinCall(BuiltinSelectors.indexSelector) { b throws(ExpressionArchiveError) in
            let collection = try b.add(base)
            let token: String
            switch index {
            case .position(let position): return [collection, try b.add(position)]
            case .first: token = "FIRST"
            case .last: token = "LAST"
            case .size: token = "SIZE"
            }
            let symbol = try b.object(["NSSymbolicExpression", "NSExpression", "NSObject"], type: 11) { b in
                ["NSToken": b.keyed.sharedString(token)]
            }
            return [collection, symbol]
        }
    }

    /// `FETCH(request, context, countOnly)`: Core Data's NSFetchRequestExpression (type 50), whose
    /// coder writes `NSFRExpression`, `NSMOCExpression` and the Boolean `NSCountOnlyFlag`.
    mutating func fetch(_ arguments: [ValueExpression], _ expression: ValueExpression) throws(ExpressionArchiveError) -> PlistValue {
        guard arguments.count == 3, case .constant(.bool(let countOnly)) = arguments[2] else {
            throw ExpressionArchiveError(
                message:
                    "`\(expression.description)` has no archived form modeldiff writes: FETCH takes a request, a context and YES or NO")
        }
        return try object(["NSFetchRequestExpression", "NSExpression", "NSObject"], type: 50) { b throws(ExpressionArchiveError) in
            let request = try b.add(arguments[0])
            let context = try b.add(arguments[1])
            return ["NSFRExpression": request, "NSMOCExpression": context, "NSCountOnlyFlag": .bool(countOnly)]
        }
    }
}
