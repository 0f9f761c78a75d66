/// ANSI styling for terminal output; every renderer takes `colorize` and calls through here.
public struct Style: Sendable {
    /// Whether to emit escape codes.
    public let colorize: Bool

    /// Creates a style.
    public init(colorize: Bool) { self.colorize = colorize }

    /// Decides whether to colour output going to a file descriptor, as a careful CLI does:
    /// only on a terminal, never with `NO_COLOR` set, never when `TERM` is `dumb`.
    @_spi(CLI) public static func shouldColorize(isTerminal: Bool, environment: [String: String]) -> Bool {
        isTerminal && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
    }

    func red(_ text: String) -> String { wrap(text, "31") }
    func green(_ text: String) -> String { wrap(text, "32") }
    func yellow(_ text: String) -> String { wrap(text, "33") }
    func cyan(_ text: String) -> String { wrap(text, "36") }
    func bold(_ text: String) -> String { wrap(text, "1") }

    func severity(_ severity: Diagnostic.Severity) -> String {
        switch severity {
        case .error: red(bold("error"))
        case .warning: yellow(bold("warning"))
        case .note: cyan("note")
        }
    }

    private func wrap(_ text: String, _ code: String) -> String {
        colorize ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
