import Foundation
import Testing

extension Tag {
    /// A test that takes seconds (Wire's 82 stores, the WooCommerce corpus, crash-safety kills,
    /// lock waits, large stores): what the fast tier leaves out.
    @Tag package static var slow: Self
}

/// Two tiers: `swift test` runs every test (CI does); with `MODELDIFF_FAST=1` the tests marked
/// `.notInFastTier` are skipped, so a change can be checked in a fraction of the time.
///
/// The tag alone cannot select them: `swift test --filter`/`--skip` on Swift 6.3.1 match test
/// names only (`tag:` filters came to swift-testing after 6.3), so the tier is a condition too.
package enum TestTier {
    /// Whether only the fast tier runs (`MODELDIFF_FAST=1`).
    package static let fast = ProcessInfo.processInfo.environment["MODELDIFF_FAST"] == "1"
    /// Whether the plugin test waits for a run of its own after `swift test` (`MODELDIFF_PLUGIN_LATER=1`,
    /// set by `.ci/run`): see `pluginChecksEveryModelBundleOfAPackage`.
    package static let pluginLater = ProcessInfo.processInfo.environment["MODELDIFF_PLUGIN_LATER"] == "1"
}

extension Trait where Self == ConditionTrait {
    /// Skipped in the fast tier (`MODELDIFF_FAST=1`); written together with `.tags(.slow)`, which
    /// names the test as slow in the results and in Xcode's test navigator:
    /// `@Test(.tags(.slow), .notInFastTier)`, or the same two traits on a `@Suite`.
    package static var notInFastTier: Self { .disabled(if: TestTier.fast, "slow: MODELDIFF_FAST=1 runs the fast tier only") }
}
