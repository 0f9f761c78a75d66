/// One finding code as a unit: its severity, summary, why Core Data behaves so, the fix, and examples
/// of a change that triggers it and of one that does not.
///
/// ``FindingCode/severity`` and ``FindingCode/summary`` are read from here, the examples run as tests
/// (each triggering example must report the code with this severity, each passing example must not),
/// and `modeldiff explain` prints the unit, its examples' real findings included; docs/findings.md is
/// `modeldiff explain --all --format markdown`.
public struct FindingUnit: Sendable {
    /// The code.
    public let code: FindingCode
    /// How serious a finding of this code is: an error makes the change not inferable.
    public let severity: Diagnostic.Severity
    /// What a finding of this code means, in one line.
    public let summary: String
    /// Why Core Data (or CloudKit, or the project's own files) makes this a finding.
    public let why: String
    /// What the user should do, in Core Data's vocabulary.
    public let fix: String
    /// Changes that report the code.
    public let triggering: [FindingExample]
    /// Changes close to the triggering ones that do not report it.
    public let passing: [FindingExample]

    init(
        _ code: FindingCode, _ severity: Diagnostic.Severity, summary: String, why: String, fix: String, triggering: [FindingExample],
        passing: [FindingExample]
    ) {
        self.code = code
        self.severity = severity
        self.summary = summary
        self.why = why
        self.fix = fix
        self.triggering = triggering
        self.passing = passing
    }
}
