import Foundation
@_spi(CLI) import ModelDiffKit
import ModelDiffTestSupport
import Testing

/// SARIF is written piece by piece, not through `JSONSerialization`: its bytes must be what
/// `JSONSerialization` (sorted keys, slashes unescaped) writes for the same log, so the files code
/// scanning keeps do not change. The WooCommerce golden (`check-formats/woocommerce.sarif`) covers
/// the shape of a real bundle; this covers the escapes no model has.
@Suite struct SARIFWriter {
    /// Every control character, quotes, backslashes, slashes, non-ASCII and a line break in a name.
    static let awkward =
        (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }.joined() + #"quote " backslash \ slash / → é 🙂 del "# + "\u{7F}"

    @Test func escapesAsJSONSerializationDoes() throws {
        let findings = [
            Finding(
                .error, .entityRemoved, entity: "Note" + Self.awkward, property: nil, file: "dir/Model " + Self.awkward, line: 7,
                message: Self.awkward),
            Finding(.warning, .acknowledgementUnused, entity: nil, file: ".modeldiff.yml", line: nil, message: "plain"),
        ]
        let text = try SARIFReport.render([], bundleFindings: findings, toolVersion: "1.0 " + Self.awkward)
        #expect(text.hasSuffix("}\n"))
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        let reference = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        #expect(text == String(decoding: reference, as: UTF8.self) + "\n")
        let results = try #require(((object as? [String: Any])?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        #expect((results.first?["message"] as? [String: Any])?["text"] as? String == Self.awkward)
    }

    @Test(.tags(.slow), .notInFastTier) func aBundleLogIsWhatJSONSerializationWrites() throws {
        let bundle = try ModelBundle.load(path: Paths.models.appendingPathComponent("woocommerce-ios/WooCommerce.xcdatamodeld").path)
        let check = try BundleCheck(bundle: bundle)
        let text = try SARIFReport.render(
            check.pairs.map { (CheckReports.title($0), $0.report) }, bundleFindings: check.bundleFindings, toolVersion: "1")
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        let reference = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        #expect(text == String(decoding: reference, as: UTF8.self) + "\n")
    }
}

/// `FindingGroup.end(of:)` finds the end of a pair title as Foundation's `components(separatedBy:)` does.
@Test(arguments: ["Model 9 → Model 117", "Model", "", " → ", "a → → b", "a →→ b → c", "→ a", "a → b (draft)", "é → ü → 🙂", "a  →  b"])
func pairTitleEndsAsFoundationSplitsThem(title: String) {
    let parts = title.components(separatedBy: " → ")
    #expect(FindingGroup.end(of: title).map(String.init) == (parts.count > 1 ? parts.last : nil))
}
