import ArgumentParser
@_spi(CLI) import ModelDiffKit

struct MappingCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mapping",
        abstract: "Work with mapping files.",
        discussion: """
            Example:
              modeldiff mapping validate Mappings/Model3to4.xml --from "Model 3.xcdatamodel" --to "Model 4.xcdatamodel"
            """,
        subcommands: [MappingValidateCommand.self, MappingConvertCommand.self]
    )
}

struct MappingValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check a mapping file (or an Xcode .xcmappingmodel or compiled .cdm) against the two versions it maps between.",
        discussion: """
            Reports unknown entities and properties, expressions that do not parse or read unknown key paths, \
            stale entity version hashes, mapping types that contradict the models, and placeholders left to fill in. \
            An entity of both versions that no mapping carries over is a warning (its objects are dropped); \
            a new entity no mapping fills starts empty, as in Xcode's mapping models. \
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
            let resolved = mapping.resolved(source: source.model, destination: destination.model)
            let warnings = try MappingValidation.validate(
                resolved, path: mapping.path, text: mapping.text, source: source.model, destination: destination.model)
            for warning in warnings { printError(warning.description) }
            let count = mapping.mapping.entityMappings.count
            printOut("\(MessageEscaping.escaped(mapping.path)): valid (\(count) entity mapping\(count == 1 ? "" : "s"))\n")
        }
    }
}

struct MappingConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert a mapping between modeldiff's XML and Xcode's .xcmappingmodel.",
        discussion: """
            The input may be modeldiff's XML, an Xcode .xcmappingmodel folder or a compiled .cdm. With --old-model and \
            --new-model, expressions equal to what Xcode generates are left for Xcode to generate (as Xcode writes them) \
            when writing xcode, and Xcode's generated expressions are filled in when writing xml. What the output \
            format cannot hold is a warning on stderr. An existing output is replaced only with --overwrite.

            Examples:
              modeldiff mapping convert Mappings/Model3to4.xml --to xcode --output Model3to4.xcmappingmodel
              modeldiff mapping convert Model3to4.xcmappingmodel --to xml --output Mappings/Model3to4.xml
            """
    )

    @Argument(help: "The mapping to convert.")
    var input: String

    @Option(help: "The format to write: xml or xcode.")
    var to: MappingFormat

    @Option(help: "The file (xml) or folder (xcode) to write.")
    var output: String

    @Option(help: "The old version, to match Xcode's generated expressions.")
    var oldModel: String?

    @Option(help: "The new version.")
    var newModel: String?

    @Flag(help: "Replace an existing output.")
    var overwrite = false

    func run() throws {
        try reportingFailures {
            guard (oldModel == nil) == (newModel == nil) else {
                throw Diagnostic(path: input, message: "give both --old-model and --new-model, or neither")
            }
            let file = try MappingFile.load(path: input)
            var models: (source: LoadedModel, destination: LoadedModel)?
            if let oldModel, let newModel { models = (try ModelFile.load(path: oldModel), try ModelFile.load(path: newModel)) }
            var mapping = file.mapping
            if to == .xml, let models {
                mapping = file.resolved(source: models.source.model, destination: models.destination.model)
            } else if to == .xml, file.path.hasSuffix("xcmapping.xml") {
                // Xcode's Undefined types: without the models, the reader's fallback (transform).
                mapping = mapping.decidingUndefinedTypes(source: nil, destination: nil)
            }
            Signals.ignoreFileSizeLimitSignal()
            try writeMapping(
                mapping, format: to, to: output, overwrite: overwrite,
                inputs: [input, file.path] + [oldModel, newModel].compactMap { $0 },
                models: models, path: file.path)
            printOut("\(MessageEscaping.escaped(output)): \(file.mapping.entityMappings.count) entity mappings written as \(to.rawValue)\n")
        }
    }
}
