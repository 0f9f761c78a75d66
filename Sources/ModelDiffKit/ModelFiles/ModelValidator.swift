/// Checks what Xcode's model compiler would refuse: dangling names, cycles, duplicates, broken inverses.
struct ModelValidator {
    let model: Model
    let path: String
    /// By entity position, whether the entity's own checks (`isLocallyValid(_:)`) already passed without a
    /// warning for another version with the same element text (`SharedEntityElements`): they are not run again.
    var locallyValid: [Bool] = []

    /// Throws the first problem that makes the model unusable; returns warnings about the rest.
    func validate() throws(Diagnostic) -> [Diagnostic] {
        var warnings = try validateNames()
        try validateHierarchy()
        for (position, entity) in model.entities.enumerated() {
            let checked = isLocallyValid(at: position)
            // A root entity's properties can clash only with each other; a sub-entity's with inherited ones too.
            if !checked || entity.parentEntity != nil { try validateProperties(of: entity) }
            try validateValues(of: entity, checkingOwnValues: !checked)
            for relationship in entity.relationships {
                if let warning = try validate(relationship, of: entity) { warnings.append(warning) }
            }
        }
        try validateConfigurations()
        try validateLayout()
        return warnings + fetchIndexWarnings() + compositeColumnWarnings()
    }

    /// Whether the entity at `position` is one whose own checks passed for another version.
    func isLocallyValid(at position: Int) -> Bool { position < locallyValid.count && locallyValid[position] }

    /// Whether the checks that depend on `entity` alone (its names, its own properties' values, their
    /// duplicates, no two of its stored properties in one column) pass without a warning: then they pass
    /// so for every entity of the same text, wherever it stands. Asked of an entity of a model that
    /// passed `validate()`, so only what can still fail is run again: the warnings of its names, and
    /// the columns of its own properties. An entity with a Composite attribute is not one: its
    /// composite is the model's.
    func isLocallyValid(_ entity: Entity) -> Bool {
        guard !entity.attributes.contains(where: { $0.type == .composite }) else { return false }
        var columns: [String: String] = [:]
        let stored =
            entity.attributes.filter { !$0.isTransient }.map(\.name)
            + entity.relationships.filter { !$0.isTransient && !$0.isToMany }.map(\.name)
        for name in stored {
            let column = columnName(name)
            if let first = columns[column], first != name { return false }
            columns[column] = name
        }
        var warnings: [Diagnostic] = []
        do throws(Diagnostic) { try validateNames(of: entity, into: &warnings) } catch { return false }
        return warnings.isEmpty
    }

    /// Unique entity names, parents that exist, no cycle, at most `maximumInheritanceDepth` levels: the
    /// checks every walk up a hierarchy needs first, in time linear in the number of entities. The
    /// compiled model reader runs them before it walks any hierarchy itself.
    func validateHierarchy() throws(Diagnostic) {
        // The model's own index maps each name to its first entity: a second one with that name is a duplicate.
        for (position, entity) in model.entities.enumerated() {
            if let first = model.entityPosition(named: entity.name), first != position {
                throw error(entity.line, "duplicate entity \"\(entity.name)\" (first declared on line \(model.entities[first].line))")
            }
        }
        var depths: [String: Int] = [:]
        for entity in model.entities {
            try validateParent(of: entity, depths: &depths)
        }
    }

    /// How many levels of inheritance a model may have. Real models have a handful; the bound keeps
    /// every walk up a hierarchy (layout, hashing, diffing) short on a hostile file.
    static let maximumInheritanceDepth = 1_000

    /// `depths` holds the number of ancestors of every entity checked so far: a walk up the chain
    /// stops at the first of them, so a deep hierarchy is walked once in all, not once per entity.
    private func validateParent(of entity: Entity, depths: inout [String: Int]) throws(Diagnostic) {
        guard let parentName = entity.parentEntity else {
            depths[entity.name] = 0
            return
        }
        guard model.entity(named: parentName) != nil else {
            throw error(entity.line, "entity \"\(entity.name)\" has parent entity \"\(parentName)\", which the model does not declare")
        }
        var chain = [entity.name]
        var members: Set<String> = [entity.name]
        var current = parentName
        var lastDepth = 0  // ancestors of chain.last
        while true {
            if let known = depths[current] {
                lastDepth = known + 1
                break
            }
            guard let next = model.entity(named: current) else { break }  // a missing parent: reported for its own entity
            chain.append(current)
            guard members.insert(current).inserted else {
                throw error(entity.line, "entity \"\(entity.name)\" is its own ancestor: \(chain.joined(separator: " → "))")
            }
            guard let parent = next.parentEntity else { break }
            current = parent
        }
        for (index, name) in chain.enumerated() { depths[name] = lastDepth + chain.count - 1 - index }
        if let depth = depths[entity.name], depth > Self.maximumInheritanceDepth {
            throw error(
                entity.line,
                "entity \"\(entity.name)\" has \(depth) ancestors; modeldiff reads at most \(Self.maximumInheritanceDepth) levels of inheritance"
            )
        }
    }

    private func validateProperties(of entity: Entity) throws(Diagnostic) {
        let properties = entity.properties
        // Sized once: grown insert by insert, it rehashed several times for a large entity.
        var own = [String: SourceLine](minimumCapacity: properties.count)
        for property in properties {
            if let first = own[property.name] {
                throw error(property.line, "duplicate property \"\(entity.name).\(property.name)\" (first declared on line \(first))")
            }
            own[property.name] = property.line
        }
        guard entity.parentEntity != nil else { return }
        for ancestor in model.ancestry(of: entity).dropFirst() {
            // Each inherited name looked up among the entity's own, rather than a set of the ancestor's
            // names built for every descendant; on a clash, the set gives the error its usual property.
            let clashes =
                ancestor.attributes.contains { own[$0.name] != nil } || ancestor.relationships.contains { own[$0.name] != nil }
                || ancestor.fetchedProperties.contains { own[$0.name] != nil }
            guard clashes else { continue }
            let inherited = Set(ancestor.propertyNames)
            for property in properties where inherited.contains(property.name) {
                throw error(
                    property.line,
                    "property \"\(entity.name).\(property.name)\" clashes with \"\(ancestor.name).\(property.name)\", which it inherits")
            }
        }
    }

    /// Throws for a relationship that cannot be stored (no destination, a missing inverse); returns a
    /// warning for a one-sided inverse: Xcode compiles a model whose inverse does not point back and
    /// Core Data loads it (seven shipped versions of one production app have `Image.artist` with inverse
    /// `Artist.thumbnail`, whose inverse is `thumbnail`), so it is read and hashed as written.
    private func validate(_ relationship: Relationship, of entity: Entity) throws(Diagnostic) -> Diagnostic? {
        // Built only for a message: a valid model has thousands of relationships.
        var what: String { "relationship \"\(entity.name).\(relationship.name)\"" }
        guard let destinationName = relationship.destinationEntity else {
            throw error(relationship.line, "\(what) has no destination entity")
        }
        guard let destination = model.entity(named: destinationName) else {
            throw error(relationship.line, "\(what) points to entity \"\(destinationName)\", which the model does not declare")
        }
        // Counts are numbers of objects: Core Data's model editor takes none below zero.
        if relationship.minCount < 0 || relationship.maxCount < 0 {
            let (name, count) =
                relationship.minCount < 0 ? ("minCount", relationship.minCount) : ("maxCount", relationship.maxCount)
            throw error(relationship.line, "\(name) \(count) of \(what) is negative")
        }
        guard let inverseName = relationship.inverseName else { return nil }
        // Xcode writes the destination as `inverseEntity`; every model under ../shared does. Another
        // entity there is a hand edit that Core Data, which looks the inverse up on the destination, ignores.
        if let inverseEntity = relationship.inverseEntity, inverseEntity != destinationName {
            throw error(
                relationship.line, "\(what) names inverse entity \"\(inverseEntity)\", but its destination is \"\(destinationName)\"")
        }
        let inverseOwnerName = relationship.inverseEntity ?? destinationName
        guard let inverseOwner = model.entity(named: inverseOwnerName) else {
            throw error(relationship.line, "\(what) names inverse entity \"\(inverseOwnerName)\", which the model does not declare")
        }
        // The inverse owner's hierarchy upwards first; the destination's sub-entities only when that fails.
        let inverse =
            model.ancestry(of: inverseOwner).lazy.flatMap(\.relationships).first { $0.name == inverseName }
            ?? model.subentityTree(of: destination).lazy.flatMap(\.relationships).first { $0.name == inverseName }
        guard let inverse else {
            throw error(relationship.line, "\(what) has inverse \"\(inverseOwnerName).\(inverseName)\", which does not exist")
        }
        let comesBack =
            inverse.destinationEntity.map { destination in
                model.ancestry(of: entity).contains { $0.name == destination } || model.isAncestor(entity.name, of: destination)
            } ?? false
        // An inverse whose destination is another hierarchy cannot be this relationship's other side in
        // any store: the file cannot mean a model, so it stays an error. One that comes back to this
        // entity but names another inverse is what Xcode compiles and Core Data loads: a warning.
        guard comesBack else {
            let theirs = inverse.destinationEntity.map { "\"\($0)\"" } ?? "no entity"
            throw error(
                relationship.line,
                "\(what) has inverse \"\(inverseOwnerName).\(inverseName)\", whose destination is \(theirs), not \"\(entity.name)\"")
        }
        guard inverse.inverseName == relationship.name else {
            let theirs = inverse.inverseName.map { "\"\($0)\"" } ?? "not set"
            return Diagnostic(
                .warning, path: relationship.line.file(or: path), line: relationship.line.value,
                message:
                    "\(what) has inverse \"\(inverseOwnerName).\(inverseName)\", whose inverse is \(theirs), not \"\(relationship.name)\"; "
                    + "Core Data loads the model as written: set \"\(inverseOwnerName).\(inverseName)\"'s inverse to \"\(relationship.name)\" "
                    + "or this inverse to none")
        }
        return nil
    }

    func error(_ line: SourceLine, _ message: String) -> Diagnostic {
        Diagnostic(path: line.file(or: path), line: line.value, message: message)
    }
}

extension Model {
    /// The entity and every entity below it in its hierarchy.
    func subentityTree(of entity: Entity) -> [Entity] {
        var result = [entity]
        var index = 0
        while index < result.count {
            let current = result[index]
            result += entities.filter { $0.parentEntity == current.name && !result.contains($0) }
            index += 1
        }
        return result
    }

    /// Whether `ancestor` is `name` itself or one of the entities above it.
    func isAncestor(_ ancestor: String, of name: String) -> Bool {
        guard let entity = entity(named: name) else { return false }
        return ancestry(of: entity).contains { $0.name == ancestor }
    }
}
