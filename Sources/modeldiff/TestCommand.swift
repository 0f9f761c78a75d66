import ArgumentParser
import Foundation
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore

struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Prove a bundle's migrations on data: seed a store at each version, migrate it, check the result.",
        discussion: """
            For every step of --path, seeds a store at the older version (modeldiff store seed), migrates it
            with the mapping file beside the bundle that maps the step, or an inferred mapping, and checks:
            store verify passes, every source object is accounted for, copied values and links are kept \
            (numbers converted as lightweight migration converts them; a value that no longer fits fails), \
            and Core Data's validation of the migrated objects passes. --store adds real stores to start from. \
            A version that cannot be read is one error line on stderr: the steps into and out of it are not \
            tested, every other step is, and the exit status is 1. A mapping that names NSEntityMigrationPolicy \
            subclasses (the app's code) runs with the default policy behaviour in their place and everything else \
            is checked: the step reports "PASS, custom code not run: CLASS", counted apart (JUnit: skipped); \
            --strict makes such a step fail the run.
            Exit status: 0 every step passes, 1 a step fails (or a version cannot be read, or with --strict \
            custom code was not run), 2 bad input.

            Examples:
              modeldiff test App/Model.xcdatamodeld --path consecutive
              modeldiff test App/Model.xcdatamodeld --store Fixtures/v3.sqlite --format junit > migrations.xml
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json, junit }

    @Argument(help: "A .xcdatamodeld bundle, or a folder of Swift sources whose SwiftData VersionedSchemas are the versions.")
    var bundle: String

    @Option(
        help: """
            Steps to test: consecutive (each version to the next), direct (each to the current one) or all (the default; \
            a Swift source folder whose SchemaMigrationPlan has stages takes consecutive, the stages).
            """)
    var path: MigrationPath?

    @Option(help: "Objects seeded per entity (default: .modeldiff.yml's test.objects, else 10).")
    var objects: Int?

    @Option(help: "The random seed of the seeded stores.")
    var seed: UInt64 = 1

    @Option(name: .customLong("store"), help: "A real store to migrate too (repeatable); its version is found by its hashes.")
    var stores: [String] = []

    @Option(help: "Output format: text, json or junit.")
    var format: Format = .text

    @Flag(help: "Also fail when a step passed without running the custom policy classes its mapping names.")
    var strict = false

    @OptionGroup var bundleOptions: BundleOptions

    func run() throws {
        Signals.removeOnInterrupt()  // the stores' private read copies are removed on Ctrl-C or SIGTERM
        let test = try reportingFailures {
            if let objects, !(0...100_000).contains(objects) {
                throw Diagnostic(path: bundle, message: "--objects takes a number from 0 to 100,000")
            }
            let settings = try bundleOptions.settings()
            let objects = objects ?? settings?.testObjects ?? 10
            let acknowledgements = settings?.acknowledgements ?? []
            if let settings, !settings.testValues.isEmpty {
                // Every key is checked against every version before anything is seeded.
                let loaded = try ModelBundle.load(path: bundle, keepingUnreadable: true)
                let order = try bundleOptions.versionOrder(of: loaded, settings: settings) ?? loaded.versions.map(\.name)
                try settings.checkTestValues(against: order.compactMap { name in loaded.version(named: name).map { (name, $0.model) } })
            }
            let data = MigrationTest.SeedData(counts: settings?.testCounts ?? [:], ranges: settings?.testValues ?? [:])
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("modeldiff-test-\(getpid())-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
            defer { try? FileManager.default.removeItem(at: folder) }
            do {
                // With an order (--order, the lock's, order:) the whole bundle is read to order it; without,
                // each step reads its two versions. A Swift source folder is read whole: its schemas are parsed together.
                let locked = try VersionLock.load(forBundle: bundle) != nil
                if bundleOptions.order != nil || settings?.order != nil || locked || ModelInput.isSwiftSourceFolder(bundle) {
                    let loaded = try ModelBundle.load(path: bundle, keepingUnreadable: true)
                    let names = try bundleOptions.versionOrder(of: loaded, settings: settings)
                    return try MigrationTest(
                        bundle: loaded, order: names, path: path ?? defaultMigrationPath(of: loaded), objects: objects, seed: seed,
                        stores: stores, data: data,
                        acknowledgements: acknowledgements, temporaryFolder: folder)
                }
                return try MigrationTest(
                    bundleAt: bundle, path: path ?? .all, objects: objects, seed: seed, stores: stores, data: data,
                    acknowledgements: acknowledgements, temporaryFolder: folder)
            } catch let error as SeedCountError {
                throw error.diagnostic
            }
        }
        printNotes(test.unreadableVersions + test.unreadableMappings)
        switch format {
        case .text: printOut(MigrationTestReports.text(test))
        case .json: printOut(try reportingFailures { try MigrationTestReports.json(test) })
        case .junit: printOut(MigrationTestReports.junit(test, bundle: bundle))
        }
        if !test.passed || (strict && !test.stepsWithCustomCodeNotRun.isEmpty) { throw ExitCode(1) }
    }
}

extension MigrationPath: ExpressibleByArgument {}
