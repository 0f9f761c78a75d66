import Foundation
@_spi(CLI) import ModelDiffKit
import ModelDiffTestSupport
import Testing

/// `check --format json` is written piece by piece, not through `JSONEncoder`: its bytes must be what
/// `JSONEncoder` (pretty, sorted keys, slashes unescaped) writes for the same document, so scripts
/// and goldens that read it see no change. The structures below are the document as it was encoded.
@Suite struct CheckJSONWriter {
    private struct PairJSON: Encodable {
        let from: String?
        let to: String?
        let verdict: Verdict
        let mapping: String?
        let findings: [Finding]

        init(_ report: InferenceReport, from: String?, to: String?) {
            (self.from, self.to, verdict, mapping, findings) = (from, to, report.verdict, report.mappingPath, report.findings)
        }
    }

    private struct DistinctJSON: Encodable {
        let severity: Diagnostic.Severity
        let code: FindingCode
        let entity: String?
        let property: String?
        let file: String
        let line: Int?
        let message: String
        let pairs: [String]
    }

    private struct BundleJSON: Encodable {
        let verdict: Verdict
        let path: String
        let currentVersion: String
        let drafts: [String]
        let lock: [Finding]
        let cloudkit: [Finding]
        let config: [Finding]
        let mappings: [Finding]
        let order: [Finding]
        let pairs: [PairJSON]
        let distinct: [DistinctJSON]
    }

    /// Every control character, quotes, backslashes, slashes, non-ASCII and a line break.
    static let awkward =
        (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }.joined() + #"quote " backslash \ slash / → é 🙂 del "# + "\u{7F}"

    @Test func aPairIsWhatJSONEncoderWrites() throws {
        let rules = Paths.testModels.appendingPathComponent("rules/attribute-type-incompatible")
        let report = InferenceReport(
            source: try ModelFile.load(path: rules.appendingPathComponent("old.xml").path),
            destination: try ModelFile.load(path: rules.appendingPathComponent("new.xml").path))
        let awkward = report.adding([
            Finding(
                .warning, .entityRemoved, entity: "Note" + Self.awkward, property: Self.awkward, file: "dir/Model " + Self.awkward, line: 7,
                message: Self.awkward),
            Finding(.note, .acknowledgementUnused, entity: nil, file: ".modeldiff.yml", line: nil, message: "plain"),
        ])
        for report in [report, awkward, report.covered(by: "a/b " + Self.awkward)] {
            #expect(try CheckReports.json(report) == CheckReports.encode(PairJSON(report, from: nil, to: nil)))
        }
    }

    /// A whole bundle: every pair, the distinct findings and the bundle's own fields, empty arrays included.
    @Test(.tags(.slow), .notInFastTier) func aBundleIsWhatJSONEncoderWrites() throws {
        for name in ["woocommerce-ios/WooCommerce.xcdatamodeld", "swiftgen/Model.xcdatamodeld"] {
            let path = Paths.models.appendingPathComponent(name).path
            let check = try BundleCheck(bundle: try ModelBundle.load(path: path), cloudKit: true)
            let reports = check.pairs.map { (title: Optional(CheckReports.title($0)), report: $0.report) }
            let reference = BundleJSON(
                verdict: check.verdict, path: check.path.rawValue, currentVersion: check.currentVersion, drafts: check.drafts,
                lock: check.lockFindings, cloudkit: check.cloudKitFindings, config: check.configFindings,
                mappings: check.mappingFindings, order: check.orderFindings,
                pairs: check.pairs.map { PairJSON($0.report, from: $0.from, to: $0.to) },
                distinct: FindingGroup.groups(reports, minimum: .note).map { group in
                    let finding = group.finding
                    return DistinctJSON(
                        severity: finding.severity, code: finding.code, entity: finding.entity, property: finding.property,
                        file: finding.file, line: finding.line, message: finding.message, pairs: group.pairs)
                })
            let text = try CheckReports.json(check)
            #expect(text == (try CheckReports.encode(reference)), "\(name)")
            // Handed out in pieces, the same text.
            var pieces: [String] = []
            CheckReports.json(check) { pieces.append($0) }
            #expect(pieces.joined() == text)
            #expect(pieces.count > 1 || text.utf8.count < 1 << 16)
        }
    }
}
