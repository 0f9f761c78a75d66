import Foundation

/// A model read from a file, with the notes the reader made about things it kept without interpreting.
public struct LoadedModel: Sendable {
    /// The model.
    public let model: Model
    /// The path diagnostics name (`Foo.xcdatamodel/contents`, or the bare file as given).
    public let path: String
    /// Notes about unknown attributes and elements that were kept verbatim.
    public let notes: [Diagnostic]

    /// Creates a loaded model.
    package init(model: Model, path: String, notes: [Diagnostic]) {
        self.model = model
        self.path = path
        self.notes = notes
    }
}

/// Decodes the XML of an Xcode model (`.xcdatamodel/contents`) into a `Model`.
public enum ModelReader {
    /// Parses and validates model XML; `path` names the file in diagnostics.
    public static func read(_ bytes: [UInt8], path: String) throws(Diagnostic) -> LoadedModel {
        try read(bytes, path: path, sharing: nil)
    }

    /// Parses and validates model XML, taking the entity elements `shared` met in other versions of the
    /// bundle from it and adding this file's; the model, notes and errors are those of reading it alone.
    package static func read(_ bytes: [UInt8], path: String, sharing shared: SharedEntityElements?) throws(Diagnostic) -> LoadedModel {
        // UTF-16 XML is full of zero bytes and valid all the same: its byte order mark says what it is.
        if bytes.withUnsafeBufferPointer({ buffer in buffer.baseAddress.map { memchr($0, 0, buffer.count) != nil } ?? false })
            && !XMLText.startsWithUTF16ByteOrderMark(bytes)
        {
            throw Diagnostic(path: path, message: "not an Xcode model: the file is binary, not XML")
        }
        if let shared, let loaded = shared.read(bytes, path: path) { return loaded }
        // Decode while the parsed tree is alive, reading it in place; validate once it is freed.
        let (model, notes) = try XMLDocumentParser.withRoot(bytes, path: path) { root throws(Diagnostic) in
            guard root.isNamed("model") else {
                throw Diagnostic(
                    path: path, line: root.line.value,
                    message: "not an Xcode model: the root element is <\(root.name.string)>, expected <model>")
            }
            var decoder = ModelDecoder(path: path)
            let model = try decoder.model(root)
            return (model, decoder.notes)
        }
        let warnings = try ModelValidator(model: model, path: path).validate()
        return LoadedModel(model: model, path: path, notes: notes + warnings)
    }
}
