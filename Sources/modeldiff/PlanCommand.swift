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
            make it necessary, for every other step. Versions after the current one are left out. A version that \
            cannot be read is one error line on stderr and is left out, no stage crossing it (the plan is \
            written for the others); the exit status is then 1. For a folder of Swift sources it writes a SwiftData \
            SchemaMigrationPlan instead: the schemas in order, one stage per step, .lightweight where the step is \
            inferable, .custom with a willMigrate to fill in (and the findings that need it) where it is not.
            Example:
              modeldiff plan App/Model.xcdatamodeld --format swift > App/ModelMigrationPlan.swift
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case swift, text }

    @Argument(help: "A .xcdatamodeld bundle, or a folder of Swift sources whose SwiftData VersionedSchemas are the versions.")
    var bundle: String

    @Option(help: "Output format: swift (a source file for the app) or text (the stages).")
    var format: Format = .swift

    @Option(help: "The name of the generated Swift type.")
    var typeName: String = "ModelMigrationPlan"

    @OptionGroup var bundleOptions: BundleOptions

    func run() throws {
        let allRead = try reportingFailures {
            let loaded = try ModelBundle.load(path: bundle, keepingUnreadable: true)
            let names = try bundleOptions.versionOrder(of: loaded, settings: try bundleOptions.settings(), listingVersions: false)
            switch format {
            case .swift where loaded.isSwiftSource:
                printOut(
                    try SwiftDataPlanSwift.source(
                        try StagedMigrationPlan(bundle: loaded, order: names), bundlePath: bundle, typeName: typeName))
            case .swift: printOut(try loaded.stagedMigrationSwift(typeName: typeName, order: names))
            case .text: printOut(StagedMigrationSwift.text(try StagedMigrationPlan(bundle: loaded, order: names)))
            }
            for (name, problem) in loaded.unreadableVersions {
                printError(
                    Diagnostic(
                        path: problem.path, line: problem.line, column: problem.column,
                        message: "version \"\(name)\" cannot be read, so the plan leaves it out and no stage crosses it: \(problem.message)"
                    ).description)
            }
            return loaded.unreadableVersions.isEmpty
        }
        if !allRead { throw ExitCode(1) }
    }
}
