/// The same elements read further down (or up) their file: the versions of a bundle hold many
/// `<entity>` elements of one text at different lines, decoded once (`SharedEntityElements`) and moved
/// to the lines each version has them at. Everything but the lines stays as it is.
extension SourceLine {
    /// The line `offset` lines further down; a line not read from a file stays as it is.
    func moved(by offset: Int) -> SourceLine { SourceLine(value.map { $0 + offset }, file: file, column: column) }
}

extension Entity {
    /// The entity with every line in it moved by `offset`: its own, its properties', its fetch indexes'
    /// and those of the elements it keeps verbatim.
    func movingLines(by offset: Int) -> Entity {
        var stored = storage.value
        stored.line = stored.line.moved(by: offset)
        stored.attributes = stored.attributes.map { $0.movingLines(by: offset) }
        stored.relationships = stored.relationships.map { $0.movingLines(by: offset) }
        stored.fetchedProperties = stored.fetchedProperties.map { $0.movingLines(by: offset) }
        stored.fetchIndexes = stored.fetchIndexes.map { FetchIndex(name: $0.name, elements: $0.elements, line: $0.line.moved(by: offset)) }
        stored.otherChildren = stored.otherChildren.map { $0.movingLines(by: offset) }
        return Entity(stored: stored)
    }
}

extension Attribute {
    func movingLines(by offset: Int) -> Attribute {
        var stored = storage.value
        stored.line = stored.line.moved(by: offset)
        stored.otherChildren = stored.otherChildren.map { $0.movingLines(by: offset) }
        return Attribute(stored: stored)
    }

    init(stored: Stored) { storage = SharedBox(stored) }
}

extension Relationship {
    func movingLines(by offset: Int) -> Relationship {
        var stored = storage.value
        stored.line = stored.line.moved(by: offset)
        stored.otherChildren = stored.otherChildren.map { $0.movingLines(by: offset) }
        return Relationship(stored: stored)
    }

    init(stored: Stored) { storage = SharedBox(stored) }
}

extension FetchRequest {
    func movingLines(by offset: Int) -> FetchRequest {
        FetchRequest(name: name, entity: entity, predicateString: predicateString, settings: settings, line: line.moved(by: offset))
    }
}

extension FetchedProperty {
    func movingLines(by offset: Int) -> FetchedProperty {
        FetchedProperty(
            name: name, isOptional: isOptional, fetchRequest: fetchRequest.movingLines(by: offset), renamingIdentifier: renamingIdentifier,
            versionHashModifier: versionHashModifier, isSyncable: isSyncable, userInfo: userInfo, otherAttributes: otherAttributes,
            line: line.moved(by: offset))
    }
}

extension XMLElementNode {
    func movingLines(by offset: Int) -> XMLElementNode {
        XMLElementNode(
            name: name, attributes: attributes, children: children.map { $0.movingLines(by: offset) }, text: text,
            line: line.moved(by: offset), leadingComments: leadingComments, trailingComments: trailingComments)
    }
}
