import Foundation
@_spi(CLI) import ModelDiffKit
import ModelDiffTestSupport
import Testing

private let wooCommerce = Paths.models.appendingPathComponent("woocommerce-ios/WooCommerce.xcdatamodeld").path

/// SampleModel3's current version is the unnumbered original: the numbered ones after it are drafts.
@Test func theCurrentVersionIsTheOneXCCurrentVersionNames() throws {
    let bundle = try ModelBundle.load(
        path: Paths.fixtures.appendingPathComponent("07-CoreDataPlus-SampleModel3/SampleModel3.xcdatamodeld").path)
    let check = try BundleCheck(bundle: bundle)
    #expect(check.currentVersion == "SampleModel3")
    #expect(check.drafts == ["SampleModel3_v2", "SampleModel3_v3"])
    // Drafts are checked step by step, never jumped to.
    #expect(check.pairs.map { "\($0.from)→\($0.to)" } == ["SampleModel3→SampleModel3_v2", "SampleModel3_v2→SampleModel3_v3"])
    #expect(check.pairs.allSatisfy { $0.isDraft && !$0.isJump })
    // With an order that puts it last, every jump targets it.
    let reordered = try BundleCheck(bundle: bundle, order: ["SampleModel3_v3", "SampleModel3_v2", "SampleModel3"])
    #expect(reordered.drafts.isEmpty)
    #expect(reordered.pairs.allSatisfy { $0.to == "SampleModel3" || !$0.isJump })
    #expect(reordered.pairs.filter(\.isJump).map(\.from) == ["SampleModel3_v3"])
}

@Test(.tags(.slow), .notInFastTier) func migrationPathsAndSince() throws {
    let bundle = try ModelBundle.load(path: wooCommerce)
    let consecutive = try BundleCheck(bundle: bundle, path: .consecutive)
    #expect(consecutive.pairs.count == 116)
    #expect(consecutive.pairs.allSatisfy { !$0.isJump })
    let direct = try BundleCheck(bundle: bundle, path: .direct)
    #expect(direct.pairs.count == 116)
    #expect(direct.pairs.allSatisfy { $0.to == "Model 117" })
    let since = try BundleCheck(bundle: bundle, path: .all, since: "Model 115")
    #expect(since.pairs.map { "\($0.from)→\($0.to)" }.prefix(2) == ["Model 115→Model 116", "Model 116→Model 117"])
    #expect(since.pairs.count == 2 + 115)
    #expect(throws: Diagnostic.self) { try BundleCheck(bundle: bundle, since: "Model 999") }
}

/// Every consecutive pair of every bundle gets the same verdict and findings alone as in its bundle.
@Test(.tags(.slow), .notInFastTier) func pairModeAgreesWithBundleMode() throws {
    for url in corpusBundles() {
        let bundle = try ModelBundle.load(path: url.path)
        let check = try BundleCheck(
            bundle: bundle, order: bundle.versions.map(\.name).filter { $0 != bundle.currentVersionName } + [bundle.currentVersionName],
            path: .consecutive)
        let history = bundle.historicalNames
        for pair in check.pairs {
            let old = url.appendingPathComponent(pair.from + ".xcdatamodel").path
            let new = url.appendingPathComponent(pair.to + ".xcdatamodel").path
            #expect(PairCheck.enclosingBundle(of: old) == url.standardizedFileURL.path)
            // PairCheck.report loads the bundle again for its history; compare with the history loaded once.
            let source = try ModelFile.load(path: old)
            let destination = try ModelFile.load(path: new)
            let alone = InferenceReport(
                diff: ModelDiff(source: source.model, destination: destination.model),
                sourcePath: source.path, destinationPath: destination.path, historicalNames: history)
            #expect(alone.verdict == pair.report.verdict, "\(url.lastPathComponent): \(pair.from) → \(pair.to)")
            #expect(
                alone.findings.map(\.message) == pair.report.findings.map(\.message), "\(url.lastPathComponent): \(pair.from) → \(pair.to)")
        }
    }
}
