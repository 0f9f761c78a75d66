import ArgumentParser
import ModelDiffKit

struct VersionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "versions",
        abstract: "List the versions of a .xcdatamodeld bundle, marking the current one.",
        discussion: """
            Versions are listed oldest first: in --order, else the lock file's order, else .modeldiff.yml's order:, \
            else the bundle's own (the version named after the bundle, then natural order: Model, Model 2, ..., Model 10).

            Example:
              modeldiff versions TestModels/Notes.xcdatamodeld
            """
    )

    @Argument(help: "A .xcdatamodeld bundle.")
    var bundle: String

    @Option(help: "Output format: text or json.")
    var format: TextOrJSON = .text

    @OptionGroup var bundleOptions: BundleOptions

    func run() throws {
        try reportingFailures {
            let loaded = try ModelBundle.load(path: bundle)
            printNotes(loaded.notes + loaded.versionWarnings)
            let versions = try loaded.orderedVersions(try bundleOptions.versionOrder(of: loaded, settings: try bundleOptions.settings()))
                .versions
            switch format {
            case .text:
                var text = ""
                for version in versions {
                    let current = version.name == loaded.currentVersionName
                    text += (current ? "* " : "  ") + MessageEscaping.escaped(version.name) + (current ? " (current)" : "") + "\n"
                }
                printOut(text)
            case .json:
                struct Listing: Encodable {
                    let current: String
                    let versions: [String]
                }
                printOut(try jsonText(Listing(current: loaded.currentVersionName, versions: versions.map(\.name))))
            }
        }
    }
}
