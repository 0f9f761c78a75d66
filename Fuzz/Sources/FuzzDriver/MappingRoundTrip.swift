@_spi(CLI) import ModelDiffKit

/// Requires what `mapping convert --to xml` and editing a mapping file rely on: a mapping that read
/// (from a mapping file, an Xcode `xcmapping.xml` or a compiled `.cdm`) writes as a mapping file that
/// reads back and writes the same text. `origin` names where it came from in the trap's message.
public func requireMappingFileRoundTrip(_ mapping: MappingModel, from origin: String) {
    let written = MappingXML.write(mapping)
    let reread: MappingModel
    do {
        reread = try MappingXML.read(Array(written.utf8), path: "rewritten.xml")
    } catch {
        fatalError("a mapping read from \(origin) does not read back after writing: \(error)\n\(written)")
    }
    precondition(MappingXML.write(reread) == written, "a write/read round trip changed the mapping read from \(origin)")
}
