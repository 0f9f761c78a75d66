/// Writes a model back as Xcode's `contents` XML, in Xcode's element and attribute order.
public enum ModelWriter {
    /// The XML text of `model`.
    public static func xml(_ model: Model) -> String {
        var children: [XMLElementNode] = model.entities.map(entity)
        children += model.fetchRequests.map(fetchRequest)
        children += model.configurations.map(configuration)
        children += model.composites.map(composite)
        children += userInfo(model.userInfo)
        children += model.otherChildren
        if !model.layout.isEmpty { children.append(XMLElementNode(name: "elements", children: model.layout)) }
        return XMLWriter.document(XMLElementNode(name: "model", attributes: model.rootAttributes, children: children))
    }

    private static func entity(_ entity: Entity) -> XMLElementNode {
        var list = AttributeList()
        list.add("name", entity.name)
        list.add("representedClassName", entity.representedClassName)
        list.add("parentEntity", entity.parentEntity)
        list.flag("isAbstract", entity.isAbstract)
        list.add("elementID", entity.renamingIdentifier)
        list.add("versionHashModifier", entity.versionHashModifier)
        list.flag("syncable", entity.isSyncable)
        list.add("codeGenerationType", entity.codeGeneration?.rawValue)
        var children = entity.attributes.map(attribute) + entity.relationships.map(relationship)
        children += entity.fetchedProperties.map(fetchedProperty)
        children += entity.fetchIndexes.map(fetchIndex)
        if !entity.compoundIndexes.isEmpty {
            children.append(XMLElementNode(name: "compoundIndexes", children: entity.compoundIndexes.map { index in
                XMLElementNode(name: "compoundIndex", children: index.map { XMLElementNode(name: "index", attributes: [XMLAttribute("value", $0)]) })
            }))
        }
        if !entity.uniquenessConstraints.isEmpty {
            children.append(XMLElementNode(name: "uniquenessConstraints", children: entity.uniquenessConstraints.map { constraint in
                XMLElementNode(name: "uniquenessConstraint", children: constraint.map {
                    XMLElementNode(name: "constraint", attributes: [XMLAttribute("value", $0)])
                })
            }))
        }
        children += userInfo(entity.userInfo) + entity.otherChildren
        return XMLElementNode(name: "entity", attributes: list.attributes + entity.otherAttributes, children: children)
    }

    static func attribute(_ attribute: Attribute) -> XMLElementNode {
        var list = AttributeList()
        list.add("name", attribute.name)
        list.flag("optional", attribute.isOptional)
        list.flag("transient", attribute.isTransient)
        list.add("attributeType", attribute.isTypeOmitted ? nil : attribute.type.xcodeName)
        list.add("minValueString", attribute.minValueString)
        list.add("maxValueString", attribute.maxValueString)
        list.add("minDateTimeInterval", attribute.minDateTimeInterval)
        list.add("maxDateTimeInterval", attribute.maxDateTimeInterval)
        list.add("regularExpressionString", attribute.regularExpressionString)
        list.flag("derived", attribute.isDerived)
        list.add("derivationExpression", attribute.derivationExpression)
        list.add("defaultValueString", attribute.defaultValueString)
        list.add("defaultDateTimeInterval", attribute.defaultDateTimeInterval)
        list.add("usesScalarValueType", attribute.usesScalarValueType.map { $0 ? "YES" : "NO" })
        list.flag("allowsExternalBinaryDataStorage", attribute.allowsExternalBinaryDataStorage)
        list.flag("allowsCloudEncryption", attribute.allowsCloudEncryption)
        list.flag("preserveAfterDeletion", attribute.preservesValueInHistoryOnDeletion)
        list.add("valueTransformerName", attribute.valueTransformerName)
        list.add("customClassName", attribute.customClassName)
        list.add("composite", attribute.compositeName)
        list.flag("spotlightIndexingEnabled", attribute.isIndexedBySpotlight)
        list.flag("storedInTruthFile", attribute.isStoredInExternalRecord)
        list.flag("indexed", attribute.isIndexed)
        list.add("elementID", attribute.renamingIdentifier)
        list.add("versionHashModifier", attribute.versionHashModifier)
        list.flag("syncable", attribute.isSyncable)
        return XMLElementNode(
            name: "attribute", attributes: list.attributes + attribute.otherAttributes,
            children: userInfo(attribute.userInfo) + attribute.otherChildren)
    }

    private static func relationship(_ relationship: Relationship) -> XMLElementNode {
        var list = AttributeList()
        list.add("name", relationship.name)
        list.flag("optional", relationship.isOptional)
        list.flag("transient", relationship.isTransient)
        list.flag("toMany", relationship.isToMany)
        list.add("minCount", relationship.minCountAsWritten.map(String.init))
        list.add("maxCount", relationship.maxCountAsWritten.map(String.init))
        list.add("deletionRule", relationship.deleteRule?.rawValue)
        list.flag("ordered", relationship.isOrdered)
        list.add("destinationEntity", relationship.destinationEntity)
        list.add("inverseName", relationship.inverseName)
        list.add("inverseEntity", relationship.inverseEntity)
        list.add("elementID", relationship.renamingIdentifier)
        list.add("versionHashModifier", relationship.versionHashModifier)
        list.flag("syncable", relationship.isSyncable)
        return XMLElementNode(
            name: "relationship", attributes: list.attributes + relationship.otherAttributes,
            children: userInfo(relationship.userInfo) + relationship.otherChildren)
    }

    private static func fetchedProperty(_ property: FetchedProperty) -> XMLElementNode {
        var list = AttributeList()
        list.add("name", property.name)
        list.flag("optional", property.isOptional)
        list.add("elementID", property.renamingIdentifier)
        list.add("versionHashModifier", property.versionHashModifier)
        list.flag("syncable", property.isSyncable)
        return XMLElementNode(
            name: "fetchedProperty", attributes: list.attributes + property.otherAttributes,
            children: [fetchRequest(property.fetchRequest)] + userInfo(property.userInfo))
    }

    private static func fetchRequest(_ request: FetchRequest) -> XMLElementNode {
        var list = AttributeList()
        list.add("name", request.name)
        list.add("entity", request.entity)
        list.add("predicateString", request.predicateString)
        return XMLElementNode(name: "fetchRequest", attributes: list.attributes + request.settings)
    }

    private static func fetchIndex(_ index: FetchIndex) -> XMLElementNode {
        XMLElementNode(name: "fetchIndex", attributes: [XMLAttribute("name", index.name)], children: index.elements.map { element in
            var list = AttributeList()
            list.add("property", element.property)
            list.add("expression", element.expression)
            list.add("type", element.type)
            list.add("order", element.order)
            return XMLElementNode(name: "fetchIndexElement", attributes: list.attributes + element.otherAttributes)
        })
    }

    private static func configuration(_ configuration: Configuration) -> XMLElementNode {
        var list = AttributeList()
        list.add("name", configuration.name)
        list.flag("usedWithCloudKit", configuration.usedWithCloudKit)
        return XMLElementNode(
            name: "configuration", attributes: list.attributes + configuration.otherAttributes,
            children: configuration.memberEntities.map { XMLElementNode(name: "memberEntity", attributes: [XMLAttribute("name", $0)]) })
    }

    private static func composite(_ composite: Composite) -> XMLElementNode {
        XMLElementNode(name: "composite", attributes: [XMLAttribute("name", composite.name)], children: composite.attributes.map(attribute))
    }

    private static func userInfo(_ info: UserInfo) -> [XMLElementNode] {
        guard !info.isEmpty else { return [] }
        return [XMLElementNode(name: "userInfo", children: info.entries.map {
            XMLElementNode(name: "entry", attributes: [XMLAttribute("key", $0.key), XMLAttribute("value", $0.value)])
        })]
    }
}

/// Collects attributes in a fixed order, leaving out absent values and NO flags.
private struct AttributeList {
    var attributes: [XMLAttribute] = []

    mutating func add(_ name: String, _ value: String?) {
        if let value { attributes.append(XMLAttribute(name, value)) }
    }

    mutating func flag(_ name: String, _ value: Bool) {
        if value { attributes.append(XMLAttribute(name, "YES")) }
    }
}
