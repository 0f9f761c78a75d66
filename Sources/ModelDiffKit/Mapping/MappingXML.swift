/// The mapping file format: plain XML a developer edits and keeps in the repository.
public enum MappingXML {
    /// The format version written in the root element.
    public static let formatVersion = "1"

    /// The file text of a mapping model; the same model always gives the same bytes.
    public static func write(_ mapping: MappingModel) -> String {
        var rootAttributes = [XMLAttribute("formatVersion", formatVersion)]
        if let source = mapping.sourceVersion { rootAttributes.append(XMLAttribute("source", source)) }
        if let destination = mapping.destinationVersion { rootAttributes.append(XMLAttribute("destination", destination)) }
        let root = XMLElementNode(
            name: "mappingModel", attributes: rootAttributes, children: mapping.entityMappings.map(element), leadingComments: mapping.comments)
        var output = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        XMLWriter.write(root, depth: 0, into: &output)
        return output
    }

    private static func element(_ mapping: EntityMapping) -> XMLElementNode {
        var attributes = [XMLAttribute("name", mapping.name), XMLAttribute("type", mapping.type.rawValue)]
        if let source = mapping.sourceEntity { attributes.append(XMLAttribute("source", source)) }
        if let destination = mapping.destinationEntity { attributes.append(XMLAttribute("destination", destination)) }
        if let hash = mapping.sourceVersionHash { attributes.append(XMLAttribute("sourceVersionHash", hash)) }
        if let hash = mapping.destinationVersionHash { attributes.append(XMLAttribute("destinationVersionHash", hash)) }
        if let policy = mapping.policyClassName { attributes.append(XMLAttribute("policy", policy)) }
        var children: [XMLElementNode] = []
        if let expression = mapping.sourceExpression { children.append(XMLElementNode(name: "sourceExpression", text: expression)) }
        children += mapping.attributeMappings.map { property("attribute", $0) }
        children += mapping.relationshipMappings.map { property("relationship", $0) }
        children += userInfo(mapping.userInfo)
        return XMLElementNode(name: "entityMapping", attributes: attributes, children: children, leadingComments: mapping.comments)
    }

    private static func property(_ kind: String, _ mapping: PropertyMapping) -> XMLElementNode {
        var attributes = [XMLAttribute("name", mapping.name)]
        if let todo = mapping.placeholder { attributes.append(XMLAttribute("todo", todo)) }
        let info = userInfo(mapping.userInfo)
        if !info.isEmpty {
            var children = info
            if let expression = mapping.valueExpression { children.insert(XMLElementNode(name: "valueExpression", text: expression), at: 0) }
            return XMLElementNode(name: kind, attributes: attributes, children: children, leadingComments: mapping.comments)
        }
        return XMLElementNode(name: kind, attributes: attributes, text: mapping.valueExpression ?? "", leadingComments: mapping.comments)
    }

    private static func userInfo(_ info: UserInfo) -> [XMLElementNode] {
        guard !info.isEmpty else { return [] }
        return [XMLElementNode(name: "userInfo", children: info.entries.map {
            XMLElementNode(name: "entry", attributes: [XMLAttribute("key", $0.key), XMLAttribute("value", $0.value)])
        })]
    }

    /// The comment `infer` puts at the top of a new file: what it maps and how to edit and check it.
    public static func header(source: String?, destination: String?) -> String {
        """
         modeldiff mapping model\(source.map { ": \($0)" } ?? "")\(destination.map { " → \($0)" } ?? "").
             Each entityMapping turns objects of a source entity into objects of a destination entity.
             Value expressions use NSExpression syntax: $source.title, ($source.celsius * 1.8) + 32,
             FUNCTION($manager, "destinationInstancesForEntityMappingName:sourceInstances:", "NoteToNote", $source.notes).
             An attribute or relationship with a todo="…" is a placeholder: replace it with a value expression.
             Check it with the command modeldiff mapping validate, giving this file and the old and new versions. 
        """
    }

    /// Reads a mapping file; `path` names it in diagnostics.
    public static func read(_ bytes: [UInt8], path: String) throws(Diagnostic) -> MappingModel {
        let root = try XMLDocumentParser.parse(bytes, path: path)
        guard root.name == "mappingModel" else {
            throw Diagnostic(path: path, line: root.line.value, message: "not a modeldiff mapping file: the root element is <\(root.name)>, expected <mappingModel>")
        }
        guard root[attribute: "formatVersion"] == formatVersion else {
            throw Diagnostic(path: path, line: root.line.value, message: "unsupported mapping file format version \"\(root[attribute: "formatVersion"] ?? "")\"; this modeldiff reads version \(formatVersion)")
        }
        var mappings: [EntityMapping] = []
        for child in root.children {
            guard child.name == "entityMapping" else {
                throw Diagnostic(path: path, line: child.line.value, message: "unexpected <\(child.name)> in <mappingModel>; expected <entityMapping>")
            }
            mappings.append(try entityMapping(child, path: path))
        }
        return MappingModel(sourceVersion: root[attribute: "source"], destinationVersion: root[attribute: "destination"], entityMappings: mappings, comments: root.leadingComments)
    }

    private static func entityMapping(_ element: XMLElementNode, path: String) throws(Diagnostic) -> EntityMapping {
        guard let name = element[attribute: "name"], !name.isEmpty else {
            throw Diagnostic(path: path, line: element.line.value, message: "<entityMapping> has no name")
        }
        let typeName = element[attribute: "type"] ?? ""
        guard let type = MappingType(rawValue: typeName) else {
            throw Diagnostic(path: path, line: element.line.value, message: "entity mapping \"\(name)\" has type \"\(typeName)\"; expected one of \(MappingType.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        var attributes: [PropertyMapping] = []
        var relationships: [PropertyMapping] = []
        var sourceExpression: String?
        var info = UserInfo()
        for child in element.children {
            switch child.name {
            case "sourceExpression": sourceExpression = child.text
            case "attribute": attributes.append(try property(child, path: path))
            case "relationship": relationships.append(try property(child, path: path))
            case "userInfo": info = UserInfo(element: child)
            default:
                throw Diagnostic(path: path, line: child.line.value, message: "unexpected <\(child.name)> in entity mapping \"\(name)\"")
            }
        }
        return EntityMapping(
            name: name, type: type, sourceEntity: element[attribute: "source"], destinationEntity: element[attribute: "destination"],
            sourceVersionHash: element[attribute: "sourceVersionHash"], destinationVersionHash: element[attribute: "destinationVersionHash"],
            sourceExpression: sourceExpression, policyClassName: element[attribute: "policy"], userInfo: info,
            attributeMappings: attributes, relationshipMappings: relationships, comments: element.leadingComments, line: element.line)
    }

    private static func property(_ element: XMLElementNode, path: String) throws(Diagnostic) -> PropertyMapping {
        guard let name = element[attribute: "name"], !name.isEmpty else {
            throw Diagnostic(path: path, line: element.line.value, message: "<\(element.name)> mapping has no name")
        }
        let expressionElement = element.children.first { $0.name == "valueExpression" }
        let text = expressionElement?.text ?? element.text
        return PropertyMapping(
            name: name, valueExpression: text.isEmpty ? nil : text, placeholder: element[attribute: "todo"],
            userInfo: UserInfo(element: element.children.first { $0.name == "userInfo" }), comments: element.leadingComments,
            line: element.line)
    }
}
