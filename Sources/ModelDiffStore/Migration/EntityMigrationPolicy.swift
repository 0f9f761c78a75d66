@_spi(CLI) import ModelDiffKit

/// Customises how one entity mapping migrates (NSEntityMigrationPolicy): subclass it, override a hook,
/// and register the subclass under the class name the mapping file names in `policy="…"`.
///
/// The manager runs each stage for every entity mapping, in file order, before the next stage:
/// 1. creating instances: `begin`, `createDestinationInstances` for each source object, `endInstanceCreation`;
/// 2. creating relationships: `createRelationships` for each destination object, `endRelationshipCreation`;
/// 3. validating: `performCustomValidation`, then the default validation of the mapping's
///    destination objects, then `end`.
open class EntityMigrationPolicy {
    /// Creates a policy; the manager creates one per entity mapping that names it.
    public required init() {}

    /// Called at the start of `mapping`, before its first source object is read (NSEntityMigrationPolicy `begin(_:with:)`).
    open func begin(_ mapping: EntityMapping, manager: MigrationManager) throws {}

    /// Creates the destination objects for one source object: by default one object whose attributes
    /// are the mapping's value expressions, associated with the source.
    open func createDestinationInstances(forSource source: MigrationObject, in mapping: EntityMapping, manager: MigrationManager) throws {
        guard let entity = mapping.destinationEntity else { return }
        let destination = try manager.insertDestinationObject(entity: entity, values: try manager.attributeValues(for: source, in: mapping))
        manager.associate(sourceInstance: source, withDestinationInstance: destination, for: mapping)
    }

    /// Called after every source object of `mapping` has been given its destination objects.
    open func endInstanceCreation(forMapping mapping: EntityMapping, manager: MigrationManager) throws {}

    /// Sets the relationships of one destination object: by default from the relationship mappings.
    open func createRelationships(forDestination destination: MigrationObject, in mapping: EntityMapping, manager: MigrationManager) throws
    {
        try manager.applyRelationshipMappings(to: destination, in: mapping)
    }

    /// Called after every destination object of `mapping` has its relationships.
    open func endRelationshipCreation(forMapping mapping: EntityMapping, manager: MigrationManager) throws {}

    /// Extra checks of the migrated objects, in the validation stage; throw to fail the migration.
    ///
    /// As the NSEntityMigrationPolicy reference has it, "this method is called before the default
    /// save validation is performed by the framework": changes made here are validated with the rest.
    open func performCustomValidation(forMapping mapping: EntityMapping, manager: MigrationManager) throws {}

    /// Called last for `mapping`, at the end of the validation stage, after its default validation
    /// (NSEntityMigrationPolicy `end(_:manager:)`: clean-up "from any of the three phases of the mapping").
    open func end(_ mapping: EntityMapping, manager: MigrationManager) throws {}

    /// A FUNCTION($entityPolicy, "selector:", …) call from a value expression; override to offer functions.
    open func perform(selector: String, arguments: [ExpressionValue]) throws -> ExpressionValue {
        throw MigrationError(.entityMigrationPolicy, "\(type(of: self)) does not implement \(selector)")
    }
}

/// Maps the policy class names mapping files use to Swift types (Linux has no class lookup by name).
public struct PolicyRegistry: Sendable {
    private var types: [String: EntityMigrationPolicy.Type] = [:]

    /// An empty registry.
    public init() {}

    /// Registers `type` under `className` (the mapping's `policy="…"`, module prefix optional).
    public mutating func register(_ type: EntityMigrationPolicy.Type, as className: String) { types[className] = type }

    /// A new policy for a class name; the default policy when the name is nil.
    package func policy(named className: String?, mapping: String) throws -> EntityMigrationPolicy {
        guard let className, !className.isEmpty, className != "NSEntityMigrationPolicy" else { return EntityMigrationPolicy() }
        let short = className.split(separator: ".").last.map(String.init) ?? className
        guard let type = types[className] ?? types[short] else {
            throw MigrationError(
                .entityMigrationPolicy, "the mapping names the policy class \(className), the app's own code, which modeldiff cannot run",
                mapping: mapping)
        }
        return type.init()
    }
}

/// The policy object a value expression reaches as `$entityPolicy`.
final class PolicyReference: ExpressionObject {
    let policy: EntityMigrationPolicy
    init(_ policy: EntityMigrationPolicy) { self.policy = policy }
    func value(forKey key: String) throws -> ExpressionValue { .null }
    func perform(selector: String, arguments: [ExpressionValue]) throws -> ExpressionValue {
        try policy.perform(selector: selector, arguments: arguments)
    }
}
