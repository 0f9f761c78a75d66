import ArgumentParser
@_spi(CLI) import ModelDiffKit

struct PlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Write the staged-migration plan (iOS 17's NSStagedMigrationManager) for a bundle's versions.",
        discussion: """
            One NSManagedObjectModelReference per version (its compiled name in the .momd and its version \
            checksum); consecutive steps that lightweight migration can infer grouped into one \
            NSLightweightMigrationStage; an NSCustomMigrationStage with handler stubs, and the findings that \
            make it necessary, for every other step. Versions after the current one are left out.
            Example:
              modeldiff plan App/Model.xcdatamodeld --format swift > App/ModelMigrationPlan.swift
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case swift, text }

    @Argument(help: "A .xcdatamodeld bundle.")
    var bundle: String

    @Option(help: "Output format: swift (a source file for the app) or text (the stages).")
    var format: Format = .swift

    @Option(help: "The name of the generated Swift type.")
    var typeName: String = "ModelMigrationPlan"

    @OptionGroup var bundleOptions: BundleOptions

    func run() throws {
        try reportingFailures {
            let loaded = try ModelBundle.load(path: bundle)
            let names = try bundleOptions.versionOrder(of: loaded, settings: try bundleOptions.settings(), listingVersions: false)
            switch format {
            case .swift: printOut(try loaded.stagedMigrationSwift(typeName: typeName, order: names))
            case .text: printOut(StagedMigrationSwift.text(try StagedMigrationPlan(bundle: loaded, order: names)))
            }
        }
    }
}
