private typealias Tag = ModelXML.Tag
private typealias Key = ModelXML.Key

/// Turns the parsed tree (`XMLTree`) into model values in one pass, collecting notes about what it keeps verbatim.
///
/// It reads elements in place (`XMLElementView`) rather than a copy of the tree: attribute names are
/// matched as bytes, and only the values the model keeps become strings. Unknown elements are the
/// only ones copied (`verbatim()`), since the model keeps them for writing.
struct ModelDecoder {
    let path: String
    var notes: [Diagnostic] = []
    /// The entity elements read before, when the document stands for them with placeholders (`SharedEntityElements`).
    var sharing: SharedEntityDecoding?

    init(path: String, sharing: SharedEntityDecoding? = nil) {
        self.path = path
        self.sharing = sharing
    }

    mutating func model(_ root: XMLElementView) throws(Diagnostic) -> Model {
        var entities: [Entity] = []
        var fetchRequests: [FetchRequest] = []
        var configurations: [Configuration] = []
        var composites: [Composite] = []
        var layout: [XMLElementNode] = []
        var userInfo = UserInfo()
        var others: [XMLElementNode] = []
        for child in root.children {
            switch child.name {
            case Tag.entity:
                let notesBefore = notes.count
                let entity = try entity(child)
                entities.append(
                    sharing == nil ? entity : try readElement(entity, hasNotes: notes.count > notesBefore, position: entities.count))
            case EntityElementScan.placeholder where sharing != nil: entities.append(try sharedEntity(child))
            case Tag.fetchRequest: fetchRequests.append(try fetchRequest(child))
            case Tag.configuration: configurations.append(try configuration(child))
            case Tag.composite: composites.append(try composite(child))
            case Tag.elements: layout = child.verbatim().children
            case Tag.userInfo: userInfo = UserInfo(child)
            default: others.append(keep(child, in: "the model"))
            }
        }
        if let sharing, sharing.next != sharing.records.count { throw outOfStep }
        return Model(
            rootAttributes: root.attributes.map(\.verbatim), entities: entities, fetchRequests: fetchRequests,
            configurations: configurations, composites: composites, layout: layout, userInfo: userInfo,
            otherChildren: others)
    }

    private mutating func entity(_ element: XMLElementView) throws(Diagnostic) -> Entity {
        var fields = EntityFields()
        for attribute in element.attributes { fields.read(attribute) }
        let name = try required(fields.name, "name", of: "an entity", at: element)
        var what: String { "entity \"\(name)\"" }  // for messages only: built when one is
        try checkFlags(of: element, what)
        var attributes: [Attribute] = []
        var relationships: [Relationship] = []
        var fetched: [FetchedProperty] = []
        var constraints: [[String]] = []
        var indexes: [FetchIndex] = []
        var compound: [[String]] = []
        var userInfo = UserInfo()
        var others: [XMLElementNode] = []
        for child in element.children {
            switch child.name {
            case Tag.attribute: attributes.append(try attribute(child, owner: name))
            case Tag.relationship: relationships.append(try relationship(child, owner: name))
            case Tag.fetchedProperty: fetched.append(try fetchedProperty(child, owner: name))
            case Tag.uniquenessConstraints: constraints += Self.lists(in: child, of: Tag.uniquenessConstraint, item: Tag.constraint)
            case Tag.fetchIndex: indexes.append(Self.fetchIndex(child))
            case Tag.compoundIndexes: compound += Self.lists(in: child, of: Tag.compoundIndex, item: Tag.index)
            case Tag.userInfo: userInfo = UserInfo(child)
            default: others.append(keep(child, in: what))
            }
        }
        noteUnknown(fields.others, on: what, at: element)
        return Entity(
            name: name, representedClassName: fields.representedClassName, parentEntity: fields.parentEntity,
            isAbstract: fields.isAbstract, renamingIdentifier: fields.renamingIdentifier,
            versionHashModifier: fields.versionHashModifier, codeGeneration: fields.codeGeneration,
            isSyncable: fields.isSyncable, attributes: attributes, relationships: relationships, fetchedProperties: fetched,
            uniquenessConstraints: constraints, fetchIndexes: indexes, compoundIndexes: compound, userInfo: userInfo,
            otherAttributes: fields.others, otherChildren: others, line: element.line)
    }

    mutating func fetchRequest(_ element: XMLElementView) throws(Diagnostic) -> FetchRequest {
        var name: String?
        var entity: String?
        var predicate: String?
        var settings: [XMLAttribute] = []
        for attribute in element.attributes {
            switch attribute.name {
            case Key.name: name = attribute.value
            case Key.entity: entity = attribute.value
            case Key.predicateString: predicate = attribute.value
            default: settings.append(attribute.verbatim)
            }
        }
        let requestName = name ?? ""
        return FetchRequest(
            name: requestName, entity: try required(entity, "entity", of: "fetch request \"\(requestName)\"", at: element),
            predicateString: predicate, settings: settings, line: element.line)
    }

    private mutating func configuration(_ element: XMLElementView) throws(Diagnostic) -> Configuration {
        var name: String?
        var usedWithCloudKit = false
        var others: [XMLAttribute] = []
        for attribute in element.attributes {
            switch attribute.name {
            case Key.name: name = attribute.value
            case Key.usedWithCloudKit: usedWithCloudKit = attribute.isYes
            default: others.append(attribute.verbatim)
            }
        }
        let configurationName = try required(name, "name", of: "a configuration", at: element)
        try checkFlags(of: element, "configuration \"\(configurationName)\"")
        let members = element.children.filter { $0.isNamed(Tag.memberEntity) }.compactMap { $0.attribute(Key.name) }
        noteUnknown(others, on: "configuration \"\(configurationName)\"", at: element)
        return Configuration(
            name: configurationName, usedWithCloudKit: usedWithCloudKit, memberEntities: members, otherAttributes: others,
            line: element.line)
    }

    private mutating func composite(_ element: XMLElementView) throws(Diagnostic) -> Composite {
        let name = try required(element.attribute(Key.name), "name", of: "a composite", at: element)
        var attributes: [Attribute] = []
        for child in element.children where child.isNamed(Tag.attribute) {
            attributes.append(try attribute(child, owner: name))
        }
        return Composite(name: name, attributes: attributes, line: element.line)
    }

    /// `<uniquenessConstraints>` and `<compoundIndexes>`: lists of lists of `value` attributes.
    private static func lists(in element: XMLElementView, of list: StaticString, item: StaticString) -> [[String]] {
        element.children.filter { $0.isNamed(list) }.map { list in
            list.children.filter { $0.isNamed(item) }.compactMap { $0.attribute(Key.value) }
        }
    }

    private static func fetchIndex(_ element: XMLElementView) -> FetchIndex {
        let elements = element.children.filter { $0.isNamed(Tag.fetchIndexElement) }.map { child in
            var property: String?
            var expression: String?
            var type: String?
            var order: String?
            var others: [XMLAttribute] = []
            for attribute in child.attributes {
                switch attribute.name {
                case Key.property: property = attribute.value
                case Key.expression: expression = attribute.value
                case Key.type: type = attribute.value
                case Key.order: order = attribute.value
                default: others.append(attribute.verbatim)
                }
            }
            return FetchIndex.Element(
                property: property, expression: expression, type: type ?? "Binary", order: order ?? "ascending",
                otherAttributes: others)
        }
        return FetchIndex(name: element.attribute(Key.name) ?? "", elements: elements, line: element.line)
    }
}

extension ModelDecoder {
    /// A required attribute's value; its absence (or an empty value) is an error naming `what`.
    func required(_ value: String?, _ name: String, of what: @autoclosure () -> String, at element: XMLElementView) throws(Diagnostic)
        -> String
    {
        guard let value, !value.isEmpty else {
            throw Diagnostic(path: path, line: element.line.value, message: "\(what()) has no \(name)")
        }
        return value
    }

    /// Copies an element modeldiff does not interpret, with a note saying it is kept.
    mutating func keep(_ child: XMLElementView, in what: @autoclosure () -> String) -> XMLElementNode {
        notes.append(
            Diagnostic(.note, path: path, line: child.line.value, message: "unknown element <\(child.name.string)> in \(what()) kept as is")
        )
        return child.verbatim()
    }

    /// Notes for the attributes nobody interpreted, in file order.
    mutating func noteUnknown(_ attributes: [XMLAttribute], on what: @autoclosure () -> String, at element: XMLElementView) {
        for attribute in attributes {
            notes.append(
                Diagnostic(
                    .note, path: path, line: element.line.value, message: "unknown attribute \"\(attribute.name)\" on \(what()) kept as is")
            )
        }
    }
}
