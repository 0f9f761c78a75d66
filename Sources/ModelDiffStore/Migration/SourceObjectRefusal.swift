@_spi(CLI) import ModelDiffKit

extension SourceObjectCheck {
    /// Refuses, before anything is written, a relationship mapping whose whole expression is a
    /// plain key path to source objects (each path of the migration would otherwise run into it
    /// object by object, or, on an empty store, not at all).
    static func check(_ mapping: MappingModel, source: Model, destination: Model) throws(MigrationError) {
        for entityMapping in mapping.entityMappings {
            guard let sourceEntity = entityMapping.sourceEntity.flatMap(source.entity(named:)),
                let destinationEntity = entityMapping.destinationEntity.flatMap(destination.entity(named:))
            else { continue }
            for property in entityMapping.relationshipMappings where property.placeholder == nil {
                guard let text = property.valueExpression, let read = sourceRelationship(of: text, from: sourceEntity, in: source),
                    let target = read.destinationEntity,
                    let written = destination.allRelationships(of: destinationEntity).first(where: { $0.name == property.name })
                else { continue }
                let name = mappingName(from: target, to: written.destinationEntity, in: mapping)
                throw MigrationError(
                    .migration,
                    message(property: "\(destinationEntity.name).\(property.name)", text: text, sourceEntity: target, mappingName: name),
                    mapping: entityMapping.name, entity: destinationEntity.name)
            }
        }
    }
}
