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
            make it necessary, for every other step. A step a mapping model migrates (beside the bundle, under --mappings \
            or .modeldiff.yml's check.mappings, matched by hash as check matches it) is a custom stage of its own that runs \
            that mapping (its compiled .cdm, with its policy classes); a mapping file that cannot be read is one error line \
            and the exit status 1. Versions after the current one are left out. A version that \
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

    @Option(
        name: .customLong("mappings"),
        help:
            "A folder to search, recursively, for mapping models (*.mapping.xml, *.xcmappingmodel, *.cdm); repeatable. Those beside the bundle are always used."
    )
    var mappingFolders: [String] = []

    @OptionGroup var bundleOptions: BundleOptions

    func run() throws {
        let allRead = try reportingFailures {
            let loaded = try ModelBundle.load(path: bundle, keepingUnreadable: true)
            let settings = try bundleOptions.settings()
            let names = try bundleOptions.versionOrder(of: loaded, settings: settings, listingVersions: false)
            // The mapping models `check` finds: a step one of them migrates is its own custom stage.
            let mappings =
                loaded.isSwiftSource && mappingFolders.isEmpty
                ? (files: [], unreadable: [])
                : try readableMappingFiles(
                    besides: loaded.path, in: mappingFolders.isEmpty ? settings?.mappingFolders ?? [] : mappingFolders)
            switch format {
            case .swift where loaded.isSwiftSource:
                printOut(
                    try SwiftDataPlanSwift.source(
                        try StagedMigrationPlan(bundle: loaded, order: names), bundlePath: bundle, typeName: typeName))
            case .swift: printOut(try loaded.stagedMigrationSwift(typeName: typeName, order: names, mappings: mappings.files))
            case .text:
                printOut(StagedMigrationSwift.text(try StagedMigrationPlan(bundle: loaded, order: names, mappings: mappings.files)))
            }
            for problem in mappings.unreadable {
                printError(
                    Diagnostic(
                        path: problem.path, line: problem.line, column: problem.column,
                        message: "this mapping model cannot be read, so the plan does not run it: \(problem.message)"
                    ).description)
            }
            for (name, problem) in loaded.unreadableVersions {
                printError(
                    Diagnostic(
                        path: problem.path, line: problem.line, column: problem.column,
                        message: "version \"\(name)\" cannot be read, so the plan leaves it out and no stage crosses it: \(problem.message)"
                    ).description)
            }
            return loaded.unreadableVersions.isEmpty && mappings.unreadable.isEmpty
        }
        if !allRead { throw ExitCode(1) }
    }
}
