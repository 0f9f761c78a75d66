import ArgumentParser
import Foundation
@_spi(CLI) import ModelDiffKit

struct InferCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "infer",
        abstract: "Infer the mapping model between two versions and write it as an editable XML file.",
        discussion: """
            Copy mappings for unchanged entities, transform for changed ones, add and remove; attribute mappings \
            through renames ($source.title); relationship mappings through the manager. A change lightweight \
            migration cannot infer becomes a placeholder (todo="...") that `mapping validate` rejects until you fill it in. \
            It maps the two versions given (a bundle: its current version), and the renaming identifiers of \
            the bundle's other versions count whatever their order, so the version order does not matter here (no --order).

            Example:
              modeldiff infer "Model.xcdatamodeld/Model 3.xcdatamodel" "Model.xcdatamodeld/Model 4.xcdatamodel" --output Mappings/Model3to4.xml

            With --format xcode, --output names the NAME.xcmappingmodel folder Xcode opens; what Xcode's file \
            cannot hold (a placeholder's todo, userInfo) is a warning on stderr.
              modeldiff infer "Model 3.xcdatamodel" "Model 4.xcdatamodel" --format xcode --output Model3to4.xcmappingmodel
            """
    )

    @Argument(help: "The old version.")
    var old: String

    @Argument(help: "The new version.")
    var new: String

    @Option(help: "Write the mapping to this file instead of standard output.")
    var output: String?

    @Option(help: "xml (modeldiff's editable file) or xcode (an .xcmappingmodel folder; needs --output).")
    var format: MappingFormat = .xml

    @Flag(help: "Replace an existing .xcmappingmodel output.")
    var overwrite = false

    func run() throws {
        try reportingFailures {
            // A file output is checked before the models are read; the folder is checked when it is written.
            if let output, format == .xml { try OutputPath.check(output, notSameAs: [old, new]) }
            let source = try ModelFile.load(path: old)
            let destination = try ModelFile.load(path: new)
            let mapping = MappingInference.infer(
                from: source.model, to: destination.model,
                names: (versionName(forPath: source.path), versionName(forPath: destination.path)),
                historicalNames: PairCheck.sharedHistory(oldPath: old, newPath: new), suggestingRenames: true)
            if format == .xcode {
                guard let output else {
                    throw Diagnostic(path: new, message: "--format xcode writes a folder: give it with --output NAME.xcmappingmodel")
                }
                try writeMapping(
                    mapping, format: .xcode, to: output, overwrite: overwrite, inputs: [old, new], models: (source, destination), path: new)
                return
            }
            let text = MappingXML.write(mapping)
            if let output {
                Signals.ignoreFileSizeLimitSignal()
                try OutputPath.write(text, to: output, notSameAs: [old, new])
            } else {
                printOut(text)
            }
        }
    }
}
