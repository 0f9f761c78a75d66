/// The line an element was read from; it never takes part in equality or hashing.
///
/// Two models are equal when they describe the same schema, wherever their elements stand in a file,
/// so a model read back from the XML we wrote equals the one we started from.
public struct SourceLine: Sendable, Hashable, CustomStringConvertible {
    /// The 1-based line, or nil for an element built in code.
    public let value: Int?
    /// The file the element is declared in when that is not the model's own file (a SwiftData class
    /// declared in another file of the folder than its schema), else nil.
    public let file: String?
    /// The 1-based column, where the source has one (a SwiftData declaration), else nil.
    public let column: Int?

    /// Creates a source line, in `file` when the element stands outside the model's own file.
    public init(_ value: Int?, file: String? = nil, column: Int? = nil) {
        self.value = value
        self.file = file
        self.column = column
    }

    /// The file to name for the element: its own, else `path`, the model's.
    public func file(or path: String) -> String { file ?? path }

    /// An element that was not read from a file.
    public static let none = SourceLine(nil)

    public static func == (lhs: SourceLine, rhs: SourceLine) -> Bool { true }
    public func hash(into hasher: inout Hasher) {}
    public var description: String { value.map(String.init) ?? "?" }
}
