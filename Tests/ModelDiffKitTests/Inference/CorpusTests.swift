import Foundation
@_spi(CLI) import ModelDiffKit
import ModelDiffTestSupport
import Testing

/// Pins the verdict of every pair `check` analyses in every bundle of the corpus (a golden summary).
@Test(.tags(.slow), .notInFastTier) func checkVerdictsOverTheWholeCorpus() throws {
    var summary = ""
    for bundle in corpusBundles() {
        // As `check` runs them: with the mapping models kept beside the bundle.
        let check = try BundleCheck(
            bundle: try ModelBundle.load(path: bundle.path), mappings: try MappingDiscovery.files(besides: bundle.path))
        let relative = bundle.path.replacingOccurrences(of: Paths.shared.path + "/", with: "")
        let drafts = check.drafts.isEmpty ? "" : ", drafts after \(check.currentVersion): \(check.drafts.joined(separator: ", "))"
        summary += "\(relative): \(check.verdict.rawValue) (\(check.pairs.count) pairs\(drafts))\n"
        for pair in check.pairs where pair.report.verdict != .inferable {
            let codes = Set(pair.report.findings.filter { $0.severity == .error }.map(\.code.rawValue)).sorted()
            summary +=
                "  \(pair.from) → \(pair.to): \(pair.report.verdict.rawValue)\(codes.isEmpty ? "" : " [\(codes.joined(separator: ", "))]")\n"
        }
    }
    try expectGolden(summary, named: "corpus/check-verdicts.txt")
}

/// The WooCommerce team wrote mapping models for these steps (MIGRATIONS.md); the ones whose change
/// lightweight migration truly cannot infer must come out not-inferable.
@Test(.tags(.slow), .notInFastTier) func wooCommerceStepsThatNeededAMappingModel() throws {
    let bundle = try ModelBundle.load(path: Paths.models.appendingPathComponent("woocommerce-ios/WooCommerce.xcdatamodeld").path)
    let check = try BundleCheck(bundle: bundle)
    func verdict(_ from: String, _ to: String) -> Verdict? {
        check.pairs.first { $0.from == from && $0.to == to }?.report.verdict
    }
    #expect(verdict("Model 9", "Model 10") == .notInferable)  // Order.statusKey added as required, no default
    // ProductVariation.attributes re-targeted to GenericAttribute: Core Data infers it (relationship-retargeted warns),
    // and every store holding attributes fails it, hence the team's migration.
    #expect(verdict("Model 31", "Model 32") == .inferable)
    #expect(verdict("Model 32", "Model 33") == .notInferable)  // Product.date added as required, no default
    #expect(check.pairs.count == 116 + 115)
}
