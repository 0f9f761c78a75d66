internal import CLibXML2
import Foundation

/// Parses XML with libxml2; the only file that names `xml…` functions.
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
        let document = try read(bytes, path: path)
        defer { xmlFreeDoc(document) }
        // The comments before the root element (its leading comments) belong to it: a mapping file's header, for example.
        return XMLElementView(node: try rootElement(of: document, path: path)).verbatim()
    }

    /// Parses `bytes` and hands `body` a borrowed view of the root element, so a decoder reads
    /// libxml2's tree directly instead of a copy of it; the view must not outlive `body`.
    static func withRoot<T>(
        _ bytes: [UInt8], path: String, _ body: (XMLElementView) throws(Diagnostic) -> T
    ) throws(Diagnostic) -> T {
        let document = try read(bytes, path: path)
        defer { xmlFreeDoc(document) }
        return try body(XMLElementView(node: try rootElement(of: document, path: path)))
    }

    private static func read(_ bytes: [UInt8], path: String) throws(Diagnostic) -> xmlDocPtr {
        _ = initialized
        let utf8 = XMLText.startsWithUTF16ByteOrderMark(bytes) ? Array(XMLText.decode(bytes).utf8) : bytes
        if utf8.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
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
            let cleaned = XMLMessages.reworded(firstLine.trimmingCharacters(in: .whitespacesAndNewlines))
            throw Diagnostic(path: path, line: max(line, 1), column: column > 0 ? column : nil, message: cleaned)
        }
        guard let document else { throw Diagnostic(path: path, message: "not an XML document") }
        if let (line, name) = firstEntityReference(in: document) {
            xmlFreeDoc(document)
            throw Diagnostic(
                path: path, line: max(line, 1),
                message:
                    "the XML entity reference \"&\(name);\" is not expanded: modeldiff reads no entity declarations; write the text itself or a character reference such as &#38;"
            )
        }
        return document
    }

    /// The first entity reference libxml2 left in the tree (in text or in an attribute value), with its line.
    ///
    /// Without `XML_PARSE_NOENT` libxml2 keeps a reference to a declared entity, or to one an
    /// external DTD might declare, as a node of its own; every reader here takes only text nodes, so
    /// `<attribute>$source.a&x;</attribute>` would silently lose the reference. It is an error instead.
    private static func firstEntityReference(in document: xmlDocPtr) -> (line: Int, name: String)? {
        var stack: [xmlNodePtr] = []
        if let root = xmlDocGetRootElement(document) { stack.append(root) }
        while let node = stack.popLast() {
            if node.pointee.type == XML_ENTITY_REF_NODE {
                return (Int(xmlGetLineNo(node.pointee.parent ?? node)), XMLBytes(node.pointee.name).string)
            }
            guard node.pointee.type == XML_ELEMENT_NODE else { continue }
            var attribute = node.pointee.properties
            while let current = attribute {
                var value = current.pointee.children
                while let part = value {
                    if part.pointee.type == XML_ENTITY_REF_NODE { return (Int(xmlGetLineNo(node)), XMLBytes(part.pointee.name).string) }
                    value = part.pointee.next
                }
                attribute = current.pointee.next
            }
            var children: [xmlNodePtr] = []
            var child = node.pointee.children
            while let current = child {
                children.append(current)
                child = current.pointee.next
            }
            stack += children.reversed()  // document order, so the first reference is reported
        }
        return nil
    }

    private static func rootElement(of document: xmlDocPtr, path: String) throws(Diagnostic) -> xmlNodePtr {
        guard let root = xmlDocGetRootElement(document) else {
            throw Diagnostic(path: path, message: "the XML document has no root element")
        }
        return root
    }

    // libxml2 itself refuses nesting deeper than 256 without XML_PARSE_HUGE, so recursion is bounded.
    fileprivate static func convert(_ node: xmlNodePtr, comments: [String] = []) -> XMLElementNode {
        var attributes: [XMLAttribute] = []
        var property = node.pointee.properties
        while let current = property {
            let attribute = XMLAttributeView(attribute: current)
            attributes.append(XMLAttribute(attribute.name.string, attribute.value))
            property = current.pointee.next
        }
        var children: [XMLElementNode] = []
        var text = ""
        var pendingComments: [String] = []
        var child = node.pointee.children
        while let current = child {
            switch current.pointee.type {
            case XML_ELEMENT_NODE:
                children.append(convert(current, comments: pendingComments))
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
            name: XMLBytes(node.pointee.name).string, attributes: attributes, children: children,
            text: text.trimmingCharacters(in: .whitespacesAndNewlines), line: SourceLine(Int(xmlGetLineNo(node))),
            leadingComments: comments, trailingComments: pendingComments)
    }
}

private final class ErrorBox {
    var first: (line: Int, column: Int, message: String)?
}

/// A borrowed element of a parsed document, read in place; valid only inside `XMLDocumentParser.withRoot`.
struct XMLElementView {
    fileprivate let node: xmlNodePtr

    /// The element's name.
    var name: XMLBytes { XMLBytes(node.pointee.name) }

    /// The line it was read from.
    var line: SourceLine { SourceLine(Int(xmlGetLineNo(node))) }

    /// Whether the element has that name.
    func isNamed(_ literal: StaticString) -> Bool { literal ~= name }

    /// Its attributes in document order.
    var attributes: Attributes { Attributes(cursor: node.pointee.properties) }

    /// Its child elements in document order (text and comments skipped).
    var children: Children { Children(cursor: node.pointee.children) }

    /// The value of the attribute with that name, if present.
    func attribute(_ name: StaticString) -> String? {
        attributes.first { name ~= $0.name }?.value
    }

    /// A copy of the element and its subtree, for elements kept verbatim.
    func verbatim() -> XMLElementNode { XMLDocumentParser.convert(node, comments: leadingComments) }

    /// The comments between the previous element sibling (or the parent's start) and this element.
    var leadingComments: [String] {
        var comments: [String] = []
        var sibling = node.pointee.prev
        while let current = sibling, current.pointee.type != XML_ELEMENT_NODE {
            if current.pointee.type == XML_COMMENT_NODE, let content = current.pointee.content { comments.append(String(cString: content)) }
            sibling = current.pointee.prev
        }
        return comments.reversed()
    }

    /// The attributes of an element.
    struct Attributes: Sequence, IteratorProtocol {
        fileprivate var cursor: xmlAttrPtr?

        mutating func next() -> XMLAttributeView? {
            guard let current = cursor else { return nil }
            cursor = current.pointee.next
            return XMLAttributeView(attribute: current)
        }
    }

    /// The child elements of an element.
    struct Children: Sequence, IteratorProtocol {
        fileprivate var cursor: xmlNodePtr?

        mutating func next() -> XMLElementView? {
            while let current = cursor {
                cursor = current.pointee.next
                if current.pointee.type == XML_ELEMENT_NODE { return XMLElementView(node: current) }
            }
            return nil
        }
    }
}

/// A borrowed attribute of a parsed element; valid only inside `XMLDocumentParser.withRoot`.
struct XMLAttributeView {
    fileprivate let attribute: xmlAttrPtr

    /// The attribute's name.
    var name: XMLBytes { XMLBytes(attribute.pointee.name) }

    /// The value's single text node, which is what libxml2 builds unless entity references remain.
    private var singleText: UnsafePointer<xmlChar>? {
        guard let text = attribute.pointee.children, text.pointee.next == nil, text.pointee.type == XML_TEXT_NODE else { return nil }
        return UnsafePointer(text.pointee.content)
    }

    /// The attribute's value.
    var value: String {
        if let text = singleText { return String(cString: text) }
        guard let raw = xmlNodeListGetString(attribute.pointee.doc, attribute.pointee.children, 1) else { return "" }
        defer { modeldiff_xmlFree(raw) }
        return String(cString: raw)
    }

    /// Whether the value is `YES`, without making a string.
    var isYes: Bool {
        if let text = singleText { return "YES" ~= XMLBytes(text) }
        return value == "YES"
    }

    /// The attribute as a value kept verbatim.
    var verbatim: XMLAttribute { XMLAttribute(name.string, value) }
}
