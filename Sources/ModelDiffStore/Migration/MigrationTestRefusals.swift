@_spi(CLI) import ModelDiffKit

/// The steps Core Data refuses to infer although modeldiff's own migration carries every object:
/// entities of separate hierarchies brought under one parent (`hierarchy-merge`: each hierarchy is one
/// table, and Apple's lightweight migration does not merge them) and two entities matching one old
/// entity (`ambiguous-renaming-identifier`: Core Data cannot tell which one it becomes). The other
/// errors of `check` leave a placeholder in the inferred mapping, which fails the migration itself.
/// With the inferred mapping, each such finding fails `test` whatever the store holds (an app on that
/// step opens no store of the older version), tagged with its code so the team can acknowledge it.
enum MigrationTestRefusals {
    static let codes: Set<FindingCode> = [.hierarchyMerge, .ambiguousRenamingIdentifier]

    static func failures(of report: InferenceReport) -> [String] {
        report.findings.filter { codes.contains($0.code) }.map { finding in
            let subject = finding.entity.map { "\($0): " } ?? ""
            return "\(subject)Core Data cannot infer this step: \(finding.message) [\(finding.code.rawValue)]"
        }
    }
}
