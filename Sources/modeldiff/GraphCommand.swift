import ArgumentParser
@_spi(CLI) import ModelDiffKit

struct GraphCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Draw a model version as an entity-relationship diagram (Mermaid or Graphviz DOT).",
        discussion: """
            A bundle given is drawn at its current version (.xccurrentversion's): the version order does not \
            matter here (no --order).

            Example:
              modeldiff graph TestModels/Notes.xcdatamodeld --format dot | dot -Tsvg > notes.svg
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case mermaid, dot }

    @Argument(help: "A model.")
    var model: String

    @Option(help: "Output format: mermaid or dot.")
    var format: Format = .mermaid

    func run() throws {
        try reportingFailures {
            let loaded = try ModelFile.load(path: model)
            printOut(format == .mermaid ? Diagrams.mermaid(loaded.model) : Diagrams.dot(loaded.model))
        }
    }
}
