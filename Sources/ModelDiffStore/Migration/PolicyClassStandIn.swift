import Foundation
@_spi(CLI) import ModelDiffKit

/// What `modeldiff test` runs in place of an app's `NSEntityMigrationPolicy` subclass whose entity
/// mapping leaves required attributes to it. Such a class sets values in its own
/// `createDestinationInstances(forSource:in:manager:)` (CareKit's 2.0 → 2.1 policy sets the new
/// `effectiveDate` and `uuid` of every object there, and its mapping has no expression for them): run
/// with the default policy behaviour, those attributes stay nil and the validation Core Data runs at
/// the end of a migration refuses the object (NSValidationMissingMandatoryPropertyError 1570), a
/// failure whose only cause is code the test cannot run.
///
/// So this policy does what the default policy does (one object per source object, the mapping's
/// value expressions, defaults for the rest) and gives each attribute `leftToPolicy` names a stand-in
/// value of its type: the zero of the type (0, NO, the empty string, the reference date 2001-01-01,
/// the all-zero UUID, no bytes), and, for an attribute in one of the entity's uniqueness constraints,
/// a value of its own per object (1, 2, … in the same shapes) so that the stand-ins do not collide
/// where the app's values would not. A URI, Transformable or other type has no stand-in and stays
/// nil. The attributes are named in the step's custom code; everything the mapping itself sets is
/// validated as usual.
final class PolicyClassStandIn: EntityMigrationPolicy {
    private var attributes: [Attribute] = []
    private var unique: Set<String> = []
    private var count: Int64 = 0

    override func begin(_ mapping: EntityMapping, manager: MigrationManager) throws {
        attributes = Self.leftToPolicy(mapping, destination: manager.destinationModel)
        let entity = mapping.destinationEntity.flatMap { manager.destinationModel.entity(named: $0) }
        unique = Set(entity.map { manager.destinationModel.ancestry(of: $0).flatMap(\.uniquenessConstraints).flatMap { $0 } } ?? [])
    }

    override func createDestinationInstances(forSource source: MigrationObject, in mapping: EntityMapping, manager: MigrationManager) throws
    {
        guard let entity = mapping.destinationEntity else { return }
        var values = try manager.attributeValues(for: source, in: mapping)
        count += 1
        for attribute in attributes where (values[attribute.name] ?? .null).isNull {
            values[attribute.name] = Self.standIn(for: attribute.type, number: unique.contains(attribute.name) ? count : 0) ?? .null
        }
        let destination = try manager.insertDestinationObject(entity: entity, values: values)
        manager.associate(sourceInstance: source, withDestinationInstance: destination, for: mapping)
    }

    /// The destination attributes an entity mapping leaves to its policy class: stored (not transient,
    /// not derived), required, without a default, and without a value expression in the mapping.
    static func leftToPolicy(_ mapping: EntityMapping, destination: Model) -> [Attribute] {
        guard let name = mapping.destinationEntity, let entity = destination.entity(named: name) else { return [] }
        let expressed = Set(mapping.attributeMappings.filter { $0.valueExpression != nil }.map(\.name))
        return destination.allAttributes(of: entity).filter { attribute in
            !attribute.isTransient && !attribute.isDerived && !attribute.isOptional && !attribute.hasDefaultValue
                && !expressed.contains(attribute.name) && standIn(for: attribute.type, number: 0) != nil
        }
    }

    /// The stand-in of a type: its zero for `number` 0, else a value of its own for each number.
    static func standIn(for type: AttributeType, number: Int64) -> StoreValue? {
        switch type {
        case .integer16, .integer32, .integer64: return .integer(number)
        case .double, .float: return .double(Double(number))
        case .decimal: return .decimal(String(number))
        case .boolean: return .bool(number % 2 == 1)
        case .string: return .string(number == 0 ? "" : String(number))
        case .date: return .date(Double(number))
        case .binary: return .data(number == 0 ? [] : withUnsafeBytes(of: number.bigEndian) { Array($0) })
        case .uuid:
            // The UUID whose last eight bytes are `number`, read as a stored UUID column is.
            return StoreValue(.blob([UInt8](repeating: 0, count: 8) + withUnsafeBytes(of: number.bigEndian) { Array($0) }), type: .uuid)
        default: return nil
        }
    }
}
