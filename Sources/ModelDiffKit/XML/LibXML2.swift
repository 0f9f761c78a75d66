internal import CLibXML2
import Foundation

/// Parses XML with libxml2; the only file that names `xml…` functions.
///
/// Strict by design: no recovery, no network, no entity expansion (no XXE), first error reported
/// with its line and column, every libxml2 object freed before returning. libxml2 builds no tree:
/// its streaming (SAX2) callbacks fill an `XMLTree` of flat arrays, which costs a fraction of
/// building libxml2's tree of nodes and freeing it (BENCHMARKS.md).
package enum XMLDocumentParser {
    private static let initialized: Bool = {
        xmlInitParser()
        return true
    }()

    /// Parses `bytes` (the content of the file at `path`, used in diagnostics) into its root element.
    package static func parse(_ bytes: [UInt8], path: String) throws(Diagnostic) -> XMLElementNode {
        let (tree, root) = try read(bytes, path: path)
        // The comments before the root element (its leading comments) belong to it: a mapping file's header, for example.
        return withExtendedLifetime(tree) { XMLElementView(tree: tree, index: root).verbatim() }
    }

    /// Parses `bytes` and hands `body` a borrowed view of the root element, so a decoder reads the
    /// parsed arrays directly instead of a copy of them; the view must not outlive `body`.
    static func withRoot<T>(
        _ bytes: [UInt8], path: String, _ body: (XMLElementView) throws(Diagnostic) -> T
    ) throws(Diagnostic) -> T {
        let (tree, root) = try read(bytes, path: path)
        defer { withExtendedLifetime(tree) {} }
        return try body(XMLElementView(tree: tree, index: root))
    }

    private static func read(_ bytes: [UInt8], path: String) throws(Diagnostic) -> (XMLTree, Int32) {
        _ = initialized
        let utf8 = XMLText.startsWithUTF16ByteOrderMark(bytes) ? Array(XMLText.decode(bytes).utf8) : bytes
        if utf8.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            throw Diagnostic(path: path, line: 1, column: 1, message: "the file is empty")
        }
        guard let context = xmlNewParserCtxt() else {
            throw Diagnostic(path: path, message: "out of memory creating the XML parser")
        }
        defer { xmlFreeParserCtxt(context) }

        // Names from the context's dictionary live until the context is freed, after the tree is finished
        // (asked when a name is first met: resetting the context at the start of the read may replace it).
        let builder = XMLTreeBuilder(expectedBytes: bytes.count) { name in
            context.pointee.dict.map { xmlDictOwns($0, name) == 1 } ?? false
        }
        let reader = StreamingReader(tree: builder, context: context)
        let unmanaged = Unmanaged.passRetained(reader)
        defer { unmanaged.release() }
        context.pointee._private = unmanaged.toOpaque()
        StreamingReader.install(on: context.pointee.sax)

        let options = Int32(
            XML_PARSE_NONET.rawValue | XML_PARSE_BIG_LINES.rawValue | XML_PARSE_NOERROR.rawValue
                | XML_PARSE_NOWARNING.rawValue)
        modeldiff_xmlSilenceGenericErrors()
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                xmlCtxtReadMemory(context, $0.baseAddress, Int32(clamping: $0.count), path, nil, options)
            }
        }
        // The document holds no more than its DTD: the callbacks build no nodes.
        if let document { xmlFreeDoc(document) }
        if let (line, column, message) = reader.firstError {
            // libxml2 appends a second line with the offending bytes; a diagnostic is one line.
            let firstLine = message.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? message
            let cleaned = XMLMessages.reworded(firstLine.trimmingCharacters(in: .whitespacesAndNewlines))
            throw Diagnostic(path: path, line: max(line, 1), column: column > 0 ? column : nil, message: cleaned)
        }
        guard document != nil else { throw Diagnostic(path: path, message: "not an XML document") }
        // Without `XML_PARSE_NOENT` libxml2 hands over a reference to a declared entity, or to one an
        // external DTD might declare, unexpanded; every reader here takes only text, so
        // `<attribute>$source.a&x;</attribute>` would silently lose the reference. It is an error instead.
        if let (line, name) = reader.tree.firstEntityReference {
            throw Diagnostic(
                path: path, line: max(line, 1),
                message:
                    """
                    the XML entity reference \"&\(name);\" is not expanded: modeldiff reads no entity declarations; write the text itself or a \
                    character reference such as &#38;
                    """
            )
        }
        let tree = reader.tree.finish()
        guard let root = tree.root else {
            throw Diagnostic(path: path, message: "the XML document has no root element")
        }
        return (tree, root)
    }
}

/// What libxml2's callbacks reach through the parser context's `_private`: the tree they fill and
/// the first error.
private final class StreamingReader {
    var tree: XMLTreeBuilder
    /// The document's parser context. libxml2 parses an entity's replacement text under a context
    /// of its own with the same callbacks; that text is not the document's content, so those calls
    /// are ignored (the reference itself is an error).
    let context: xmlParserCtxtPtr
    var firstError: (line: Int, column: Int, message: String)?

    init(tree: XMLTreeBuilder, context: xmlParserCtxtPtr) {
        self.tree = tree
        self.context = context
    }

    /// The reader of the context libxml2 passes to a callback.
    static func of(_ userData: UnsafeMutableRawPointer?) -> (StreamingReader, xmlParserCtxtPtr)? {
        guard let userData else { return nil }
        let parser = userData.assumingMemoryBound(to: xmlParserCtxt.self)
        guard let raw = parser.pointee._private else { return nil }
        return (Unmanaged<StreamingReader>.fromOpaque(raw).takeUnretainedValue(), parser)
    }

    /// The reader, for a callback about the document's own content.
    static func content(_ userData: UnsafeMutableRawPointer?) -> StreamingReader? {
        guard let (reader, parser) = of(userData), parser == reader.context else { return nil }
        return reader
    }

    /// Replaces the tree-building callbacks of libxml2's default SAX2 handler with ours; the DTD
    /// callbacks stay, so declared entities are known and references to them checked as before.
    static func install(on handler: UnsafeMutablePointer<xmlSAXHandler>) {
        // No type annotations: the error callback takes a mutable pointer before libxml2 2.12 and a const one after.
        handler.pointee.serror = { userData, error in
            guard let (reader, _) = StreamingReader.of(userData), let error, reader.firstError == nil else { return }
            let message = error.pointee.message.map { String(cString: $0) } ?? "malformed XML"
            reader.firstError = (Int(error.pointee.line), Int(error.pointee.int2), message)
        }
        handler.pointee.startElementNs = { userData, localName, _, _, _, _, attributeCount, defaultedCount, attributes in
            guard let reader = StreamingReader.content(userData), let localName else { return }
            // The line libxml2's tree would record: where the start tag ends.
            let line = Int(reader.context.pointee.input.pointee.line)
            // Attributes a DTD defaults are not in the file (libxml2's tree leaves them out too).
            let count = Int(attributeCount - defaultedCount)
            let list = (0..<max(count, 0)).lazy.compactMap { index -> (UnsafePointer<UInt8>, UnsafeBufferPointer<UInt8>)? in
                // Five pointers each: local name, prefix, namespace, value start, value end.
                guard let attributes, let name = attributes[5 * index], let start = attributes[5 * index + 3],
                    let end = attributes[5 * index + 4]
                else { return nil }
                return (name, UnsafeBufferPointer(start: start, count: end - start))
            }
            reader.tree.start(name: localName, line: line, attributes: list)
        }
        handler.pointee.endElementNs = { userData, _, _, _ in
            StreamingReader.content(userData)?.tree.end()
        }
        handler.pointee.characters = { userData, text, length in
            guard let reader = StreamingReader.content(userData), let text else { return }
            reader.tree.text(UnsafeBufferPointer(start: text, count: Int(length)))
        }
        handler.pointee.ignorableWhitespace = handler.pointee.characters
        handler.pointee.cdataBlock = handler.pointee.characters
        handler.pointee.comment = { userData, text in
            // Comments inside the DTD are not the document's.
            guard let reader = StreamingReader.content(userData), let text, reader.context.pointee.inSubset == 0 else { return }
            reader.tree.comment(text)
        }
        handler.pointee.reference = { userData, name in
            guard let reader = StreamingReader.content(userData), let name else { return }
            reader.tree.entityReference(name)
        }
        handler.pointee.processingInstruction = nil
        handler.pointee.startElement = nil
        handler.pointee.endElement = nil
    }
}
