@_spi(CLI) import ModelDiffKit

/// An object seen during a migration, reachable from value expressions (`$source.title`).
public final class MigrationObject: ExpressionObject {
    /// Which side of the migration the object belongs to.
    public enum Side: Sendable { case source, destination }

    /// The object's ID in its store.
    public let id: ObjectID
    /// Its entity's name.
    public let entity: String
    /// Which store it lives in.
    public let side: Side
    /// Attribute values (destination objects: what was set so far).
    public private(set) var attributes: [String: StoreValue]
    private let toOne: [String: ObjectID?]
    private unowned let manager: MigrationManager

    init(id: ObjectID, entity: String, side: Side, attributes: [String: StoreValue], toOne: [String: ObjectID?], manager: MigrationManager)
    {
        self.id = id
        self.entity = entity
        self.side = side
        self.attributes = attributes
        self.toOne = toOne
        self.manager = manager
    }

    /// The value for a key: an attribute, a to-one (an object) or a to-many (an array of objects).
    public func value(forKey key: String) throws -> ExpressionValue {
        if let value = attributes[key] { return ExpressionValue(value) }
        if let link = toOne[key] {
            guard let link else { return .null }
            return try manager.object(link, side: side).map { .object($0) } ?? .null
        }
        if side == .source, let related = try manager.sourceRelated(self, relationship: key) {
            return .array(related.map { .object($0) })
        }
        if key == "entity" { return .string(entity) }
        return .null
    }

    /// Sets an attribute value of a destination object (written when its row is stored or updated).
    public func setValue(_ value: StoreValue, forKey key: String) throws {
        guard side == .destination else {
            throw MigrationError(.migration, "source objects are read-only", entity: entity, object: id)
        }
        attributes[key] = value
        try manager.updateDestination(self, key: key, value: value)
    }
}

extension ExpressionValue {
    /// The value stored into an attribute of `type`, converting numbers as Core Data does.
    public func storeValue(for type: AttributeType) throws -> StoreValue {
        guard let value = storedValue(for: type) else {
            throw MigrationError(.migration, "cannot store \(self) in a \(type.xcodeName) attribute")
        }
        return value
    }
}
