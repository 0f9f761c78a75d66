import Foundation
@_spi(CLI) import ModelDiffKit
import ModelDiffTestSupport
import Testing

/// The rule-by-rule model pairs under `TestModels/rules/<code>[.<variant>]/{old,new}.xml`, with their verdicts:
/// each folder is named after the finding code it shows.
let ruleCases: [(String, Verdict)] = [
    ("ambiguous-renaming-identifier", .notInferable), ("attribute-removed", .inferable),
    ("attribute-removed.unrelated-additions", .inferable), ("attribute-type-incompatible", .notInferable),
    ("attribute-type-incompatible.binary-to-transformable", .notInferable), ("binary-transformable", .inferable),
    ("cosmetic-change", .identical), ("entity-added", .inferable), ("entity-changed", .inferable), ("entity-removed", .inferable),
    ("entity-renamed", .inferable), ("hierarchy-changed.out-of-hierarchy", .inferable), ("hierarchy-merge", .notInferable),
    ("max-count-lowered", .inferable), ("number-narrowed", .inferable), ("number-to-boolean", .inferable),
    ("number-widened", .inferable), ("optional-to-required", .inferable), ("optional-to-required-without-default", .notInferable),
    ("ordering-changed", .inferable), ("possible-rename.attribute", .inferable), ("possible-rename.entity", .inferable),
    ("possible-rename.unrelated-names", .inferable), ("property-added.attribute-with-default", .inferable),
    ("property-added.optional-attribute", .inferable), ("property-added.relationship", .inferable),
    ("property-added.to-many-without-minimum-count", .inferable), ("property-moved", .inferable),
    ("property-renamed", .inferable), ("relationship-removed", .inferable), ("relationship-retargeted", .inferable),
    ("required-attribute-without-default", .notInferable),
    ("required-relationship-added.to-many-with-minimum-count", .notInferable),
    ("required-relationship-added.to-one", .notInferable), ("required-to-optional", .inferable),
    ("stale-renaming-identifier", .inferable), ("to-many-to-one", .inferable), ("to-one-to-many", .inferable),
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

/// A fixture is named by its code: the folder's name up to the first dot is a code its pair reports.
@Test(arguments: ruleCases.map(\.0))
func ruleFolderIsNamedByTheCodeItShows(_ name: String) throws {
    let code = try #require(FindingCode(rawValue: String(name.prefix { $0 != "." })), "\(name) does not begin with a finding code")
    #expect(try ruleReport(name).findings.contains { $0.code == code }, "\(name) does not report \(code)")
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
