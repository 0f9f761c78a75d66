/// A message about a place in a file, rendered like a compiler diagnostic: `path:line:col: error: message`.
public struct Diagnostic: Sendable, Hashable, Error, CustomStringConvertible {
    /// How serious a diagnostic is.
    public enum Severity: String, Sendable, Hashable, Codable, Comparable {
        case error, warning, note

        private var rank: Int {
            switch self {
            case .error: 2
            case .warning: 1
            case .note: 0
            }
        }

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    /// The severity.
    public let severity: Severity
    /// The file the diagnostic is about, as the user named it.
    public let path: String
    /// The 1-based line, when known.
    public let line: Int?
    /// The 1-based column, when known.
    public let column: Int?
    /// The message, one line, without a trailing period.
    public let message: String

    /// Creates a diagnostic.
    @_spi(CLI) public init(_ severity: Severity = .error, path: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.severity = severity
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    /// The one-line rendering: `path:line:col: severity: message`, control characters escaped
    /// (`MessageEscaping`) so that a hostile name or path can neither add a line nor drive the terminal.
    public var description: String {
        var location = MessageEscaping.escaped(path)
        if let line {
            location += ":\(line)"
            if let column { location += ":\(column)" }
        }
        return "\(location): \(severity.rawValue): \(MessageEscaping.escaped(message))"
    }
}
