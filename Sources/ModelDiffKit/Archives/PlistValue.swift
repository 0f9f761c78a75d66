import Foundation

/// A property-list value with a closed set of types, so metadata is `Sendable` and comparable.
public indirect enum PlistValue: Sendable, Hashable {
    case string(String)
    case integer(Int)
    case real(Double)
    case bool(Bool)
    case date(Date)
    case data([UInt8])
    case array([PlistValue])
    case dictionary([String: PlistValue])
    /// An NSKeyedArchiver object reference.
    case uid(Int)
}
