import ArgumentParser
@_spi(CLI) import ModelDiffKit

struct VersionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "versions",
        abstract: "List the versions of a .xcdatamodeld bundle (or a SwiftData source folder), marking the current one.",
        discussion: """
            Versions are listed oldest first: in --order, else the lock file's order, else .modeldiff.yml's order:, \
            else the bundle's own (the version named after the bundle, then natural order: Model, Model 2, ..., Model 10).
            A version that cannot be read is listed with the reader's error (its line on stderr, "unreadable" beside \
            its name, "problem" in JSON), and the exit status is 1; a bundle that cannot be read at all is exit 2.

            Example:
              modeldiff versions TestModels/Notes.xcdatamodeld
            """
    )

    @Argument(help: "A .xcdatamodeld bundle, or a folder of Swift sources whose SwiftData VersionedSchemas are the versions.")
    var bundle: String

    @Option(help: "Output format: text or json.")
    var format: TextOrJSON = .text

    @OptionGroup var bundleOptions: BundleOptions

    func run() throws {
        var unreadable = false
        try reportingFailures {
            let loaded = try ModelBundle.load(path: bundle, keepingUnreadable: true)
            printNotes(loaded.notes + loaded.versionWarnings + loaded.unreadableVersions.map(\.problem) + swiftDataHashNote(loaded))
            unreadable = !loaded.unreadableVersions.isEmpty
            let order = try bundleOptions.versionOrder(of: loaded, settings: try bundleOptions.settings())
            try loaded.orderedVersions(order)
            let names = order ?? loaded.versionNames
            switch format {
            case .text:
                var text = ""
                for name in names {
                    let current = name == loaded.currentVersionName
                    let problem = loaded.problem(ofVersion: name) == nil ? "" : " (unreadable)"
                    text += (current ? "* " : "  ") + MessageEscaping.escaped(name) + (current ? " (current)" : "") + problem + "\n"
                }
                printOut(text)
            case .json:
                struct Listing: Encodable {
                    let current: String
                    let versions: [String]
                    let problems: [String: String]?
                }
                let problems = Dictionary(uniqueKeysWithValues: loaded.unreadableVersions.map { ($0.name, $0.problem.description) })
                printOut(
                    try jsonText(Listing(current: loaded.currentVersionName, versions: names, problems: problems.isEmpty ? nil : problems)))
            }
        }
        if unreadable { throw ExitCode(1) }
    }
}
