/// Every finding code with its severity and a one-line description, in ``FindingCode``'s order.
public enum RuleDescriptions {
    /// Code, severity, description.
    public static let all: [(code: String, severity: Diagnostic.Severity, text: String)] = FindingCode.allCases.map {
        ($0.rawValue, $0.severity, $0.summary)
    }

    /// The description of a code.
    package static func text(for code: String) -> String {
        FindingCode(rawValue: code)?.summary ?? code
    }
}
