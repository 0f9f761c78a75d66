import Foundation

/// SARIF 2.1.0 for code scanning (GitHub uploads it with `github/codeql-action/upload-sarif`).
public enum SARIFReport {
    /// One SARIF log with a run holding each distinct finding of the reports once (`FindingGroup`):
    /// located where its first pair locates it, with the other places later pairs locate it as
    /// related locations (each naming the pairs that see it there), then the lock file's and the configuration's findings. Compact
    /// JSON: it is a file for code scanning to read, not a person, and GitHub limits its size.
    public static func render(_ reports: [(title: String?, report: InferenceReport)], bundleFindings: [Finding] = [], toolVersion: String) throws -> String {
        let groups = FindingGroup.groups(reports, minimum: .note)
        var codes: [FindingCode] = []
        for finding in groups.map(\.finding) + bundleFindings where !codes.contains(finding.code) { codes.append(finding.code) }
        let rules: [[String: Any]] = codes.map(\.rawValue).sorted().map { code in
            ["id": code, "name": code, "shortDescription": ["text": RuleDescriptions.text(for: code)],
             "helpUri": "https://github.com/modeldiff/modeldiff#finding-codes"]
        }
        let results = bundleFindings.map { result($0, seen: nil) } + groups.map { group in
            var result = result(group.finding, seen: group.pairs.isEmpty ? nil : group.whereSeen)
            let related = group.otherLocations.enumerated().map { index, place in
                var location = physicalLocation(file: place.file, line: place.line)
                location["id"] = index + 1
                location["message"] = ["text": place.pairs.joined(separator: ", ")]
                return location
            }
            if !related.isEmpty { result["relatedLocations"] = related }
            if !group.pairs.isEmpty {
                var properties = result["properties"] as? [String: Any] ?? [:]
                properties["pairCount"] = group.pairs.count
                result["properties"] = properties
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
        let data = try JSONSerialization.data(withJSONObject: log, options: [.sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    private static func result(_ finding: Finding, seen: String?) -> [String: Any] {
        var result: [String: Any] = [
            "ruleId": finding.code.rawValue,
            "level": finding.severity.rawValue,
            "message": ["text": finding.message + (seen.map { " (\($0))" } ?? "")],
            "locations": [physicalLocation(file: finding.file, line: finding.line)],
        ]
        if let entity = finding.entity {
            result["properties"] = ["entity": entity, "property": finding.property ?? ""]
        }
        return result
    }

    private static func physicalLocation(file: String, line: Int?) -> [String: Any] {
        var location: [String: Any] = ["artifactLocation": ["uri": file]]
        if let line { location["region"] = ["startLine": line] }
        return ["physicalLocation": location]
    }
}
