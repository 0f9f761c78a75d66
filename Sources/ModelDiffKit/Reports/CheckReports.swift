import Foundation

/// Renders `modeldiff check` results in the four formats CI systems read.
public enum CheckReports {
    /// Compiler-style lines, one per finding, then a verdict line.
    public static func text(_ report: InferenceReport, title: String? = nil, style: Style = Style(colorize: false)) -> String {
        var output = ""
        for finding in report.findings {
            let location = finding.file + (finding.line.map { ":\($0)" } ?? "")
            output += "\(location): \(style.severity(finding.severity)): \(finding.message) [\(finding.code)]\n"
        }
        output += verdictLine(report, title: title, style: style) + "\n"
        return output
    }

    /// Text for every pair of a bundle, then the overall verdict.
    public static func text(_ check: BundleCheck, style: Style = Style(colorize: false)) -> String {
        var output = ""
        for pair in check.pairs {
            output += text(pair.report, title: title(pair), style: style)
        }
        for draft in check.drafts {
            output += "\(draft): draft (after the current version \(check.current)), not checked\n"
        }
        output += "overall: \(colored(check.verdict, style)) (\(check.pairs.count) pairs, \(check.pairs.filter { $0.report.verdict == .notInferable }.count) not inferable)\n"
        return output
    }

    /// A pair's title, naming the migration path it is for: `Model 1 → Model 3 (direct)`.
    public static func title(_ pair: BundleCheck.Pair) -> String {
        "\(pair.from) → \(pair.to) (\(pair.path.rawValue))"
    }

    /// The summary line of one pair.
    static func verdictLine(_ report: InferenceReport, title: String?, style: Style) -> String {
        let counts = "\(report.count(.error)) error\(report.count(.error) == 1 ? "" : "s"), \(report.count(.warning)) warning\(report.count(.warning) == 1 ? "" : "s"), \(report.count(.note)) note\(report.count(.note) == 1 ? "" : "s")"
        return "\(title.map { "\($0): " } ?? "")\(colored(report.verdict, style)) (\(counts))"
    }

    private static func colored(_ verdict: Verdict, _ style: Style) -> String {
        switch verdict {
        case .identical: style.green(verdict.rawValue)
        case .inferable: style.green(verdict.rawValue)
        case .notInferable: style.red(style.bold(verdict.rawValue))
        }
    }

    /// `{"verdict": …, "findings": […]}`.
    public static func json(_ report: InferenceReport) throws -> String {
        try encode(PairJSON(report, from: nil, to: nil))
    }

    /// `{"verdict": …, "pairs": [{"from", "to", "verdict", "findings"}]}`.
    public static func json(_ check: BundleCheck) throws -> String {
        struct BundleJSON: Encodable {
            let verdict: Verdict
            let current: String
            let drafts: [String]
            let pairs: [PairJSON]
        }
        return try encode(BundleJSON(
            verdict: check.verdict, current: check.current, drafts: check.drafts,
            pairs: check.pairs.map { PairJSON($0.report, from: $0.from, to: $0.to, path: $0.path) }))
    }

    /// GitHub Actions workflow commands (`::error file=…,line=…::…`), then the verdict as a notice.
    public static func github(_ reports: [(title: String?, report: InferenceReport)]) -> String {
        var output = ""
        for (title, report) in reports {
            for finding in report.findings {
                var properties = "file=\(escapeProperty(finding.file))"
                if let line = finding.line { properties += ",line=\(line)" }
                properties += ",title=\(escapeProperty(finding.code))"
                let command = finding.severity == .note ? "notice" : finding.severity.rawValue
                output += "::\(command) \(properties)::\(escapeData((title.map { "\($0): " } ?? "") + finding.message))\n"
            }
        }
        return output
    }

    private static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    private static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    /// Pretty, key-sorted JSON with a final newline, so every command's output is stable.
    public static func encode<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    }
}

/// One pair's JSON object.
private struct PairJSON: Encodable {
    let from: String?
    let to: String?
    let path: BundleCheck.Path?
    let verdict: Verdict
    let findings: [Finding]

    init(_ report: InferenceReport, from: String?, to: String?, path: BundleCheck.Path? = nil) {
        self.from = from
        self.to = to
        self.path = path
        self.verdict = report.verdict
        self.findings = report.findings
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(from, forKey: .from)
        try container.encodeIfPresent(to, forKey: .to)
        try container.encodeIfPresent(path, forKey: .path)
        try container.encode(verdict, forKey: .verdict)
        try container.encode(findings, forKey: .findings)
    }

    private enum CodingKeys: String, CodingKey { case from, to, path, verdict, findings }
}
