/// A property of an entity, of any kind, as one value.
public enum Property: Sendable, Hashable {
    case attribute(Attribute)
    case relationship(Relationship)
    case fetchedProperty(FetchedProperty)

    /// The property's name.
    public var name: String {
        switch self {
        case .attribute(let a): a.name
        case .relationship(let r): r.name
        case .fetchedProperty(let f): f.name
        }
    }

    /// The name Core Data matches the property by.
    public var canonicalName: String {
        switch self {
        case .attribute(let a): a.canonicalName
        case .relationship(let r): r.canonicalName
        case .fetchedProperty(let f): f.renamingIdentifier ?? f.name
        }
    }

    /// Where the property was read.
    public var line: SourceLine {
        switch self {
        case .attribute(let a): a.line
        case .relationship(let r): r.line
        case .fetchedProperty(let f): f.line
        }
    }

    /// Whether `other` is of the same kind (attribute, relationship or fetched property): Core Data
    /// maps a property only to one of its own kind.
    public func isSameKind(as other: Property) -> Bool {
        switch (self, other) {
        case (.attribute, .attribute), (.relationship, .relationship), (.fetchedProperty, .fetchedProperty): true
        default: false
        }
    }

    /// Whether the property is transient (fetched properties always are).
    public var isTransient: Bool {
        switch self {
        case .attribute(let a): a.isTransient
        case .relationship(let r): r.isTransient
        case .fetchedProperty: true
        }
    }
}

extension Entity {
    /// Every property the entity declares itself, attributes first, then relationships, then fetched properties.
    public var properties: [Property] {
        var result: [Property] = []
        appendProperties(to: &result)
        return result
    }

    /// Appends the properties in one pass into one buffer: diffs list every entity's properties per version pair.
    func appendProperties(to result: inout [Property]) {
        result.reserveCapacity(result.count + attributes.count + relationships.count + fetchedProperties.count)
        for attribute in attributes { result.append(.attribute(attribute)) }
        for relationship in relationships { result.append(.relationship(relationship)) }
        for fetched in fetchedProperties { result.append(.fetchedProperty(fetched)) }
    }
}

extension Model {
    /// The chain of entities from `entity` up to its root: the entity itself first.
    ///
    /// Stops at a missing parent or a cycle, which the reader reports as errors.
    public func ancestry(of entity: Entity) -> [Entity] {
        // Most entities have no parent: no set of names needed.
        guard entity.parentEntity != nil else { return [entity] }
        var chain = [entity]
        var seen: Set<String> = [entity.name]
        var current = entity
        while let parentName = current.parentEntity, let parent = self.entity(named: parentName), !seen.contains(parentName) {
            chain.append(parent)
            seen.insert(parentName)
            current = parent
        }
        return chain
    }

    /// The root of the entity's hierarchy (the entity itself when it has no parent).
    public func rootEntity(of entity: Entity) -> Entity { ancestry(of: entity).last ?? entity }

    /// The entity's direct sub-entities, in file order.
    public func subentities(of entity: Entity) -> [Entity] {
        entities.filter { $0.parentEntity == entity.name }
    }

    /// The entity's properties including inherited ones: the root's first, the entity's own last.
    public func allProperties(of entity: Entity) -> [Property] {
        var result: [Property] = []
        for owner in ancestry(of: entity).reversed() { owner.appendProperties(to: &result) }
        return result
    }

    /// The entity's attributes including inherited ones.
    public func allAttributes(of entity: Entity) -> [Attribute] {
        ancestry(of: entity).reversed().flatMap(\.attributes)
    }

    /// The entity's relationships including inherited ones.
    public func allRelationships(of entity: Entity) -> [Relationship] {
        ancestry(of: entity).reversed().flatMap(\.relationships)
    }

    /// The entity that declares the property with that name, looking up the hierarchy from `entity`.
    public func declaringEntity(ofProperty name: String, in entity: Entity) -> Entity? {
        ancestry(of: entity).first { $0.propertyNames.contains(name) }
    }
}
