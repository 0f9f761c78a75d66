import Foundation
internal import CLibXML2

/// Parses XML with libxml2 into `XMLElementNode` values; the only file that names `xml…` functions.
///
/// Strict by design: no recovery, no network, no entity expansion (no XXE), first error reported
/// with its line and column, every libxml2 object freed before returning.
public enum XMLDocumentParser {
    private static let initialized: Bool = {
        xmlInitParser()
        return true
    }()

    /// Parses `bytes` (the content of the file at `path`, used in diagnostics) into its root element.
    public static func parse(_ bytes: [UInt8], path: String) throws(Diagnostic) -> XMLElementNode {
        _ = initialized
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            throw Diagnostic(path: path, line: 1, column: 1, message: "the file is empty")
        }
        guard let context = xmlNewParserCtxt() else {
            throw Diagnostic(path: path, message: "out of memory creating the XML parser")
        }
        defer { xmlFreeParserCtxt(context) }

        let box = ErrorBox()
        let unmanaged = Unmanaged.passRetained(box)
        defer { unmanaged.release() }
        context.pointee._private = unmanaged.toOpaque()
        // No type annotations: the callback takes a mutable pointer before libxml2 2.12 and a const one after.
        context.pointee.sax.pointee.serror = { userData, error in
            guard let userData, let error else { return }
            let parser = userData.assumingMemoryBound(to: xmlParserCtxt.self)
            guard let raw = parser.pointee._private else { return }
            let box = Unmanaged<ErrorBox>.fromOpaque(raw).takeUnretainedValue()
            guard box.first == nil else { return }
            let message = error.pointee.message.map { String(cString: $0) } ?? "malformed XML"
            box.first = (Int(error.pointee.line), Int(error.pointee.int2), message)
        }

        let options = Int32(
            XML_PARSE_NONET.rawValue | XML_PARSE_BIG_LINES.rawValue | XML_PARSE_NOERROR.rawValue
                | XML_PARSE_NOWARNING.rawValue)
        modeldiff_xmlSilenceGenericErrors()
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                xmlCtxtReadMemory(context, $0.baseAddress, Int32(clamping: $0.count), path, nil, options)
            }
        }
        if let (line, column, message) = box.first {
            if let document { xmlFreeDoc(document) }
            // libxml2 appends a second line with the offending bytes; a diagnostic is one line.
            let firstLine = message.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? message
            let cleaned = firstLine.trimmingCharacters(in: .whitespacesAndNewlines)
            throw Diagnostic(path: path, line: max(line, 1), column: column > 0 ? column : nil, message: cleaned)
        }
        guard let document else { throw Diagnostic(path: path, message: "not an XML document") }
        defer { xmlFreeDoc(document) }
        guard let root = xmlDocGetRootElement(document) else {
            throw Diagnostic(path: path, message: "the XML document has no root element")
        }
        // Comments before the root element belong to it (a mapping file's header, for example).
        var comments: [String] = []
        var sibling = document.pointee.children
        while let current = sibling, current != root {
            if current.pointee.type == XML_COMMENT_NODE, let content = current.pointee.content { comments.append(String(cString: content)) }
            sibling = current.pointee.next
        }
        return convert(root, depth: 0, comments: comments)
    }

    // libxml2 itself refuses nesting deeper than 256 without XML_PARSE_HUGE, so recursion is bounded.
    private static func convert(_ node: xmlNodePtr, depth: Int, comments: [String] = []) -> XMLElementNode {
        var attributes: [XMLAttribute] = []
        var property = node.pointee.properties
        while let current = property {
            let name = string(current.pointee.name)
            var value = ""
            if let raw = xmlNodeListGetString(node.pointee.doc, current.pointee.children, 1) {
                value = String(cString: raw)
                modeldiff_xmlFree(raw)
            }
            attributes.append(XMLAttribute(name, value))
            property = current.pointee.next
        }
        var children: [XMLElementNode] = []
        var text = ""
        var pendingComments: [String] = []
        var child = node.pointee.children
        while let current = child {
            switch current.pointee.type {
            case XML_ELEMENT_NODE:
                children.append(convert(current, depth: depth + 1, comments: pendingComments))
                pendingComments = []
            case XML_COMMENT_NODE:
                if let content = current.pointee.content { pendingComments.append(String(cString: content)) }
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = current.pointee.content { text += String(cString: content) }
            default:
                break
            }
            child = current.pointee.next
        }
        return XMLElementNode(
            name: string(node.pointee.name), attributes: attributes, children: children,
            text: text.trimmingCharacters(in: .whitespacesAndNewlines), line: SourceLine(Int(xmlGetLineNo(node))),
            leadingComments: comments, trailingComments: pendingComments)
    }

    private static func string(_ pointer: UnsafePointer<xmlChar>?) -> String {
        guard let pointer else { return "" }
        return String(cString: pointer)
    }
}

private final class ErrorBox {
    var first: (line: Int, column: Int, message: String)?
}
