import Foundation

/// A borrowed element of a parsed document, read in place; valid only inside `XMLDocumentParser.withRoot`.
///
/// It holds its tree unretained: a decoder makes one per element it visits, and the tree outlives
/// them all (`withRoot` keeps it alive), so counting references would be pure cost.
struct XMLElementView {
    fileprivate unowned(unsafe) let tree: XMLTree
    fileprivate let index: Int32

    init(tree: XMLTree, index: Int32) {
        self.tree = tree
        self.index = index
    }

    private var element: XMLTree.Element { tree.elements[Int(index)] }

    /// The element's name.
    var name: XMLBytes { tree.bytes(element.name) }

    /// The line it was read from (where its start tag ends, as libxml2 counts).
    var line: SourceLine { SourceLine(Int(element.line)) }

    /// Whether the element has that name.
    func isNamed(_ literal: StaticString) -> Bool { literal ~= name }

    /// Its attributes in document order.
    var attributes: Attributes { Attributes(tree: tree, cursor: element.attributes) }

    /// Its child elements in document order (text and comments skipped).
    var children: Children { Children(tree: tree, cursor: element.firstChild) }

    /// The value of the attribute with that name, if present.
    func attribute(_ name: StaticString) -> String? {
        attributes.first { name ~= $0.name }?.value
    }

    /// The comments between the previous element sibling (or the parent's start) and this element.
    var leadingComments: [String] { strings(element.leadingComments) }

    /// A copy of the element and its subtree, for elements kept verbatim.
    func verbatim() -> XMLElementNode {
        let element = self.element
        return XMLElementNode(
            name: name.string, attributes: attributes.map(\.verbatim), children: children.map { $0.verbatim() },
            text: tree.bytes(element.text).trimmedString, line: line,
            leadingComments: leadingComments, trailingComments: strings(element.trailingComments))
    }

    private func strings(_ comments: Range<Int32>) -> [String] {
        comments.map { tree.bytes(tree.comments[Int($0)]).string }
    }

    /// The attributes of an element.
    struct Attributes: Sequence, IteratorProtocol {
        fileprivate unowned(unsafe) let tree: XMLTree
        fileprivate var cursor: Range<Int32>

        mutating func next() -> XMLAttributeView? {
            guard let index = cursor.popFirst() else { return nil }
            return XMLAttributeView(tree: tree, index: index)
        }
    }

    /// The child elements of an element.
    struct Children: Sequence, IteratorProtocol {
        fileprivate unowned(unsafe) let tree: XMLTree
        fileprivate var cursor: Int32

        mutating func next() -> XMLElementView? {
            guard cursor >= 0 else { return nil }
            defer { cursor = tree.elements[Int(cursor)].nextSibling }
            return XMLElementView(tree: tree, index: cursor)
        }
    }
}

/// A borrowed attribute of a parsed element; valid only inside `XMLDocumentParser.withRoot`.
struct XMLAttributeView {
    fileprivate unowned(unsafe) let tree: XMLTree
    fileprivate let index: Int32

    private var attribute: XMLTree.Attribute { tree.attributes[Int(index)] }

    /// The attribute's name.
    var name: XMLBytes { tree.bytes(attribute.name) }

    /// The attribute's value.
    var value: String { tree.bytes(attribute.value).string }

    /// The value's bytes, for values matched against names without making a string.
    var valueBytes: XMLBytes { tree.bytes(attribute.value) }

    /// Whether the value is `YES`, without making a string.
    var isYes: Bool { "YES" ~= tree.bytes(attribute.value) }

    /// Whether the value is `NO`, without making a string.
    var isNo: Bool { "NO" ~= tree.bytes(attribute.value) }

    /// The attribute as a value kept verbatim.
    var verbatim: XMLAttribute { XMLAttribute(name.string, value) }
}
