/// An XML attribute kept verbatim because modeldiff does not interpret it (newer Xcode output, layout).
public struct XMLAttribute: Sendable, Hashable {
    /// The attribute's name.
    public let name: String
    /// The attribute's value.
    public let value: String

    /// Creates an attribute.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}
