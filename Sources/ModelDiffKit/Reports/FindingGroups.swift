/// The findings of many pairs, each printed once: a change introduced in one version shows up again in
/// every later jump to the current one (an attribute removed in Model 9 is removed in Model → 117,
/// Model 2 → 117 …), so a finding is one group per code, entity, property and message — the same
/// change says the same thing in every pair — listing the pairs it affects. The group keeps the
/// location of its first pair: the step that introduced the change, since steps come before jumps.
package struct FindingGroup: Sendable {
    /// One pair that reports the finding, and where that pair locates it (the same change is on
    /// another line, or in another version's file, in a jump than in the step that introduced it).
    package struct Occurrence: Sendable, Hashable {
        /// The pair's title (`Model 9 → Model 10`).
        package let pair: String
        /// The model file that pair's finding points at.
        package let file: String
        /// The line in that file, when known.
        package let line: Int?
    }

    /// The finding, as its first pair reports it.
    package let finding: Finding
    /// Every pair that reports it, in check order.
    package let occurrences: [Occurrence]

    /// The titles of the pairs that report it, in check order.
    package var pairs: [String] { occurrences.map(\.pair) }

    /// The groups of `reports`' findings of at least `minimum` severity: errors first, then warnings,
    /// then notes, each in order of first appearance.
    package static func groups(_ reports: [(title: String?, report: InferenceReport)], minimum: Diagnostic.Severity = .warning)
        -> [FindingGroup]
    {
        struct Key: Hashable {
            let severity: Diagnostic.Severity
            let code: FindingCode
            let entity: String?
            let property: String?
            let message: String
        }
        var order: [Key] = []
        var found: [Key: (Finding, [Occurrence])] = [:]
        for (title, report) in reports {
            for finding in report.findings where finding.severity >= minimum {
                let key = Key(
                    severity: finding.severity, code: finding.code, entity: finding.entity, property: finding.property,
                    message: finding.message)
                if found[key] == nil {
                    order.append(key)
                    found[key] = (finding, [])
                }
                if let title { found[key]!.1.append(Occurrence(pair: title, file: finding.file, line: finding.line)) }
            }
        }
        let groups = order.map { FindingGroup(finding: found[$0]!.0, occurrences: found[$0]!.1) }
        return groups.enumerated().sorted { a, b in
            a.element.finding.severity != b.element.finding.severity
                ? a.element.finding.severity > b.element.finding.severity : a.offset < b.offset
        }.map(\.element)
    }

    /// `in Model 9 → Model 10 and in 8 other pairs to Model 117` — where the finding comes from (`to`
    /// only when every other pair ends there, as the jumps to the current version do).
    package var whereSeen: String {
        guard let first = pairs.first else { return "" }
        guard pairs.count > 1 else { return "in \(first)" }
        let others = pairs.dropFirst()
        let ends = others.map(Self.end(of:))
        let target = ends.allSatisfy { $0 != nil } && Set(ends).count == 1 ? " to \(ends.first!!)" : ""
        return "in \(first) and in \(others.count) other pair\(others.count == 1 ? "" : "s")\(target)"
    }

    /// What follows the last ` → ` of a pair title (`Model 117` of `Model 9 → Model 117`), found as
    /// `components(separatedBy:)` finds it, left to right without overlaps; nil without an arrow.
    /// Compared as UTF-8 bytes: Foundation's search was most of the cost of SARIF and GitHub output.
    package static func end(of title: String) -> Substring? {
        let bytes = Array(title.utf8)
        let arrow = Array(" → ".utf8)
        var start = 0
        var after: Int?
        while start + arrow.count <= bytes.count {
            if bytes[start..<start + arrow.count].elementsEqual(arrow) {
                start += arrow.count
                after = start
            } else {
                start += 1
            }
        }
        guard let after else { return nil }
        return Substring(title.utf8[title.utf8.index(title.utf8.startIndex, offsetBy: after)...])
    }

    /// The other places the finding is located, each with the pairs that locate it there, in order
    /// of first appearance (the first occurrence's place is the finding's own).
    package var otherLocations: [(file: String, line: Int?, pairs: [String])] {
        struct Place: Hashable {
            let file: String
            let line: Int?
        }
        var order: [Place] = []
        var pairs: [Place: [String]] = [:]
        for occurrence in occurrences {
            let place = Place(file: occurrence.file, line: occurrence.line)
            if pairs[place] == nil { order.append(place) }
            pairs[place, default: []].append(occurrence.pair)
        }
        let own = Place(file: finding.file, line: finding.line)
        return order.filter { $0 != own }.map { ($0.file, $0.line, pairs[$0]!) }
    }
}
