/// Reads the model an Xcode mapping model records (`sourcemodeldata`, `destinationmodeldata`: an
/// archived `XDPMModel`, the form `XcodeModelArchiver` writes, docs/MAPPING.md lists its classes and
/// keys) back into a `Model`, as far as the entity version hashes need it: entities with their parent,
/// abstractness and uniqueness constraints, attributes with type and flags, relationships with destination, inverse, counts
/// and order, and the version hash modifiers. `mapc` compiles a `.xcmappingmodel` from these copies
/// (a Swift package's `.process` step hands it the mapping model alone), so the entity version hashes a
/// compiled mapping model carries, the ones Core Data matches a store's model by, are theirs.
package enum XcodeModelUnarchiver {
    /// The model in `bytes` (a binary property list); nil when it is not an archived `XDPMModel`.
    package static func model(_ bytes: [UInt8], path: String) -> Model? {
        guard let plist = try? BinaryPropertyList.decode(bytes, path: path) else { return nil }
        return model(plist: plist, path: path)
    }

    /// The model in an already decoded property list; nil when it is not an archived `XDPMModel`.
    package static func model(plist: PlistValue, path: String) -> Model? {
        guard let archive = try? KeyedArchive(plist: plist, path: path), let root = archive.root,
            let package = root.object("_xd_rootPackage"), let classes = package.dictionary("XDBucketForClassesstorage")
        else { return nil }
        var entities: [Entity] = []
        for (name, value) in classes {
            guard let entity = archive.object(value) else { return nil }
            entities.append(self.entity(name: name, entity, in: archive))
        }
        return Model(entities: entities)
    }

    /// A stereotype's values, by key (`XD_PSK_isAbstract` …), unresolved.
    private static func values(of element: ArchivedObject, in archive: KeyedArchive) -> [String: PlistValue] {
        var values: [String: PlistValue] = [:]
        for (_, stereotype) in element.dictionary("XDBucketForStereotypesstorage") ?? [] {
            for (key, holder) in archive.object(stereotype)?.dictionary("XDBucketForOwnedAttributesstorage") ?? [] {
                if let field = archive.object(holder)?.fields["_default"] { values[key] = field }
            }
        }
        return values
    }

    private static func entity(name: String, _ entity: ArchivedObject, in archive: KeyedArchive) -> Entity {
        let v = values(of: entity, in: archive)
        let flag = { (key: String) in bool(v[key], in: archive) }
        let text = { (key: String) in nonEmpty(archive.string(v[key])) }
        // A sub-entity's generalization names its parent `_general`.
        let parent = entity.objects("XDBucketForGeneralizationsstorage").lazy.compactMap { $0.object("_general")?.string("_name") }.first
        var attributes: [Attribute] = []
        var relationships: [Relationship] = []
        for (propertyName, value) in entity.dictionary("XDBucketForOwnedAttributesstorage") ?? [] {
            guard let property = archive.object(value) else { continue }
            let p = values(of: property, in: archive)
            let pFlag = { (key: String) in bool(p[key], in: archive) }
            let pText = { (key: String) in nonEmpty(archive.string(p[key])) }
            let number = { (key: String) in integer(p[key], in: archive) }
            if property.className == "XDPMRelationship" {
                let inverse = archive.object(p["XD_PRK_inverseRelationship"])
                relationships.append(
                    Relationship(
                        name: propertyName, destinationEntity: archive.object(p["XD_PRK_destination"])?.string("_name"),
                        inverseName: inverse?.string("_name"), inverseEntity: inverse?.object("_owner")?.string("_name"),
                        isOptional: pFlag("XD_PPSK_isOptional"), isTransient: pFlag("XD_PPSK_isTransient"),
                        isToMany: pFlag("XD_PRK_isToMany"), isOrdered: pFlag("XD_PRK_ordered"), minCount: number("XD_PRK_minCount"),
                        maxCount: number("XD_PRK_maxCount"), renamingIdentifier: pText("XD_PPSK_elementID"),
                        versionHashModifier: pText("XD_PPSK_versionHashModifier")))
            } else {
                let code = number("XD_PAttK_attributeType") ?? 0
                attributes.append(
                    Attribute(
                        name: propertyName, type: AttributeType.allCases.first { $0.attributeTypeCode == code } ?? .undefined,
                        isOptional: pFlag("XD_PPSK_isOptional"), isTransient: pFlag("XD_PPSK_isTransient"),
                        renamingIdentifier: pText("XD_PPSK_elementID"), versionHashModifier: pText("XD_PPSK_versionHashModifier"),
                        allowsExternalBinaryDataStorage: pFlag("XD_PAttK_allowsExternalBinaryDataStorage")))
            }
        }
        // An NSMutableArray of one NSMutableArray of property names per constraint.
        let constraints = (archive.array(v["XDPMUniquenessConstraints"]) ?? []).map { list in
            (archive.array(list) ?? []).compactMap { archive.string($0) }
        }
        return Entity(
            name: name, parentEntity: parent, isAbstract: flag("XD_PSK_isAbstract") || entity.bool("_isAbstract"),
            renamingIdentifier: text("XD_PSK_elementID"), versionHashModifier: text("XD_PSK_versionHashModifier"),
            attributes: attributes.sorted { $0.name < $1.name }, relationships: relationships.sorted { $0.name < $1.name },
            uniquenessConstraints: constraints)
    }

    /// Xcode writes an unset string (a version hash modifier, a renaming identifier) as `""` or nil.
    private static func nonEmpty(_ text: String?) -> String? { text?.isEmpty == false ? text : nil }

    /// A value held as an NSNumber object (Xcode refers to its numbers, never inlines them).
    private static func integer(_ value: PlistValue?, in archive: KeyedArchive) -> Int? {
        switch archive.resolve(value) {
        case .integer(let number)?: number
        case .bool(let flag)?: flag ? 1 : 0
        case .real(let number)?: number.isFinite && number.rounded() == number && abs(number) < 1e15 ? Int(number) : nil
        default: nil
        }
    }

    private static func bool(_ value: PlistValue?, in archive: KeyedArchive) -> Bool { (integer(value, in: archive) ?? 0) != 0 }
}
