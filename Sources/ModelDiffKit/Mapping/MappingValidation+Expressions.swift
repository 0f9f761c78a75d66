import Foundation

extension MappingValidation {
    /// Parses an expression and checks what `migrate` would otherwise hit object by object: its
    /// variables; the keys it reads from `$source` (against the old model), `$destination` (against
    /// the new one) and from their attribute values (the Foundation methods of a String, a number, a
    /// date); the selectors it calls through `FUNCTION` and their argument counts; the entity mapping
    /// names it hands to the manager; and, for an attribute mapping, whether the destination
    /// attribute can hold the value it gives. `target` is the attribute mapping's destination entity and
    /// attribute (nil for a source expression or a relationship mapping).
    mutating func check(
        _ text: String, line: SourceLine, sourceEntity: Entity?, mappingNames: Set<String>, what: String, isSourceExpression: Bool = false,
        target: (entity: String, attribute: Attribute?)? = nil
    ) {
        let expression: ValueExpression
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
        let typing = ExpressionTyping(
            source: source, destination: destination, sourceEntity: sourceEntity,
            destinationEntity: target.flatMap { destination.entity(named: $0.entity) })
        for path in typing.keyPaths(in: expression) {
            if let problem = typing.keyProblem(path) {
                report(line, expression: text, column: column(of: path.written, in: text), "\(what): \(problem)")
            }
        }
        for (written, problem) in Self.mappingKeyProblems(in: expression) + typing.collectionProblems(in: expression) {
            report(line, expression: text, column: column(of: written, in: text), "\(what): \(problem)")
        }
        for call in typing.calls(in: expression) {
            if let problem = typing.selectorProblem(call) {
                report(line, expression: text, column: column(of: "\"\(call.selector)\"", in: text), "\(what): \(problem)")
            }
        }
        for name in referencedMappings(expression) where !mappingNames.contains(name) {
            report(line, expression: text, column: column(of: "\"\(name)\"", in: text), "\(what): no entity mapping is named \"\(name)\"")
        }
        if let target, let attribute = target.attribute {
            let kind = typing.kind(of: expression)
            if let sample = kind.sample, sample.storedValue(for: attribute.type) == nil {
                var message = "\(what): the expression gives \(kind.name), which an \(attribute.type.xcodeName) attribute cannot hold"
                if let conversion = kind.conversion(of: text.trimmingCharacters(in: .whitespacesAndNewlines), to: attribute.type) {
                    message += "; convert it, as in \(conversion)"
                }
                report(line, expression: text, column: firstColumn(of: text), message)
            }
        }
    }

    /// Keys read from `$entityMapping`, `$propertyMapping` and `$manager.currentEntityMapping` that
    /// NSEntityMapping and NSPropertyMapping do not have (`migrate` would fail on the first object).
    static func mappingKeyProblems(in expression: ValueExpression) -> [(written: String, message: String)] {
        var result: [(String, String)] = []
        var pending = [expression]
        while let current = pending.popLast() {
            pending += current.operands
            guard case .keyPath(let base, let components) = current else { continue }
            let (prefix, keys, name): (String, [String], String)
            var rest = components[...]
            switch base {
            case .variable("entityMapping"):
                (prefix, keys, name) = ("$entityMapping", EntityMappingReference.keys, "an entity mapping (NSEntityMapping)")
            case .variable("propertyMapping"):
                (prefix, keys, name) = ("$propertyMapping", PropertyMappingReference.keys, "a property mapping (NSPropertyMapping)")
            case .variable("manager") where components.first == "currentEntityMapping":
                (prefix, keys, name) = ("$manager.currentEntityMapping", EntityMappingReference.keys, "an entity mapping (NSEntityMapping)")
                rest = rest.dropFirst()
            default: continue
            }
            guard let key = rest.first, !key.hasPrefix("@"), !keys.contains(key) else { continue }
            result.append((prefix + "." + key, "\(prefix) has no key \"\(key)\"; \(name) answers \(keys.joined(separator: ", "))"))
        }
        return result.reversed()
    }

    /// The entity mapping names passed to the manager's `…ForEntityMappingNamed:…` lookups.
    private func referencedMappings(_ expression: ValueExpression) -> [String] {
        switch expression {
        case .call(let target, let selector, let arguments):
            var names: [String] = []
            if ManagerSelector(selector)?.namesEntityMapping == true, case .constant(.string(let name))? = arguments.first {
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

    /// The column of the expression's first character (after leading whitespace).
    private func firstColumn(of text: String) -> Int {
        (text.firstIndex(where: { !$0.isWhitespace }).map { text.distance(from: text.startIndex, to: $0) } ?? 0) + 1
    }
}
