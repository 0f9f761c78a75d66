import Foundation

/// Renders `modeldiff check` results in the four formats CI systems read.
public enum CheckReports {
    /// Compiler-style lines, one per finding, then a verdict line.
    /// Notes (what is inferable) only with `notes`; the verdict line counts them either way.
    public static func text(_ report: InferenceReport, title: String? = nil, style: Style = Style(colorize: false), notes: Bool = true)
        -> String
    {
        var output = ""
        for finding in report.findings where notes || finding.severity != .note {
            let location = finding.locationText
            output += "\(location): \(style.severity(finding.severity)): \(MessageEscaping.escaped(finding.message)) [\(finding.code)]\n"
        }
        output += verdictLine(report, title: title, style: style) + "\n"
        return output
    }

    /// Text for every pair of a bundle, then the overall verdict.
    public static func text(_ check: BundleCheck, style: Style = Style(colorize: false)) -> String {
        var output = lockText(check, style: style)
        for pair in check.pairs {
            output += text(pair.report, title: title(pair), style: style)
        }
        if !check.drafts.isEmpty && check.orderFindings.isEmpty {
            output += draftsNote(check)
        }
        let steps = check.pairs.filter { !$0.isJump && !$0.isMappingOnly }.count
        let jumps = check.pairs.filter(\.isJump).count
        let mapped = check.pairs.filter { $0.report.verdict == .mapped }.count
        let acknowledged = check.pairs.filter { $0.report.verdict == .acknowledged }.count
        output +=
            "overall: \(colored(check.verdict, style)) (\(pairsPhrase(check)): \(steps) step\(steps == 1 ? "" : "s")"
            + (jumps > 0 ? " and \(jumps) jump\(jumps == 1 ? "" : "s") to \(MessageEscaping.escaped(check.currentVersion))" : "")
            + "; \(check.pairs.filter { $0.report.verdict == .notInferable }.count) not inferable\(mapped > 0 ? ", \(mapped) mapped" : "")"
            + "\(acknowledged > 0 ? ", \(acknowledged) acknowledged" : ""))\n"
        return output + consecutiveHint(check)
    }

    /// One line after the summary when every consecutive step passes (inferable or mapped) and only
    /// jumps to the current version fail: an app whose migrator walks the steps never runs a jump.
    static func consecutiveHint(_ check: BundleCheck) -> String {
        let failing = check.pairs.filter { $0.report.verdict == .notInferable }
        guard check.path == .all, !failing.isEmpty, failing.allSatisfy(\.isJump),
            !check.bundleFindings.contains(where: { $0.severity == .error })
        else { return "" }
        return """
            hint: every consecutive step passes; only jumps to \(MessageEscaping.escaped(check.currentVersion)) fail: if your app migrates \
            step by step, check with --path consecutive (or path: consecutive under check: in .modeldiff.yml)\n
            """
    }

    /// `12 pairs on path all`, and the pairs off the path that mapping models map.
    private static func pairsPhrase(_ check: BundleCheck) -> String {
        let extra = check.pairs.filter(\.isMappingOnly).count
        return "\(check.pairs.count - extra) pairs on path \(check.path.rawValue)"
            + (extra > 0 ? " and \(extra) off it that \(extra == 1 ? "a mapping model maps" : "mapping models map")" : "")
    }

    /// The note on drafts when an order was given, names escaped (`MessageEscaping`); without one,
    /// the `version-after-current` warning says it.
    private static func draftsNote(_ check: BundleCheck) -> String {
        let drafts = MessageEscaping.escaped(check.drafts.joined(separator: ", "))
        return "note: \(drafts) come\(check.drafts.count == 1 ? "s" : "") after the current version "
            + "\(MessageEscaping.escaped(check.currentVersion)) (drafts): checked step by step, not as jumps\n"
    }

    /// `Model 9 → Model 10`, with `(draft)` after a pair into a version after the current one and
    /// `(mapping model)` after a pair off the path that a mapping model maps.
    @_spi(CLI) public static func title(_ pair: BundleCheck.Pair) -> String {
        "\(MessageEscaping.escaped(pair.from)) → \(MessageEscaping.escaped(pair.to))\(pair.isDraft ? " (draft)" : "")"
            + (pair.isMappingOnly ? " (mapping model)" : "")
    }

    /// What a person reads in a CI log: each error and warning once (with the pairs it affects), then
    /// one line per failing pair and the overall verdict; a bundle with nothing to report prints one
    /// line. `text(_:style:)` is the verbose form, every pair with every finding.
    @_spi(CLI) public static func quietText(_ check: BundleCheck, style: Style = Style(colorize: false)) -> String {
        var output = lockText(check, style: style)
        let reports = check.pairs.map { (title: Optional(title($0)), report: $0.report) }
        for group in FindingGroup.groups(reports) {
            let finding = group.finding
            let location = finding.locationText
            output +=
                """
                \(location): \(style.severity(finding.severity)): \(MessageEscaping.escaped(finding.message)) [\(finding.code)] \
                (\(MessageEscaping.escaped(group.whereSeen)))\n
                """
        }
        for pair in check.pairs where pair.report.verdict == .notInferable {
            let errors = pair.report.findings.filter { $0.severity == .error }
            let what = errors.map { subject($0) + " [\($0.code)]" }.joined(separator: ", ")
            output += "\(title(pair)): \(colored(.notInferable, style)): \(what)\n"
        }
        if !check.drafts.isEmpty && check.orderFindings.isEmpty {
            output += draftsNote(check)
        }
        let counts = [Diagnostic.Severity.error, .warning].map { severity in
            check.pairs.reduce(0) { $0 + $1.report.count(severity) } + check.bundleFindings.filter { $0.severity == severity }.count
        }
        let mapped = check.pairs.filter { $0.report.verdict == .mapped }.count
        let acknowledged = check.pairs.filter { $0.report.verdict == .acknowledged }.count
        let failing = check.pairs.filter { $0.report.verdict == .notInferable }.count
        output +=
            "overall: \(colored(check.verdict, style)) (\(pairsPhrase(check)): \(failing) not inferable"
            + (mapped > 0 ? ", \(mapped) mapped" : "") + (acknowledged > 0 ? ", \(acknowledged) acknowledged" : "")
            + "; \(counts[0]) errors, \(counts[1]) warnings; --verbose shows every pair and note)\n"
        return output + consecutiveHint(check)
    }

    /// What a failing pair's line names for a finding: its entity and property, else the file it is
    /// about (a mapping file that does not validate names no entity).
    static func subject(_ finding: Finding) -> String {
        let named = [finding.entity, finding.property].compactMap { $0 }.joined(separator: ".")
        guard named.isEmpty else { return named }
        // An Xcode mapping model is the folder around its `xcmapping.xml`.
        let file = finding.file.hasSuffix("/xcmapping.xml") ? (finding.file as NSString).deletingLastPathComponent : finding.file
        return MessageEscaping.escaped((file as NSString).lastPathComponent)
    }

    /// The lock file's and the configuration's findings, one line each.
    static func lockText(_ check: BundleCheck, style: Style) -> String {
        check.bundleFindings.map {
            """
            \($0.locationText): \(style.severity($0.severity)): \
            \(MessageEscaping.escaped($0.message)) [\($0.code)]\n
            """
        }.joined()
    }

    /// The lock file's and the configuration's findings as GitHub annotations.
    @_spi(CLI) public static func githubLock(_ check: BundleCheck) -> String {
        check.bundleFindings.map {
            let level = $0.severity == .note ? "notice" : $0.severity.rawValue
            let line = ($0.line.map { ",line=\($0)" } ?? "") + ($0.line != nil ? $0.column.map { ",col=\($0)" } ?? "" : "")
            return
                "::\(level) file=\(escapeProperty($0.file))\(line),title=\(escapeProperty($0.code.rawValue))::\(escapeData($0.message))\n"
        }.joined()
    }

    /// The summary line of one pair.
    static func verdictLine(_ report: InferenceReport, title: String?, style: Style) -> String {
        let counts =
            """
            \(report.count(.error)) error\(report.count(.error) == 1 ? "" : "s"), \(report.count(.warning)) \
            warning\(report.count(.warning) == 1 ? "" : "s"), \(report.count(.note)) note\(report.count(.note) == 1 ? "" : "s")
            """
        let mapping = report.mappingPath.map { " by \(MessageEscaping.escaped($0))" } ?? ""
        return "\(title.map { "\($0): " } ?? "")\(colored(report.verdict, style))\(mapping) (\(counts))"
    }

    private static func colored(_ verdict: Verdict, _ style: Style) -> String {
        switch verdict {
        case .identical: style.green(verdict.rawValue)
        case .inferable: style.green(verdict.rawValue)
        case .mapped: style.green(verdict.rawValue)
        case .acknowledged: style.yellow(verdict.rawValue)
        case .notInferable: style.red(style.bold(verdict.rawValue))
        }
    }

    /// `{"verdict": …, "findings": […]}`.
    public static func json(_ report: InferenceReport) throws -> String {
        var text = ""
        var json = PrettyJSONText { text += $0 }
        pair(report, from: nil, to: nil, into: &json)
        json.raw("\n")
        json.finish()
        return text
    }

    /// `{"verdict": …, "pairs": [{"from", "to", "verdict", "findings"}], "distinct": […]}`: every pair
    /// complete for machines, and each distinct finding once (`FindingGroup`, notes included) with
    /// the pairs it affects.
    ///
    /// Written as `encode` would write it (keys sorted, pretty), without `JSONEncoder`'s tree of the
    /// whole document: a bundle's log is thousands of findings, and the tree took more memory than
    /// the reports it was made from.
    public static func json(_ check: BundleCheck) throws -> String {
        var text = ""
        json(check) { text += $0 }
        return text
    }

    /// The bundle's JSON, handed to `write` in pieces as it is made, so the CLI holds at most one
    /// piece of the document, not all of it.
    @_spi(CLI) public static func json(_ check: BundleCheck, write: @escaping (String) -> Void) {
        var json = PrettyJSONText(write: write)
        json.openObject()
        findings(check.cloudKitFindings, key: "cloudkit", into: &json)
        findings(check.configFindings, key: "config", into: &json)
        json.member("currentVersion", check.currentVersion)
        json.key("distinct")
        json.openArray()
        let reports = check.pairs.map { (title: Optional(title($0)), report: $0.report) }
        for group in FindingGroup.groups(reports, minimum: .note) {
            json.element()
            finding(group.finding, pairs: group.pairs, into: &json)
        }
        json.close()
        json.member("drafts", check.drafts)
        findings(check.lockFindings, key: "lock", into: &json)
        findings(check.mappingFindings, key: "mappings", into: &json)
        findings(check.orderFindings, key: "order", into: &json)
        json.key("pairs")
        json.openArray()
        for pair in check.pairs {
            json.element()
            Self.pair(pair.report, from: pair.from, to: pair.to, into: &json)
        }
        json.close()
        json.member("path", check.path.rawValue)
        // Present only for a Swift source folder with SwiftData failures, so a bundle's document is unchanged.
        if !check.swiftDataFindings.isEmpty { findings(check.swiftDataFindings, key: "swiftData", into: &json) }
        json.member("verdict", check.verdict.rawValue)
        // Present only when a version could not be read, so a readable bundle's document is unchanged.
        if !check.versionFindings.isEmpty { findings(check.versionFindings, key: "versions", into: &json) }
        json.close()
        json.raw("\n")
        json.finish()
    }

    /// One pair's object: `findings`, `from`, `mapping`, `to`, `verdict` (the absent ones left out).
    private static func pair(_ report: InferenceReport, from: String?, to: String?, into json: inout PrettyJSONText) {
        json.openObject()
        findings(report.findings, key: "findings", into: &json)
        json.member("from", from)
        json.member("mapping", report.mappingPath)
        json.member("to", to)
        json.member("verdict", report.verdict.rawValue)
        json.close()
    }

    /// `"key" : [findings]`.
    private static func findings(_ findings: [Finding], key: String, into json: inout PrettyJSONText) {
        json.key(key)
        json.openArray()
        for finding in findings {
            json.element()
            Self.finding(finding, pairs: nil, into: &json)
        }
        json.close()
    }

    /// A finding's object, keys as `Finding`'s `Codable` names them; a distinct finding adds `pairs`.
    private static func finding(_ finding: Finding, pairs: [String]?, into json: inout PrettyJSONText) {
        json.openObject()
        json.member("code", finding.code.rawValue)
        if let column = finding.column { json.member("column", column) }
        json.member("entity", finding.entity)
        json.member("file", finding.file)
        json.member("line", finding.line)
        json.member("message", finding.message)
        if let pairs { json.member("pairs", pairs) }
        json.member("property", finding.property)
        json.member("severity", finding.severity.rawValue)
        json.close()
    }

    /// GitHub Actions workflow commands: one annotation per distinct finding, errors first (GitHub
    /// shows only the first few of a step, so those are the ones that fail the build), notes only
    /// with `verbose`, and the rest summarised in one notice.
    public static func github(_ reports: [(title: String?, report: InferenceReport)], verbose: Bool = false) -> String {
        var output = ""
        let groups = FindingGroup.groups(reports, minimum: verbose ? .note : .warning)
        for group in groups {
            let finding = group.finding
            var properties = "file=\(escapeProperty(finding.file))"
            if let line = finding.line { properties += ",line=\(line)" + (finding.column.map { ",col=\($0)" } ?? "") }
            properties += ",title=\(escapeProperty(finding.code.rawValue))"
            let command = finding.severity == .note ? "notice" : finding.severity.rawValue
            let seen = group.pairs.isEmpty ? "" : " (\(group.whereSeen))"
            output += "::\(command) \(properties)::\(escapeData(finding.message + seen))\n"
        }
        let notes = reports.reduce(0) { $0 + $1.report.count(.note) }
        if !verbose && notes > 0 {
            output +=
                "::notice title=modeldiff::\(notes) notes (inferable changes) not shown as annotations; run modeldiff check --verbose to see them\n"
        }
        return output
    }

    private static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(
            of: "\n", with: "%0A")
    }

    private static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    /// Pretty, key-sorted JSON with a final newline, so every command's output is stable.
    @_spi(CLI) public static func encode<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    }
}
