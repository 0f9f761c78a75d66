/// The mapping file format: plain XML a developer edits and keeps in the repository.
public enum MappingXML {
    /// The format version written in the root element.
    public static let formatVersion = "1"

    /// The file text of a mapping model; the same model always gives the same bytes.
    public static func write(_ mapping: MappingModel) -> String {
        var rootAttributes = [XMLAttribute(Key.formatVersion, formatVersion)]
        if let source = mapping.sourceVersion { rootAttributes.append(XMLAttribute(Key.source, source)) }
        if let destination = mapping.destinationVersion { rootAttributes.append(XMLAttribute(Key.destination, destination)) }
        let root = XMLElementNode(
            name: Tag.mappingModel, attributes: rootAttributes, children: mapping.entityMappings.map(element), leadingComments: mapping.comments,
            trailingComments: mapping.trailingComments)
        var output = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        XMLWriter.write(root, depth: 0, into: &output)
        return output
    }

    private static func element(_ mapping: EntityMapping) -> XMLElementNode {
        var attributes = [XMLAttribute(Key.name, mapping.name), XMLAttribute(Key.type, mapping.type.rawValue)]
        if let source = mapping.sourceEntity { attributes.append(XMLAttribute(Key.source, source)) }
        if let destination = mapping.destinationEntity { attributes.append(XMLAttribute(Key.destination, destination)) }
        if let hash = mapping.sourceVersionHash { attributes.append(XMLAttribute(Key.sourceVersionHash, hash)) }
        if let hash = mapping.destinationVersionHash { attributes.append(XMLAttribute(Key.destinationVersionHash, hash)) }
        if let policy = mapping.policyClassName { attributes.append(XMLAttribute(Key.policy, policy)) }
        var children: [XMLElementNode] = []
        if let expression = mapping.sourceExpression {
            children.append(XMLElementNode(name: Tag.sourceExpression, text: expression, leadingComments: mapping.sourceExpressionComments))
        }
        children += mapping.attributeMappings.map { property(Tag.attribute, $0) }
        children += mapping.relationshipMappings.map { property(Tag.relationship, $0) }
        children += userInfo(mapping.userInfo)
        return XMLElementNode(
            name: Tag.entityMapping, attributes: attributes, children: children, leadingComments: mapping.comments,
            trailingComments: mapping.trailingComments)
    }

    private static func property(_ kind: String, _ mapping: PropertyMapping) -> XMLElementNode {
        var attributes = [XMLAttribute(Key.name, mapping.name)]
        if let todo = mapping.placeholder { attributes.append(XMLAttribute(Key.todo, todo)) }
        let info = userInfo(mapping.userInfo)
        if !info.isEmpty {
            var children = info
            if let expression = mapping.valueExpression { children.insert(XMLElementNode(name: Tag.valueExpression, text: expression), at: 0) }
            return XMLElementNode(
                name: kind, attributes: attributes, children: children, leadingComments: mapping.comments, trailingComments: mapping.trailingComments)
        }
        return XMLElementNode(
            name: kind, attributes: attributes, text: mapping.valueExpression ?? "", leadingComments: mapping.comments,
            trailingComments: mapping.trailingComments)
    }

    private static func userInfo(_ info: UserInfo) -> [XMLElementNode] {
        guard !info.isEmpty else { return [] }
        return [XMLElementNode(name: Tag.userInfo, children: info.entries.map {
            XMLElementNode(name: Tag.entry, attributes: [XMLAttribute(Key.key, $0.key), XMLAttribute(Key.value, $0.value)])
        })]
    }

    /// The comment `infer` puts at the top of a new file: what it maps and how to edit and check it.
    public static func header(source: String?, destination: String?) -> String {
        """
         modeldiff mapping model\(source.map { ": \($0)" } ?? "")\(destination.map { " → \($0)" } ?? "").
             Each entityMapping turns objects of a source entity into objects of a destination entity.
             Value expressions use NSExpression syntax: $source.title, ($source.celsius * 1.8) + 32,
             FUNCTION($manager, "destinationInstancesForEntityMappingNamed:sourceInstances:", "NoteToNote", $source.notes).
             An attribute or relationship with a todo="…" is a placeholder: replace it with a value expression.
             Check it with the command modeldiff mapping validate, giving this file and the old and new versions. 
        """
    }
}
