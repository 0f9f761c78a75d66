import Foundation

/// Infers a mapping model from two versions as Core Data would, with explicit placeholders where it cannot.
public enum MappingInference {
    /// The mapping from `source` to `destination`; `names` label the versions in the file.
    public static func infer(from source: Model, to destination: Model, names: (String?, String?) = (nil, nil)) -> MappingModel {
        let diff = ModelDiff(source: source, destination: destination)
        let report = InferenceReport(diff: diff, sourcePath: names.0 ?? "old", destinationPath: names.1 ?? "new")
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
            let pairsByDestination = Dictionary(pair.properties.pairs.map { ($0.destination.name, $0.source) }, uniquingKeysWith: { a, _ in a })
            for property in destination.allProperties(of: new) where !property.isTransient {
                let problems = blocking["\(new.name).\(property.name)"] ?? []
                let oldProperty = pairsByDestination[property.name]
                switch property {
                case .attribute(let attribute):
                    if attribute.isDerived { continue }
                    if let problem = problems.first {
                        attributes.append(PropertyMapping(name: attribute.name, valueExpression: nil, placeholder: problem.message))
                    } else if let oldProperty {
                        attributes.append(PropertyMapping(name: attribute.name, valueExpression: "$source.\(escape(oldProperty.name))"))
                    } else {
                        attributes.append(PropertyMapping(name: attribute.name, valueExpression: nil, comments: [" new attribute: no source value, so its default value applies "]))
                    }
                case .relationship(let relationship):
                    if let problem = problems.first {
                        relationships.append(PropertyMapping(name: relationship.name, valueExpression: nil, placeholder: problem.message))
                    } else if case .relationship(let oldRelationship)? = oldProperty, let target = oldRelationship.destinationEntity,
                        let mappingName = mappingNames[target]
                    {
                        relationships.append(PropertyMapping(
                            name: relationship.name,
                            valueExpression: "FUNCTION($manager, \"destinationInstancesForEntityMappingName:sourceInstances:\", \"\(mappingName)\", $source.\(escape(oldRelationship.name)))"))
                    } else {
                        relationships.append(PropertyMapping(name: relationship.name, valueExpression: nil, comments: [" new relationship: it starts empty "]))
                    }
                case .fetchedProperty:
                    continue
                }
            }
            let entityProblems = (blocking["\(new.name)."] ?? []).map(\.message)
            mappings.append(EntityMapping(
                name: "\(old.name)To\(new.name)", type: sameHash && !pair.isRenamed ? .copy : .transform, sourceEntity: old.name,
                destinationEntity: new.name, sourceVersionHash: sourceHash, destinationVersionHash: destinationHash,
                sourceExpression: EntityMapping.fetchAll(old.name), attributeMappings: attributes, relationshipMappings: relationships,
                comments: entityProblems.map { " cannot be inferred: \($0) " }))
        }
        for entity in diff.match.added {
            mappings.append(EntityMapping(
                name: "Add\(entity.name)", type: .add, sourceEntity: nil, destinationEntity: entity.name,
                destinationVersionHash: diff.destinationHashes.base64(entity: entity.name),
                comments: [" new entity: no source objects; its objects start empty "]))
        }
        for entity in diff.match.removed {
            mappings.append(EntityMapping(
                name: "Remove\(entity.name)", type: .remove, sourceEntity: entity.name, destinationEntity: nil,
                sourceVersionHash: diff.sourceHashes.base64(entity: entity.name),
                comments: [" removed entity: its objects are not migrated "]))
        }
        return MappingModel(
            sourceVersion: names.0, destinationVersion: names.1, entityMappings: mappings,
            comments: [MappingXML.header(source: names.0, destination: names.1)])
    }

    private static func escape(_ key: String) -> String {
        reservedWords.contains(key.uppercased()) ? "#" + key : key
    }
}
