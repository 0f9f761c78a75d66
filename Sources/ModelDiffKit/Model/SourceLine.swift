/// The line an element was read from; it never takes part in equality or hashing.
///
/// Two models are equal when they describe the same schema, wherever their elements stand in a file,
/// so a model read back from the XML we wrote equals the one we started from.
public struct SourceLine: Sendable, Hashable, CustomStringConvertible {
    /// The 1-based line, or nil for an element built in code.
    public let value: Int?

    /// Creates a source line.
    public init(_ value: Int?) { self.value = value }

    /// An element that was not read from a file.
    public static let none = SourceLine(nil)

    public static func == (lhs: SourceLine, rhs: SourceLine) -> Bool { true }
    public func hash(into hasher: inout Hasher) {}
    public var description: String { value.map(String.init) ?? "?" }
}
