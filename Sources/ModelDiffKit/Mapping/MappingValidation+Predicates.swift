extension MappingValidation {
    /// The variables a fetch predicate sees: the fetch runs per entity mapping, before any source
    /// or destination object, so `$source`, `$destination` and `$propertyMapping` are not bound.
    static let fetchVariables: Set<String> = ["manager", "entityMapping", "entityPolicy"]

    /// Checks a source expression's fetch predicate (the string inside `FETCH(FUNCTION($manager,
    /// "fetchRequestForSourceEntityNamed:predicateString:", …))`) against the old model, pointing at
    /// the place in the file: it parses in NSPredicate's format, its keys are properties of the source
    /// entity (`SELF`), its variables are ones migrate binds, and its comparisons compare values that
    /// can be compared (`title > 5` cannot).
    mutating func checkPredicate(
        _ predicate: String, in expression: String, line: SourceLine, sourceEntity: Entity?, mappingNames: Set<String>, what: String
    ) {
        // Each character of the predicate's place in the source expression: the last string literal
        // holding it (the fetch request's second argument), its escapes taken into account.
        let literal = (try? ExpressionLexer.tokens(expression))?.last { $0.kind == .string(predicate) }
        let columns = literal.map { ExpressionLexer.literalColumns(expression, at: $0.column) } ?? []
        let at = { (column: Int) in columns.isEmpty ? 1 : columns[min(max(column, 1), columns.count) - 1] }
        let parsed: ValueExpression
        do {
            parsed = try SourceExpressionCheck.parsePredicate(predicate)
        } catch {
            report(line, expression: expression, column: at(error.column), "\(what): predicate \"\(predicate)\": \(error.message)")
            return
        }
        let column = { (needle: String) -> Int in
            guard let range = predicate.range(of: needle) else { return 1 }
            return predicate.distance(from: predicate.startIndex, to: range.lowerBound) + 1
        }
        for variable in parsed.variables.sorted() where !Self.fetchVariables.contains(variable) {
            report(
                line, expression: expression, column: at(column("$" + variable)),
                """
                \(what): predicate: unknown variable $\(variable); a fetch predicate may name \
                \(Self.fetchVariables.sorted().map { "$" + $0 }.joined(separator: ", ")) and reads the fetched object's keys bare (image, not \
                $source.image)
                """
            )
        }
        let typing = ExpressionTyping(source: source, destination: destination, sourceEntity: sourceEntity, destinationEntity: nil)
        // `$source.x` is reported as an unknown variable above, not as a key of the fetched entity; a
        // SUBQUERY's variable (`$t.name`) is an element of its collection, checked as one.
        for path in typing.keyPaths(in: parsed) where !path.prefix.hasPrefix("$") || !Self.isUnbound(path, parsed) {
            if let problem = typing.keyProblem(path) {
                report(line, expression: expression, column: at(column(path.written)), "\(what): predicate: \(problem)")
            }
        }
        for (written, problem) in typing.comparisonProblems(in: parsed) + typing.collectionProblems(in: parsed) {
            report(line, expression: expression, column: at(column(written)), "\(what): predicate: \(problem)")
        }
        if !Self.isPredicate(parsed) {
            report(
                line, expression: expression, column: at(1),
                "\(what): predicate \"\(predicate)\" is a value, not a predicate: write a comparison, as in \"image != nil\", or TRUEPREDICATE"
            )
        }
    }

    /// Whether a key path's `$variable` is not a SUBQUERY's (so it was reported as an unknown variable).
    private static func isUnbound(_ path: ExpressionTyping.KeyPath, _ predicate: ValueExpression) -> Bool {
        !subqueryVariables(in: predicate).contains(String(path.prefix.dropFirst()))
    }

    /// The variables the SUBQUERYs of an expression bind.
    private static func subqueryVariables(in expression: ValueExpression) -> Set<String> {
        var result: Set<String> = []
        var pending = [expression]
        while let current = pending.popLast() {
            if case .subquery(_, let variable, _) = current { result.insert(variable) }
            pending += current.operands
        }
        return result
    }
}
