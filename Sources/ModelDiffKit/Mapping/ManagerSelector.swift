/// The `NSMigrationManager` methods a value expression calls through `FUNCTION($manager, …)`.
///
/// Apple's spellings are the ones in the NSMigrationManager reference and in Xcode's compiled mapping
/// models (`.cdm`, see `../shared/fixtures/06-CoreDataPlus-SampleModel/V2toV3.cdm`):
/// `destinationInstancesForEntityMappingNamed:sourceInstances:`,
/// `sourceInstancesForEntityMappingNamed:destinationInstances:` and
/// `destinationInstancesForSourceRelationshipNamed:sourceInstances:`. modeldiff wrote `…MappingName:`
/// before it followed Apple; files written then keep working.
package enum ManagerSelector: Sendable, Equatable {
    /// The destination objects an entity mapping (named by the first argument) made from source objects.
    case destinationInstancesForEntityMapping
    /// The source objects an entity mapping made the given destination objects from.
    case sourceInstancesForEntityMapping
    /// The destination objects made from the objects a source relationship (named by the first
    /// argument, on the current entity mapping's source entity) points to, each through the entity
    /// mapping that migrates its entity.
    case destinationInstancesForSourceRelationship

    /// What `infer` writes for a relationship mapping.
    package static let destinationInstancesSpelling = "destinationInstancesForEntityMappingNamed:sourceInstances:"

    /// The selector a `FUNCTION($manager, …)` names, in either spelling; nil for any other.
    package init?(_ selector: String) {
        switch selector {
        case "destinationInstancesForEntityMappingNamed:sourceInstances:", "destinationInstancesForEntityMappingName:sourceInstances:":
            self = .destinationInstancesForEntityMapping
        case "sourceInstancesForEntityMappingNamed:destinationInstances:", "sourceInstancesForEntityMappingName:destinationInstances:":
            self = .sourceInstancesForEntityMapping
        case "destinationInstancesForSourceRelationshipNamed:sourceInstances:":
            self = .destinationInstancesForSourceRelationship
        default:
            return nil
        }
    }

    /// Whether the first argument names an entity mapping (else a source relationship).
    package var namesEntityMapping: Bool { self != .destinationInstancesForSourceRelationship }
}
