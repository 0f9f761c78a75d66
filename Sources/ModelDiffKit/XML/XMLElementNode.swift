/// An XML element kept verbatim because modeldiff does not interpret it, so writing never drops it.
public struct XMLElementNode: Sendable, Hashable {
    /// The element's name.
    public let name: String
    /// Its attributes in document order.
    public let attributes: [XMLAttribute]
    /// Its child elements in document order.
    public let children: [XMLElementNode]
    /// Its text content, trimmed; empty when it has none.
    public let text: String
    /// The line it was read from.
    public let line: SourceLine
    /// XML comments standing directly before the element, in order (kept so edited files keep their notes).
    public let leadingComments: [String]
    /// XML comments inside the element after its last child element (or anywhere in an element without
    /// child elements), kept so a note at the end of a block is not lost.
    public let trailingComments: [String]

    /// Creates an element.
    public init(
        name: String, attributes: [XMLAttribute] = [], children: [XMLElementNode] = [], text: String = "", line: SourceLine = .none,
        leadingComments: [String] = [], trailingComments: [String] = []
    ) {
        self.name = name
        self.attributes = attributes
        self.children = children
        self.text = text
        self.line = line
        self.leadingComments = leadingComments
        self.trailingComments = trailingComments
    }

    /// The value of the attribute with that name, if present.
    public subscript(attribute name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }
}
