import ArgumentParser
@_spi(CLI) import ModelDiffKit

struct LogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "Show a bundle's history, newest version first: what each version changed and check's verdict for the step.",
        discussion: """
            One section per version up to the current one (.xccurrentversion's): entities, attributes and \
            relationships added, removed, renamed or changed against the version before it, cosmetic changes \
            (version hashes unchanged) summarised, the step's errors and warnings, and its verdict as \
            `check --path consecutive` gives it, with the mapping model beside the bundle (or under --mappings) \
            that covers it. Versions after the current one are listed as drafts. A version that cannot be read is \
            listed with the reader's error (version-unreadable) and the step out of it is not checked; the other \
            versions are. Exit status: 0, 1 when a version cannot be read, 2 on bad input.

            Examples:
              modeldiff log TestModels/Notes.xcdatamodeld
              modeldiff log Model.xcdatamodeld --format markdown > MODEL-HISTORY.md
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, markdown, json }

    @Argument(help: "A .xcdatamodeld bundle, or a folder of Swift sources whose SwiftData VersionedSchemas are the versions.")
    var bundle: String

    @Option(help: "Output format: text, markdown or json.")
    var format: Format = .text

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
            printNotes(loaded.notes)
            let order = try bundleOptions.versionOrder(of: loaded, settings: try bundleOptions.settings())
            // A mapping file that cannot be read is one error line; the history is told with the others.
            let mappings = try readableMappingFiles(besides: loaded.path, in: mappingFolders)
            for problem in mappings.unreadable {
                printError(
                    Diagnostic(
                        path: problem.path, line: problem.line, column: problem.column,
                        message: "this mapping model cannot be read, so no step is told with it: \(problem.message)"
                    ).description)
            }
            let log = try BundleLog(bundle: loaded, order: order, mappings: mappings.files)
            switch format {
            case .text: printOut(log.text(style: .standardOutput))
            case .markdown: printOut(log.markdown())
            case .json: printOut(try log.json())
            }
            return log.allRead && mappings.unreadable.isEmpty
        }
        if !allRead { throw ExitCode(1) }
    }
}
