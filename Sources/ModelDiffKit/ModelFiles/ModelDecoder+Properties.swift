private typealias Tag = ModelXML.Tag
private typealias Key = ModelXML.Key

/// Decoding `<attribute>`, `<relationship>` and `<fetchedProperty>`: each attribute of the element is
/// matched once against the names the model knows; the rest are kept verbatim with a note.
extension ModelDecoder {
    mutating func attribute(_ element: XMLElementView, owner: String) throws(Diagnostic) -> Attribute {
        var fields = AttributeFields()
        for attribute in element.attributes { fields.read(attribute) }
        let name = try required(fields.name, "name", of: "an attribute of entity \"\(owner)\"", at: element)
        var what: String { "attribute \"\(owner).\(name)\"" }  // for messages only: built when one is
        try checkFlags(fields.flags, of: element, what)
        let type: AttributeType
        if let typeName = fields.typeName {
            guard let known = AttributeType(xcodeName: typeName) else {
                throw Diagnostic(
                    path: path, line: element.line.value,
                    message:
                        """
                        unknown attributeType \"\(typeName.string)\" on \(what); expected one of \
                        \(AttributeType.allCases.map(\.xcodeName).joined(separator: ", "))
                        """
                )
            }
            type = known
        } else if fields.isTransient {
            // Older Xcode versions write transient attributes without a type; Core Data reads them as
            // Undefined. A stored attribute needs a type to get a column, so there it stays an error.
            type = .undefined
        } else {
            throw Diagnostic(path: path, line: element.line.value, message: "\(what) has no attributeType")
        }
        let (userInfo, others) = userInfoAndOthers(of: element, in: what)
        noteUnknown(fields.others, on: what, at: element)
        return fields.attribute(
            name: name, type: type, isTypeOmitted: fields.typeName == nil, userInfo: userInfo, otherChildren: others, line: element.line)
    }

    mutating func relationship(_ element: XMLElementView, owner: String) throws(Diagnostic) -> Relationship {
        var fields = RelationshipFields()
        for attribute in element.attributes { fields.read(attribute) }
        let name = try required(fields.name, "name", of: "a relationship of entity \"\(owner)\"", at: element)
        var what: String { "relationship \"\(owner).\(name)\"" }  // for messages only: built when one is
        try checkFlags(fields.flags, of: element, what)
        var deleteRule: Relationship.DeleteRule?
        if let text = fields.deletionRule {
            guard let rule = Relationship.DeleteRule(rawValue: text) else {
                throw Diagnostic(
                    path: path, line: element.line.value,
                    message: "unknown deletionRule \"\(text)\" on \(what); expected Nullify, Cascade, Deny or No Action")
            }
            deleteRule = rule
        }
        let minCount = try integer(fields.minCount, "minCount", of: what, at: element)
        let maxCount = try integer(fields.maxCount, "maxCount", of: what, at: element)
        let (userInfo, others) = userInfoAndOthers(of: element, in: what)
        noteUnknown(fields.others, on: what, at: element)
        return Relationship(
            name: name, destinationEntity: fields.destinationEntity, inverseName: fields.inverseName,
            inverseEntity: fields.inverseEntity, isOptional: fields.isOptional, isTransient: fields.isTransient,
            isToMany: fields.isToMany, isOrdered: fields.isOrdered, minCount: minCount, maxCount: maxCount,
            deleteRule: deleteRule, renamingIdentifier: fields.renamingIdentifier,
            versionHashModifier: fields.versionHashModifier, isSyncable: fields.isSyncable, isIndexed: fields.isIndexed,
            userInfo: userInfo, otherAttributes: fields.others, otherChildren: others, line: element.line)
    }

    mutating func fetchedProperty(_ element: XMLElementView, owner: String) throws(Diagnostic) -> FetchedProperty {
        var name: String?
        var isOptional = false
        var renamingIdentifier: String?
        var versionHashModifier: String?
        var isSyncable = false
        var others: [XMLAttribute] = []
        for attribute in element.attributes {
            switch attribute.name {
            case Key.name: name = attribute.value
            case Key.optional: isOptional = attribute.isYes
            case Key.elementID: renamingIdentifier = attribute.value
            case Key.versionHashModifier: versionHashModifier = attribute.value
            case Key.syncable: isSyncable = attribute.isYes
            default: others.append(attribute.verbatim)
            }
        }
        let propertyName = try required(name, "name", of: "a fetched property of entity \"\(owner)\"", at: element)
        var what: String { "fetched property \"\(owner).\(propertyName)\"" }  // for messages only: built when one is
        try checkFlags(of: element, what)
        guard let requestElement = element.children.first(where: { $0.isNamed(Tag.fetchRequest) }) else {
            throw Diagnostic(path: path, line: element.line.value, message: "\(what) has no fetchRequest")
        }
        let request = try fetchRequest(requestElement)
        var userInfo: UserInfo?
        for child in element.children {
            if child.isNamed(Tag.userInfo) {
                if userInfo == nil { userInfo = UserInfo(child) }
            } else if !child.isNamed(Tag.fetchRequest) {
                _ = keep(child, in: what)  // noted, but a fetched property has nowhere to keep it
            }
        }
        noteUnknown(others, on: what, at: element)
        return FetchedProperty(
            name: propertyName, isOptional: isOptional, fetchRequest: request, renamingIdentifier: renamingIdentifier,
            versionHashModifier: versionHashModifier, isSyncable: isSyncable, userInfo: userInfo ?? UserInfo(),
            otherAttributes: others, line: element.line)
    }

    /// The first `<userInfo>` child, and the children modeldiff does not interpret (noted and kept).
    private mutating func userInfoAndOthers(of element: XMLElementView, in what: @autoclosure () -> String) -> (UserInfo, [XMLElementNode])
    {
        var userInfo: UserInfo?
        var others: [XMLElementNode] = []
        for child in element.children {
            if child.isNamed(Tag.userInfo) {
                if userInfo == nil { userInfo = UserInfo(child) }
            } else {
                others.append(keep(child, in: what()))
            }
        }
        return (userInfo ?? UserInfo(), others)
    }

    /// An integer attribute; a value that is not a whole number is an error.
    private func integer(_ text: String?, _ name: String, of what: @autoclosure () -> String, at element: XMLElementView) throws(Diagnostic)
        -> Int?
    {
        guard let text else { return nil }
        guard let value = Int(text) else {
            throw Diagnostic(path: path, line: element.line.value, message: "\(name) \"\(text)\" of \(what()) is not a whole number")
        }
        return value
    }
}

extension UserInfo {
    /// Reads a `<userInfo>` element's `<entry key value>` children in place.
    init(_ element: XMLElementView) {
        self.init(
            element.children.filter { $0.isNamed(Tag.entry) }.map {
                Entry(key: $0.attribute(ModelXML.Key.key) ?? "", value: $0.attribute(ModelXML.Key.value) ?? "")
            })
    }
}
