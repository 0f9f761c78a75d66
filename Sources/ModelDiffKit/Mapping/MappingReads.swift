/// What a mapping model's value expressions read of the source objects: the migration manager
/// evaluates each expression against the source object (`$source.path`), so a source property an
/// expression reads is carried into the destination property it sets.
package struct MappingReads: Sendable {
    /// `Source.property` → the destination properties (`Destination.property`) whose expressions read it.
    package let carried: [String: [String]]
    /// `Destination.property` → the source properties (`Source.property`) its expression reads.
    package let filled: [String: [String]]
    /// The destination properties (`Destination.property`) some property mapping gives an expression.
    package let expressed: Set<String>

    /// Source entity → the destination entities its objects are migrated into (an entity mapping with both).
    package let migrated: [String: [String]]
    /// Destination entity → the source entities whose objects are migrated into it.
    package let migratedFrom: [String: [String]]

    package init() {
        carried = [:]
        filled = [:]
        expressed = []
        migrated = [:]
        migratedFrom = [:]
    }

    /// The reads of `mapping`'s attribute and relationship mappings (Xcode's generated expressions resolved).
    package init(_ mapping: MappingModel) {
        var carried: [String: [String]] = [:]
        var filled: [String: [String]] = [:]
        var expressed: Set<String> = []
        var migrated: [String: [String]] = [:]
        var migratedFrom: [String: [String]] = [:]
        for entityMapping in mapping.entityMappings {
            guard let source = entityMapping.sourceEntity, let destination = entityMapping.destinationEntity else { continue }
            // The manager creates a destination object for every source object the entity mapping fetches.
            if !(migrated[source] ?? []).contains(destination) { migrated[source, default: []].append(destination) }
            if !(migratedFrom[destination] ?? []).contains(source) { migratedFrom[destination, default: []].append(source) }
            for property in entityMapping.attributeMappings + entityMapping.relationshipMappings {
                guard let text = property.valueExpression else { continue }
                let target = "\(destination).\(property.name)"
                expressed.insert(target)
                for key in Self.sourceKeys(in: text) {
                    let read = "\(source).\(key)"
                    if !(carried[read] ?? []).contains(target) { carried[read, default: []].append(target) }
                    if !(filled[target] ?? []).contains(read) { filled[target, default: []].append(read) }
                }
            }
        }
        self.carried = carried
        self.filled = filled
        self.expressed = expressed
        self.migrated = migrated
        self.migratedFrom = migratedFrom
    }

    /// The first key of every `$source.key` path in an expression's text (`#` escapes a reserved word).
    static func sourceKeys(in text: String) -> [String] {
        var keys: [String] = []
        var rest = Substring(text)
        while let range = rest.range(of: "$source.") {
            rest = rest[range.upperBound...]
            if rest.first == "#" { rest = rest.dropFirst() }
            let key = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            if !key.isEmpty, !keys.contains(String(key)) { keys.append(String(key)) }
        }
        return keys
    }
}
