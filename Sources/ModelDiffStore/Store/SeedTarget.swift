@_spi(CLI) import ModelDiffKit

/// The next version of a seeded model, seen from the model being seeded: for each of its entities,
/// attributes and relationships, the one the next version keeps (matched by name or renaming
/// identifier, as an inferred mapping matches them). The seeder uses it to put values at and beyond
/// the bounds the next version tightens or adds, while every value stays valid for its own version.
struct SeedTarget: Sendable {
    let model: Model

    /// The next version's entity that `entity` becomes.
    func entity(_ entity: Entity) -> Entity? {
        model.entities.first { $0.canonicalName == entity.name } ?? model.entity(named: entity.name)
    }

    /// The next version's attribute that `attribute` of `entity` becomes.
    func attribute(_ attribute: Attribute, of entity: Entity) -> Attribute? {
        guard let next = self.entity(entity) else { return nil }
        let all = model.allAttributes(of: next)
        return all.first { $0.canonicalName == attribute.name } ?? all.first { $0.name == attribute.name }
    }

    /// The next version's relationship that `relationship` of `entity` becomes.
    func relationship(_ relationship: Relationship, of entity: Entity) -> Relationship? {
        guard let next = self.entity(entity) else { return nil }
        let all = model.allRelationships(of: next)
        return all.first { $0.canonicalName == relationship.name } ?? all.first { $0.name == relationship.name }
    }

    /// Attributes of `entity` that the next version puts in a uniqueness constraint (of the entity or
    /// an ancestor), by their names in the seeded model.
    func newlyUnique(_ entity: Entity, attributes: [Attribute]) -> Set<String> {
        guard let next = self.entity(entity) else { return [] }
        let names = Set(model.ancestry(of: next).flatMap { $0.uniquenessConstraints.flatMap { $0 } })
        return Set(
            attributes.filter { attribute in self.attribute(attribute, of: entity).map { names.contains($0.name) } ?? false }.map(\.name))
    }
}
