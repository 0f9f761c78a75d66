/// Several diagnostics thrown together (for example every problem a validation found).
public struct DiagnosticList: Error, Sendable, Hashable, CustomStringConvertible {
    /// The diagnostics, in file order.
    public let diagnostics: [Diagnostic]

    /// Creates a list.
    @_spi(CLI) public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }

    /// One diagnostic per line.
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
