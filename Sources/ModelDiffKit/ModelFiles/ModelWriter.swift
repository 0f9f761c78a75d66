private typealias Tag = ModelXML.Tag
private typealias Key = ModelXML.Key

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
        if !model.layout.isEmpty { children.append(XMLElementNode(Tag.elements, children: model.layout)) }
        return XMLWriter.document(XMLElementNode(Tag.model, attributes: model.rootAttributes, children: children))
    }

    private static func entity(_ entity: Entity) -> XMLElementNode {
        var list = AttributeList()
        list.add(Key.name, entity.name)
        list.add(Key.representedClassName, entity.representedClassName)
        list.add(Key.parentEntity, entity.parentEntity)
        list.flag(Key.isAbstract, entity.isAbstract)
        list.add(Key.elementID, entity.renamingIdentifier)
        list.add(Key.versionHashModifier, entity.versionHashModifier)
        list.flag(Key.syncable, entity.isSyncable)
        list.add(Key.codeGenerationType, entity.codeGeneration?.rawValue)
        var children = entity.attributes.map(attribute) + entity.relationships.map(relationship)
        children += entity.fetchedProperties.map(fetchedProperty)
        children += entity.fetchIndexes.map(fetchIndex)
        if !entity.compoundIndexes.isEmpty {
            children.append(
                XMLElementNode(
                    Tag.compoundIndexes,
                    children: entity.compoundIndexes.map { index in
                        XMLElementNode(
                            Tag.compoundIndex, children: index.map { XMLElementNode(Tag.index, attributes: [XMLAttribute(Key.value, $0)]) })
                    }))
        }
        if !entity.uniquenessConstraints.isEmpty {
            children.append(
                XMLElementNode(
                    Tag.uniquenessConstraints,
                    children: entity.uniquenessConstraints.map { constraint in
                        XMLElementNode(
                            Tag.uniquenessConstraint,
                            children: constraint.map {
                                XMLElementNode(Tag.constraint, attributes: [XMLAttribute(Key.value, $0)])
                            })
                    }))
        }
        children += userInfo(entity.userInfo) + entity.otherChildren
        return XMLElementNode(Tag.entity, attributes: list.attributes + entity.otherAttributes, children: children)
    }

    static func attribute(_ attribute: Attribute) -> XMLElementNode {
        var list = AttributeList()
        list.add(Key.name, attribute.name)
        list.flag(Key.optional, attribute.isOptional)
        list.flag(Key.transient, attribute.isTransient)
        list.add(Key.attributeType, attribute.isTypeOmitted ? nil : attribute.type.xcodeName)
        list.add(Key.minValueString, attribute.minValueString)
        list.add(Key.maxValueString, attribute.maxValueString)
        list.add(Key.minDateTimeInterval, attribute.minDateTimeInterval)
        list.add(Key.maxDateTimeInterval, attribute.maxDateTimeInterval)
        list.add(Key.regularExpressionString, attribute.regularExpressionString)
        list.flag(Key.derived, attribute.isDerived)
        list.add(Key.derivationExpression, attribute.derivationExpression)
        list.add(Key.defaultValueString, attribute.defaultValueString)
        list.add(Key.defaultDateTimeInterval, attribute.defaultDateTimeInterval)
        list.add(Key.usesScalarValueType, attribute.usesScalarValueType.map { $0 ? "YES" : "NO" })
        list.flag(Key.allowsExternalBinaryDataStorage, attribute.allowsExternalBinaryDataStorage)
        list.flag(Key.allowsCloudEncryption, attribute.allowsCloudEncryption)
        list.flag(Key.preserveAfterDeletion, attribute.preservesValueInHistoryOnDeletion)
        list.add(Key.valueTransformerName, attribute.valueTransformerName)
        list.add(Key.customClassName, attribute.customClassName)
        list.add(Key.composite, attribute.compositeName)
        list.flag(Key.spotlightIndexingEnabled, attribute.isIndexedBySpotlight)
        list.flag(Key.storedInTruthFile, attribute.isStoredInExternalRecord)
        list.flag(Key.indexed, attribute.isIndexed)
        list.add(Key.elementID, attribute.renamingIdentifier)
        list.add(Key.versionHashModifier, attribute.versionHashModifier)
        list.flag(Key.syncable, attribute.isSyncable)
        return XMLElementNode(
            Tag.attribute, attributes: list.attributes + attribute.otherAttributes,
            children: userInfo(attribute.userInfo) + attribute.otherChildren)
    }

    private static func relationship(_ relationship: Relationship) -> XMLElementNode {
        var list = AttributeList()
        list.add(Key.name, relationship.name)
        list.flag(Key.optional, relationship.isOptional)
        list.flag(Key.transient, relationship.isTransient)
        list.flag(Key.toMany, relationship.isToMany)
        list.add(Key.minCount, relationship.minCountAsWritten.map(String.init))
        list.add(Key.maxCount, relationship.maxCountAsWritten.map(String.init))
        list.add(Key.deletionRule, relationship.deleteRule?.rawValue)
        list.flag(Key.ordered, relationship.isOrdered)
        list.add(Key.destinationEntity, relationship.destinationEntity)
        list.add(Key.inverseName, relationship.inverseName)
        list.add(Key.inverseEntity, relationship.inverseEntity)
        list.flag(Key.indexed, relationship.isIndexed)
        list.add(Key.elementID, relationship.renamingIdentifier)
        list.add(Key.versionHashModifier, relationship.versionHashModifier)
        list.flag(Key.syncable, relationship.isSyncable)
        return XMLElementNode(
            Tag.relationship, attributes: list.attributes + relationship.otherAttributes,
            children: userInfo(relationship.userInfo) + relationship.otherChildren)
    }

    private static func fetchedProperty(_ property: FetchedProperty) -> XMLElementNode {
        var list = AttributeList()
        list.add(Key.name, property.name)
        list.flag(Key.optional, property.isOptional)
        list.add(Key.elementID, property.renamingIdentifier)
        list.add(Key.versionHashModifier, property.versionHashModifier)
        list.flag(Key.syncable, property.isSyncable)
        return XMLElementNode(
            Tag.fetchedProperty, attributes: list.attributes + property.otherAttributes,
            children: [fetchRequest(property.fetchRequest)] + userInfo(property.userInfo))
    }

    private static func fetchRequest(_ request: FetchRequest) -> XMLElementNode {
        var list = AttributeList()
        list.add(Key.name, request.name)
        list.add(Key.entity, request.entity)
        list.add(Key.predicateString, request.predicateString)
        return XMLElementNode(Tag.fetchRequest, attributes: list.attributes + request.settings)
    }

    private static func fetchIndex(_ index: FetchIndex) -> XMLElementNode {
        XMLElementNode(
            Tag.fetchIndex, attributes: [XMLAttribute(Key.name, index.name)],
            children: index.elements.map { element in
                var list = AttributeList()
                list.add(Key.property, element.property)
                list.add(Key.expression, element.expression)
                list.add(Key.type, element.type)
                list.add(Key.order, element.order)
                return XMLElementNode(Tag.fetchIndexElement, attributes: list.attributes + element.otherAttributes)
            })
    }

    private static func configuration(_ configuration: Configuration) -> XMLElementNode {
        var list = AttributeList()
        list.add(Key.name, configuration.name)
        list.flag(Key.usedWithCloudKit, configuration.usedWithCloudKit)
        return XMLElementNode(
            Tag.configuration, attributes: list.attributes + configuration.otherAttributes,
            children: configuration.memberEntities.map { XMLElementNode(Tag.memberEntity, attributes: [XMLAttribute(Key.name, $0)]) })
    }

    private static func composite(_ composite: Composite) -> XMLElementNode {
        XMLElementNode(Tag.composite, attributes: [XMLAttribute(Key.name, composite.name)], children: composite.attributes.map(attribute))
    }

    private static func userInfo(_ info: UserInfo) -> [XMLElementNode] {
        guard !info.isEmpty else { return [] }
        return [
            XMLElementNode(
                Tag.userInfo,
                children: info.entries.map {
                    XMLElementNode(Tag.entry, attributes: [XMLAttribute(Key.key, $0.key), XMLAttribute(Key.value, $0.value)])
                })
        ]
    }
}

/// Collects attributes in a fixed order, leaving out absent values and NO flags.
private struct AttributeList {
    var attributes: [XMLAttribute] = []

    mutating func add(_ key: StaticString, _ value: String?) {
        if let value { attributes.append(XMLAttribute(key, value)) }
    }

    mutating func flag(_ key: StaticString, _ value: Bool) {
        if value { attributes.append(XMLAttribute(key, "YES")) }
    }
}
