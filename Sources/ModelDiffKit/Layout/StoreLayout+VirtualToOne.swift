extension StoreLayout {
    /// The to-one Core Data adds to the destination of a to-many without an inverse, which is how
    /// such a to-many is stored: each destination row holds its owner's key.
    ///
    /// Decompiled (`NSSQLEntity`, `NSSQLToOne`, iOS 26 build in the search corpus):
    /// `_generateInverseRelationshipsAndMore` calls `_addVirtualToOneForToMany:` on the destination
    /// for every to-many with no inverse (a to-many whose destination has a to-many back that is not
    /// declared its inverse is one of these too: there is no many-to-many without both inverses).
    /// `-[NSSQLToOne initWithEntity:propertyDescription:virtualForToMany:]` names it `%d%@`, the
    /// number of the entity declaring the to-many and its name (`3accelerations`), so its key column
    /// is `Z3ACCELERATIONS`; it gets a `Z<n>_3ACCELERATIONS` entity column when its destination (the
    /// owner) has sub-entities, and, being the inverse of an ordered to-many, a `Z_FOK_3ACCELERATIONS`
    /// order column when the to-many is ordered. The destination's sub-entities inherit it.
    package struct VirtualToOne: Sendable, Hashable {
        /// The entity declaring the to-many.
        package let owner: String
        /// The to-many's name.
        package let toMany: String
        /// The entity holding the columns: the to-many's destination.
        package let holder: String
        /// The to-one as the holder's columns know it: `<owner number><to-many>`, optional, pointing at `owner`.
        package let toOne: Relationship

        /// Every to-many of `model` without an inverse, in entity-number order of the owner, then by name.
        static func all(in model: Model, ordered: [String], numbers: [String: Int]) -> [VirtualToOne] {
            ordered.compactMap(model.entity(named:)).flatMap { entity in
                entity.relationships.filter { $0.isToMany && !$0.isTransient }.sorted { coreDataCompare($0.name, $1.name) }.compactMap {
                    relationship -> VirtualToOne? in
                    guard inverse(of: relationship, in: entity, model: model) == nil, let holder = relationship.destinationEntity,
                        model.entity(named: holder) != nil
                    else { return nil }
                    let toOne = Relationship(
                        name: "\(numbers[entity.name] ?? 0)\(relationship.name)", destinationEntity: entity.name,
                        inverseName: relationship.name, inverseEntity: entity.name, isOptional: true)
                    return VirtualToOne(owner: entity.name, toMany: relationship.name, holder: holder, toOne: toOne)
                }
            }
        }
    }

    /// The virtual to-one storing the to-many `entity.relationship` (declared by `entity` or an ancestor).
    package func virtualToOne(storing relationship: String, of entity: String) -> VirtualToOne? {
        guard let described = model.entity(named: entity) else { return nil }
        let owner = model.declaringEntity(ofProperty: relationship, in: described)?.name ?? entity
        return virtualToOnes.first { $0.owner == owner && $0.toMany == relationship }
    }

    /// A to-one of `entity` as the store holds it: declared in the model by `entity` or an ancestor,
    /// or a virtual one held there; with the entity declaring (or holding) it.
    package func toOne(_ name: String, of entity: String) -> (declaring: String, relationship: Relationship)? {
        guard let described = model.entity(named: entity) else { return nil }
        for ancestor in model.ancestry(of: described) {
            if let declared = ancestor.relationships.first(where: { $0.name == name }) { return (ancestor.name, declared) }
            if let virtual = virtualToOnes.first(where: { $0.holder == ancestor.name && $0.toOne.name == name }) {
                return (ancestor.name, virtual.toOne)
            }
        }
        return nil
    }

    /// The to-one column that stores the to-many `entity.relationship` when no join table does: its
    /// inverse to-one, or the virtual one Core Data adds; the entity declaring it and its name. (For a
    /// one-to-one, its inverse's column, which points back.)
    package func storingToOne(of entity: String, relationship: String) -> (entity: String, name: String)? {
        guard let described = model.entity(named: entity),
            let declared = model.allRelationships(of: described).first(where: { $0.name == relationship }),
            let destinationName = declared.destinationEntity, let destination = model.entity(named: destinationName)
        else { return nil }
        if let inverseName = declared.inverseName {
            guard let inverseOwner = model.declaringEntity(ofProperty: inverseName, in: destination),
                let inverse = inverseOwner.relationships.first(where: { $0.name == inverseName }), !inverse.isToMany
            else { return nil }
            return (inverseOwner.name, inverseName)
        }
        return virtualToOne(storing: relationship, of: entity).map { ($0.holder, $0.toOne.name) }
    }
}

extension StoreLayout {
    /// How messages name the relationship a to-one column stores: `Entity.relationship`, and for a
    /// virtual to-one the to-many it stores with its column (`Measurement.accelerations (Z3ACCELERATIONS)`).
    package func label(ofToOne name: String, of entity: String) -> String {
        guard model.entity(named: entity)?.propertyNames.contains(name) != true,
            let virtual = virtualToOnes.first(where: { $0.holder == entity && $0.toOne.name == name })
        else { return "\(entity).\(name)" }
        return "\(virtual.owner).\(virtual.toMany) (\(columnName(name)))"
    }
}

extension StoreLayout.Column.Kind {
    /// The (entity, to-one) of a to-one's key, entity or order column; nil for other columns.
    package var toOneParts: (entity: String, name: String)? {
        switch self {
        case .toOne(let entity, let name), .toOneEntity(let entity, let name), .orderKey(let entity, let name): (entity, name)
        default: nil
        }
    }
}
