/// What the parts of a value expression give, worked out from the two models before any store is
/// read: the kind of value, the keys read from migrated objects and from their attribute values,
/// and the selectors called through `FUNCTION`. `mapping validate` reports from it what `migrate`
/// would otherwise fail on object by object.
struct ExpressionTyping {
    let source: Model
    let destination: Model
    /// The entity `$source` (and `SELF`) is an object of.
    let sourceEntity: Entity?
    /// The entity `$destination` is an object of (known for attribute mappings).
    let destinationEntity: Entity?
    /// Inside a `SUBQUERY`'s predicate: its variable, and `SELF`, are an element of its collection.
    var elements: [String: ValueKind] = [:]

    /// Keys read from a value: `$source.owner.name`, or `FUNCTION($source, "valueForKey:", "name")`.
    struct KeyPath {
        /// What the keys are read from.
        let base: ValueKind
        /// The base as written in messages (`$source`), empty for `SELF`'s bare keys.
        let prefix: String
        let components: [String]
        /// Text to find in the expression for the column.
        let written: String
    }

    /// A `FUNCTION(target, "selector", arguments…)` call.
    struct Call {
        let target: ValueExpression
        let targetKind: ValueKind
        let selector: String
        let argumentCount: Int
    }

    /// The selectors `FUNCTION($manager, …)` may name: Apple's lookups and the fetch request of a source expression.
    static let managerSelectors = [
        ManagerSelector.destinationInstancesSpelling, "sourceInstancesForEntityMappingNamed:destinationInstances:",
        "destinationInstancesForSourceRelationshipNamed:sourceInstances:", SourceExpressionCheck.selector,
    ]

    // MARK: Kinds

    /// The kind of value an expression gives.
    func kind(of expression: ValueExpression) -> ValueKind {
        switch expression {
        case .constant(let constant): return ValueKind(constant)
        case .variable(let name): return variableKind(name)
        case .evaluatedObject: return elements["SELF"] ?? variableKind("source")
        case .keyPath(let base, let components): return components.reduce(kind(of: base)) { step($0, $1).kind }
        case .binary(let op, let a, let b):
            switch op {
            case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual, .and, .or: return .bool
            case .power: return .double
            default:
                let (x, y) = (kind(of: a), kind(of: b))
                if x == .integer && y == .integer { return .integer }
                if op != .divide && (x == .double || y == .double) { return .double }
                return .number
            }
        case .negate(let operand):
            let inner = kind(of: operand)
            return inner == .integer || inner == .double ? inner : .number
        case .not, .comparison, .predicate: return .bool
        case .ternary(_, let a, let b):
            let (x, y) = (kind(of: a), kind(of: b))
            return x == y || y == .null ? x : x == .null ? y : .unknown
        case .function(let name, let arguments): return functionKind(name, arguments)
        case .call(let target, let selector, let arguments):
            if let path = keyPathCall(target, selector, arguments) { return path.components.reduce(path.base) { step($0, $1).kind } }
            return kind(of: target).result(of: selector) ?? .unknown
        case .array: return .array
        case .subquery(let collection, _, _):
            let kind = kind(of: collection)
            if case .objects = kind { return kind }
            return .array
        case .index(_, .size): return .integer
        case .index(let base, _): return element(of: kind(of: base))
        }
    }

    /// The kind of an element of a collection of `kind`.
    private func element(of kind: ValueKind) -> ValueKind {
        if case .objects(let entity, let isSource) = kind { return .object(entity: entity, isSource: isSource) }
        return .unknown
    }

    /// The typing inside a `SUBQUERY`'s predicate, where its variable and `SELF` are an element.
    private func inside(_ collection: ValueExpression, binding variable: String) -> ExpressionTyping {
        var inner = self
        let element = element(of: kind(of: collection))
        inner.elements[variable] = element
        inner.elements["SELF"] = element
        return inner
    }

    private func variableKind(_ name: String) -> ValueKind {
        if let element = elements[name] { return element }
        return switch name {
        case "source": sourceEntity.map { .object(entity: $0.name, isSource: true) } ?? .unknown
        case "destination": destinationEntity.map { .object(entity: $0.name, isSource: false) } ?? .unknown
        default: .unknown
        }
    }

    private func functionKind(_ name: String, _ arguments: [ValueExpression]) -> ValueKind {
        switch name {
        case "CAST":
            guard arguments.count == 2, case .constant(.string(let type)) = arguments[1] else { return .unknown }
            switch type {
            case "NSString": return .string
            case "NSDate": return .date
            default:
                switch kind(of: arguments[0]) {
                case .integer: return .integer
                case .bool: return .bool
                case .decimal: return .decimal
                case .double, .date: return .double
                default: return .number
                }
            }
        case "uppercase", "lowercase": return .string
        case "length", "count": return .integer
        case "now": return .date
        case "noindex": return arguments.first.map(kind(of:)) ?? .unknown
        case "FETCH": return .unknown
        default: return .double
        }
    }

    /// `FUNCTION(target, "valueForKey:", "key")` with a constant key, as a key path.
    private func keyPathCall(_ target: ValueExpression, _ selector: String, _ arguments: [ValueExpression]) -> KeyPath? {
        guard FoundationMethods.objectSelectors.contains(selector), arguments.count == 1, case .constant(.string(let key)) = arguments[0]
        else {
            return nil
        }
        let components = selector == "valueForKey:" ? [key] : key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        return KeyPath(base: kind(of: target), prefix: prefix(of: target), components: components, written: "\"\(key)\"")
    }

    private func prefix(of base: ValueExpression) -> String {
        if case .evaluatedObject = base { return "" }
        return base.description
    }

    /// One key read from a value of `kind`: the kind it gives, or why the value has no such key.
    private func step(_ kind: ValueKind, _ key: String) -> (kind: ValueKind, problem: String?) {
        if key.hasPrefix("@") {
            switch kind {
            case .array, .objects, .null, .unknown: break
            default: return (.unknown, "is \(kind.name); \(key) needs a collection")
            }
            switch key {
            case "@count": return (.integer, nil)
            case "@sum": return (.number, nil)
            case "@avg": return (.double, nil)
            // The element itself (a number, a date or a string), whose kind is not tracked.
            case "@min", "@max": return (.unknown, nil)
            case "@distinctUnionOfObjects", "@distinctUnionOfArrays", "@unionOfObjects": return (.array, nil)
            default: return (.unknown, nil)
            }
        }
        switch kind {
        case .object(let entityName, let isSource), .objects(let entityName, let isSource):
            let model = isSource ? source : destination
            guard let entity = model.entity(named: entityName) else { return (.unknown, nil) }
            guard let property = model.allProperties(of: entity).first(where: { $0.name == key }) else {
                // Every managed object answers `entity` and `objectID`.
                if key == "entity" || key == "objectID" { return (.unknown, nil) }
                return (.unknown, "is not a property of \(entityName) in the \(isSource ? "old" : "new") version")
            }
            let result: ValueKind
            switch property {
            case .attribute(let attribute): result = ValueKind(attribute.type)
            case .relationship(let relationship):
                guard let target = relationship.destinationEntity else {
                    result = .unknown
                    break
                }
                result = relationship.isToMany ? .objects(entity: target, isSource: isSource) : .object(entity: target, isSource: isSource)
            case .fetchedProperty: result = .array
            }
            if case .objects = kind { return (.array, nil) }
            return (result, nil)
        case .string, .integer, .double, .bool, .decimal, .number, .date:
            if let result = kind.result(of: key), FoundationMethods.arity(of: key) == 0 { return (result, nil) }
            let receiver = kind.receiver!
            let keys = FoundationMethods.selectors(of: receiver).filter { FoundationMethods.arity(of: $0) == 0 }.sorted()
            return (.unknown, "is \(kind.name), which has no key \"\(key)\" (\(receiver.rawValue) answers \(keys.joined(separator: ", ")))")
        default:
            return (.unknown, nil)
        }
    }

    // MARK: Keys

    /// The key paths an expression reads from migrated objects and their values.
    func keyPaths(in expression: ValueExpression) -> [KeyPath] {
        var result: [KeyPath] = []
        var pending = [expression]
        while let current = pending.popLast() {
            switch current {
            case .keyPath(let base, let components):
                switch base {
                case .variable("source"), .variable("destination"), .evaluatedObject:
                    let written = components.map { reservedWords.contains($0.uppercased()) ? "#" + $0 : $0 }.joined(separator: ".")
                    let prefix = prefix(of: base)
                    result.append(
                        KeyPath(
                            base: kind(of: base), prefix: prefix, components: components,
                            written: prefix.isEmpty ? written : prefix + "." + written))
                case .variable(let name) where elements[name] != nil:
                    result.append(
                        KeyPath(
                            base: kind(of: base), prefix: prefix(of: base), components: components,
                            written: base.description + "." + components.joined(separator: ".")))
                case .variable: break
                default:
                    result.append(
                        KeyPath(base: kind(of: base), prefix: prefix(of: base), components: components, written: components.first ?? ""))
                }
            case .call(let target, let selector, let arguments):
                if let path = keyPathCall(target, selector, arguments) { result.append(path) }
            case .subquery(let collection, let variable, let predicate):
                // The predicate's keys are read from each element, not from the evaluated object.
                result += inside(collection, binding: variable).keyPaths(in: predicate).reversed()
                pending.append(collection)
                continue
            default: break
            }
            pending += current.operands
        }
        return result.reversed()
    }

    /// Why a key path cannot be read, naming the path up to the key that fails; nil when it can.
    func keyProblem(_ path: KeyPath) -> String? {
        var kind = path.base
        for (index, key) in path.components.enumerated() {
            let (next, problem) = step(kind, key)
            if let problem {
                let shown = path.components[...index].map { reservedWords.contains($0.uppercased()) ? "#" + $0 : $0 }
                let text = path.prefix.isEmpty ? shown.joined(separator: ".") : path.prefix + "." + shown.joined(separator: ".")
                if case .object = kind { return "\(text) \(problem)" }
                if case .objects = kind { return "\(text) \(problem)" }
                let before =
                    path.prefix.isEmpty
                    ? shown.dropLast().joined(separator: ".") : ([path.prefix] + shown.dropLast()).joined(separator: ".")
                return "\(before) \(problem)"
            }
            if key.hasPrefix("@") { return nil }
            kind = next
        }
        return nil
    }

    // MARK: Predicates

    /// A comparison whose operands cannot be compared as written (`title > 5`, `count BEGINSWITH "a"`,
    /// `ANY title == "x"`), found from the models before a store is read: the text to point at and why.
    func comparisonProblems(in expression: ValueExpression) -> [(written: String, message: String)] {
        var result: [(String, String)] = []
        var pending = [expression]
        while let current = pending.popLast() {
            if case .subquery(let collection, let variable, let predicate) = current {
                result += inside(collection, binding: variable).comparisonProblems(in: predicate).reversed()
                pending.append(collection)
                continue
            }
            pending += current.operands
            let comparison: Comparison
            switch current {
            case .comparison(let c): comparison = c
            case .binary(let op, let lhs, let rhs):
                guard let c = Comparison.Operator(rawValue: op.rawValue) else { continue }
                comparison = Comparison(c, lhs, rhs)
            default: continue
            }
            if let problem = problem(comparison) { result.append((comparison.lhs.description, problem)) }
        }
        return result.reversed()
    }

    /// A `SUBQUERY` over something that is no collection, or an index (`[FIRST]`, `[0]`) into one that
    /// has no order (an unordered to-many: NSSet has no first element), with the text to point at.
    func collectionProblems(in expression: ValueExpression) -> [(written: String, message: String)] {
        var result: [(String, String)] = []
        var pending = [expression]
        while let current = pending.popLast() {
            switch current {
            case .subquery(let collection, let variable, let predicate):
                if let problem = notCollection(collection, "SUBQUERY's first argument") {
                    result.append((collection.description, problem))
                }
                result += inside(collection, binding: variable).collectionProblems(in: predicate).reversed()
                pending.append(collection)
                continue
            case .index(let base, let index):
                if let problem = notCollection(base, "[…]") {
                    result.append((base.description, problem))
                } else if index != .size, let relationship = relationship(at: base), !relationship.isOrdered {
                    result.append(
                        (
                            base.description + "[",
                            """
                            \(base)[…] reads an element by its position, but \(relationship.name) is an unordered to-many (a set has no first, \
                            last or n-th element): make it ordered, or use SUBQUERY, @min or @max
                            """
                        ))
                }
            default: break
            }
            pending += current.operands
        }
        return result.reversed()
    }

    /// Why `expression` is not a collection, when its kind is known to be something else.
    private func notCollection(_ expression: ValueExpression, _ what: String) -> String? {
        let kind = kind(of: expression)
        switch kind {
        case .objects, .array, .unknown, .null: return nil
        default: return "\(what) must be a to-many key path or a collection, but \(expression) is \(kind.name)"
        }
    }

    /// The to-many relationship a key path ends in (`tags`, `$source.owner.tags`), when it does.
    private func relationship(at expression: ValueExpression) -> Relationship? {
        guard case .keyPath(let base, let components) = expression, let last = components.last else { return nil }
        let owner = components.dropLast().reduce(kind(of: base)) { step($0, $1).kind }
        guard case .object(let entityName, let isSource) = owner else { return nil }
        let model = isSource ? source : destination
        guard let entity = model.entity(named: entityName),
            case .relationship(let relationship)? = model.allProperties(of: entity).first(where: { $0.name == last }),
            relationship.isToMany
        else { return nil }
        return relationship
    }

    private func problem(_ c: Comparison) -> String? {
        let op = c.op.rawValue
        var left = kind(of: c.lhs)
        if c.modifier != .direct {
            switch left {
            case .objects, .array, .unknown, .null: left = .unknown  // the elements' kind is not tracked
            default: return "\(c.modifier.rawValue) needs a to-many key path on its left, but \(c.lhs) is \(left.name)"
            }
        }
        let right = kind(of: c.rhs)
        let isScalar = { (kind: ValueKind) in [.integer, .double, .bool, .date, .decimal, .number].contains(kind) }
        let isObject = { (kind: ValueKind) in if case .object = kind { true } else { false } }
        switch c.op {
        case .beginsWith, .endsWith, .like, .matches:
            for (side, kind) in [(c.lhs, left), (c.rhs, right)] where isScalar(kind) || isObject(kind) || kind == .data || kind == .uuid {
                return "\(op) compares strings, but \(side) is \(kind.name)"
            }
            if c.op == .matches, case .constant(.string(let pattern)) = c.rhs, let problem = RegularExpressionMatch.problem(pattern) {
                return problem
            }
        case .contains:
            if isScalar(left) { return "CONTAINS needs a string or a collection on its left, but \(c.lhs) is \(left.name)" }
        case .in:
            if isScalar(right) || isObject(right) { return "IN needs a collection or a string on its right, but \(c.rhs) is \(right.name)" }
        case .between:
            if case .array(let bounds) = c.rhs, bounds.count != 2 { return "BETWEEN needs two bounds, as in {1, 10}, not \(bounds.count)" }
            if isScalar(right) || right == .string {
                return "BETWEEN needs two bounds on its right, as in {1, 10}, but \(c.rhs) is \(right.name)"
            }
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            if (left == .string && isScalar(right)) || (isScalar(left) && right == .string) {
                return
                    "\(op) compares \(left.name) with \(right.name): they have no order (compare a string with a string, a number with a number)"
            }
            for (side, kind) in [(c.lhs, left), (c.rhs, right)] where isObject(kind) || kind == .data || kind == .uuid {
                return "\(op) needs values with an order, but \(side) is \(kind.name)"
            }
        case .equal, .notEqual:
            break
        }
        return nil
    }

    // MARK: Selectors

    /// The `FUNCTION` calls of an expression, outermost first.
    func calls(in expression: ValueExpression) -> [Call] {
        var result: [Call] = []
        var pending = [expression]
        while let current = pending.popLast() {
            if case .call(let target, let selector, let arguments) = current {
                result.append(Call(target: target, targetKind: kind(of: target), selector: selector, argumentCount: arguments.count))
            }
            pending += current.operands
        }
        return result.reversed()
    }

    /// Why the target does not answer the call as written (an unknown selector, a wrong number of
    /// arguments); nil when it does, or when the target is not known before migrating.
    func selectorProblem(_ call: Call) -> String? {
        let selector = call.selector
        switch call.target {
        case .variable("entityPolicy"):
            break  // the policy's own methods: any selector
        case .variable("manager"):
            guard
                ManagerSelector(selector) != nil || Self.managerSelectors.contains(selector)
                    || FoundationMethods.objectSelectors.contains(selector)
            else {
                return
                    "the migration manager does not respond to \"\(selector)\"; it answers \(Self.managerSelectors.joined(separator: ", "))"
            }
        case .variable("entityMapping"), .variable("propertyMapping"):
            return nil
        default:
            switch call.targetKind {
            case .object(let entity, _):
                guard FoundationMethods.objectSelectors.contains(selector) else {
                    return
                        """
                        \(ValueKind.article(for: entity)) \(entity) object does not respond to \"\(selector)\"; read a property with \
                        valueForKey: or a key path
                        """
                }
            case .array, .objects:
                guard FoundationMethods.objectSelectors.contains(selector) else {
                    return "a collection does not respond to \"\(selector)\"; it answers valueForKey:, valueForKeyPath:"
                }
            case let kind:
                guard let receiver = kind.receiver else { return nil }
                let known = FoundationMethods.selectors(of: receiver).union(FoundationMethods.objectSelectors)
                guard known.contains(selector) else {
                    return
                        "\(kind.name) (\(receiver.rawValue)) does not respond to \"\(selector)\"; it answers \(known.sorted().joined(separator: ", "))"
                }
            }
        }
        let expected = FoundationMethods.arity(of: selector)
        guard call.argumentCount == expected else {
            return
                """
                \"\(selector)\" takes \(expected) argument\(expected == 1 ? "" : "s") after the selector, but \(call.argumentCount) \
                \(call.argumentCount == 1 ? "is" : "are") given
                """
        }
        return nil
    }

}
