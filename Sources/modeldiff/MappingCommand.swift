import ArgumentParser
import ModelDiffKit

struct MappingCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mapping",
        abstract: "Work with mapping files.",
        discussion: """
            Example:
              modeldiff mapping validate Mappings/Model3to4.xml --from "Model 3.xcdatamodel" --to "Model 4.xcdatamodel"
            """,
        subcommands: [MappingValidateCommand.self]
    )
}

struct MappingValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check a mapping file (or an Xcode .xcmappingmodel or compiled .cdm) against the two versions it maps between.",
        discussion: """
            Reports unknown entities and properties, expressions that do not parse or read unknown key paths,
            stale entity version hashes, mapping types that contradict the models, and placeholders left to fill in.
            An entity of both versions that no mapping carries over is a warning (its objects are dropped);
            a new entity no mapping fills starts empty, as in Xcode's mapping models.
            Exit status: 0 valid (warnings on stderr), 2 problems (one `path:line:col: error:` line each).

            Example:
              modeldiff mapping validate Mappings/Model3to4.xml --from "Model 3.xcdatamodel" --to "Model 4.xcdatamodel"
            """
    )

    @Argument(help: "The mapping file.")
    var file: String

    @Option(help: "The old version.")
    var from: String

    @Option(help: "The new version.")
    var to: String

    func run() throws {
        try reportingFailures {
            let mapping = try MappingFile.load(path: file)
            let source = try ModelFile.load(path: from)
            let destination = try ModelFile.load(path: to)
            let resolved = mapping.mapping.resolvingXcodeAutogeneration(source: source.model, destination: destination.model)
            let warnings = try MappingValidation.validate(resolved, path: mapping.path, text: mapping.text, source: source.model, destination: destination.model)
            for warning in warnings { printError(warning.description) }
            let count = mapping.mapping.entityMappings.count
            printOut("\(MessageEscaping.escaped(mapping.path)): valid (\(count) entity mapping\(count == 1 ? "" : "s"))\n")
        }
    }
}
