import ArgumentParser
import ModelDiffKit

struct VersionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "versions",
        abstract: "List the versions of a .xcdatamodeld bundle, marking the current one.",
        discussion: """
            Versions are listed in natural order of their names (Model, Model 2, ..., Model 10).

            Example:
              modeldiff versions TestModels/Notes.xcdatamodeld
            """
    )

    @Argument(help: "A .xcdatamodeld bundle.")
    var bundle: String

    @Option(help: "Output format: text or json.")
    var format: TextOrJSON = .text

    func run() throws {
        try reportingFailures {
            let loaded = try ModelBundle.load(path: bundle)
            printNotes(loaded.notes + loaded.versionWarnings)
            switch format {
            case .text:
                var text = ""
                for version in loaded.versions {
                    let current = version.name == loaded.currentVersionName
                    text += (current ? "* " : "  ") + MessageEscaping.escaped(version.name) + (current ? " (current)" : "") + "\n"
                }
                printOut(text)
            case .json:
                struct Listing: Encodable {
                    let current: String
                    let versions: [String]
                }
                printOut(try jsonText(Listing(current: loaded.currentVersionName, versions: loaded.versions.map(\.name))))
            }
        }
    }
}
