import ArgumentParser
import Foundation
import ModelDiffKit

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Fail when lightweight migration cannot infer a model change (for CI).",
        discussion: """
            With two models, checks OLD -> NEW (with the history of their bundle when both are versions of one,
            so a pair gets the verdict it gets in the bundle). With one .xcdatamodeld bundle, checks the current
            version (the one .xccurrentversion names) against history: each version against the next up to the
            current one (--path consecutive), every old version against the current one (--path direct), or both
            (--path all, the default). Versions after the current one in name order are drafts: noted, not checked.
            Exit status: 0 inferable (warnings allowed), 1 not inferable (or any warning with --strict), 2 bad input.

            Examples:
              modeldiff check TestModels/Notes.xcdatamodeld
              modeldiff check v1.xml v2.xml --format github
              modeldiff check Model.xcdatamodeld --format sarif > modeldiff.sarif
              modeldiff check Model.xcdatamodeld --path direct --since "Model 9"
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json, sarif, github }

    @Argument(help: "OLD NEW, or one .xcdatamodeld bundle.")
    var models: [String]

    @Option(help: "Output format: text, json, sarif or github.")
    var format: Format = .text

    @Flag(help: "Also fail on warnings.")
    var strict = false

    @Option(help: "Comma-separated version names, oldest first, to use instead of natural order (bundle mode).")
    var order: String?

    @Option(help: "Migration path (bundle mode): consecutive (each version against the next), direct (every old version against the current one, as NSPersistentContainer's automatic lightweight migration does) or all.")
    var path: BundleCheck.Path = .all

    @Option(help: "Check only pairs whose newer version comes after this one (bundle mode), so CI gates the change under review.")
    var since: String?

    func validate() throws {
        guard models.count == 1 || models.count == 2 else {
            throw ValidationError("give OLD and NEW, or one .xcdatamodeld bundle")
        }
        if order != nil && models.count != 1 { throw ValidationError("--order goes with a bundle") }
        if since != nil && models.count != 1 { throw ValidationError("--since goes with a bundle") }
    }

    func run() throws {
        let failed = try reportingFailures {
            let reports: [(title: String?, report: InferenceReport)]
            let output: String
            if models.count == 2 {
                let report = try PairCheck.report(oldPath: models[0], newPath: models[1])
                reports = [(nil, report)]
                switch format {
                case .text: output = CheckReports.text(report, style: .standardOutput)
                case .json: output = try CheckReports.json(report)
                case .sarif: output = try SARIFReport.render(reports, toolVersion: ModelDiffCommand.version)
                case .github: output = CheckReports.github(reports)
                }
            } else {
                let bundle = try ModelBundle.load(path: models[0])
                printNotes(bundle.notes)
                let names = order?.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                let check = try BundleCheck(bundle: bundle, order: names, path: path, since: since)
                // Text and JSON list the drafts themselves; SARIF and GitHub have no place for them.
                if format == .sarif || format == .github { printNotes(check.drafts.map { draft in
                    Diagnostic(.note, path: bundle.path, message: "version \"\(draft)\" comes after the current version \"\(check.current)\" (named by .xccurrentversion): a draft, not checked")
                }) }
                reports = check.pairs.map { (CheckReports.title($0), $0.report) }
                switch format {
                case .text: output = CheckReports.text(check, style: .standardOutput)
                case .json: output = try CheckReports.json(check)
                case .sarif: output = try SARIFReport.render(reports, toolVersion: ModelDiffCommand.version)
                case .github: output = CheckReports.github(reports)
                }
            }
            printOut(output)
            let findings = reports.flatMap(\.report.findings)
            return findings.contains { $0.severity == .error || (strict && $0.severity == .warning) }
        }
        if failed { throw ExitCode(1) }
    }
}

extension BundleCheck.Path: ExpressibleByArgument {}
