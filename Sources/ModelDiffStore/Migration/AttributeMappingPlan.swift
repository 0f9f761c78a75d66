@_spi(CLI) import ModelDiffKit

/// An entity mapping's attribute mappings, worked out once per migration instead of once per
/// object: which destination attributes get a value expression, which a default, and which
/// expressions are plain `$source.key` reads that can skip the evaluator and its variables.
struct AttributeMappingPlan {
    /// Where one destination attribute's value comes from.
    enum Source {
        /// `$source.key`: the source object's value for `key`, exactly what evaluating the key path gives.
        case key(String)
        /// `$source.key`, or the destination attribute's default where it is nil (`NilBecomesDefault`).
        case keyOrDefault(String, StoreValue)
        /// Any other value expression.
        case expression(ValueExpression)
        /// The expression text does not parse: the error, thrown when the first object reaches it.
        case unparsable(Error)
        /// A placeholder left by inference: migrating any object fails with it.
        case placeholder(String)
    }

    /// One attribute mapping, in the mapping's order (a later one for the same attribute wins).
    struct Entry {
        let name: String
        let type: AttributeType
        let source: Source
    }

    /// The destination entity's name.
    let entity: String
    /// The attribute mappings with something to do, in order.
    let entries: [Entry]
    /// Values for the attributes no expression sets: their defaults, as a new managed object gets them.
    let defaults: [(name: String, value: StoreValue)]
    /// Every attribute's default: what a new destination object holds before the attribute mappings
    /// run (`insertNewObjectForEntityForName:` applies the defaults), as `$destination` sees it.
    let newObjectValues: [String: StoreValue]
    /// The destination entity's to-many relationships (empty on a new object).
    let toManyRelationships: Set<String>
    /// Whether an expression reads `$destination`: the destination object then exists, with the
    /// values set so far, while the mappings run one by one (`DestinationDraft`).
    let readsDestination: Bool
    /// The mappings the plan was made from (checked on reuse).
    let attributeMappings: [PropertyMapping]

    /// Nil when the destination model has no such entity (no attribute gets a value).
    init?(mapping: EntityMapping, destinationModel model: Model) {
        guard let name = mapping.destinationEntity, let entity = model.entity(named: name) else { return nil }
        // Inherited attributes come first; a name declared twice keeps its first declaration.
        var attributes: [String: Attribute] = [:]
        for attribute in model.allAttributes(of: entity) where attributes[attribute.name] == nil { attributes[attribute.name] = attribute }
        var entries: [Entry] = []
        for property in mapping.attributeMappings {
            guard let attribute = attributes[property.name] else { continue }
            if attribute.type == .composite {
                entries += Self.elementEntries(of: attribute, mapping: property, model: model, entity: name)
                continue
            }
            if let placeholder = property.placeholder {
                entries.append(Entry(name: property.name, type: attribute.type, source: .placeholder(placeholder)))
                continue
            }
            guard let text = property.valueExpression else { continue }
            let source: Source
            do {
                let expression = try ExpressionParser.parse(text)
                if case .keyPath(.variable("source"), let components) = expression, components.count == 1, !components[0].hasPrefix("@") {
                    source = .key(components[0])
                } else if let key = NilBecomesDefault.sourceKey(of: expression, destination: property.name),
                    let value = Self.defaultValue(of: attribute)
                {
                    source = .keyOrDefault(key, value)
                } else {
                    source = .expression(expression)
                }
            } catch {
                source = .unparsable(error)
            }
            entries.append(Entry(name: property.name, type: attribute.type, source: source))
        }
        var seen = Set(entries.map(\.name))
        var defaults: [(name: String, value: StoreValue)] = []
        // A Composite attribute's values are its elements', each with its own default (`CompositeElements`).
        let stored = CompositeElements.valueAttributes(of: entity, in: model)
        for attribute in stored where seen.insert(attribute.name).inserted && !attribute.isTransient {
            if let value = Self.defaultValue(of: attribute) { defaults.append((attribute.name, value)) }
        }
        var newObjectValues: [String: StoreValue] = [:]
        for attribute in stored where newObjectValues[attribute.name] == nil && !attribute.isTransient {
            if let value = Self.defaultValue(of: attribute) { newObjectValues[attribute.name] = value }
        }
        self.entity = name
        self.entries = entries
        self.defaults = defaults
        self.newObjectValues = newObjectValues
        self.toManyRelationships = Set(model.allRelationships(of: entity).filter(\.isToMany).map(\.name))
        self.readsDestination = entries.contains {
            if case .expression(let e) = $0.source { e.variables.contains("destination") } else { false }
        }
        self.attributeMappings = mapping.attributeMappings
    }

    /// The entries of a Composite attribute's mapping: one per element column, each read from the source's
    /// element of the same key path under the source composite `$source.<name>` names (the inferred mapping's
    /// expression). Another expression gives a whole composite value, which no column holds: migrating an
    /// object then fails with that reason rather than leaving the elements NULL.
    private static func elementEntries(of attribute: Attribute, mapping property: PropertyMapping, model: Model, entity: String) -> [Entry]
    {
        let elements = CompositeElements.elements(of: attribute, in: model)
        if let placeholder = property.placeholder {
            return [Entry(name: attribute.name, type: attribute.type, source: .placeholder(placeholder))]
        }
        guard let text = property.valueExpression else { return [] }
        if case .keyPath(.variable("source"), let components)? = try? ExpressionParser.parse(text), components.count == 1,
            !components[0].hasPrefix("@")
        {
            return elements.map { element in
                Entry(
                    name: element.keyPath, type: element.attribute.type,
                    source: .key(components[0] + element.keyPath.dropFirst(attribute.name.count)))
            }
        }
        let reason = MigrationError(
            .migration,
            "the mapping for \(entity).\(attribute.name) gives a whole Composite value (\(text)); modeldiff copies a composite's "
                + "elements from a source composite ($source.<name>) only",
            entity: entity)
        return [Entry(name: attribute.name, type: attribute.type, source: .unparsable(reason))]
    }

    /// An attribute's default value as stored, nil when it has none; a default computed at launch
    /// takes the value `DefaultValue.atLaunch` gives its type.
    static func defaultValue(of attribute: Attribute) -> StoreValue? {
        if let interval = attribute.defaultDateTimeInterval, let seconds = Double(interval) { return .date(seconds) }
        if let text = attribute.defaultValueString { return DefaultValue.parse(text, type: attribute.type) }
        return attribute.launchDefault == nil ? nil : DefaultValue.atLaunch(type: attribute.type)
    }
}
