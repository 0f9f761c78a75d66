import ArgumentParser
import Foundation
import ModelDiffKit

struct InferCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "infer",
        abstract: "Infer the mapping model between two versions and write it as an editable XML file.",
        discussion: """
            Copy mappings for unchanged entities, transform for changed ones, add and remove; attribute mappings
            through renames ($source.title); relationship mappings through the manager. A change lightweight
            migration cannot infer becomes a placeholder (todo="...") that `mapping validate` rejects until you fill it in.

            Example:
              modeldiff infer "Model.xcdatamodeld/Model 3.xcdatamodel" "Model.xcdatamodeld/Model 4.xcdatamodel" --output Mappings/Model3to4.xml
            """
    )

    @Argument(help: "The old version.")
    var old: String

    @Argument(help: "The new version.")
    var new: String

    @Option(help: "Write the mapping to this file instead of standard output.")
    var output: String?

    func run() throws {
        try reportingFailures {
            if let output { try OutputPath.check(output, notSameAs: [old, new]) }
            let source = try ModelFile.load(path: old)
            let destination = try ModelFile.load(path: new)
            let mapping = MappingInference.infer(
                from: source.model, to: destination.model, names: (versionName(forPath: source.path), versionName(forPath: destination.path)),
                historicalNames: PairCheck.sharedHistory(oldPath: old, newPath: new), suggestingRenames: true)
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
