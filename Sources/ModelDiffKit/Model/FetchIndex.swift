/// A fetch index (`<fetchIndex>`) of an entity.
public struct FetchIndex: Sendable, Hashable {
    /// One indexed property or expression.
    public struct Element: Sendable, Hashable {
        /// The indexed property's name, when it indexes a property.
        public let property: String?
        /// The indexed expression, when it indexes an expression.
        public let expression: String?
        /// The index type: `Binary` or `RTree`.
        public let type: String
        /// `ascending` or `descending`.
        public let order: String
        /// XML attributes modeldiff does not interpret, kept for writing.
        public let otherAttributes: [XMLAttribute]

        /// Creates an index element.
        public init(
            property: String?, expression: String? = nil, type: String = "Binary", order: String = "ascending",
            otherAttributes: [XMLAttribute] = []
        ) {
            self.property = property
            self.expression = expression
            self.type = type
            self.order = order
            self.otherAttributes = otherAttributes
        }
    }

    /// The index's name.
    public let name: String
    /// Its elements, in order.
    public let elements: [Element]
    /// Where it was read.
    public let line: SourceLine

    /// Creates a fetch index.
    public init(name: String, elements: [Element], line: SourceLine = .none) {
        self.name = name
        self.elements = elements
        self.line = line
    }
}
