import ArgumentParser
import Foundation
@_spi(CLI) import ModelDiffKit

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Fail when lightweight migration cannot infer a model change (for CI).",
        discussion: """
            With two models, checks OLD -> NEW. With one .xcdatamodeld bundle, checks every consecutive pair of \
            versions (the lock file's order, .modeldiff.yml's order: or the bundle's own: the version named after the bundle, \
            then natural order of names; --order overrides them) and every old version against the current one \
            (.xccurrentversion's; --path consecutive or direct for one of the two). A folder of Swift sources is a bundle whose \
            versions are its SwiftData VersionedSchemas, in its SchemaMigrationPlan's order, with SwiftData's own failures \
            (swiftdata-* codes: a shipped schema naming a live class, equal hashes, stages out of order, a .lightweight stage \
            that is not inferable). A step that a mapping model \
            beside the bundle (or under --mappings) covers and that validates is "mapped", not a failure. \
            The nearest .modeldiff.yml sets defaults (path, mappings, since, strict, cloudkit) and lists \
            acknowledged findings, which do not fail the build; --cloudkit adds CloudKit's model rules. \
            Exit status: 0 inferable (warnings allowed), 1 not inferable (or any warning with --strict), 2 bad input.

            Examples:
              modeldiff check TestModels/Notes.xcdatamodeld
              modeldiff check Sources/
              modeldiff check v1.xml v2.xml --format github
              modeldiff check Model.xcdatamodeld --format sarif > modeldiff.sarif
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json, sarif, github }

    @Argument(help: "OLD NEW, or one .xcdatamodeld bundle or folder of Swift sources (SwiftData).")
    var models: [String]

    @Option(help: "Output format: text, json, sarif or github.")
    var format: Format = .text

    @Flag(inversion: .prefixedNo, help: "Also fail on warnings (--no-strict: do not, whatever .modeldiff.yml's check.strict says).")
    var strict: Bool?

    @Flag(
        help: "Show every pair and every note (text and github); by default each error and warning is shown once, then the failing pairs.")
    var verbose = false

    @Option(
        help:
            """
            Which steps to check (bundle mode): consecutive (each version to the next), direct (each to the current one), or all \
            (the default, unless .modeldiff.yml sets check.path; a Swift source folder whose SchemaMigrationPlan has stages takes \
            consecutive, the stages).
            """
    )
    var path: MigrationPath?

    @Option(help: "Check only pairs whose newer version comes after this one (bundle mode), and the jumps to the current version.")
    var since: String?

    @Option(
        name: .customLong("mappings"),
        help:
            "A folder to search, recursively, for mapping models (*.mapping.xml, *.xcmappingmodel, *.cdm); repeatable. Those beside the bundle are always used."
    )
    var mappingFolders: [String] = []

    @Flag(
        inversion: .prefixedNo,
        help:
            """
            Also check CloudKit's rules for a model mirrored with NSPersistentCloudKitContainer: the current version's (NEW's) entities, \
            and add-only changes (default: .modeldiff.yml's check.cloudkit, else no).
            """
    )
    var cloudkit: Bool?

    @OptionGroup var bundleOptions: BundleOptions

    func validate() throws {
        guard models.count == 1 || models.count == 2 else {
            throw ValidationError("give OLD and NEW, or one .xcdatamodeld bundle or Swift source folder")
        }
        if bundleOptions.order != nil && models.count != 1 { throw ValidationError("--order goes with a bundle") }
        if (since != nil || !mappingFolders.isEmpty || path != nil) && models.count != 1 {
            throw ValidationError("--path, --since and --mappings go with a bundle")
        }
    }

    func run() throws {
        let failed = try reportingFailures {
            let settings = try bundleOptions.settings()
            let acknowledgements = settings?.acknowledgements ?? []
            let strict = strict ?? settings?.strict ?? false
            let cloudKit = cloudkit ?? settings?.cloudKit ?? false
            let reports: [(title: String?, report: InferenceReport)]
            var bundleFindings: [Finding] = []
            let output: String
            if models.count == 2 {
                // Two versions of one bundle are judged with the bundle's history, as `check BUNDLE` judges them.
                var found = try PairCheck.report(oldPath: models[0], newPath: models[1])
                if cloudKit {
                    found = found.adding(
                        CloudKitRules.model(found.diff.destination, path: found.destinationPath)
                            + CloudKitRules.change(found.diff, sourcePath: found.sourcePath, destinationPath: found.destinationPath))
                }
                // Outside a bundle the versions are named by their folders (`Model 9.xcdatamodel`), so
                // an acknowledgement that names this pair applies too; unused ones are not reported,
                // since a configuration describes a whole bundle's history.
                let report = found.acknowledging(acknowledgements, from: Self.versionName(models[0]), to: Self.versionName(models[1]))
                    .report
                reports = [(nil, report)]
                switch format {
                case .text: output = CheckReports.text(report, style: .standardOutput, notes: verbose)
                case .json: output = try CheckReports.json(report)
                case .sarif: output = try SARIFReport.render(reports, toolVersion: ModelDiffCommand.version)
                case .github: output = CheckReports.github(reports, verbose: verbose)
                }
            } else {
                let folders = mappingFolders.isEmpty ? settings?.mappingFolders ?? [] : mappingFolders
                // The mapping models do not depend on the versions: they are read while the versions
                // are, and their errors reported only after the bundle's, as when read in turn.
                let early = ModelInput.isSwiftSourceFolder(models[0]) ? nil : earlyMappingRead(besides: models[0], in: folders)
                let bundle = try ModelBundle.load(path: models[0], keepingUnreadable: true)
                printNotes(bundle.notes + bundle.versionWarnings)
                let names = try bundleOptions.versionOrder(of: bundle, settings: settings)
                let mappings =
                    try early.flatMap { bundle.path == models[0] ? $0.value : nil }?.get()
                    ?? readableMappingFiles(besides: bundle.path, in: folders)
                let lockPath = VersionLock.path(forBundle: bundle.path)
                let lock = try VersionLock.load(forBundle: bundle.path).map { (lock: $0, path: lockPath) }
                let ordered = try bundle.orderedVersions(names).versions
                if let since = since ?? settings?.since, !ordered.contains(where: { $0.name == since }) {
                    throw Diagnostic(
                        path: bundle.path, message: "--since names version \"\(since)\", which the \(bundle.kindName) does not have")
                }
                let check = try BundleCheck(
                    bundle: bundle, order: names, path: path ?? settings?.checkPath ?? defaultMigrationPath(of: bundle),
                    since: since ?? settings?.since,
                    mappings: mappings.files, unreadableMappings: mappings.unreadable,
                    lock: lock, acknowledgements: acknowledgements, cloudKit: cloudKit)
                bundleFindings = check.bundleFindings
                reports = check.pairs.map { (CheckReports.title($0), $0.report) }
                switch format {
                case .text:
                    output =
                        verbose ? CheckReports.text(check, style: .standardOutput) : CheckReports.quietText(check, style: .standardOutput)
                case .json:
                    // Written as it is made: a long history's document is megabytes (issue 20's memory target).
                    CheckReports.json(check, write: printOut)
                    output = ""
                case .sarif:
                    output = try SARIFReport.render(reports, bundleFindings: check.bundleFindings, toolVersion: ModelDiffCommand.version)
                case .github: output = CheckReports.githubLock(check) + CheckReports.github(reports, verbose: verbose)
                }
                LeftToExit.keep((bundle, check, mappings.files))
            }
            printOut(output)
            let findings = reports.flatMap(\.report.findings) + bundleFindings
            return findings.contains { $0.severity == .error || (strict && $0.severity == .warning) }
        }
        if failed { throw ExitCode(1) }
    }
}

extension CheckCommand {
    /// `Model 9` for `…/Model 9.xcdatamodel` or its `contents`; nil for a loose XML file.
    static func versionName(_ path: String) -> String? {
        var url = URL(fileURLWithPath: path)
        if url.lastPathComponent == "contents" { url.deleteLastPathComponent() }
        return url.pathExtension == "xcdatamodel" ? url.deletingPathExtension().lastPathComponent : nil
    }
}

/// The mapping files of a bundle (`readableMappingFiles`), read on another thread from now on.
private func earlyMappingRead(besides bundle: String, in folders: [String]) -> Background<
    Result<(files: [MappingFile], unreadable: [Diagnostic]), Diagnostic>
> {
    Background {
        do throws(Diagnostic) { return .success(try readableMappingFiles(besides: bundle, in: folders)) } catch { return .failure(error) }
    }
}
