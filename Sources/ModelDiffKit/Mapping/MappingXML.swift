/// The mapping file format: plain XML a developer edits and keeps in the repository.
public enum MappingXML {
    /// The format version written in the root element.
    package static let formatVersion = "1"

    /// The file text of a mapping model; the same model always gives the same bytes.
    public static func write(_ mapping: MappingModel) -> String {
        var rootAttributes = [XMLAttribute(Key.formatVersion, formatVersion)]
        if let source = mapping.sourceVersion { rootAttributes.append(XMLAttribute(Key.source, source)) }
        if let destination = mapping.destinationVersion { rootAttributes.append(XMLAttribute(Key.destination, destination)) }
        let root = XMLElementNode(
            name: Tag.mappingModel, attributes: rootAttributes, children: mapping.entityMappings.map(element),
            leadingComments: mapping.comments,
            trailingComments: mapping.trailingComments)
        var output = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        XMLWriter.write(root, depth: 0, into: &output, breakingBefore: [Key.sourceVersionHash, Key.destinationVersionHash])
        return output
    }

    private static func element(_ mapping: EntityMapping) -> XMLElementNode {
        var attributes = [XMLAttribute(Key.name, mapping.name), XMLAttribute(Key.type, mapping.type.rawValue)]
        if let source = mapping.sourceEntity { attributes.append(XMLAttribute(Key.source, source)) }
        if let destination = mapping.destinationEntity { attributes.append(XMLAttribute(Key.destination, destination)) }
        if let policy = mapping.policyClassName { attributes.append(XMLAttribute(Key.policy, policy)) }
        if let hash = mapping.sourceVersionHash { attributes.append(XMLAttribute(Key.sourceVersionHash, hash)) }
        if let hash = mapping.destinationVersionHash { attributes.append(XMLAttribute(Key.destinationVersionHash, hash)) }
        var children: [XMLElementNode] = []
        // The default fetch (every source object) is left out and filled in on reading, as
        // `defaultSourceExpression` says; one with a predicate or a comment is written.
        if let expression = mapping.sourceExpression,
            expression != defaultSourceExpression(type: mapping.type, source: mapping.sourceEntity)
                || !mapping.sourceExpressionComments.isEmpty
        {
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
            if let expression = mapping.valueExpression {
                children.insert(XMLElementNode(name: Tag.valueExpression, text: expression), at: 0)
            }
            return XMLElementNode(
                name: kind, attributes: attributes, children: children, leadingComments: mapping.comments,
                trailingComments: mapping.trailingComments)
        }
        return XMLElementNode(
            name: kind, attributes: attributes, text: mapping.valueExpression ?? "", leadingComments: mapping.comments,
            trailingComments: mapping.trailingComments)
    }

    private static func userInfo(_ info: UserInfo) -> [XMLElementNode] {
        guard !info.isEmpty else { return [] }
        return [
            XMLElementNode(
                name: Tag.userInfo,
                children: info.entries.map {
                    XMLElementNode(name: Tag.entry, attributes: [XMLAttribute(Key.key, $0.key), XMLAttribute(Key.value, $0.value)])
                })
        ]
    }

    /// The source expression a mapping has when the file leaves it out: Core Data's fetch of every
    /// source object, which Xcode writes for a mapping that migrates objects (``XcodeMappingImport``
    /// and `infer` give the same); nil for an add or remove mapping, which migrates none, and when
    /// the mapping has no source entity.
    static func defaultSourceExpression(type: MappingType, source: String?) -> String? {
        guard type != .add, type != .remove, let source else { return nil }
        return EntityMapping.fetchAll(source)
    }

    /// The comment `infer` puts at the top of a new file: what it maps and how to edit and check it.
    package static func header(source: String?, destination: String?) -> String {
        """
         modeldiff mapping model\(source.map { ": \($0)" } ?? "")\(destination.map { " → \($0)" } ?? "").
             Each entityMapping turns the objects of a source entity into objects of a destination entity;
             each attribute and relationship element holds a value expression in NSExpression syntax:
               $source.title   ($source.celsius * 1.8) + 32   TERNARY($source.count > 0, "some", "none")
             Variables, as Core Data binds them:
               $source          the source object being migrated
               $destination     the destination object made from it
               $manager         the migration manager (NSMigrationManager)
               $entityMapping   this entity mapping ($entityMapping.userInfo.KEY reads its userInfo)
               $propertyMapping this attribute or relationship mapping
               $entityPolicy    the entity mapping's policy (FUNCTION($entityPolicy, "method:", …))
             A key spelled like a reserved word is escaped with #: $source.#size, $source.#first.
             Relationships look objects up through the manager, with Apple's selectors:
               FUNCTION($manager, "destinationInstancesForEntityMappingNamed:sourceInstances:", "NoteToNote", $source.notes)
               FUNCTION($manager, "destinationInstancesForSourceRelationshipNamed:sourceInstances:", "notes", $source.notes)
               FUNCTION($manager, "sourceInstancesForEntityMappingNamed:destinationInstances:", "NoteToNote", $destination)
             Every source object is migrated; to migrate only some, add a sourceExpression with a predicate:
               FETCH(FUNCTION($manager, "fetchRequestForSourceEntityNamed:predicateString:", "Note", "title != nil"),
                     $manager.sourceContext, NO)
             An element with todo="…" is a placeholder: write its value expression (or keep the suggested one)
             and remove the todo. Check the file with modeldiff mapping validate, giving the two versions. 
        """
    }
}
