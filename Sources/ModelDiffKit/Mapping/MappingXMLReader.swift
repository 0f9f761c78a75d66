extension MappingXML {
    /// The attributes each element of the format may have; anything else is a typo worth stopping for
    /// (a misspelt `policy` would otherwise migrate without the policy).
    private static let allowedAttributes: [String: [String]] = [
        Tag.mappingModel: [Key.formatVersion, Key.source, Key.destination],
        Tag.entityMapping: [
            Key.name, Key.type, Key.source, Key.destination, Key.sourceVersionHash, Key.destinationVersionHash, Key.policy,
        ],
        Tag.attribute: [Key.name, Key.todo],
        Tag.relationship: [Key.name, Key.todo],
    ]

    /// Reads a mapping file; `path` names it in diagnostics.
    public static func read(_ bytes: [UInt8], path: String) throws(Diagnostic) -> MappingModel {
        let root = try XMLDocumentParser.parse(bytes, path: path)
        let reader = Reader(path: path, text: MappingSourceText(XMLText.decode(bytes)))
        guard root.name == Tag.mappingModel else {
            throw reader.error(at: root, "not a modeldiff mapping file: the root element is <\(root.name)>, expected <mappingModel>")
        }
        guard root[attribute: Key.formatVersion] == formatVersion else {
            throw reader.error(
                at: root, attribute: Key.formatVersion,
                "unsupported mapping file format version \"\(root[attribute: Key.formatVersion] ?? "")\"; this modeldiff reads version \(formatVersion)"
            )
        }
        try reader.checkAttributes(of: root)
        var mappings: [EntityMapping] = []
        for child in root.children {
            guard child.name == Tag.entityMapping else {
                throw reader.error(at: child, "unexpected <\(child.name)> in <mappingModel>; expected <entityMapping>")
            }
            mappings.append(try reader.entityMapping(child))
        }
        return MappingModel(
            sourceVersion: root[attribute: Key.source], destinationVersion: root[attribute: Key.destination], entityMappings: mappings,
            comments: root.leadingComments, trailingComments: root.trailingComments, line: root.line)
    }

    private struct Reader {
        let path: String
        let text: MappingSourceText

        func error(at element: XMLElementNode, attribute: String? = nil, _ message: String) -> Diagnostic {
            let place =
                attribute.flatMap { text.attribute($0, from: element.line.value) }
                ?? text.find("<\(element.name)", from: element.line.value)
            return Diagnostic(path: path, line: place?.line ?? element.line.value, column: place?.column, message: message)
        }

        func checkAttributes(of element: XMLElementNode) throws(Diagnostic) {
            let allowed = MappingXML.allowedAttributes[element.name] ?? []
            for attribute in element.attributes where !allowed.contains(attribute.name) {
                throw error(
                    at: element, attribute: attribute.name,
                    "<\(element.name)> has no attribute \"\(attribute.name)\"; expected \(allowed.joined(separator: ", "))")
            }
        }

        func entityMapping(_ element: XMLElementNode) throws(Diagnostic) -> EntityMapping {
            guard let name = element[attribute: Key.name], !name.isEmpty else { throw error(at: element, "<entityMapping> has no name") }
            let typeName = element[attribute: Key.type] ?? ""
            guard let type = MappingType(rawValue: typeName) else {
                throw error(
                    at: element, attribute: element[attribute: Key.type] == nil ? nil : Key.type,
                    "entity mapping \"\(name)\" has type \"\(typeName)\"; expected one of \(MappingType.allCases.map(\.rawValue).joined(separator: ", "))"
                )
            }
            try checkAttributes(of: element)
            var attributes: [PropertyMapping] = []
            var relationships: [PropertyMapping] = []
            var sourceExpression: String?
            var sourceExpressionComments: [String] = []
            var info = UserInfo()
            for child in element.children {
                switch child.name {
                case Tag.sourceExpression:
                    sourceExpression = child.text
                    sourceExpressionComments = child.leadingComments + child.trailingComments
                case Tag.attribute: attributes.append(try property(child))
                case Tag.relationship: relationships.append(try property(child))
                case Tag.userInfo: info = UserInfo(element: child)
                default: throw error(at: child, "unexpected <\(child.name)> in entity mapping \"\(name)\"")
                }
            }
            // A file leaves out the default fetch (every source object): fill it in, as Xcode's mappings have it.
            let source = element[attribute: Key.source]
            if sourceExpression == nil { sourceExpression = MappingXML.defaultSourceExpression(type: type, source: source) }
            return EntityMapping(
                name: name, type: type, sourceEntity: source, destinationEntity: element[attribute: Key.destination],
                sourceVersionHash: element[attribute: Key.sourceVersionHash],
                destinationVersionHash: element[attribute: Key.destinationVersionHash],
                sourceExpression: sourceExpression, sourceExpressionComments: sourceExpressionComments,
                policyClassName: element[attribute: Key.policy],
                userInfo: info, attributeMappings: attributes, relationshipMappings: relationships, comments: element.leadingComments,
                trailingComments: element.trailingComments, line: element.line)

        }

        func property(_ element: XMLElementNode) throws(Diagnostic) -> PropertyMapping {
            guard let name = element[attribute: Key.name], !name.isEmpty else {
                throw error(at: element, "<\(element.name)> mapping has no name")
            }
            try checkAttributes(of: element)
            var expression: XMLElementNode?
            var info: XMLElementNode?
            for child in element.children {
                switch child.name {
                case Tag.valueExpression where expression == nil: expression = child
                case Tag.userInfo where info == nil: info = child
                default:
                    throw error(
                        at: child,
                        "unexpected <\(child.name)> in the \(element.name) mapping \"\(name)\"; expected <valueExpression> and <userInfo>")
                }
            }
            // The expression is the element's text, or its <valueExpression> child's when it also has a <userInfo>.
            let text = expression?.text ?? element.text
            let inner = (expression.map { $0.leadingComments + $0.trailingComments } ?? []) + (info?.leadingComments ?? [])
            return PropertyMapping(
                name: name, valueExpression: text.isEmpty ? nil : text, placeholder: element[attribute: Key.todo],
                userInfo: UserInfo(element: info),
                comments: element.leadingComments, trailingComments: inner + element.trailingComments, line: element.line)
        }
    }
}
