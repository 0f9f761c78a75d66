@_spi(CLI) import ModelDiffKit

/// `$destination` in an attribute mapping: the destination object Core Data inserts before it runs
/// the attribute mappings (NSEntityMigrationPolicy's `createDestinationInstancesForSourceInstance:…`
/// creates it, then sets each mapping's value in the mapping's order). It holds every attribute's
/// default and the values set so far; its relationships are still empty (they are set in the
/// relationship stage), so a to-one is nil and a to-many has no objects.
final class DestinationDraft: ExpressionObject {
    let entity: String
    var values: [String: StoreValue]
    private let toMany: Set<String>

    init(entity: String, values: [String: StoreValue], toMany: Set<String>) {
        self.entity = entity
        self.values = values
        self.toMany = toMany
    }

    func value(forKey key: String) throws -> ExpressionValue {
        if let value = values[key] { return ExpressionValue(value) }
        if toMany.contains(key) { return .array([]) }
        if key == "entity" { return .string(entity) }
        return .null
    }
}
