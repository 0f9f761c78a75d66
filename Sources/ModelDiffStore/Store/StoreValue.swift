import Foundation
@_spi(CLI) import ModelDiffKit

extension StoreValue {
    /// Decodes a column value for an attribute of `type`.
    package init(_ value: SQLiteValue, type: AttributeType) {
        switch (value, type) {
        case (.null, _): self = .null
        case (.integer(let n), .boolean): self = .bool(n != 0)
        case (.integer(let n), .integer16), (.integer(let n), .integer32), (.integer(let n), .integer64): self = .integer(n)
        // SQLite's INTEGER affinity keeps a REAL that is not a whole number (1.5, 1e300, NaN) as REAL. It is
        // read as the double it is, not truncated (and not trapped on when it is out of Int64's range), so
        // both migration paths carry it over unchanged: the SQL fast path copies the column as it stands.
        case (.real(let d), .integer16), (.real(let d), .integer32), (.real(let d), .integer64):
            self = Int64(exactly: d).map { .integer($0) } ?? .double(d)
        case (.integer(let n), .double), (.integer(let n), .float): self = .double(Double(n))
        case (.real(let d), .double), (.real(let d), .float): self = .double(d)
        case (.integer(let n), .decimal): self = .decimal(String(n))
        case (.real(let d), .decimal): self = .decimal(String(d))
        case (.text(let t), .decimal): self = .decimal(t)
        case (.integer(let n), .date): self = .date(Double(n))
        case (.real(let d), .date): self = .date(d)
        case (.text(let t), .string): self = .string(t)
        case (.text(let t), .uri): self = .uri(t)
        case (.blob(let b), .uuid) where b.count == 16:
            self = .uuid(UUID(uuid: (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15])))
        case (.blob(let b), _): self = .data(b)
        case (.text(let t), _): self = .string(t)
        case (.integer(let n), _): self = .integer(n)
        case (.real(let d), _): self = .double(d)
        }
    }

    /// The value to bind into a column.
    package var sqliteValue: SQLiteValue {
        switch self {
        case .null: .null
        case .integer(let n): .integer(n)
        case .bool(let b): .integer(b ? 1 : 0)
        case .double(let d): .real(d)
        // A decimal that is no finite number ("NaN", as Core Data writes NSDecimalNumber.notANumber) stays
        // text: SQLite stores a bound NaN as NULL (sqlite3_bind_double), which would lose it.
        case .decimal(let t): Double(t).flatMap { $0.isFinite ? .real($0) : nil } ?? .text(t)
        case .string(let t), .uri(let t): .text(t)
        case .date(let d): .real(d)
        case .data(let b): .blob(b)
        case .uuid(let u): .blob(withUnsafeBytes(of: u.uuid) { Array($0) })
        }
    }
}

/// An object's identity in a store: its entity number and primary key.
public struct ObjectID: Sendable, Hashable, CustomStringConvertible {
    /// The entity number (`Z_ENT`).
    public let entity: Int
    /// The primary key (`Z_PK`).
    public let primaryKey: Int64

    /// Creates an object ID.
    public init(entity: Int, primaryKey: Int64) {
        self.entity = entity
        self.primaryKey = primaryKey
    }

    /// `x-coredata`-like short form: `<entity>/p<pk>`.
    public var description: String { "\(entity)/p\(primaryKey)" }
}

/// One row of an entity table, decoded: attributes and to-one relationships.
public struct StoredObject: Sendable, Hashable {
    /// The object's ID.
    public let id: ObjectID
    /// Its entity's name.
    public let entity: String
    /// The optimistic-locking counter (`Z_OPT`).
    public let version: Int64
    /// Attribute values by name (the entity's own and inherited ones).
    public let attributes: [String: StoreValue]
    /// To-one relationships by name; nil when empty.
    public let toOne: [String: ObjectID?]
}
