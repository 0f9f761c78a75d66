import ArgumentParser
import Foundation
@_spi(CLI) import ModelDiffKit

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Show what changed between two model versions, grouped by entity (the default command).",
        discussion: """
            Entities and properties match as Core Data matches them: by renaming identifier, else by name. \
            A bundle given is its current version (.xccurrentversion's), so the version order does not matter \
            here (no --order); `log` and `check` walk a bundle's versions in order. \
            Exit status as diff(1): 0 no differences, 1 differences, 2 trouble.

            Examples:
              modeldiff "TestModels/Notes.xcdatamodeld/Notes.xcdatamodel" "TestModels/Notes.xcdatamodeld/Notes 2.xcdatamodel"
              modeldiff diff v1.xml v2.xml --format json
              modeldiff diff v1.xml v2.xml --format markdown > comment.md
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json, markdown, mermaid, dot }

    @Argument(help: "The old version.")
    var old: String

    @Argument(help: "The new version.")
    var new: String

    @Option(help: "Output format: text, json, markdown (a pull-request comment), mermaid or dot (diagrams).")
    var format: Format = .text

    func run() throws {
        let differs = try reportingFailures {
            let source = try ModelFile.load(path: old)
            let destination = try ModelFile.load(path: new)
            printNotes(source.notes + destination.notes)
            let diff = ModelDiff(source: source.model, destination: destination.model)
            switch format {
            case .text: printOut(DiffReports.text(diff, oldPath: source.path, newPath: destination.path, style: .standardOutput))
            case .json: printOut(try DiffReports.json(diff, oldPath: source.path, newPath: destination.path))
            case .markdown:
                let report = InferenceReport(diff: diff, sourcePath: source.path, destinationPath: destination.path)
                printOut(
                    MarkdownReport.render(
                        report, oldName: versionName(forPath: source.path), newName: versionName(forPath: destination.path)))
            case .mermaid: printOut(Diagrams.mermaid(Diagrams.combinedModel(for: diff), marks: Diagrams.marks(for: diff)))
            case .dot: printOut(Diagrams.dot(Diagrams.combinedModel(for: diff), marks: Diagrams.marks(for: diff)))
            }
            return diff.hasDifferences
        }
        if differs { throw ExitCode(1) }
    }
}

extension Style {
    /// Colour for standard output: only on a terminal, never with NO_COLOR or TERM=dumb.
    static var standardOutput: Style {
        Style(colorize: Style.shouldColorize(isTerminal: isatty(STDOUT_FILENO) == 1, environment: ProcessInfo.processInfo.environment))
    }
}
