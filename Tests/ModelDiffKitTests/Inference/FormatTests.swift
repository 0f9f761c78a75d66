import Foundation
@_spi(CLI) import ModelDiffKit
import ModelDiffTestSupport
import Testing

@Test func checkJSONHasTheDocumentedShape() throws {
    let report = try ruleReport("attribute-type-incompatible")
    let text = try CheckReports.json(report)
    try expectGolden(text, named: "check-formats/type-change.json")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(object["verdict"] as? String == "not-inferable")
    let finding = try #require((object["findings"] as? [[String: Any]])?.first)
    #expect(Set(finding.keys) == ["severity", "code", "entity", "property", "file", "line", "message"])
    #expect(finding["line"] as? Int == 5)
}

@Test func sarifIsStructurallyValid() throws {
    let report = try ruleReport("hierarchy-merge")
    let text = try SARIFReport.render([(nil, report)], toolVersion: "0.1.0")
    try expectGolden(text, named: "check-formats/hierarchy-merge.sarif")
    let log = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(log["version"] as? String == "2.1.0")
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
    let rules = try #require(driver["rules"] as? [[String: Any]])
    let results = try #require(run["results"] as? [[String: Any]])
    #expect(results.count == report.findings.count)
    let ruleIDs = Set(rules.compactMap { $0["id"] as? String })
    for result in results {
        #expect(ruleIDs.contains(result["ruleId"] as? String ?? ""))
        #expect(["error", "warning", "note"].contains(result["level"] as? String ?? ""))
        let location = try #require((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        #expect((location["artifactLocation"] as? [String: Any])?["uri"] as? String == "TestModels/rules/hierarchy-merge/new.xml")
    }
}

@Test func githubWorkflowCommandsEscapeTheirData() throws {
    let report = try ruleReport("attribute-type-incompatible")
    let text = CheckReports.github([(nil, report)])
    try expectGolden(text, named: "check-formats/type-change.github")
    #expect(
        text.hasPrefix(
            "::error file=TestModels/rules/attribute-type-incompatible/new.xml,line=5,title=attribute-type-incompatible::`Note.count` changes"
        )
    )
}

@Test func colourOnlyOnATerminalWithoutNoColor() {
    #expect(Style.shouldColorize(isTerminal: true, environment: [:]))
    #expect(!Style.shouldColorize(isTerminal: false, environment: [:]))
    #expect(!Style.shouldColorize(isTerminal: true, environment: ["NO_COLOR": ""]))
    #expect(!Style.shouldColorize(isTerminal: true, environment: ["TERM": "dumb"]))
    let report = try? ruleReport("attribute-type-incompatible")
    #expect(CheckReports.text(report!, style: Style(colorize: true)).contains("\u{1B}[31m"))
    #expect(!CheckReports.text(report!, style: Style(colorize: false)).contains("\u{1B}["))
}

@Test func everyFindingCodeIsDocumented() throws {
    let documented = Set(RuleDescriptions.all.map(\.code))
    for (name, _) in ruleCases {
        for finding in try ruleReport(name).findings {
            #expect(documented.contains(finding.code.rawValue), "\(finding.code)")
            let severity = RuleDescriptions.all.first { $0.code == finding.code.rawValue }?.severity
            #expect(severity == finding.severity, "\(finding.code)")
        }
    }
}
