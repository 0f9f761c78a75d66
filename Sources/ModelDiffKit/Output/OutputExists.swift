/// An output is already there and the caller did not ask to replace it: a fact, without the flag a
/// command line would name (the CLI adds "pass --overwrite to replace it").
public struct OutputExists: Error, Sendable, Hashable, CustomStringConvertible {
    /// The output, as the caller named it.
    public let path: String

    /// Creates the error.
    package init(path: String) { self.path = path }

    /// `out.sqlite: the output already exists`.
    public var description: String { "\(path): the output already exists" }
}
