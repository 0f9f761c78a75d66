/// A finding the team has looked at and accepted (`.modeldiff.yml`'s `acknowledged`): a step shipped
/// long ago with migration code of its own, say. It matches findings by code and, where given, by
/// pair, entity and property; a matching finding no longer fails the build and is printed as a note
/// that names the acknowledgement and its reason.
public struct Acknowledgement: Sendable, Hashable {
    /// The finding code it accepts.
    public let code: FindingCode
    /// The pair it is limited to (`from` → `to`), if any.
    public let pair: (from: String, to: String)?
    /// The entity it is limited to, if any.
    public let entity: String?
    /// The property it is limited to, if any.
    public let property: String?
    /// Why the finding is accepted.
    public let reason: String
    /// The configuration file it is written in.
    public let file: String
    /// Its line in that file.
    public let line: Int
    /// Its column in that file.
    public let column: Int

    // An acknowledgement is the entry at its place in the file: two entries that say the same are
    // still two (each is reported on its own when it matches nothing).
    public static func == (a: Acknowledgement, b: Acknowledgement) -> Bool {
        a.file == b.file && a.line == b.line && a.column == b.column
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(file)
        hasher.combine(line)
        hasher.combine(column)
    }

    init(_ value: YAMLValue, reader: ConfigReader) throws(Diagnostic) {
        var code: FindingCode?
        var pair: (String, String)?
        var entity: String?
        var property: String?
        var reason: String?
        for (key, position, item) in try reader.mapping(value, what: "an acknowledged finding") {
            switch key {
            case "code":
                let name = try reader.string(item)
                guard let known = FindingCode(rawValue: name) else {
                    throw reader.error(item.position, "unknown finding code \"\(name)\" (docs/findings.md lists them)")
                }
                code = known
            case "pair":
                let text = try reader.string(item)
                guard let parsed = Self.pair(text) else {
                    throw reader.error(item.position, "a pair is written \"OLD → NEW\" (or \"OLD -> NEW\"), not \"\(text)\"")
                }
                pair = parsed
            case "entity": entity = try reader.string(item)
            case "property": property = try reader.string(item)
            case "reason": reason = try reader.string(item)
            default:
                throw reader.error(position, "unknown key \"\(key)\" (an acknowledged finding has code, pair, entity, property and reason)")
            }
        }
        guard let code else { throw reader.error(value.position, "an acknowledged finding needs its code") }
        guard let reason else { throw reader.error(value.position, "an acknowledged finding needs a reason: say why it is accepted") }
        self.code = code
        self.pair = pair
        self.entity = entity
        self.property = property
        self.reason = reason
        self.file = reader.path
        self.line = value.position.line
        self.column = value.position.column
    }

    private static func pair(_ text: String) -> (String, String)? {
        for separator in ["→", "->"] {
            let sides = text.components(separatedBy: separator)
            guard sides.count == 2 else { continue }
            let from = sides[0].trimmingCharacters(in: .whitespaces)
            let to = sides[1].trimmingCharacters(in: .whitespaces)
            if !from.isEmpty && !to.isEmpty { return (from, to) }
        }
        return nil
    }

    /// Whether it accepts `finding` of the pair `from` → `to` (nil outside a bundle).
    package func matches(_ finding: Finding, from: String?, to: String?) -> Bool {
        guard finding.code == code, entity == nil || finding.entity == entity, property == nil || finding.property == property else {
            return false
        }
        guard let pair else { return true }
        return pair.from == from && pair.to == to
    }

    /// `findings` with every error and warning one of `acknowledgements` accepts turned into a note
    /// naming it and its reason, and the acknowledgements that matched.
    package static func apply(_ acknowledgements: [Acknowledgement], to findings: [Finding], from: String?, to: String?) -> (
        [Finding], Set<Acknowledgement>
    ) {
        var used = Set<Acknowledgement>()
        let findings = findings.map { finding in
            guard finding.severity != .note, let match = acknowledgements.first(where: { $0.matches(finding, from: from, to: to) }) else {
                return finding
            }
            used.insert(match)
            return Finding(
                .note, finding.code, entity: finding.entity, property: finding.property, file: finding.file, line: finding.line,
                column: finding.column,
                message: finding.message + " — acknowledged in \(match.location): \(match.reason)")
        }
        return (findings, used)
    }

    /// `file:line`, as a note names it.
    var location: String { "\(file):\(line)" }

    /// The pair as written, `OLD → NEW`.
    var pairText: String? { pair.map { "\($0.from) → \($0.to)" } }
}

extension InferenceReport {
    /// This report with every error and warning that one of `acknowledgements` accepts turned into a
    /// note naming it; a not-inferable step whose errors are all acknowledged gets the verdict
    /// `acknowledged`. Also returns the acknowledgements that matched.
    @_spi(CLI) public func acknowledging(_ acknowledgements: [Acknowledgement], from: String?, to: String?) -> (
        report: InferenceReport, used: Set<Acknowledgement>
    ) {
        guard !acknowledgements.isEmpty else { return (self, []) }
        let (findings, used) = Acknowledgement.apply(acknowledgements, to: findings, from: from, to: to)
        let verdict = verdict == .notInferable && !findings.contains { $0.severity == .error } ? Verdict.acknowledged : verdict
        return (replacing(findings: findings, verdict: verdict), used)
    }
}
