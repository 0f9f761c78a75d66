import Foundation

/// A typed attribute value as a Core Data store holds it.
public enum StoreValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case bool(Bool)
    case double(Double)
    /// A Decimal, kept as its exact text.
    case decimal(String)
    case string(String)
    /// A date as seconds since 2001-01-01 00:00:00 UTC (Core Data's reference date).
    case date(Double)
    case data([UInt8])
    case uuid(UUID)
    case uri(String)

    /// Whether the value is null.
    public var isNull: Bool { self == .null }
}
