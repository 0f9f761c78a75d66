import Foundation
import ModelDiffKit
import ModelDiffTestSupport
import Testing

/// The rule-by-rule model pairs under `TestModels/rules/<rule>/{old,new}.xml`, with their verdicts.
let ruleCases: [(String, Verdict)] = [
    ("add-attribute-with-default", .inferable), ("add-entity", .inferable), ("add-optional-attribute", .inferable),
    ("add-relationship", .inferable), ("add-required-attribute-without-default", .notInferable),
    ("add-required-relationship", .notInferable), ("add-required-to-many", .inferable),
    ("add-to-many-with-minimum-count", .notInferable), ("ambiguous-renaming-identifier", .notInferable),
    ("binary-to-transformable-allowed", .inferable), ("binary-to-transformable-without-key", .notInferable),
    ("cosmetic-only", .identical), ("hierarchy-merge", .notInferable), ("make-ordered", .inferable),
    ("max-count-lowered", .inferable), ("move-entity-out-of-hierarchy", .inferable), ("new-parent-entity", .inferable),
    ("number-narrowed", .inferable), ("number-to-boolean", .inferable), ("number-widened", .inferable),
    ("optional-to-required-with-default", .inferable), ("optional-to-required-without-default", .notInferable),
    ("possible-rename-attribute", .inferable), ("possible-rename-unrelated-names", .inferable),
    ("unrelated-additions-and-removals", .inferable), ("possible-rename-entity", .inferable),
    ("relationship-retargeted", .notInferable), ("remove-attribute", .inferable), ("remove-entity", .inferable),
    ("remove-relationship", .inferable), ("rename-attribute", .inferable), ("rename-entity", .inferable),
    ("required-to-optional", .inferable), ("stale-renaming-identifier", .inferable), ("to-many-to-one", .inferable),
    ("to-one-to-many", .inferable),
    ("type-change-incompatible", .notInferable), ("uniqueness-constraint-added", .inferable),
    ("unmatched-renaming-identifier", .notInferable),
]

/// The analysis of one rule pair, with paths relative to the repository.
func ruleReport(_ name: String) throws -> InferenceReport {
    let folder = "TestModels/rules/\(name)"
    let old = try ModelFile.load(path: Paths.repository.appendingPathComponent("\(folder)/old.xml").path)
    let new = try ModelFile.load(path: Paths.repository.appendingPathComponent("\(folder)/new.xml").path)
    return InferenceReport(
        diff: ModelDiff(source: old.model, destination: new.model), sourcePath: "\(folder)/old.xml", destinationPath: "\(folder)/new.xml")
}

@Test func everyRuleFolderHasACase() throws {
    let folders = try FileManager.default.contentsOfDirectory(atPath: Paths.testModels.appendingPathComponent("rules").path)
    #expect(Set(folders) == Set(ruleCases.map(\.0)))
}

@Test(arguments: ruleCases)
func ruleGivesItsVerdictAndExactFindings(_ name: String, _ verdict: Verdict) throws {
    let report = try ruleReport(name)
    #expect(report.verdict == verdict)
    try expectGolden(CheckReports.text(report), named: "check/\(name).txt")
}

@Test(arguments: ruleCases.map(\.0))
func ruleDiffReportMatchesItsGoldenFile(_ name: String) throws {
    let report = try ruleReport(name)
    try expectGolden(DiffReports.text(report.diff, oldPath: report.sourcePath, newPath: report.destinationPath), named: "diff/\(name).txt")
}

/// Wire's 2.47.0 gave `Conversation` a stray renaming identifier: Core Data then matches the old `Conversation`
/// to nothing, and `check` says so instead of "points to `Conversation` instead of `Conversation`".
@Test func staleRenamingIdentifierOnWiresConversation() throws {
    let bundle = Paths.models.appendingPathComponent("wire-ios-data-model/Resources/zmessaging.xcdatamodeld")
    let old = try ModelFile.load(path: bundle.appendingPathComponent("zmessaging2.47.0.xcdatamodel").path)
    let new = try ModelFile.load(path: bundle.appendingPathComponent("zmessaging2.101.0.xcdatamodel").path)
    let report = InferenceReport(diff: ModelDiff(source: old.model, destination: new.model), sourcePath: "old", destinationPath: "new")
    #expect(report.findings.filter { $0.code == .staleRenamingIdentifier }.map(\.entity) == ["Conversation"])
    #expect(!report.findings.contains { $0.message.contains("instead of `Conversation`") })
    #expect(!report.findings.contains { $0.code == .possibleRename && $0.entity == "Conversation" })
}
