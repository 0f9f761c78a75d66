import ArgumentParser
import Foundation
@_spi(CLI) import ModelDiffKit

/// The two files a mapping can be written as.
enum MappingFormat: String, ExpressibleByArgument, CaseIterable {
    /// modeldiff's editable XML.
    case xml
    /// Xcode's `NAME.xcmappingmodel` folder.
    case xcode
}

/// Writes `mapping` in `format` to `output`, warnings (what the format cannot keep) on stderr.
func writeMapping(
    _ mapping: MappingModel, format: MappingFormat, to output: String, overwrite: Bool, inputs: [String],
    models: (source: LoadedModel, destination: LoadedModel)?, path: String
) throws {
    switch format {
    case .xml:
        if !overwrite, FileManager.default.fileExists(atPath: output) {
            throw Diagnostic(path: output, message: "the output exists; pass --overwrite to replace it")
        }
        try OutputPath.write(MappingXML.write(mapping), to: output, notSameAs: inputs)
    case .xcode:
        let recorded = (models?.source.path).map(recordedModelPath) ?? mapping.sourceVersion.map { $0 + ".xcdatamodel" }
        let recordedDestination =
            (models?.destination.path).map(recordedModelPath) ?? mapping.destinationVersion.map { $0 + ".xcdatamodel" }
        let written = try XcodeMappingWriter.write(
            mapping, models: models.map { ($0.source.model, $0.destination.model) }, modelPaths: (recorded, recordedDestination), path: path
        )
        for warning in written.warnings { printError("\(MessageEscaping.escaped(output)): warning: \(warning)") }
        do {
            try XcodeMappingPackage.write(written.text, to: output, overwrite: overwrite, notSameAs: inputs)
        } catch let exists as OutputExists {
            throw Diagnostic(path: exists.path, message: "the output exists; pass --overwrite to replace it")
        }
    }
}

/// The model path Xcode records: relative to the enclosing project's folder (`XcodeModelPath`).
func recordedModelPath(_ path: String) -> String { XcodeModelPath.recorded(forModelAt: path) }
