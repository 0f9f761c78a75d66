/// Relationship mappings that hand a destination relationship objects of the source store.
///
/// `<relationship name="folder">$source.folder</relationship>` gives the old store's folder. Core
/// Data refuses to relate it to a new object (the two live in different contexts); a store written
/// by key would instead link each object to whatever new row has the same key. The objects to relate
/// are the ones migrated from it, which the migration manager looks up in its association table:
/// `FUNCTION($manager, "destinationInstancesForEntityMappingNamed:sourceInstances:", "FolderToFolder", $source.folder)`.
package enum SourceObjectCheck {
    /// The source relationship a relationship mapping's whole expression reads when it is a plain
    /// `$source.a.b` key path whose every step is a relationship of the old model; nil otherwise
    /// (the expression's type is not known before it runs).
    package static func sourceRelationship(of text: String, from entity: Entity, in model: Model) -> Relationship? {
        guard case .keyPath(.variable("source"), let components)? = try? ExpressionParser.parse(text), !components.isEmpty else {
            return nil
        }
        var current = entity
        var last: Relationship?
        for key in components {
            guard let relationship = model.allRelationships(of: current).first(where: { $0.name == key }),
                let next = relationship.destinationEntity.flatMap(model.entity(named:))
            else { return nil }
            last = relationship
            current = next
        }
        return last
    }

    /// The entity mapping that migrates objects of the old model's `sourceEntity` into the
    /// destination relationship's `target`: the one from and to both, else one from it, else one to
    /// the target; nil when no mapping carries objects there.
    package static func mappingName(from sourceEntity: String?, to target: String?, in mapping: MappingModel?) -> String? {
        let carrying = mapping?.entityMappings.filter { [.copy, .transform, .custom].contains($0.type) } ?? []
        let both = carrying.first { $0.sourceEntity == sourceEntity && $0.destinationEntity == target }
        let from = carrying.first { sourceEntity != nil && $0.sourceEntity == sourceEntity }
        let to = carrying.first { target != nil && $0.destinationEntity == target }
        return (both ?? from ?? to)?.name
    }

    /// Why `property` (written `Entity.relationship`) cannot take what `text` gives, `sourceEntity`
    /// objects of the old store, and the expression to write instead.
    package static func message(property: String, text: String, sourceEntity: String, mappingName: String?) -> String {
        let written = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let lookup =
            "FUNCTION($manager, \"\(ManagerSelector.destinationInstancesSpelling)\", \"\(mappingName ?? "<entity mapping>")\", \(written))"
        let advice =
            mappingName == nil
            ? "no entity mapping carries \(sourceEntity) objects over: add one and relate its objects with \(lookup)"
            : "relate the objects migrated from them with \(lookup)"
        return
            "\(property) is given \(sourceEntity) objects of the source store by \(written), which Core Data refuses (objects from another context); \(advice)"
    }
}
