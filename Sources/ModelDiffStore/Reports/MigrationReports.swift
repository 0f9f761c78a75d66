import Foundation
@_spi(CLI) import ModelDiffKit

/// What `migrate --format json` prints when a migration succeeded: per step, the counts of every
/// entity mapping's objects and relationship mapping's links in the source and the output (`Conservation`).
@_spi(CLI) public enum MigrationReports {
    /// One step as the report shows it.
    @_spi(CLI) public struct Step: Sendable {
        /// `from → to`.
        package let name: String
        /// The mapping file, or nil when inferred.
        package let mappingPath: String?
        /// Whether the step ran on the SQL fast path.
        package let fastPath: Bool
        /// The step's counts.
        package let counts: [ConservationCount]

        /// Creates a step.
        @_spi(CLI) public init(name: String, mappingPath: String?, fastPath: Bool, counts: [ConservationCount]) {
            self.name = name
            self.mappingPath = mappingPath
            self.fastPath = fastPath
            self.counts = counts
        }
    }

    /// `{"store", "output", "steps": [{"step", "mapping", "fastPath", "objects": [COUNT], "links": [COUNT]}]}`,
    /// a COUNT being `{"mapping", "relationship" (links), "source", "destination", "expected": {"fewest", "most"} or
    /// null, "explained", "why": [String]}`.
    @_spi(CLI) public static func json(store: String, output: String?, steps: [Step]) throws -> String {
        struct Range: Encodable { let fewest: Int, most: Int }
        struct CountJSON: Encodable {
            let mapping: String, relationship: String?, source: Int, destination: Int, expected: Range?, explained: Int, why: [String]
        }
        struct StepJSON: Encodable { let step: String, mapping: String?, fastPath: Bool, objects: [CountJSON], links: [CountJSON] }
        struct ReportJSON: Encodable { let store: String, output: String?, steps: [StepJSON] }
        func json(_ count: ConservationCount) -> CountJSON {
            CountJSON(
                mapping: count.mapping, relationship: count.relationship, source: count.source, destination: count.destination,
                expected: count.expected.map { Range(fewest: $0.lowerBound, most: $0.upperBound) }, explained: count.explained,
                why: count.reasons)
        }
        return try CheckReports.encode(
            ReportJSON(
                store: store, output: output,
                steps: steps.map { step in
                    StepJSON(
                        step: step.name, mapping: step.mappingPath, fastPath: step.fastPath,
                        objects: step.counts.filter { $0.kind == .objects }.map(json),
                        links: step.counts.filter { $0.kind == .links }.map(json))
                }))
    }
}
