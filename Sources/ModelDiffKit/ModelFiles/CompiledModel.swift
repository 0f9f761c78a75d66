import Foundation

/// Reads a compiled managed object model: the NSKeyedArchiver archive of an `NSManagedObjectModel`
/// that Xcode writes as `.mom` (inside `.momd`) and Core Data caches in a store's `Z_MODELCACHE`.
///
/// The result is the same `Model` the XML reader builds, as far as the archive says: everything
/// hashing, store layout, diffing, inference and migration use. What Xcode keeps only in the XML
/// (diagram layout, code generation, `usesScalarValueType`, `syncable`) is not compiled, so it is
/// absent. The archive keys are in docs/COMPILED-MODELS.md, with the evidence for each.
public enum CompiledModel {
    /// Decodes a compiled model from the bytes of a `.mom` file; `path` names the file in diagnostics.
    public static func read(_ bytes: [UInt8], path: String) throws(Diagnostic) -> LoadedModel {
        let archive = try KeyedArchive(bytes: bytes, path: path)
        let (model, warnings) = try decodeValidated(archive)
        return LoadedModel(model: model, path: path, notes: warnings)
    }

    /// The current version's `.mom` in a `.momd` folder: `NSManagedObjectModel_CurrentVersionName` of
    /// its `VersionInfo.plist`, else the only `.mom` in it.
    static func currentVersion(inFolder folder: String) throws(Diagnostic) -> String {
        let join = { (name: String) in (folder.trimmingTrailingSlashes as NSString).appendingPathComponent(name) }
        let info = join("VersionInfo.plist")
        if FileManager.default.fileExists(atPath: info) {
            guard case .dictionary(let values) = try BinaryPropertyList.decode(try RegularFile.bytes(at: info), path: info),
                case .string(let name)? = values["NSManagedObjectModel_CurrentVersionName"]
            else { throw Diagnostic(path: info, line: 1, column: 1, message: "no NSManagedObjectModel_CurrentVersionName") }
            // The name is a file's in this folder: a path (`../outside`, `/abs`, `a/b`) would read elsewhere.
            guard !name.isEmpty, name != ".", name != "..", !name.contains("/"), !name.contains("\0") else {
                throw Diagnostic(
                    path: info, line: 1, column: 1,
                    message: "NSManagedObjectModel_CurrentVersionName \"\(name)\" is not the name of a .mom in the .momd folder")
            }
            return join(name + ".mom")
        }
        let moms = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".mom") }
        guard moms.count == 1 else {
            throw Diagnostic(path: folder, message: "a .momd folder without VersionInfo.plist needs exactly one .mom, not \(moms.count)")
        }
        return join(moms[0])
    }

    /// Decodes the `NSManagedObjectModel` at the root of `archive` and validates it as the XML reader does.
    package static func decode(_ archive: KeyedArchive) throws(Diagnostic) -> Model {
        try decodeValidated(archive).model
    }

    /// The model and the validator's warnings. An archive is as untrusted as an XML file, so the model
    /// passes the same `ModelValidator`, with its messages and limits; an archive has no lines, so
    /// every diagnostic points at the file's start. The hierarchy is checked (parents that exist, no
    /// cycle, at most `ModelValidator.maximumInheritanceDepth` levels, in linear time) before the
    /// reader walks it to drop inherited copies.
    private static func decodeValidated(_ archive: KeyedArchive) throws(Diagnostic) -> (model: Model, warnings: [Diagnostic]) {
        let decoded = try decodeEntities(archive)
        let atStart = { (diagnostic: Diagnostic) in
            Diagnostic(diagnostic.severity, path: archive.path, line: 1, column: 1, message: diagnostic.message)
        }
        do {
            try ModelValidator(model: decoded, path: archive.path).validateHierarchy()
        } catch {
            throw atStart(error)
        }
        let model = Model(
            rootAttributes: decoded.rootAttributes, entities: withoutInheritedCopies(decoded.entities), userInfo: decoded.userInfo)
        do {
            return (model, try ModelValidator(model: model, path: archive.path).validate().map(atStart))
        } catch {
            throw atStart(error)
        }
    }

    /// The entities as archived, sorted by name, inherited copies not yet dropped.
    private static func decodeEntities(_ archive: KeyedArchive) throws(Diagnostic) -> Model {
        guard let root = archive.root, root.className == "NSManagedObjectModel" else {
            throw archive.failure(
                "not a compiled Core Data model: the archive's root is \(archive.root?.className ?? "not an object"), not an NSManagedObjectModel"
            )
        }
        guard let entries = root.dictionary("NSEntities") else {
            throw archive.failure("the compiled model has no entity dictionary (NSEntities)")
        }
        var entities: [Entity] = []
        var seen: Set<String> = []
        for (key, value) in entries {
            guard let object = archive.object(value), object.className == "NSEntityDescription" else {
                throw archive.failure("entity \"\(key)\" of the compiled model is not an NSEntityDescription")
            }
            let entity = try Self.entity(object)
            guard seen.insert(entity.name).inserted else {
                throw archive.failure("the compiled model has two entities named \"\(entity.name)\"")
            }
            entities.append(entity)
        }
        // Xcode writes entities sorted by name; the archive's dictionary order is a hash order.
        entities.sort { coreDataCompare($0.name, $1.name) }
        var rootAttributes = Model.defaultRootAttributes
        // NSVersionIdentifiers is a set; Xcode's model has one identifier at most.
        let identifiers = (archive.array(root.fields["NSVersionIdentifiers"]) ?? []).compactMap { archive.string($0) }.sorted()
        if let identifier = identifiers.first, !identifier.isEmpty {
            rootAttributes.append(XMLAttribute("userDefinedModelVersionIdentifier", identifier))
        }
        return Model(rootAttributes: rootAttributes, entities: entities, userInfo: userInfo(root, "NSUserInfo"))
    }

    /// One `NSEntityDescription`, with the properties it declares itself.
    /// The words of the failure for a property class this reader does not decode (such as
    /// `NSDerivedAttributeDescription`): a limit of modeldiff, not a fault of the archive.
    package static let unknownClass = "has an unknown class"

    private static func entity(_ object: ArchivedObject) throws(Diagnostic) -> Entity {
        let archive = object.archive
        guard let name = object.string("NSEntityName"), !name.isEmpty else {
            throw archive.failure("an entity of the compiled model has no name")
        }
        var attributes: [Attribute] = []
        var relationships: [Relationship] = []
        var fetched: [FetchedProperty] = []
        for (key, value) in object.dictionary("NSProperties") ?? [] {
            guard let property = archive.object(value) else {
                throw archive.failure("property \"\(key)\" of entity \"\(name)\" is not an object")
            }
            // A store's model cache lists inherited properties too, as proxies or as the parent's own
            // description; only the properties whose entity is this one are declared here.
            if let owner = property.object("NSEntity"), owner.reference != object.reference { continue }
            switch property.className {
            case "NSAttributeDescription": attributes.append(try attribute(property, entity: name))
            case "NSRelationshipDescription": relationships.append(try relationship(property, entity: name))
            case "NSFetchedPropertyDescription": fetched.append(try fetchedProperty(property, entity: name))
            case "_NSPropertyDescriptionProxy": continue
            default:
                throw archive.failure("property \"\(key)\" of entity \"\(name)\" \(unknownClass) \(property.className ?? "?")")
            }
        }
        attributes.sort { coreDataCompare($0.name, $1.name) }
        relationships.sort { coreDataCompare($0.name, $1.name) }
        fetched.sort { coreDataCompare($0.name, $1.name) }
        let indexes = fetchIndexes(object)
        // The compiler also writes each fetch index as a compound index, which Core Data does not
        // create again (CoreDataPlus's SampleModel_V2.sqlite has `Z_Car_byMakerAndNumberPlate` only).
        let compound = nameLists(object, "NSCompoundIndexes").filter { list in
            !indexes.contains { index in index.elements.map(\.property) == list && index.name != list.joined(separator: "_") }
        }
        let legacy = Set(attributes.filter(\.isIndexed).map { [$0.name] } + compound)
        return Entity(
            name: name, representedClassName: object.string("NSClassNameForEntity"),
            parentEntity: object.object("NSSuperentity")?.string("NSEntityName"), isAbstract: object.bool("NSIsAbstract"),
            renamingIdentifier: renamingIdentifier(object, name: name), versionHashModifier: object.string("NSVersionHashModifier"),
            attributes: attributes, relationships: relationships, fetchedProperties: fetched,
            uniquenessConstraints: nameLists(object, "NSUniqueTuples"),
            fetchIndexes: indexes.filter { !isLegacy($0, legacy) }, compoundIndexes: compound,
            userInfo: userInfo(object, "NSUserInfo"))
    }

    /// A store's model cache may repeat an inherited property in a sub-entity as its own description
    /// (Wire's 2.100 cache: `Message.expirationDate` again in each sub-entity). Core Data allows no
    /// overriding, so a property an ancestor declares is that ancestor's.
    ///
    /// One walk down each hierarchy keeps the names the entities above declare, counted, so each
    /// property is looked at a bounded number of times however deep the hierarchy is. Entities on a
    /// cycle are reached from no root and stay as they are (the validator refuses them).
    private static func withoutInheritedCopies(_ entities: [Entity]) -> [Entity] {
        var positions = [String: Int](minimumCapacity: entities.count)
        for (position, entity) in entities.enumerated() where positions[entity.name] == nil { positions[entity.name] = position }
        var children = [[Int]](repeating: [], count: entities.count)
        var roots: [Int] = []
        for (position, entity) in entities.enumerated() {
            if let parent = entity.parentEntity.flatMap({ positions[$0] }) {
                children[parent].append(position)
            } else {
                roots.append(position)
            }
        }
        enum Step {
            case enter(Int)
            case leave(Int)
        }
        var result = entities
        var above: [String: Int] = [:]  // names the entities on the path above declare, with their counts
        var steps = roots.reversed().map(Step.enter)
        while let step = steps.popLast() {
            switch step {
            case .enter(let position):
                let entity = entities[position]
                let names = entity.propertyNames
                if names.contains(where: { above[$0] != nil }) {
                    result[position] = withoutProperties(named: { above[$0] != nil }, entity)
                }
                for name in names { above[name, default: 0] += 1 }
                steps.append(.leave(position))
                steps += children[position].reversed().map(Step.enter)
            case .leave(let position):
                for name in entities[position].propertyNames {
                    let count = above[name, default: 1] - 1
                    above[name] = count == 0 ? nil : count
                }
            }
        }
        return result
    }

    /// The entity without the properties whose names `inherited` says are an ancestor's.
    private static func withoutProperties(named inherited: (String) -> Bool, _ entity: Entity) -> Entity {
        Entity(
            name: entity.name, representedClassName: entity.representedClassName, parentEntity: entity.parentEntity,
            isAbstract: entity.isAbstract, renamingIdentifier: entity.renamingIdentifier,
            versionHashModifier: entity.versionHashModifier,
            attributes: entity.attributes.filter { !inherited($0.name) },
            relationships: entity.relationships.filter { !inherited($0.name) },
            fetchedProperties: entity.fetchedProperties.filter { !inherited($0.name) },
            uniquenessConstraints: entity.uniquenessConstraints, fetchIndexes: entity.fetchIndexes,
            compoundIndexes: entity.compoundIndexes, userInfo: entity.userInfo)
    }

    /// `NSRenamingIdentifier`: compiled models always archive one, the name itself when none was set.
    static func renamingIdentifier(_ object: ArchivedObject, name: String) -> String? {
        object.string("NSRenamingIdentifier").flatMap { $0 == name || $0.isEmpty ? nil : $0 }
    }

    /// A list of lists of property names (`NSUniqueTuples`, `NSCompoundIndexes`): each element a
    /// name, or a property description whose name is taken.
    private static func nameLists(_ object: ArchivedObject, _ key: String) -> [[String]] {
        let archive = object.archive
        return (archive.array(object.fields[key]) ?? []).map { list in
            (archive.array(list) ?? []).compactMap { archive.string($0) ?? archive.object($0)?.string("NSPropertyName") }
        }
    }

    /// `NSFetchIndexDescriptions`: each an `NSFetchIndexDescription` with its elements.
    private static func fetchIndexes(_ object: ArchivedObject) -> [FetchIndex] {
        object.objects("NSFetchIndexDescriptions").compactMap { index in
            guard let name = index.string("NSIndexName") else { return nil }
            let elements = index.objects("NSIndexElements").map { element in
                FetchIndex.Element(
                    property: element.string("NSPropertyName") ?? element.object("NSProperty")?.string("NSPropertyName"),
                    type: element.integer("NSFetchIndexElementType") == 1 ? "RTree" : "Binary",
                    order: element.bool("NSAscending") ? "ascending" : "descending")
            }
            return FetchIndex(name: name, elements: elements)
        }.sorted { $0.name < $1.name }
    }

    /// Core Data compiles an `indexed` attribute and a compound index into a fetch index named after
    /// its properties; the model keeps them in their older form, as the XML does, not twice.
    private static func isLegacy(_ index: FetchIndex, _ legacy: Set<[String]>) -> Bool {
        let properties = index.elements.compactMap(\.property)
        return properties.count == index.elements.count && legacy.contains(properties)
            && index.name == properties.joined(separator: "_")
            && index.elements.allSatisfy { $0.type == "Binary" && $0.order == "ascending" }
    }

    /// A userInfo dictionary; values that are not strings are written as Foundation would describe them.
    static func userInfo(_ object: ArchivedObject, _ key: String) -> UserInfo {
        let archive = object.archive
        return UserInfo(
            (object.dictionary(key) ?? []).map { entry in
                let value: String
                switch archive.resolve(entry.value) {
                case .integer(let number)?: value = String(number)
                case .real(let number)?: value = String(number)
                case .bool(let flag)?: value = flag ? "1" : "0"
                default: value = archive.string(entry.value) ?? ""
                }
                return UserInfo.Entry(key: entry.key, value: value)
            })
    }
}
