/// The findings of many pairs, each printed once: a change introduced in one version shows up again in
/// every later jump to the current one (an attribute removed in Model 9 is removed in Model → 117,
/// Model 2 → 117 …), so a finding is one group per code, entity, property and message — the same
/// change says the same thing in every pair — listing the pairs it affects. The group keeps the
/// location of its first pair: the step that introduced the change, since steps come before jumps.
public struct FindingGroup: Sendable {
    /// The finding, as its first pair reports it.
    public let finding: Finding
    /// The titles of the pairs that report it, in check order.
    public let pairs: [String]

    /// The groups of `reports`' findings of at least `minimum` severity: errors first, then warnings,
    /// then notes, each in order of first appearance.
    public static func groups(_ reports: [(title: String?, report: InferenceReport)], minimum: Diagnostic.Severity = .warning) -> [FindingGroup] {
        struct Key: Hashable {
            let severity: Diagnostic.Severity
            let code: String
            let entity: String?
            let property: String?
            let message: String
        }
        var order: [Key] = []
        var found: [Key: (Finding, [String])] = [:]
        for (title, report) in reports {
            for finding in report.findings where finding.severity >= minimum {
                let key = Key(severity: finding.severity, code: finding.code, entity: finding.entity, property: finding.property, message: finding.message)
                if found[key] == nil {
                    order.append(key)
                    found[key] = (finding, [])
                }
                if let title { found[key]!.1.append(title) }
            }
        }
        let groups = order.map { FindingGroup(finding: found[$0]!.0, pairs: found[$0]!.1) }
        return groups.enumerated().sorted { a, b in
            a.element.finding.severity != b.element.finding.severity ? a.element.finding.severity > b.element.finding.severity : a.offset < b.offset
        }.map(\.element)
    }

    /// `in Model 9 → Model 10 and in 8 other pairs` — where the finding comes from.
    public var whereSeen: String {
        guard let first = pairs.first else { return "" }
        return pairs.count == 1 ? "in \(first)" : "in \(first) and in \(pairs.count - 1) other pair\(pairs.count == 2 ? "" : "s")"
    }
}
