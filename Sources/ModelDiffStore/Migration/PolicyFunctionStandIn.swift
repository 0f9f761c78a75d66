@_spi(CLI) import ModelDiffKit

/// What `modeldiff test` migrates with in place of the app's policy functions. An attribute mapping
/// `FUNCTION($entityPolicy, "negateBool:", $source.flag)` of an entity mapping whose policy is the
/// app's `NSEntityMigrationPolicy` subclass calls that class's compiled method, which the test cannot
/// run (the default policy offers no such method: Core Data fails with NSEntityMigrationPolicyError
/// 134170). Such a call is custom code not run, not a failure: the test migrates with the attribute's
/// expression replaced by a stand-in, names `CLASS (selector)` in the step's custom code, and leaves
/// the attribute out of its value comparisons (those compare only plain `$source.key` copies of the
/// mapping as written). Everything else of the step (counts, links, other values, validation) is checked.
///
/// The stand-in gives the attribute a value of its own type, so that the validation Core Data runs
/// after the migration sees what the app's code would give it, a value or nil, where the stand-in can tell:
/// 1. the call's first argument, when the call is the whole expression and that argument is a
///    `$source.key` attribute of the destination attribute's type: a policy function called from a
///    value expression transforms its argument (`negateBool:`, a unit or format change), so the
///    attribute is set exactly where the source value is set;
/// 2. otherwise no expression: the attribute's default value, as a new managed object holds it;
/// 3. without a default, a required attribute gets the zero of its type (0, NO, the empty string),
///    which meets the mandatory-value check the app's code must have met for the app's migration to
///    save; an optional one stays nil, and a required one of another type (a Date, a UUID) is left
///    without an expression, to the class's stand-in (`PolicyClassStandIn`).
/// A validation failure may then remain only where the attribute's own rules (minimum, maximum, pattern)
/// refuse the stand-in, or a required attribute's type has no stand-in: it is reported as the step's
/// failure, naming the attribute, because the test cannot tell whether the app's value would pass.
///
/// A required attribute the entity mapping leaves without any expression is left to the class's own
/// code (`PolicyClassStandIn.leftToPolicy`): `leftToPolicy` names those, by class, and the test runs
/// `PolicyClassStandIn` for such a class.
struct PolicyFunctionStandIn {
    /// The mapping the test migrates with.
    let mapping: MappingModel
    /// The policy functions replaced, `CLASS (selector, …)` by class, for the step's custom code.
    let functions: [String: [String]]
    /// By class, the attributes (`Entity.attribute`) its entity mappings leave to it, which get a stand-in.
    let leftToPolicy: [String: [String]]

    /// `policies`: the entity mappings' custom policy class names, which the test runs as the default policy.
    init(mapping original: MappingModel, policies: Set<String>, old: Model, new: Model) {
        var functions: [String: Set<String>] = [:]
        let entityMappings = original.entityMappings.map { entityMapping -> EntityMapping in
            guard let policy = entityMapping.policyClassName, policies.contains(policy) else { return entityMapping }
            let sourceAttributes = old.entity(named: entityMapping.sourceEntity ?? "").map { old.allAttributes(of: $0) } ?? []
            let destinationAttributes = new.entity(named: entityMapping.destinationEntity ?? "").map { new.allAttributes(of: $0) } ?? []
            let attributeMappings = entityMapping.attributeMappings.map { property -> PropertyMapping in
                guard let text = property.valueExpression, let expression = try? ExpressionParser.parse(text) else { return property }
                let selectors = Self.policySelectors(in: expression)
                guard !selectors.isEmpty else { return property }
                functions[policy, default: []].formUnion(selectors)
                let attribute = destinationAttributes.first { $0.name == property.name }
                return PropertyMapping(
                    name: property.name,
                    valueExpression: attribute.flatMap { Self.standIn(for: expression, attribute: $0, source: sourceAttributes) },
                    userInfo: property.userInfo, line: property.line)
            }
            return EntityMapping(
                name: entityMapping.name, type: entityMapping.type, sourceEntity: entityMapping.sourceEntity,
                destinationEntity: entityMapping.destinationEntity, sourceVersionHash: entityMapping.sourceVersionHash,
                destinationVersionHash: entityMapping.destinationVersionHash, sourceExpression: entityMapping.sourceExpression,
                policyClassName: entityMapping.policyClassName, userInfo: entityMapping.userInfo, attributeMappings: attributeMappings,
                relationshipMappings: entityMapping.relationshipMappings, line: entityMapping.line)
        }
        self.mapping = MappingModel(
            sourceVersion: original.sourceVersion, destinationVersion: original.destinationVersion, entityMappings: entityMappings,
            line: original.line)
        self.functions = functions.mapValues { $0.sorted() }
        var left: [String: Set<String>] = [:]
        for entityMapping in entityMappings {
            guard let policy = entityMapping.policyClassName, policies.contains(policy), let entity = entityMapping.destinationEntity else {
                continue
            }
            let attributes = PolicyClassStandIn.leftToPolicy(entityMapping, destination: new)
            if !attributes.isEmpty { left[policy, default: []].formUnion(attributes.map { "\(entity).\($0.name)" }) }
        }
        self.leftToPolicy = left.mapValues { $0.sorted() }
    }

    /// The step's custom code: each class, with the policy functions the test replaced and the attributes
    /// it gave a stand-in (`FlagsPolicy (negateBool:)`, `OutcomePolicy (stand-ins for Outcome.due)`).
    func customCode(_ classes: [String]) -> [String] {
        classes.map { name in
            let parts = [
                functions[name]?.joined(separator: ", "), leftToPolicy[name].map { "stand-ins for " + $0.joined(separator: ", ") },
            ]
            .compactMap { $0 }
            return parts.isEmpty ? name : "\(name) (\(parts.joined(separator: "; ")))"
        }
    }

    /// The selectors of the `FUNCTION($entityPolicy, …)` calls anywhere in an expression.
    static func policySelectors(in expression: ValueExpression) -> Set<String> {
        switch expression {
        case .call(let target, let selector, let arguments):
            let own: Set<String> = target == .variable("entityPolicy") ? [selector] : []
            return arguments.reduce(own.union(policySelectors(in: target))) { $0.union(policySelectors(in: $1)) }
        case .keyPath(let base, _): return policySelectors(in: base)
        case .binary(_, let left, let right): return policySelectors(in: left).union(policySelectors(in: right))
        case .negate(let inner), .not(let inner): return policySelectors(in: inner)
        case .ternary(let test, let yes, let no):
            return policySelectors(in: test).union(policySelectors(in: yes)).union(policySelectors(in: no))
        case .function(_, let arguments), .array(let arguments): return arguments.reduce([]) { $0.union(policySelectors(in: $1)) }
        case .subquery(let collection, _, let predicate): return policySelectors(in: collection).union(policySelectors(in: predicate))
        case .index(let base, let index):
            if case .position(let position) = index { return policySelectors(in: base).union(policySelectors(in: position)) }
            return policySelectors(in: base)
        case .comparison(let comparison): return policySelectors(in: comparison.lhs).union(policySelectors(in: comparison.rhs))
        case .constant, .variable, .evaluatedObject, .predicate: return []
        }
    }

    /// The stand-in expression for a destination attribute (see the type's rules); nil for no expression.
    static func standIn(for expression: ValueExpression, attribute: Attribute, source: [Attribute]) -> String? {
        if case .call(.variable("entityPolicy"), _, let arguments) = expression, let first = arguments.first,
            case .keyPath(.variable("source"), let components) = first, components.count == 1,
            source.first(where: { $0.name == components[0] })?.type == attribute.type,
            (try? ExpressionParser.parse("$source.\(components[0])")) == first
        {
            return "$source.\(components[0])"
        }
        guard !attribute.isOptional, !attribute.hasDefaultValue else { return nil }
        switch attribute.type {
        case .integer16, .integer32, .integer64, .double, .float, .decimal: return "0"
        case .boolean: return "NO"
        case .string: return "\"\""
        default: return nil
        }
    }
}
