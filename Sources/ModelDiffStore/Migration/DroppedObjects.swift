@_spi(CLI) import ModelDiffKit

/// The source objects a migration drops because their entity has no place in the destination: an
/// entity with no entity mapping (or a `remove` one) in a step, followed from step to step through the
/// entity mappings that carry it, so a rename is not a drop.
@_spi(CLI) public enum DroppedObjects {
    /// For each source entity with objects that some step removes: its name, how many objects it has
    /// and the version it is not in.
    @_spi(CLI) public static func find(steps: [MigrationStep], counts: [(entity: String, count: Int)]) -> [(
        entity: String, count: Int, removedIn: String
    )] {
        var result: [(entity: String, count: Int, removedIn: String)] = []
        for (entity, count) in counts where count > 0 {
            var name = entity
            for step in steps {
                let carried = step.mapping.entityMappings.first {
                    $0.sourceEntity == name && $0.type != .remove && $0.destinationEntity != nil
                }
                guard let destination = carried?.destinationEntity else {
                    result.append((entity, count, step.to))
                    break
                }
                name = destination
            }
        }
        return result
    }
}
