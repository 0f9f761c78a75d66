/// SARIF 2.1.0 for code scanning (GitHub uploads it with `github/codeql-action/upload-sarif`).
public enum SARIFReport {
    /// One SARIF log with a run holding each distinct finding of the reports once (`FindingGroup`):
    /// located where its first pair locates it, with the other places later pairs locate it as
    /// related locations (each naming the pairs that see it there), then the lock file's and the configuration's findings. Compact
    /// JSON: it is a file for code scanning to read, not a person, and GitHub limits its size.
    ///
    /// Written straight into one string, keys in sorted order, rather than through `JSONSerialization`:
    /// boxing a bundle's thousands of locations as `[String: Any]` cost twice what the JSON report costs.
    public static func render(_ reports: [(title: String?, report: InferenceReport)], bundleFindings: [Finding] = [], toolVersion: String)
        throws -> String
    {
        let groups = FindingGroup.groups(reports, minimum: .note)
        var codes: [FindingCode] = []
        var seenCodes = Set<FindingCode>()
        for finding in groups.map(\.finding) + bundleFindings where seenCodes.insert(finding.code).inserted { codes.append(finding.code) }
        var json = JSONText()
        json.raw(#"{"$schema":"https://json.schemastore.org/sarif-2.1.0.json","runs":[{"results":["#)
        var first = true
        for finding in bundleFindings {
            json.separator(&first)
            result(finding, seen: nil, pairCount: nil, related: [], into: &json)
        }
        for group in groups {
            json.separator(&first)
            result(
                group.finding, seen: group.pairs.isEmpty ? nil : group.whereSeen, pairCount: group.pairs.isEmpty ? nil : group.pairs.count,
                related: group.otherLocations, into: &json)
        }
        json.raw(#"],"tool":{"driver":{"informationUri":"https://github.com/modeldiff/modeldiff","name":"modeldiff","rules":["#)
        first = true
        for code in codes.map(\.rawValue).sorted() {
            json.separator(&first)
            json.raw(#"{"helpUri":"https://github.com/modeldiff/modeldiff#finding-codes","id":"#)
            json.string(code)
            json.raw(#","name":"#)
            json.string(code)
            json.raw(#","shortDescription":{"text":"#)
            json.string(RuleDescriptions.text(for: code))
            json.raw("}}")
        }
        json.raw(#"],"version":"#)
        json.string(toolVersion)
        json.raw(#"}}}],"version":"2.1.0"}"#)
        return json.text + "\n"
    }

    /// `{"level", "locations", "message", "properties", "relatedLocations", "ruleId"}`, keys sorted.
    private static func result(
        _ finding: Finding, seen: String?, pairCount: Int?, related: [(file: String, line: Int?, pairs: [String])],
        into json: inout JSONText
    ) {
        json.raw(#"{"level":"#)
        json.string(finding.severity.rawValue)
        json.raw(#","locations":["#)
        physicalLocation(file: finding.file, line: finding.line, column: finding.column, into: &json)
        json.raw(#"],"message":{"text":"#)
        json.string(finding.message + (seen.map { " (\($0))" } ?? ""))
        json.raw("}")
        if finding.entity != nil || pairCount != nil {
            json.raw(#","properties":{"#)
            if let entity = finding.entity {
                json.raw(#""entity":"#)
                json.string(entity)
            }
            if let pairCount {
                json.raw(finding.entity == nil ? #""pairCount":"# : #","pairCount":"#)
                json.raw(String(pairCount))
            }
            if finding.entity != nil {
                json.raw(#","property":"#)
                json.string(finding.property ?? "")
            }
            json.raw("}")
        }
        if !related.isEmpty {
            json.raw(#","relatedLocations":["#)
            for (index, place) in related.enumerated() {
                json.raw(index == 0 ? #"{"id":"# : #",{"id":"#)
                json.raw(String(index + 1))
                json.raw(#","message":{"text":"#)
                json.string(place.pairs.joined(separator: ", "))
                json.raw("},")
                physicalLocationMembers(file: place.file, line: place.line, into: &json)
                json.raw("}")
            }
            json.raw("]")
        }
        json.raw(#","ruleId":"#)
        json.string(finding.code.rawValue)
        json.raw("}")
    }

    private static func physicalLocation(file: String, line: Int?, column: Int? = nil, into json: inout JSONText) {
        json.raw("{")
        physicalLocationMembers(file: file, line: line, column: column, into: &json)
        json.raw("}")
    }

    /// `"physicalLocation":{"artifactLocation":{"uri"},"region":{"startLine"}}` (and `startColumn` when known),
    /// without the braces around it.
    private static func physicalLocationMembers(file: String, line: Int?, column: Int? = nil, into json: inout JSONText) {
        json.raw(#""physicalLocation":{"artifactLocation":{"uri":"#)
        json.string(file)
        json.raw("}")
        if let line {
            json.raw(#","region":{"startLine":"#)
            json.raw(String(line))
            if let column {
                json.raw(#","startColumn":"#)
                json.raw(String(column))
            }
            json.raw("}")
        }
        json.raw("}")
    }
}
