/// Warns when something disappears and a look-alike appears without a renaming identifier:
/// Core Data then drops the old data silently instead of carrying it over.
enum RenameSuggestions {
    static func suggest(_ context: inout RuleContext) {
        let diff = context.diff
        // Each removed entity's attribute shape once, not once per added entity it is compared with.
        let removedShapes = diff.match.removed.map { (entity: $0, shape: shape(of: $0, in: diff.source)) }
        // One suggestion per removed entity: the added entity most like it. Entities that share only
        // boilerplate attributes (`createdAt`, `updatedAt`, `remoteID`) all pass the look-alike test
        // against one removed entity; one warning per added entity gave one removal four suggestions.
        // The threshold stays the look-alike test's: at least half of the larger entity's attributes
        // (name and type) shared, with at least three, or a similar name.
        var best: [String: (removed: Entity, added: Entity, score: Int, position: Int)] = [:]
        for (position, added) in diff.match.added.enumerated() where !removedShapes.isEmpty {
            let addedShape = shape(of: added, in: diff.destination)
            // The same name on both sides is not a rename: stale-renaming-identifier explains that pair.
            guard
                let removed = removedShapes.first(where: { $0.entity.name != added.name && entitiesLookAlike($0, (added, addedShape)) })
            else { continue }
            // Shared attributes per thousand of the larger side, then a similar name, decide between candidates.
            let shared = removed.shape.intersection(addedShape).count
            let score =
                shared * 1_000 / max(removed.shape.count, addedShape.count, 1) * 2
                + (namesAreSimilar(removed.entity.name, added.name) ? 1 : 0)
            if best[removed.entity.name].map({ score > $0.score }) ?? true {
                best[removed.entity.name] = (removed.entity, added, score, position)
            }
        }
        for (_, pick) in best.sorted(by: { $0.value.position < $1.value.position }) {
            let (removed, added) = (pick.removed, pick.added)
            context.new(
                .possibleRename, entity: added.name, line: added.line,
                """
                `\(added.name)` is new and `\(removed.name)` is removed: if `\(added.name)` is `\(removed.name)` renamed, set the renaming \
                identifier of `\(added.name)` to `\(removed.canonicalName)`, or every `\(removed.name)` object is dropped
                """
            )
        }
        for change in diff.entities {
            guard case .matched(let oldEntity, let newEntity) = change.sides else { continue }
            let entity = newEntity.name
            let removed = change.properties.filter { $0.kind == .removed }.compactMap(\.source)
            let addedProperties = change.properties.filter({ $0.kind == .added }).compactMap(\.destination)
            for (added, old) in propertyRenames(added: addedProperties, removed: removed) {
                context.new(
                    .possibleRename, entity: entity, property: added.name, line: added.line,
                    """
                    `\(entity).\(added.name)` is new and `\(oldEntity.name).\(old.name)` is removed: if it is a rename, set the renaming \
                    identifier of `\(entity).\(added.name)` to `\(old.canonicalName)`, or the values of `\(old.name)` are dropped
                    """
                )
            }
        }
    }

    /// The removed property each added property of an entity looks like a rename of, as `check` reports
    /// them (`possible-rename`); `infer` writes `$source.<old>` as the suggestion of a placeholder.
    static func propertyRenames(added: [Property], removed: [Property]) -> [(added: Property, old: Property)] {
        var used = Set<String>()
        var result: [(Property, Property)] = []
        for property in added {
            guard
                let old = onlySameDefinition(of: property, among: removed, added: added)
                    ?? removed.first(where: { !used.contains($0.name) && propertiesLookAlike($0, property) }),
                !used.contains(old.name)
            else { continue }
            used.insert(old.name)
            result.append((property, old))
        }
        return result
    }

    /// The removed property with exactly `added`'s definition, when it is the only one and `added` is the only
    /// added property with its definition: Django's autodetector asks about such a pair whatever the names
    /// (`title` → `headline`); with two candidates on either side nothing is suggested by definition alone.
    private static func onlySameDefinition(of added: Property, among removed: [Property], added all: [Property]) -> Property? {
        guard let key = definition(added) else { return nil }
        let candidates = removed.filter { definition($0) == key }
        guard candidates.count == 1, all.filter({ definition($0) == key }).count == 1 else { return nil }
        return candidates[0]
    }

    /// What a rename keeps: for attributes type, optional, transient and default value; for relationships
    /// also destination and cardinality. Fetched properties are not stored and are never suggested.
    private static func definition(_ property: Property) -> String? {
        switch property {
        case .attribute(let a):
            let defaults = "\(a.defaultValueString ?? "")|\(a.defaultDateTimeInterval ?? "")|\(a.launchDefault?.expression ?? "")"
            return "a|\(a.type.rawValue)|\(a.isOptional)|\(a.isTransient)|\(defaults)"
        case .relationship(let r):
            return "r|\(r.destinationEntity ?? "")|\(r.isToMany)|\(r.isOptional)|\(r.isTransient)|\(r.minCount)|\(r.maxCount)"
        case .fetchedProperty:
            return nil
        }
    }

    /// An entity's attributes, inherited ones included, as `name:type`.
    private static func shape(of entity: Entity, in model: Model) -> Set<String> {
        Set(model.allAttributes(of: entity).map { "\($0.name):\($0.type.rawValue)" })
    }

    private static func entitiesLookAlike(_ old: (entity: Entity, shape: Set<String>), _ new: (entity: Entity, shape: Set<String>)) -> Bool
    {
        let oldAttributes = old.shape
        let newAttributes = new.shape
        var shared = 0  // the size of the intersection, without building it
        for attribute in oldAttributes where newAttributes.contains(attribute) { shared += 1 }
        let sameShape = !oldAttributes.isEmpty && shared * 2 >= max(oldAttributes.count, newAttributes.count)
        if sameShape && shared >= 3 { return true }
        // The name comparison (an edit distance) last: most pairs already fail on their shape.
        guard sameShape || oldAttributes.isEmpty && newAttributes.isEmpty else { return false }
        return namesAreSimilar(old.entity.name, new.entity.name)
    }

    private static func propertiesLookAlike(_ old: Property, _ new: Property) -> Bool {
        switch (old, new) {
        case (.attribute(let a), .attribute(let b)):
            return a.type == b.type && namesAreSimilar(a.name, b.name)
        case (.relationship(let a), .relationship(let b)):
            return a.destinationEntity == b.destinationEntity && a.isToMany == b.isToMany && namesAreSimilar(a.name, b.name)
        default:
            return false
        }
    }

    /// Similar when one contains the other (ignoring case) or their edit distance is small for their length.
    static func namesAreSimilar(_ a: String, _ b: String) -> Bool {
        let lowerA = a.lowercased()
        let lowerB = b.lowercased()
        let x = Array(lowerA)
        let y = Array(lowerB)
        if x.isEmpty || y.isEmpty { return false }
        if lowerA.contains(lowerB) || lowerB.contains(lowerA) { return true }
        return editDistance(x, y) * 3 <= max(x.count, y.count)
    }

    private static func editDistance(_ x: [Character], _ y: [Character]) -> Int {
        var previous = Array(0...y.count)
        for i in 1...x.count {
            var current = [i] + Array(repeating: 0, count: y.count)
            for j in 1...max(y.count, 1) where j <= y.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[y.count]
    }
}
