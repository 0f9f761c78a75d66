import Foundation

/// A mapping file on disk: the model it holds and its text (for diagnostics' columns).
public struct MappingFile: Sendable {
    /// The path as given.
    public let path: String
    /// The mapping.
    public let mapping: MappingModel
    /// The file's text.
    public let text: String
    /// The entity version hashes (base64, by entity name) of the two models an Xcode mapping model
    /// records (`sourcemodeldata`, `destinationmodeldata`), when it records both: the hashes `mapc`
    /// compiles into the mapping's entity mappings, which Core Data matches a store's model by.
    package var recordedHashes: (source: [String: String], destination: [String: String])? = nil

    /// Reads a modeldiff mapping file, an Xcode `.xcmappingmodel` (its `xcmapping.xml`) or a compiled
    /// mapping model (`.cdm`, whose text is empty: an archive has no lines to point at).
    public static func load(path: String) throws(Diagnostic) -> MappingFile {
        var file = path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw Diagnostic(path: path, message: "no such file or directory")
        }
        if isDirectory.boolValue { file = (path as NSString).appendingPathComponent("xcmapping.xml") }
        let bytes = try RegularFile.bytes(at: file)
        if !isDirectory.boolValue, path.hasSuffix(".cdm") {
            return MappingFile(path: file, mapping: try CompiledMapping.read(bytes, path: file), text: "")
        }
        if path.trimmingTrailingSlashes.hasSuffix(".xcmappingmodel") || file.hasSuffix("xcmapping.xml") {
            let read = try XcodeMappingImport.readRecordingModels(bytes, path: file)
            var loaded = MappingFile(path: file, mapping: read.mapping, text: XMLText.decode(bytes))
            if let source = read.source, let destination = read.destination {
                var digests = DigestMemo()
                let hashes = { (model: Model) in
                    let computed = model.versionHashes(digests: &digests)
                    return Dictionary(
                        uniqueKeysWithValues: computed.entityVersionHashes.keys.compactMap { name in
                            computed.base64(entity: name).map { (name, $0) }
                        })
                }
                loaded.recordedHashes = (hashes(source), hashes(destination))
            }
            return loaded
        }
        return MappingFile(path: file, mapping: try MappingXML.read(bytes, path: file), text: XMLText.decode(bytes))
    }

    /// The mapping with what Xcode leaves to its compiler filled in, given the two models: in an Xcode
    /// `xcmapping.xml`, the types of the mappings it writes `Undefined` (`decidingUndefinedTypes`), and
    /// in every file the expressions Xcode generates (`resolvingXcodeAutogeneration`). Only Xcode's file
    /// has its types decided: `undefined` in modeldiff's own file stays the error validation reports.
    public func resolved(source: Model, destination: Model) -> MappingModel {
        let decided = path.hasSuffix("xcmapping.xml") ? mapping.decidingUndefinedTypes(source: source, destination: destination) : mapping
        return decided.resolvingXcodeAutogeneration(source: source, destination: destination)
    }
}

/// A readable name for a model version from the path a user gave (`Model 2`, `v1`).
@_spi(CLI) public func versionName(forPath path: String) -> String {
    var url = URL(fileURLWithPath: path.trimmingTrailingSlashes)
    if url.lastPathComponent == "contents" { url = url.deletingLastPathComponent() }
    return url.deletingPathExtension().lastPathComponent
}
