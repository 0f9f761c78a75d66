/// A managed object model: one version of an Xcode data model (`.xcdatamodel/contents`).
public struct Model: Sendable, Hashable {
    /// The root element's attributes (`type`, `documentVersion`, `lastSavedToolsVersion`, …) in file order.
    public let rootAttributes: [XMLAttribute]
    /// The entities, in file order.
    public let entities: [Entity]
    /// Model-level fetch requests.
    public let fetchRequests: [FetchRequest]
    /// Configurations.
    public let configurations: [Configuration]
    /// Composite types (Xcode 15+), each a named list of attributes.
    public let composites: [Composite]
    /// Diagram layout (`<elements>`): no meaning for data, kept for writing.
    public let layout: [XMLElementNode]
    /// Model-level userInfo.
    public let userInfo: UserInfo
    /// XML child elements modeldiff does not interpret, kept for writing.
    public let otherChildren: [XMLElementNode]
    /// Entity positions by name, so lookups along hierarchies stay cheap on large models.
    private let entityIndex: [String: Int]

    /// Creates a model.
    public init(
        rootAttributes: [XMLAttribute] = Model.defaultRootAttributes, entities: [Entity],
        fetchRequests: [FetchRequest] = [], configurations: [Configuration] = [], composites: [Composite] = [],
        layout: [XMLElementNode] = [], userInfo: UserInfo = UserInfo(), otherChildren: [XMLElementNode] = []
    ) {
        self.rootAttributes = rootAttributes
        self.entities = entities
        self.fetchRequests = fetchRequests
        self.configurations = configurations
        self.composites = composites
        self.layout = layout
        self.userInfo = userInfo
        self.otherChildren = otherChildren
        var index = [String: Int](minimumCapacity: entities.count)
        for (position, entity) in entities.enumerated() where index[entity.name] == nil { index[entity.name] = position }
        self.entityIndex = index
    }

    /// The root attributes Xcode writes on a new model.
    public static let defaultRootAttributes = [
        XMLAttribute("type", "com.apple.IDECoreDataModeler.DataModel"),
        XMLAttribute("documentVersion", "1.0"),
    ]

    /// The version identifier the developer set (`userDefinedModelVersionIdentifier`), if any.
    public var versionIdentifier: String? {
        rootAttributes.first { $0.name == "userDefinedModelVersionIdentifier" }?.value
    }

    /// The entity with that name, if any.
    public func entity(named name: String) -> Entity? {
        entityIndex[name].map { entities[$0] }
    }

    /// The position in `entities` of the first entity with that name, if any.
    func entityPosition(named name: String) -> Int? { entityIndex[name] }
}

/// A composite attribute type (Xcode 15+): a named group of attributes stored together.
public struct Composite: Sendable, Hashable {
    /// The composite's name.
    public let name: String
    /// Its element attributes.
    public let attributes: [Attribute]
    /// Where it was read.
    public let line: SourceLine

    /// Creates a composite.
    public init(name: String, attributes: [Attribute], line: SourceLine = .none) {
        self.name = name
        self.attributes = attributes
        self.line = line
    }
}
