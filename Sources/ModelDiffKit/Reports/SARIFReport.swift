import Foundation

/// SARIF 2.1.0 for code scanning (GitHub uploads it with `github/codeql-action/upload-sarif`).
public enum SARIFReport {
    /// One SARIF log with a run holding every finding of every report.
    public static func render(_ reports: [(title: String?, report: InferenceReport)], toolVersion: String) throws -> String {
        let findings = reports.flatMap { title, report in report.findings.map { (title, $0) } }
        var codes: [String] = []
        for (_, finding) in findings where !codes.contains(finding.code) { codes.append(finding.code) }
        let rules: [[String: Any]] = codes.sorted().map { code in
            ["id": code, "name": code, "shortDescription": ["text": RuleDescriptions.text(for: code)],
             "helpUri": "https://github.com/modeldiff/modeldiff#finding-codes"]
        }
        let results: [[String: Any]] = findings.map { title, finding in
            var region: [String: Any] = [:]
            if let line = finding.line { region["startLine"] = line }
            var location: [String: Any] = ["artifactLocation": ["uri": finding.file]]
            if !region.isEmpty { location["region"] = region }
            var result: [String: Any] = [
                "ruleId": finding.code,
                "level": finding.severity.rawValue,
                "message": ["text": (title.map { "\($0): " } ?? "") + finding.message],
                "locations": [["physicalLocation": location]],
            ]
            if let entity = finding.entity {
                result["properties"] = ["entity": entity, "property": finding.property ?? ""]
            }
            return result
        }
        let log: [String: Any] = [
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "version": "2.1.0",
            "runs": [[
                "tool": ["driver": ["name": "modeldiff", "version": toolVersion, "informationUri": "https://github.com/modeldiff/modeldiff", "rules": rules]],
                "results": results,
            ]],
        ]
        let data = try JSONSerialization.data(withJSONObject: log, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
