/// Turns the parsed XML tree into model values, collecting notes about what it keeps verbatim.
struct ModelDecoder {
    let path: String
    private(set) var notes: [Diagnostic] = []

    init(path: String) { self.path = path }

    mutating func model(_ root: XMLElementNode) throws(Diagnostic) -> Model {
        var entities: [Entity] = []
        var fetchRequests: [FetchRequest] = []
        var configurations: [Configuration] = []
        var composites: [Composite] = []
        var layout: [XMLElementNode] = []
        var userInfo = UserInfo()
        var others: [XMLElementNode] = []
        for child in root.children {
            switch child.name {
            case "entity": entities.append(try entity(child))
            case "fetchRequest": fetchRequests.append(try fetchRequest(child))
            case "configuration": configurations.append(try configuration(child))
            case "composite": composites.append(try composite(child))
            case "elements": layout = child.children
            case "userInfo": userInfo = UserInfo(element: child)
            default:
                others.append(child)
                note(child, in: "the model")
            }
        }
        return Model(
            rootAttributes: root.attributes, entities: entities, fetchRequests: fetchRequests,
            configurations: configurations, composites: composites, layout: layout, userInfo: userInfo,
            otherChildren: others)
    }

    private mutating func entity(_ element: XMLElementNode) throws(Diagnostic) -> Entity {
        var reader = ElementReader(element, path: path)
        let name = try reader.required("name", of: "an entity")
        let what = "entity \"\(name)\""
        let codeGenerationText = reader.string("codeGenerationType")
        var codeGeneration: Entity.CodeGeneration?
        if let codeGenerationText {
            codeGeneration = Entity.CodeGeneration(rawValue: codeGenerationText)
            if codeGeneration == nil { reader.unconsume("codeGenerationType") }
        }
        let representedClassName = reader.string("representedClassName")
        let parentEntity = reader.string("parentEntity")
        let isAbstract = reader.flag("isAbstract")
        let renamingIdentifier = reader.string("elementID")
        let versionHashModifier = reader.string("versionHashModifier")
        let isSyncable = reader.flag("syncable")
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
            case "attribute": attributes.append(try attribute(child, owner: name))
            case "relationship": relationships.append(try relationship(child, owner: name))
            case "fetchedProperty": fetched.append(try fetchedProperty(child, owner: name))
            case "uniquenessConstraints":
                constraints += child.children.filter { $0.name == "uniquenessConstraint" }.map { constraint in
                    constraint.children.filter { $0.name == "constraint" }.compactMap { $0[attribute: "value"] }
                }
            case "fetchIndex": indexes.append(fetchIndex(child))
            case "compoundIndexes":
                compound += child.children.filter { $0.name == "compoundIndex" }.map { index in
                    index.children.filter { $0.name == "index" }.compactMap { $0[attribute: "value"] }
                }
            case "userInfo": userInfo = UserInfo(element: child)
            default:
                others.append(child)
                note(child, in: what)
            }
        }
        notes += reader.notes(for: what)
        return Entity(
            name: name, representedClassName: representedClassName, parentEntity: parentEntity, isAbstract: isAbstract,
            renamingIdentifier: renamingIdentifier, versionHashModifier: versionHashModifier,
            codeGeneration: codeGeneration, isSyncable: isSyncable, attributes: attributes,
            relationships: relationships, fetchedProperties: fetched, uniquenessConstraints: constraints,
            fetchIndexes: indexes, compoundIndexes: compound, userInfo: userInfo, otherAttributes: reader.remaining,
            otherChildren: others, line: element.line)
    }

    mutating func attribute(_ element: XMLElementNode, owner: String) throws(Diagnostic) -> Attribute {
        var reader = ElementReader(element, path: path)
        let name = try reader.required("name", of: "an attribute of entity \"\(owner)\"")
        let what = "attribute \"\(owner).\(name)\""
        guard let typeName = reader.string("attributeType") else {
            throw Diagnostic(path: path, line: reader.line, message: "\(what) has no attributeType")
        }
        guard let type = AttributeType(xcodeName: typeName) else {
            throw Diagnostic(
                path: path, line: reader.line,
                message: "unknown attributeType \"\(typeName)\" on \(what); expected one of \(AttributeType.allCases.map(\.xcodeName).joined(separator: ", "))")
        }
        let attribute = Attribute(
            name: name, type: type, isOptional: reader.flag("optional"), isTransient: reader.flag("transient"),
            renamingIdentifier: reader.string("elementID"), versionHashModifier: reader.string("versionHashModifier"),
            defaultValueString: reader.string("defaultValueString"),
            defaultDateTimeInterval: reader.string("defaultDateTimeInterval"),
            usesScalarValueType: reader.optionalFlag("usesScalarValueType"),
            valueTransformerName: reader.string("valueTransformerName"), customClassName: reader.string("customClassName"),
            preservesValueInHistoryOnDeletion: reader.flag("preserveAfterDeletion"), isDerived: reader.flag("derived"),
            derivationExpression: reader.string("derivationExpression"), minValueString: reader.string("minValueString"),
            maxValueString: reader.string("maxValueString"), minDateTimeInterval: reader.string("minDateTimeInterval"),
            maxDateTimeInterval: reader.string("maxDateTimeInterval"),
            regularExpressionString: reader.string("regularExpressionString"),
            allowsExternalBinaryDataStorage: reader.flag("allowsExternalBinaryDataStorage"),
            allowsCloudEncryption: reader.flag("allowsCloudEncryption"),
            isIndexedBySpotlight: reader.flag("spotlightIndexingEnabled"),
            isStoredInExternalRecord: reader.flag("storedInTruthFile"), isIndexed: reader.flag("indexed"),
            compositeName: reader.string("composite"), isSyncable: reader.flag("syncable"),
            userInfo: UserInfo(element: element.children.first { $0.name == "userInfo" }),
            otherAttributes: reader.remaining, otherChildren: unknownChildren(element, except: ["userInfo"], in: what),
            line: element.line)
        notes += reader.notes(for: what)
        return attribute
    }

    private mutating func relationship(_ element: XMLElementNode, owner: String) throws(Diagnostic) -> Relationship {
        var reader = ElementReader(element, path: path)
        let name = try reader.required("name", of: "a relationship of entity \"\(owner)\"")
        let what = "relationship \"\(owner).\(name)\""
        var deleteRule: Relationship.DeleteRule?
        if let text = reader.string("deletionRule") {
            guard let rule = Relationship.DeleteRule(rawValue: text) else {
                throw Diagnostic(
                    path: path, line: reader.line,
                    message: "unknown deletionRule \"\(text)\" on \(what); expected Nullify, Cascade, Deny or No Action")
            }
            deleteRule = rule
        }
        let relationship = Relationship(
            name: name, destinationEntity: reader.string("destinationEntity"), inverseName: reader.string("inverseName"),
            inverseEntity: reader.string("inverseEntity"), isOptional: reader.flag("optional"),
            isTransient: reader.flag("transient"), isToMany: reader.flag("toMany"), isOrdered: reader.flag("ordered"),
            minCount: try reader.integer("minCount", of: what), maxCount: try reader.integer("maxCount", of: what),
            deleteRule: deleteRule, renamingIdentifier: reader.string("elementID"),
            versionHashModifier: reader.string("versionHashModifier"), isSyncable: reader.flag("syncable"),
            userInfo: UserInfo(element: element.children.first { $0.name == "userInfo" }),
            otherAttributes: reader.remaining, otherChildren: unknownChildren(element, except: ["userInfo"], in: what),
            line: element.line)
        notes += reader.notes(for: what)
        return relationship
    }

    private mutating func fetchedProperty(_ element: XMLElementNode, owner: String) throws(Diagnostic) -> FetchedProperty {
        var reader = ElementReader(element, path: path)
        let name = try reader.required("name", of: "a fetched property of entity \"\(owner)\"")
        let what = "fetched property \"\(owner).\(name)\""
        guard let requestElement = element.children.first(where: { $0.name == "fetchRequest" }) else {
            throw Diagnostic(path: path, line: reader.line, message: "\(what) has no fetchRequest")
        }
        let property = FetchedProperty(
            name: name, isOptional: reader.flag("optional"), fetchRequest: try fetchRequest(requestElement),
            renamingIdentifier: reader.string("elementID"), versionHashModifier: reader.string("versionHashModifier"),
            isSyncable: reader.flag("syncable"),
            userInfo: UserInfo(element: element.children.first { $0.name == "userInfo" }),
            otherAttributes: reader.remaining, line: element.line)
        _ = unknownChildren(element, except: ["userInfo", "fetchRequest"], in: what)
        notes += reader.notes(for: what)
        return property
    }

    private mutating func fetchRequest(_ element: XMLElementNode) throws(Diagnostic) -> FetchRequest {
        var reader = ElementReader(element, path: path)
        let name = reader.string("name") ?? ""
        let entity = try reader.required("entity", of: "fetch request \"\(name)\"")
        return FetchRequest(
            name: name, entity: entity, predicateString: reader.string("predicateString"), settings: reader.remaining,
            line: element.line)
    }

    private mutating func configuration(_ element: XMLElementNode) throws(Diagnostic) -> Configuration {
        var reader = ElementReader(element, path: path)
        let name = try reader.required("name", of: "a configuration")
        let members = element.children.filter { $0.name == "memberEntity" }.compactMap { $0[attribute: "name"] }
        let configuration = Configuration(
            name: name, usedWithCloudKit: reader.flag("usedWithCloudKit"), memberEntities: members,
            otherAttributes: reader.remaining, line: element.line)
        notes += reader.notes(for: "configuration \"\(name)\"")
        return configuration
    }

    private mutating func composite(_ element: XMLElementNode) throws(Diagnostic) -> Composite {
        var reader = ElementReader(element, path: path)
        let name = try reader.required("name", of: "a composite")
        var attributes: [Attribute] = []
        for child in element.children where child.name == "attribute" {
            attributes.append(try attribute(child, owner: name))
        }
        return Composite(name: name, attributes: attributes, line: element.line)
    }

    private func fetchIndex(_ element: XMLElementNode) -> FetchIndex {
        let elements = element.children.filter { $0.name == "fetchIndexElement" }.map { child in
            let known: Set = ["property", "expression", "type", "order"]
            return FetchIndex.Element(
                property: child[attribute: "property"], expression: child[attribute: "expression"],
                type: child[attribute: "type"] ?? "Binary", order: child[attribute: "order"] ?? "ascending",
                otherAttributes: child.attributes.filter { !known.contains($0.name) })
        }
        return FetchIndex(name: element[attribute: "name"] ?? "", elements: elements, line: element.line)
    }

    private mutating func unknownChildren(_ element: XMLElementNode, except known: Set<String>, in what: String) -> [XMLElementNode] {
        let unknown = element.children.filter { !known.contains($0.name) }
        for child in unknown { note(child, in: what) }
        return unknown
    }

    private mutating func note(_ child: XMLElementNode, in what: String) {
        notes.append(Diagnostic(.note, path: path, line: child.line.value, message: "unknown element <\(child.name)> in \(what) kept as is"))
    }
}

extension ElementReader {
    /// Puts an attribute back among the unconsumed ones (a value we could not interpret is kept verbatim).
    mutating func unconsume(_ name: String) { consumed.remove(name) }
}
