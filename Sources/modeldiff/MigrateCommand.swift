import ArgumentParser
import Foundation
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore

struct MigrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Migrate a Core Data SQLite store to a new model version, atomically.",
        discussion: """
            With --from, migrates one step from that version to --to, with --mapping or an inferred mapping. \
            With a .xcdatamodeld bundle as --to, finds the store's version and migrates it to the current \
            one. --path direct (the default) does it in one step, as NSPersistentContainer's automatic \
            migration does: a mapping file for exactly that step, else the mapping Core Data would infer. \
            --path consecutive goes through every later version, as an app that migrates step by step does. \
            Mapping files (*.mapping.xml, .xcmappingmodel, .cdm) are found beside the bundle. A store that no \
            version of the bundle wrote is migrated, in one step, from the model Core Data cached in it \
            (Z_MODELCACHE), as Core Data does. The source store is only read; the result is written next \
            to --output and renamed into place when everything succeeded.

            --dry-run is the pre-flight for a store taken from a device or a beta user: the whole migration \
            runs in a temporary file (no --output needed) and every object Core Data's validation would \
            refuse is listed, grouped by error code (1570 required, 1590 too many related objects, 1551 \
            uniqueness, ...) with its entity, object and property; --format json gives the same as JSON. \
            Exit status: 0 migrated (or would migrate), 1 a dry run found objects that would fail, 2 bad input \
            or a failed migration.

            Examples:
              modeldiff migrate Notes.sqlite --from "Notes.xcdatamodel" --to "Notes 2.xcdatamodel" --output Notes-v2.sqlite
              modeldiff migrate Notes.sqlite --to Notes.xcdatamodeld --output Notes-current.sqlite
              modeldiff migrate Old.sqlite --to Model.xcdatamodeld --path consecutive --output Current.sqlite
              modeldiff migrate FromDevice.sqlite --to Model.xcdatamodeld --dry-run --format json
            """
    )

    @Argument(help: "The store to migrate (never modified).")
    var store: String

    @Option(help: "The version the store was written with (not needed when --to is a bundle).")
    var from: String?

    @Option(help: "The version to migrate to, or a .xcdatamodeld bundle (migrates to its current version).")
    var to: String

    @Option(
        help:
            "With a bundle as --to: direct (one step to the current version, as Core Data's automatic migration) or consecutive (every version in turn)."
    )
    var path = OnePath(.direct)

    @Option(help: "A mapping file, .xcmappingmodel or .cdm (single step only); inferred when absent.")
    var mapping: String?

    @Option(help: "Where to write the migrated store (not needed with --dry-run).")
    var output: String?

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @Option(help: "text or json: the pre-flight with --dry-run, else every mapping's counts in the source and the output.")
    var format: Format = .text

    @Flag(help: "Run everything in a temporary file and list every object that would fail; write nothing.")
    var dryRun = false

    @Flag(help: "Replace the output when it exists.")
    var overwrite = false

    @Flag(help: "Always take the three-stage path, even where the SQL fast path applies.")
    var noFastPath = false

    @Option(help: "Seconds to wait while another process holds the source store locked, before failing.")
    var lockTimeout: Double = 10

    @OptionGroup var bundleOptions: BundleOptions

    func validate() throws {
        if from != nil && path.value != .direct { throw ValidationError("--path goes with a bundle as --to, not with --from") }
        if from != nil && bundleOptions.order != nil { throw ValidationError("--order goes with a bundle as --to, not with --from") }
        if !(lockTimeout >= 0) { throw ValidationError("--lock-timeout must be a number of seconds, 0 or more") }
        if output == nil && !dryRun { throw ValidationError("--output is required, except with --dry-run (which writes nothing)") }
    }

    func run() throws {
        try reportingFailures {
            // Every connection to the source (and the output, read back for the report) waits this long.
            let wait = LockTimeout(seconds: lockTimeout)
            // Checked before anything is read, and again by StoreMigration.run before writing; a dry
            // run checks it too, so it fails where the real run would.
            if let output { try OutputPath.check(output, notSameAs: inputs, storeOutput: true, source: store) }
            let target =
                dryRun || output == nil
                ? FileManager.default.temporaryDirectory.appendingPathComponent("modeldiff-dry-run-\(UUID().uuidString).sqlite").path
                : output!
            // Before the source is opened: opening a WAL store makes a private read copy, which a
            // Ctrl-C must remove too.
            Signals.removeOnInterrupt()
            let source = try PersistentStore.open(path: store, lockTimeout: wait)
            let steps = try plan(source)
            // A default computed at launch has no value in the source: one warning per attribute that takes the run's stand-in.
            for line in steps.flatMap(LaunchDefaultStandIns.warnings(for:)) {
                printError(Diagnostic(.warning, path: store, message: line).description)
            }
            // Counted as Core Data reads the source version's tables, as the migration reads them.
            let counts =
                try steps.first.map { step throws(StoreFailure) in try source.rowCounts(layout: source.layout(for: step.source)) }
                ?? source.rowCounts()
            Signals.registerPartials(of: target, steps: steps.count, dryRun: dryRun)
            defer { if dryRun { StoreMigration.removeStore(target) } }
            let bar = ProgressBar(steps: steps.count)
            var fastPaths: [Bool] = []
            var managers: [MigrationManager] = []
            // Keys the source holds that point to no row were carried over as nil: one warning per
            // relationship, whether or not a later stage fails; so is each kind of row Core Data reads
            // that a strict reader refuses (read as Core Data reads it).
            func warnNullifiedKeys() {
                for message in managers.flatMap(\.sourceWarnings) + managers.flatMap(\.nullifiedKeys).map(\.message) {
                    printError(Diagnostic(.warning, path: store, message: message).description)
                }
            }
            do {
                fastPaths = try StoreMigration.run(steps, source: store, output: target, overwrite: overwrite) { manager, index in
                    managers.append(manager)
                    manager.progressHandler = { bar.update($0, step: index, of: steps) }
                    manager.usesStoreSpecificMigrationManager = !noFastPath
                    manager.lockTimeout = wait
                    manager.collectsValidationFailures = dryRun
                }
            } catch let exists as OutputExists {
                throw Diagnostic(path: exists.path, message: "the output already exists; pass --overwrite to replace it")
            } catch let error as StoreFailure where dryRun && error.path.hasPrefix(target) {
                // A dry run's output is a file of the temporary folder the user never named: name the step instead.
                bar.finish()
                warnNullifiedKeys()
                throw Diagnostic(path: store, message: "dry run of \(failedStep(steps, managers)): \(error.message)")
            } catch let error as Diagnostic where dryRun && error.path.hasPrefix(target) {
                bar.finish()
                warnNullifiedKeys()
                throw Diagnostic(path: store, message: "dry run of \(failedStep(steps, managers)): \(error.message)")
            } catch let error as MigrationError {
                bar.finish()
                warnNullifiedKeys()
                if dryRun {
                    // The pre-flight: every refused object, or the one error that stopped the migration.
                    let collected = managers.last?.validationFailures ?? []
                    let names = StoreLayout(model: steps[max(managers.count - 1, 0)].destination).entityNumbers
                    let preflight = Preflight(
                        store: store, steps: steps.map { "\($0.from) → \($0.to)" }, errors: collected.isEmpty ? [error] : collected,
                        entityNames: Dictionary(names.map { ($1, $0) }, uniquingKeysWith: { a, _ in a }))
                    printOut(format == .json ? try PreflightReports.json(preflight) : PreflightReports.text(preflight))
                    throw ExitCode(1)
                }
                // The step that failed is the last one whose manager was made; with several steps the
                // message names it, and a failure inside its mapping file's entity mapping points at that
                // file (another step's mapping may have an entity mapping of the same name), as a compiler would.
                let failed = steps[min(max(managers.count - 1, 0), steps.count - 1)]
                let stepText = steps.count > 1 ? " in step \(failed.from) → \(failed.to)" : ""
                if let (path, line) = error.place(in: [failed]) {
                    throw Diagnostic(path: path, line: line, message: "migrating \(store) failed\(stepText): \(error)")
                }
                throw Diagnostic(path: store, message: "migration failed\(stepText): \(error)\(consecutiveHint(steps))")
            }
            bar.finish()
            warnNullifiedKeys()
            // The last step's objects: counted as the SQL fast path inserted them, else by reading the output.
            let counted = managers.count == steps.count ? managers.last?.fastPathObjectCounts : nil
            let after = try counted ?? PersistentStore.open(path: target, lockTimeout: wait).rowCounts()
            var report = dryRun ? "dry run: \(store) would migrate" : "migrated \(store) → \(output ?? "")"
            let described = zip(steps, fastPaths + Array(repeating: false, count: max(0, steps.count - fastPaths.count))).map {
                step, fast in
                "\(step.from) → \(step.to)\(step.mappingPath.map { " with \($0)" } ?? " (inferred)")\(fast ? " [SQL fast path]" : "")"
            }
            report += " (\(described.joined(separator: ", ")))\n"
            let before = Dictionary(counts.map { ($0.entity, $0.count) }, uniquingKeysWith: { a, _ in a })
            for (entity, count) in after {
                report += "  \(entity): \(count) objects\(before[entity].map { $0 == count ? "" : " (was \($0))" } ?? " (new)")\n"
            }
            for dropped in DroppedObjects.find(steps: steps, counts: counts) {
                report += "  \(dropped.entity): \(dropped.count) objects dropped (the entity is not in \(dropped.removedIn))\n"
            }
            for line in managers.flatMap(\.conservation).compactMap(\.droppedLinksLine) { report += "  \(line)\n" }
            if format == .json && dryRun {
                let preflight = Preflight(store: store, steps: steps.map { "\($0.from) → \($0.to)" }, errors: [], entityNames: [:])
                printOut(try PreflightReports.json(preflight))
            } else if format == .json {
                let reported = zip(steps, zip(fastPaths, managers)).map { step, ran in
                    MigrationReports.Step(
                        name: "\(step.from) → \(step.to)", mappingPath: step.mappingPath, fastPath: ran.0, counts: ran.1.conservation)
                }
                printOut(try MigrationReports.json(store: store, output: output, steps: reported))
            } else {
                printOut(report)
            }
        }
    }

    /// Every file and folder the command reads: the store, the models, the mapping, the configuration,
    /// and in bundle mode the lock file and the mapping files beside the bundle.
    private var inputs: [String] {
        var paths = [store, to] + [from, mapping, bundleOptions.configPath].compactMap { $0 }
        if from == nil && ModelInput.isBundle(to) {
            paths += [VersionLock.path(forBundle: to)] + MappingDiscovery.paths(besides: to, in: [])
        }
        return paths
    }

    private func plan(_ source: PersistentStore) throws -> [MigrationStep] {
        if let from {
            let old = try ModelFile.load(path: from)
            let new = try ModelFile.load(path: to)
            let names = (versionName(forPath: old.path), versionName(forPath: new.path))
            guard source.metadata.versionHashes == old.model.versionHashes().entityVersionHashes else {
                throw Diagnostic(
                    path: store,
                    message:
                        """
                        the store was not written with \(from): its entity version hashes differ (run modeldiff store info \(store) --model \
                        MODEL to find its version)
                        """
                )
            }
            if let mapping {
                let file = try MappingFile.load(path: mapping)
                let resolved = file.resolved(source: old.model, destination: new.model)
                // Warnings (an entity whose objects the mapping drops) are printed, and do not stop the migration.
                for warning in try MappingValidation.validate(
                    resolved, path: file.path, text: file.text, source: old.model, destination: new.model)
                {
                    printError(warning.description)
                }
                return [
                    MigrationStep(
                        from: names.0, to: names.1, source: old.model, destination: new.model, mapping: resolved, mappingPath: file.path)
                ]
            }
            let history = PairCheck.sharedHistory(oldPath: old.path, newPath: new.path)
            let inferred = MappingInference.infer(from: old.model, to: new.model, names: names, historicalNames: history)
            return [
                MigrationStep(from: names.0, to: names.1, source: old.model, destination: new.model, mapping: inferred, mappingPath: nil)
            ]
        }
        guard ModelInput.isBundle(to) else { throw ValidationError("give --from with a single version, or a .xcdatamodeld bundle as --to") }
        if mapping != nil { throw ValidationError("--mapping goes with --from; in bundle mode mapping files are found beside the bundle") }
        // One unreadable version stops only the stores that need it (`StoreMigration.steps`).
        let bundle = try ModelBundle.load(path: to, keepingUnreadable: true)
        let order = try bundleOptions.versionOrder(of: bundle, settings: try bundleOptions.settings())
        let (steps, unused) = try StoreMigration.stepsAndUnusedMappings(for: source, bundle: bundle, path: path.value, order: order)
        for warning in unused { printError(warning.description) }
        return steps
    }

    /// The step that was running when a migration failed (the last one a manager was made for): `V1 → V2`.
    private func failedStep(_ steps: [MigrationStep], _ managers: [MigrationManager]) -> String {
        guard !steps.isEmpty else { return "the migration" }
        let step = steps[min(max(managers.count - 1, 0), steps.count - 1)]
        return "\(step.from) → \(step.to)"
    }

    /// A direct step that failed with an inferred mapping, in a bundle that has mapping files: the app
    /// may run them step by step, which --path consecutive does.
    private func consecutiveHint(_ steps: [MigrationStep]) -> String {
        guard from == nil, path.value == .direct, steps.count == 1, steps[0].mappingPath == nil,
            let files = try? MappingDiscovery.readableFiles(besides: to).files, !files.isEmpty
        else { return "" }
        return " (the bundle has mapping files for single steps; --path consecutive migrates through every version with them)"
    }
}

/// A one-line progress bar on standard error, shown only on a terminal.
final class ProgressBar {
    private let enabled = isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["TERM"] != "dumb"
    private let started = Date()
    private var lastDraw = Date.distantPast
    private let steps: Int

    init(steps: Int) { self.steps = steps }

    func update(_ progress: MigrationProgress, step: Int, of all: [MigrationStep]) {
        guard enabled, Date().timeIntervalSince(lastDraw) > 0.1 else { return }
        lastDraw = Date()
        let overall = (Double(step) + progress.fraction) / Double(max(steps, 1))
        let width = 30
        let filled = Int(overall * Double(width))
        let rate = Double(progress.objects) / max(Date().timeIntervalSince(started), 0.001)
        let line =
            """
            \r[\(String(repeating: "#", count: filled))\(String(repeating: " ", count: width - filled))] \(Int(overall * 100))% \
            \(all[step].from) → \(all[step].to): \(progress.mapping), \(progress.stage.rawValue), \(Int(rate)) objects/s
            """
        FileHandle.standardError.write(Data(line.utf8))
    }

    func finish() {
        if enabled { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}

/// `--path` of `migrate`: a store migrates along one path, so it takes `MigrationPath`'s `direct` and
/// `consecutive` but not `all`, and its help and errors name only those two.
struct OnePath: ExpressibleByArgument {
    let value: MigrationPath

    init(_ value: MigrationPath) { self.value = value }

    init?(argument: String) {
        guard let value = MigrationPath(rawValue: argument), value != .all else { return nil }
        self.value = value
    }

    static var allValueStrings: [String] { [MigrationPath.direct, .consecutive].map(\.rawValue) }
    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
    var defaultValueDescription: String { value.rawValue }
}
