import ArgumentParser
@_spi(CLI) import ModelDiffKit

struct TextconvCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "textconv",
        abstract: "Print a model version as stable, line-per-element text, so `git diff` shows model changes readably.",
        discussion: """
            One line per entity, property, fetch index, fetch request and configuration, each starting with \
            its full name and sorted by name; the diagram layout is left out.

            Example, set up once per repository:
              echo '*.xcdatamodel/contents diff=coredata' >> .gitattributes
              git config diff.coredata.textconv "modeldiff textconv"
            """
    )

    @Argument(help: "A model: a contents file (git passes a temporary copy), a .xcdatamodel folder or a .xcdatamodeld bundle.")
    var model: String

    func run() throws {
        try reportingFailures {
            printOut(ModelText.render(try ModelFile.load(path: model).model))
        }
    }
}
