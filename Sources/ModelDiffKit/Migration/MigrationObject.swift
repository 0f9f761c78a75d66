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
    /// The expression value of a stored attribute value.
    public init(_ value: StoreValue) {
        switch value {
        case .null: self = .null
        case .integer(let n): self = .integer(n)
        case .bool(let b): self = .bool(b)
        case .double(let d): self = .double(d)
        case .decimal(let t): self = .decimal(t)
        case .string(let s), .uri(let s): self = .string(s)
        case .date(let d): self = .date(d)
        case .data(let b): self = .data(b)
        case .uuid(let u): self = .uuid(u)
        }
    }

    /// The value stored into an attribute of `type`, converting numbers as Core Data does.
    public func storeValue(for type: AttributeType) throws -> StoreValue {
        switch (self, type) {
        case (.null, _): return .null
        case (.bool(let b), .boolean): return .bool(b)
        case (_, .boolean):
            guard let n = number else { break }
            return .bool(n != 0)
        case (.integer(let n), _) where type.isInteger: return .integer(n)
        case (_, _) where type.isInteger:
            guard let n = number, n.isFinite, abs(n) < 9.2e18 else { break }
            return .integer(Int64(n.rounded(.towardZero)))
        case (.decimal(let t), .decimal): return .decimal(t)
        case (_, .decimal):
            guard let n = number else { break }
            return .decimal(String(n))
        case (_, .double), (_, .float):
            guard let n = number else { break }
            return .double(n)
        case (.date(let d), .date): return .date(d)
        case (.string(let s), .string): return .string(s)
        case (.string(let s), .uri): return .string(s)
        case (.uuid(let u), .uuid): return .uuid(u)
        case (.data(let b), _) where [.binary, .transformable, .uuid].contains(type): return .data(b)
        case (.integer(let n), .string): return .string(String(n))
        case (.double(let d), .string): return .string(String(d))
        default: break
        }
        throw MigrationError(.migration, "cannot store \(self) in a \(type.xcodeName) attribute")
    }
}
