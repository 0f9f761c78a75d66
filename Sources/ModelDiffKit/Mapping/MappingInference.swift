import Foundation

/// Infers a mapping model from two versions as Core Data would, with explicit placeholders where it cannot.
public enum MappingInference {
    /// The mapping from `source` to `destination`; `names` label the versions in the file.
    ///
    /// `historicalNames` is the bundle's history (``ModelBundle/historicalNames``) when both versions
    /// belong to one: a renaming identifier that names an element of another version, but none of
    /// `source`, is what Core Data sees as a new element (it starts from its default value), not a
    /// typo to fix, so it gets no placeholder.
    ///
    /// `suggestingRenames` is for a file a developer edits (`modeldiff infer`): a new property that
    /// `check` suspects is a removed one renamed without a renaming identifier (its `possible-rename`)
    /// gets a placeholder whose expression reads the suspected source (`$source.thumbImageURL`), to keep
    /// or replace, instead of none. Core Data's own inference (a migration without a file) has no
    /// such guess: the property starts from its default value.
    public static func infer(
        from source: Model, to destination: Model, names: (String?, String?) = (nil, nil), historicalNames: Set<String> = [],
        suggestingRenames: Bool = false
    ) -> MappingModel {
        let diff = ModelDiff(source: source, destination: destination)
        let report = InferenceReport(
            diff: diff, sourcePath: names.0 ?? "old", destinationPath: names.1 ?? "new", historicalNames: historicalNames)
        let blocking = Dictionary(grouping: report.findings.filter { $0.severity == .error }) { "\($0.entity ?? "").\($0.property ?? "")" }
        var mappingNames: [String: String] = [:]  // source entity → mapping name
        for pair in diff.match.pairs { mappingNames[pair.source.name] = "\(pair.source.name)To\(pair.destination.name)" }
        var mappings: [EntityMapping] = []
        for pair in diff.match.pairs {
            let (old, new) = (pair.source, pair.destination)
            let sourceHash = diff.sourceHashes.base64(entity: old.name)
            let destinationHash = diff.destinationHashes.base64(entity: new.name)
            let sameHash = diff.sourceHashes.entityVersionHashes[old.name] == diff.destinationHashes.entityVersionHashes[new.name]
            var attributes: [PropertyMapping] = []
            var relationships: [PropertyMapping] = []
            let pairsByDestination = Dictionary(
                pair.properties.pairs.map { ($0.destination.name, $0.source) }, uniquingKeysWith: { a, _ in a })
            let suspected = Dictionary(
                RenameSuggestions.propertyRenames(added: pair.properties.added, removed: pair.properties.removed).map {
                    ($0.added.name, $0.old)
                },
                uniquingKeysWith: { a, _ in a })
            for property in destination.allProperties(of: new) where !property.isTransient {
                let problems = blocking["\(new.name).\(property.name)"] ?? []
                let oldProperty = pairsByDestination[property.name]
                switch property {
                case .attribute(let attribute):
                    if attribute.isDerived { continue }
                    let suggestion =
                        suggestingRenames && oldProperty == nil ? suspected[attribute.name].map { "$source.\(escapedKey($0.name))" } : nil
                    if let problem = problems.first {
                        attributes.append(
                            PropertyMapping(
                                name: attribute.name, valueExpression: suggestion, placeholder: problem.message,
                                comments: [
                                    placeholderComment(
                                        for: .attribute(attribute), of: new, from: oldProperty, suspected: suspected[attribute.name])
                                ]))
                    } else if let suggestion, let old = suspected[attribute.name] {
                        attributes.append(renamePlaceholder(attribute.name, of: new, old: old, suggestion: suggestion))
                    } else if case .attribute(let old)? = oldProperty, !old.isTransient, old.isOptional, !attribute.isOptional,
                        attribute.hasDefaultValue
                    {
                        // Core Data's inferred mapping gives a nil the default (`NilBecomesDefault`).
                        attributes.append(
                            PropertyMapping(
                                name: attribute.name,
                                valueExpression: NilBecomesDefault.expression(source: old.name, destination: attribute.name),
                                comments: [" now required: a nil \(old.name) becomes the default value "]))
                    } else if let oldProperty, !oldProperty.isTransient {
                        attributes.append(PropertyMapping(name: attribute.name, valueExpression: "$source.\(escapedKey(oldProperty.name))"))
                    } else if oldProperty == nil, attribute.canonicalName != attribute.name {
                        // Core Data matches by renaming identifier only: one that names nothing in the
                        // source version (Wire's localMessageDestructionTimeout, renamed in 2.52, seen
                        // from 2.8) makes the attribute new there, and the team's stores migrate so.
                        attributes.append(
                            PropertyMapping(
                                name: attribute.name, valueExpression: nil,
                                comments: [
                                    """
                                     new attribute: its renaming identifier \(attribute.canonicalName) names no attribute of the old version, \
                                    so its default value applies 
                                    """
                                ]))
                    } else {
                        // A transient source attribute stored nothing: the column is new, as in Core Data's
                        // in-place migration (Wire's AssetClientMessage.isDownloading, transient in 2.65 and
                        // stored later, gets its default NO in the stores the team migrates with Core Data).
                        attributes.append(
                            PropertyMapping(
                                name: attribute.name, valueExpression: nil,
                                comments: [" new attribute: no source value, so its default value applies "]))
                    }
                case .relationship(let relationship):
                    if let problem = problems.first {
                        relationships.append(
                            PropertyMapping(
                                name: relationship.name, valueExpression: nil, placeholder: problem.message,
                                comments: [placeholderComment(for: .relationship(relationship), of: new, from: oldProperty, suspected: nil)]
                            ))
                    } else if case .relationship(let oldRelationship)? = oldProperty, let target = oldRelationship.destinationEntity,
                        isRetargeted(target, to: relationship.destinationEntity, in: diff)
                    {
                        // What Core Data's inferred mapping holds (`_NSMappingModelBuilder`, which never compares
                        // destinations): it finds no entity mapping from the old destination to the new one.
                        relationships.append(
                            PropertyMapping(
                                name: relationship.name,
                                valueExpression:
                                    """
                                    FUNCTION($manager, \"destinationInstancesForSourceRelationshipNamed:sourceInstances:\", \
                                    \"\(oldRelationship.name)\", $source.\(escapedKey(oldRelationship.name)))
                                    """,
                                comments: [
                                    diff.match.pair(source: target) == nil
                                        ? """
                                         re-targeted from \(target) to \(relationship.destinationEntity ?? "?"), as Core Data infers it: no new \
                                        entity matches \(target), so its objects and the links to them are not carried over 
                                        """
                                        : """
                                         re-targeted from \(target) to \(relationship.destinationEntity ?? "?"), as Core Data infers it: no entity \
                                        mapping leads from one to the other, so migrating a store where any \(old.name) links a \(target) fails; \
                                        write FUNCTION($manager, "\(ManagerSelector.destinationInstancesSpelling)", …) to carry such links 
                                        """
                                ]))
                    } else if case .relationship(let oldRelationship)? = oldProperty, let target = oldRelationship.destinationEntity,
                        let mappingName = mappingNames[target]
                    {
                        relationships.append(
                            PropertyMapping(
                                name: relationship.name,
                                valueExpression:
                                    """
                                    FUNCTION($manager, \"\(ManagerSelector.destinationInstancesSpelling)\", \"\(mappingName)\", \
                                    $source.\(escapedKey(oldRelationship.name)))
                                    """
                            ))
                    } else if suggestingRenames, oldProperty == nil, case .relationship(let old)? = suspected[relationship.name],
                        let target = old.destinationEntity, let mappingName = mappingNames[target]
                    {
                        let suggestion =
                            "FUNCTION($manager, \"\(ManagerSelector.destinationInstancesSpelling)\", \"\(mappingName)\", $source.\(escapedKey(old.name)))"
                        relationships.append(renamePlaceholder(relationship.name, of: new, old: .relationship(old), suggestion: suggestion))
                    } else {
                        relationships.append(
                            PropertyMapping(
                                name: relationship.name, valueExpression: nil, comments: [" new relationship: it starts empty "]))
                    }
                case .fetchedProperty:
                    continue
                }
            }
            let entityProblems = (blocking["\(new.name)."] ?? []).map(\.message)
            mappings.append(
                EntityMapping(
                    name: "\(old.name)To\(new.name)", type: sameHash && !pair.isRenamed ? .copy : .transform, sourceEntity: old.name,
                    destinationEntity: new.name, sourceVersionHash: sourceHash, destinationVersionHash: destinationHash,
                    sourceExpression: EntityMapping.fetchAll(old.name), attributeMappings: attributes, relationshipMappings: relationships,
                    comments: entityProblems.map { " cannot be inferred: \($0) " }))
        }
        for entity in diff.match.added {
            mappings.append(
                EntityMapping(
                    name: "Add\(entity.name)", type: .add, sourceEntity: nil, destinationEntity: entity.name,
                    destinationVersionHash: diff.destinationHashes.base64(entity: entity.name),
                    comments: [" new entity: no source objects; its objects start empty "]))
        }
        for entity in diff.match.removed {
            mappings.append(
                EntityMapping(
                    name: "Remove\(entity.name)", type: .remove, sourceEntity: entity.name, destinationEntity: nil,
                    sourceVersionHash: diff.sourceHashes.base64(entity: entity.name),
                    comments: [" removed entity: its objects are not migrated "]))
        }
        return MappingModel(
            sourceVersion: names.0, destinationVersion: names.1, entityMappings: mappings,
            comments: [MappingXML.header(source: names.0, destination: names.1)])
    }

    /// Whether a relationship whose old destination is `old` now points to an entity no entity mapping
    /// leads to from it: the counterpart of `old` (what it is matched to) is not a kind of `new`, the
    /// test `-[NSMigrationManager destinationInstancesForSourceRelationshipNamed:sourceInstances:]` makes.
    static func isRetargeted(_ old: String, to new: String?, in diff: ModelDiff) -> Bool {
        guard let new else { return false }
        guard let counterpart = diff.match.pair(source: old)?.destination else { return true }
        return !diff.destination.ancestry(of: counterpart).contains { $0.name == new }
    }

    /// A key as a key path component: reserved words (SIZE, FIRST, …) are escaped with `#`.
    static func escapedKey(_ key: String) -> String {
        reservedWords.contains(key.uppercased()) ? "#" + key : key
    }

    /// A new property `check` suspects is `old` renamed: a placeholder whose expression reads `old`.
    private static func renamePlaceholder(_ name: String, of entity: Entity, old: Property, suggestion: String) -> PropertyMapping {
        let what = "\(entity.name).\(name)"
        return PropertyMapping(
            name: name, valueExpression: suggestion,
            placeholder:
                """
                suspected rename of `\(old.name)` (check's possible-rename): keep the expression if it is, or empty the element for the default \
                value; then remove this todo
                """,
            comments: [
                """
                 TODO \(what) is new and \(old.name) is removed: if it is \(old.name) renamed, keep \(suggestion) (and set the renaming \
                identifier of \(what) to \(old.canonicalName), so lightweight migration carries it too); otherwise empty the element. Then \
                remove the todo attribute and run modeldiff mapping validate 
                """
            ])
    }

    /// The comment above a placeholder: what the developer has to write in place of `todo="…"`.
    /// A new attribute may be an old one renamed without a renaming identifier (`suspected`, as `check`
    /// suggests it): the comment names the removed look-alike, but the developer decides.
    private static func placeholderComment(for property: Property, of entity: Entity, from old: Property?, suspected: Property?) -> String {
        let name = "\(entity.name).\(property.name)"
        let finish = "then remove the todo attribute and run modeldiff mapping validate"
        switch (property, old) {
        case (.attribute(let attribute), .attribute(let previous)?):
            let value = "$source.\(escapedKey(previous.name))"
            let kind = ValueKind(previous.type)
            if let conversion = kind.conversion(of: value, to: attribute.type), let note = kind.conversionNote(to: attribute.type) {
                return
                    """
                     TODO \(name): write a value expression that turns the old \(previous.type.xcodeName) value \(value) into \
                    \(attribute.type.xcodeName) as the element's text, such as \(conversion) (\(note)), \(finish) 
                    """
            }
            return
                """
                 TODO \(name): write a value expression that turns the old \(previous.type.xcodeName) value \(value) into \
                \(attribute.type.xcodeName) as the element's text, \(finish) 
                """
        case (.attribute(let attribute), _):
            if old == nil, case .attribute(let lookAlike)? = suspected {
                return
                    """
                     TODO \(name): the old version has no value for it; if it is the removed \(lookAlike.name) renamed, write \
                    $source.\(escapedKey(lookAlike.name)) as the element's text, otherwise a value expression giving a \
                    \(attribute.type.xcodeName); \(finish) 
                    """
            }
            return
                """
                 TODO \(name): the old version has no value for it; write a value expression giving a \(attribute.type.xcodeName) (a constant, \
                or one computed from $source) as the element's text, \(finish) 
                """
        default:
            return
                """
                 TODO \(name): write FUNCTION($manager, \"\(ManagerSelector.destinationInstancesSpelling)\", \"<entity mapping>\", \
                $source.<relationship>) naming the entity mapping that creates its destination objects, \(finish) 
                """
        }
    }
}
