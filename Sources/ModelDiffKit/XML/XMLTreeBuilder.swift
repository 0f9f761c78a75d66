import Foundation

/// Fills an `XMLTree` from parse events in document order; `finish()` hands the arrays over.
///
/// A value: the parser's callbacks reach it through one reference and mutate it in place, so each
/// event costs one access check rather than one per array touched.
struct XMLTreeBuilder {
    private typealias Element = XMLTree.Element
    private typealias Attribute = XMLTree.Attribute
    private typealias Span = XMLTree.Span

    /// An element being read: its children and comments so far, and its text when it has any.
    private struct Open {
        var element: Int32
        var lastChild: Int32 = -1
        /// Where the comments not yet given to a child element start in `comments`.
        var pendingComments: Int32
        /// Text seen so far, nil while it is only ASCII white space (which trimming drops anyway).
        var text: [UInt8]?
    }

    private var elements: [Element] = []
    private var attributes: [Attribute] = []
    private var comments: [Span] = []
    private var bytes: [UInt8] = [0]  // offset 0 holds the NUL of every empty span
    /// The document (element -1) and the elements not yet ended.
    private var open: [Open] = [Open(element: -1, pendingComments: 0)]
    /// The first entity reference met (in an attribute value or in text) and the line of its element.
    private(set) var firstEntityReference: (line: Int, name: String)?
    /// Element and attribute names copied so far, by the parser's address for them.
    private var names = XMLNameTable()
    /// Whether a name's address is the parser's for that name for the whole parse (its dictionary's).
    private let isLasting: (UnsafePointer<UInt8>) -> Bool

    /// An empty builder for a document of about `expectedBytes` bytes; `isLasting` tells which name
    /// addresses stay the parser's for the whole parse, and so may stand for their names.
    init(expectedBytes: Int, isLasting: @escaping (UnsafePointer<UInt8>) -> Bool) {
        self.isLasting = isLasting
        bytes.reserveCapacity(expectedBytes)
        elements.reserveCapacity(expectedBytes / 80)
        attributes.reserveCapacity(expectedBytes / 40)
    }

    /// The tree read so far.
    func finish() -> XMLTree {
        XMLTree(elements: elements, attributes: attributes, comments: comments, bytes: bytes)
    }

    /// An element starts; `attributes` are its (name, value bytes) pairs in document order.
    mutating func start(
        name: UnsafePointer<UInt8>, line: Int, attributes list: some Sequence<(UnsafePointer<UInt8>, UnsafeBufferPointer<UInt8>)>
    ) {
        let index = Int32(elements.count)
        let first = Int32(attributes.count)
        for (attributeName, value) in list {
            attributes.append(Attribute(name: copyName(attributeName), value: copyValue(value, line: line)))
        }
        let parent = open.count - 1
        let comments = open[parent].pendingComments..<Int32(self.comments.count)
        elements.append(
            Element(
                name: copyName(name), line: Int32(clamping: line), attributes: first..<Int32(attributes.count),
                leadingComments: comments))
        if open[parent].lastChild >= 0 {
            elements[Int(open[parent].lastChild)].nextSibling = index
        } else if open[parent].element >= 0 {
            elements[Int(open[parent].element)].firstChild = index
        }
        open[parent].lastChild = index
        open.append(Open(element: index, pendingComments: Int32(self.comments.count)))
    }

    /// The innermost open element ends.
    mutating func end() {
        guard open.count > 1, let closing = open.popLast() else { return }
        let element = Int(closing.element)
        elements[element].trailingComments = closing.pendingComments..<Int32(comments.count)
        if let text = closing.text { elements[element].text = append(text) }
        open[open.count - 1].pendingComments = Int32(comments.count)
    }

    /// Text or CDATA inside the innermost open element.
    mutating func text(_ chunk: UnsafeBufferPointer<UInt8>) {
        guard open.count > 1 else { return }
        let top = open.count - 1
        if open[top].text == nil {
            // Leading white space is trimmed anyway; most text in a model file is indentation.
            guard chunk.contains(where: { !Self.isASCIIWhiteSpace($0) }) else { return }
            open[top].text = []
        }
        open[top].text?.append(contentsOf: chunk)
    }

    /// A comment in the document's content (outside the DTD).
    mutating func comment(_ text: UnsafePointer<UInt8>) {
        comments.append(copy(text))
    }

    /// An entity reference in text, which the parser does not expand.
    mutating func entityReference(_ name: UnsafePointer<UInt8>) {
        guard firstEntityReference == nil else { return }
        let element = open.last.map(\.element) ?? -1
        let line = element >= 0 ? Int(elements[Int(element)].line) : 1
        firstEntityReference = (line, XMLBytes(name).string)
    }

    private static func isASCIIWhiteSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

    /// A name's span: the one copied when the parser handed the same dictionary string over before.
    private mutating func copyName(_ name: UnsafePointer<UInt8>) -> Span {
        if let known = names.span(at: name) { return known }
        let span = copy(name)
        if isLasting(name) { names.enter(span, at: name) }
        return span
    }

    private mutating func copy(_ string: UnsafePointer<UInt8>) -> Span {
        append(UnsafeBufferPointer(start: string, count: strlen(string)))
    }

    /// An attribute value as the parser hands it over without entity expansion: `&#38;` stands for
    /// `&` (libxml2 writes `&amp;` and `&#38;` so) and `&name;` for an entity reference, which is noted.
    private mutating func copyValue(_ value: UnsafeBufferPointer<UInt8>, line: Int) -> Span {
        guard value.contains(UInt8(ascii: "&")) else { return append(value) }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(value.count)
        var index = 0
        while index < value.count {
            guard value[index] == UInt8(ascii: "&"), let end = value[index...].firstIndex(of: UInt8(ascii: ";")) else {
                decoded.append(value[index])
                index += 1
                continue
            }
            let name = value[(index + 1)..<end]
            if name.elementsEqual("#38".utf8) {
                decoded.append(UInt8(ascii: "&"))
            } else if firstEntityReference == nil {
                firstEntityReference = (line, String(decoding: name, as: UTF8.self))
            }
            index = end + 1
        }
        return decoded.withUnsafeBufferPointer { append($0) }
    }

    private mutating func append(_ chunk: UnsafeBufferPointer<UInt8>) -> Span {
        guard !chunk.isEmpty else { return .empty }
        let start = bytes.count
        bytes.append(contentsOf: chunk)
        bytes.append(0)
        return Span(start: start, count: chunk.count)
    }

    private mutating func append(_ text: [UInt8]) -> Span { text.withUnsafeBufferPointer { append($0) } }
}
