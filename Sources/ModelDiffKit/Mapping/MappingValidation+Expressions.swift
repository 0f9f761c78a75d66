extension MappingValidation {
    /// Parses an expression and checks its variables, its `$source` key paths against the old model and
    /// the entity mapping names it hands to the manager.
    mutating func check(_ text: String, line: SourceLine, sourceEntity: Entity?, mappingNames: Set<String>, what: String, isSourceExpression: Bool = false) {
        let expression: Expression
        do {
            expression = try ExpressionParser.parse(text)
        } catch {
            report(line, expression: text, column: error.column, "\(what): \(error.message)")
            return
        }
        checkForms(of: expression, text: text, line: line, what: what, isSourceExpression: isSourceExpression)
        for variable in expression.variables.sorted() where !Self.knownVariables.contains(variable) {
            report(line, expression: text, column: column(of: "$" + variable, in: text), "\(what): unknown variable $\(variable)")
        }
        if let sourceEntity {
            for path in expression.keyPaths(from: "source") {
                if let problem = resolve(path, from: sourceEntity) {
                    let written = "$source." + path.map { reservedWords.contains($0.uppercased()) ? "#" + $0 : $0 }.joined(separator: ".")
                    report(line, expression: text, column: column(of: written, in: text), "\(what): \(problem)")
                }
            }
        }
        for name in referencedMappings(expression) where !mappingNames.contains(name) {
            report(line, expression: text, column: column(of: "\"\(name)\"", in: text), "\(what): no entity mapping is named \"\(name)\"")
        }
    }

    /// Follows a key path through the old model; nil when every relationship step exists.
    private func resolve(_ path: [String], from entity: Entity) -> String? {
        var current = entity
        for (index, key) in path.enumerated() {
            // Collection operators (@count) and keys after an attribute (a string's length) are not model properties.
            if key.hasPrefix("@") { return nil }
            guard let property = source.allProperties(of: current).first(where: { $0.name == key }) else {
                return "$source.\(path[...index].joined(separator: ".")) is not a property of \(current.name) in the old version"
            }
            guard case .relationship(let relationship) = property, let next = relationship.destinationEntity.flatMap(source.entity(named:)) else {
                return nil
            }
            current = next
        }
        return nil
    }

    /// The entity mapping names passed to the manager's `…ForEntityMappingNamed:…` lookups.
    private func referencedMappings(_ expression: Expression) -> [String] {
        switch expression {
        case .call(let target, let selector, let arguments):
            var names: [String] = []
            if ManagerSelector(selector)?.namesEntityMapping == true, case .constant(.string(let name))? = arguments.first
            {
                names.append(name)
            }
            return names + ([target] + arguments).flatMap(referencedMappings)
        case .keyPath(let base, _), .negate(let base), .not(let base): return referencedMappings(base)
        case .binary(_, let a, let b): return referencedMappings(a) + referencedMappings(b)
        case .ternary(let p, let a, let b): return referencedMappings(p) + referencedMappings(a) + referencedMappings(b)
        case .function(_, let arguments), .array(let arguments): return arguments.flatMap(referencedMappings)
        default: return []
        }
    }

    /// The 1-based column of `needle` in the expression text (1 when the text writes it differently).
    private func column(of needle: String, in text: String) -> Int {
        guard let range = text.range(of: needle) else { return 1 }
        return text.distance(from: text.startIndex, to: range.lowerBound) + 1
    }
}
