import Foundation
@_spi(CLI) import ModelDiffKit
import ModelDiffTestSupport
import Testing

@Test func noErrorOrWarningAboutAnElementWhoseHashIsUnchangedInTestModels() throws {
    let bundles = HashesDecide.bundles(below: Paths.testModels)
    #expect(bundles.count > 20)
    var found: [String] = []
    for path in bundles {
        do { found += try HashesDecide.breaches(inBundle: path) } catch let error as Diagnostic { _ = error }  // bundles refused on purpose
    }
    #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
}

/// The rule is checked, not assumed: a transient attribute's type change, and a transient
/// relationship made to-one (a warning, `to-many-to-one`, before hashes decided), are notes, and
/// `check` passes them.
@Test(arguments: ["TransientTypeChange", "TransientRelationshipChange"])
func aChangeTheHashesDoNotSeeIsANote(fixture: String) throws {
    let folder = Paths.testModels.appendingPathComponent("History/\(fixture)")
    let report = InferenceReport(
        source: try ModelFile.load(path: folder.appendingPathComponent("old.xml").path),
        destination: try ModelFile.load(path: folder.appendingPathComponent("new.xml").path))
    #expect(report.diff.isIdenticalForTheStore)
    #expect(HashesDecide.breaches(report).isEmpty)
    #expect(!report.findings.isEmpty && report.findings.allSatisfy { $0.severity == .note })
    #expect(report.verdict == .identical)
    let check = try runModeldiff(["check", "TestModels/History/\(fixture)/old.xml", "TestModels/History/\(fixture)/new.xml", "--verbose"])
    #expect(check.status == 0, "\(check.stdout)")
    let notes = report.findings.count
    #expect(check.stdout.hasSuffix("identical (0 errors, 0 warnings, \(notes) note\(notes == 1 ? "" : "s"))\n"))
}

@Test(.tags(.slow), .notInFastTier) func noErrorOrWarningAboutAnElementWhoseHashIsUnchangedInShared() throws {
    let bundles = HashesDecide.bundles(below: Paths.shared)
    #expect(bundles.count > 5)
    var found: [String] = []
    for path in bundles {
        do { found += try HashesDecide.breaches(inBundle: path) } catch let error as Diagnostic { _ = error }
    }
    #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
}
