import Foundation

/// Reads a compiled mapping model (`.cdm`): the NSKeyedArchiver archive of an `NSMappingModel` that
/// Xcode compiles from an `.xcmappingmodel`, into the same `MappingModel` the other readers build.
///
/// Keys, from CoreDataPlus's `V2toV3.cdm` (fixture 06; docs/COMPILED-MODELS.md): the root's
/// `NSEntityMappings` (an array, in the order migration runs them); each `NSEntityMapping` has
/// `NSMappingName`, `NSMappingType` (NSEntityMappingType: 0 undefined … 5 transform),
/// `NSSourceEntityName`, `NSDestinationEntityName`, `NSSource…`/`NSDestinationEntityVersionHash`,
/// `NSSourceExpression` (an `NSFetchRequestExpression`), `NSEntityMigrationPolicyClassName`,
/// `NSUserInfo` and `NSAttributeMappings`/`NSRelationshipMappings` of `NSPropertyMapping`
/// (`NSDestinationPropertyName`, `NSValueExpression`, `NSUserInfo`).
public enum CompiledMapping {
    /// Decodes the bytes of a `.cdm` file; `path` names the file in diagnostics (line 1, column 1:
    /// an archive has no lines).
    public static func read(_ bytes: [UInt8], path: String) throws(Diagnostic) -> MappingModel {
        let archive = try KeyedArchive(bytes: bytes, path: path)
        guard let root = archive.root, root.className == "NSMappingModel" else {
            throw archive.failure(
                "not a compiled mapping model: the archive's root is \(archive.root?.className ?? "not an object"), not an NSMappingModel")
        }
        guard let list = archive.array(root.fields["NSEntityMappings"]) else {
            throw archive.failure("the compiled mapping model has no entity mappings (NSEntityMappings)")
        }
        var mappings: [EntityMapping] = []
        // Core Data finds entity mappings by name (`NSEntityMappingsByName`), so a name is listed once.
        // A list that repeats one object is refused at its second reference, before it is decoded
        // again: 300,000 references to one mapping (600 KB) would otherwise each be decoded.
        var names: Set<String> = []
        var references: [Int: String] = [:]
        for item in list {
            if case .uid(let reference) = item, let name = references[reference] {
                throw archive.failure("entity mapping \"\(name)\" is listed twice in NSEntityMappings; a mapping's name is listed once")
            }
            guard let object = archive.object(item), object.className == "NSEntityMapping" else {
                throw archive.failure("an element of NSEntityMappings is not an NSEntityMapping")
            }
            let mapping = try entityMapping(object)
            guard names.insert(mapping.name).inserted else {
                throw archive.failure(
                    "entity mapping \"\(mapping.name)\" is listed twice in NSEntityMappings; a mapping's name is listed once")
            }
            if let reference = object.reference { references[reference] = mapping.name }
            try checkText(of: mapping, in: archive)
            // Xcode's empty `Mapping` (its editor's + button, neither entity chosen) compiles to an entity
            // mapping without a source or destination entity: it migrates nothing, so it maps nothing.
            if mapping.sourceEntity == nil, mapping.destinationEntity == nil, mapping.policyClassName == nil,
                mapping.attributeMappings.isEmpty, mapping.relationshipMappings.isEmpty
            {
                continue
            }
            mappings.append(mapping)
        }
        return MappingModel(sourceVersion: nil, destinationVersion: nil, entityMappings: mappings, line: SourceLine(1))
    }

    private static let types: [MappingType] = [.undefined, .custom, .add, .remove, .copy, .transform]

    private static func entityMapping(_ object: ArchivedObject) throws(Diagnostic) -> EntityMapping {
        let archive = object.archive
        guard let name = object.string("NSMappingName"), !name.isEmpty else {
            throw archive.failure("an entity mapping has no name (NSMappingName)")
        }
        let code = object.integer("NSMappingType") ?? -1
        guard code >= 0, code < types.count else {
            throw archive.failure("entity mapping \"\(name)\" has an unknown NSMappingType \(code)")
        }
        let hash = { (key: String) in object.data(key).map { Data($0).base64EncodedString() } }
        var sourceExpression: String?
        if object.fields["NSSourceExpression"].flatMap(archive.resolve) != nil {
            sourceExpression = try expression(
                object.fields["NSSourceExpression"], in: archive, what: "the source expression of \"\(name)\"")
        }
        return EntityMapping(
            name: name, type: types[code], sourceEntity: object.string("NSSourceEntityName"),
            destinationEntity: object.string("NSDestinationEntityName"), sourceVersionHash: hash("NSSourceEntityVersionHash"),
            destinationVersionHash: hash("NSDestinationEntityVersionHash"), sourceExpression: sourceExpression,
            policyClassName: object.string("NSEntityMigrationPolicyClassName"), userInfo: CompiledModel.userInfo(object, "NSUserInfo"),
            attributeMappings: try propertyMappings(object, "NSAttributeMappings", of: name),
            relationshipMappings: try propertyMappings(object, "NSRelationshipMappings", of: name), line: SourceLine(1))
    }

    private static func propertyMappings(_ object: ArchivedObject, _ key: String, of entityMapping: String) throws(Diagnostic)
        -> [PropertyMapping]
    {
        let archive = object.archive
        var result: [PropertyMapping] = []
        for item in archive.array(object.fields[key]) ?? [] {
            guard let property = archive.object(item), let name = property.string("NSDestinationPropertyName"), !name.isEmpty else {
                throw archive.failure("a property mapping of \"\(entityMapping)\" has no destination property name")
            }
            var value: String?
            if property.fields["NSValueExpression"].flatMap(archive.resolve) != nil {
                value = try expression(
                    property.fields["NSValueExpression"], in: archive, what: "the value expression of \(entityMapping).\(name)")
            }
            result.append(
                PropertyMapping(
                    name: name, valueExpression: value, userInfo: CompiledModel.userInfo(property, "NSUserInfo"), line: SourceLine(1)))
        }
        return result.sorted { $0.name < $1.name }
    }

    /// Refuses a mapping whose names or userInfo hold a character XML cannot hold. A binary plist's
    /// strings may hold control characters, and the mapping file `mapping convert` writes is XML,
    /// which cannot hold them at all; expressions are checked as they are decoded
    /// (`ArchivedExpression.text(of:path:line:)`).
    private static func checkText(of mapping: EntityMapping, in archive: KeyedArchive) throws(Diagnostic) {
        func check(_ text: String?, _ what: @autoclosure () -> String) throws(Diagnostic) {
            guard let text, let scalar = XMLText.firstCharacterXMLCannotHold(in: text) else { return }
            throw archive.failure(
                "\(what()) holds U+\(HexDigits.padded(scalar)), which a mapping file (XML) cannot hold")
        }
        func check(_ userInfo: UserInfo, of owner: String) throws(Diagnostic) {
            for entry in userInfo.entries {
                try check(entry.key, "a userInfo key of \(owner)")
                try check(entry.value, "the userInfo value \"\(entry.key)\" of \(owner)")
            }
        }
        try check(mapping.name, "an entity mapping's name (NSMappingName)")
        let owner = "entity mapping \"\(mapping.name)\""
        try check(mapping.sourceEntity, "the source entity name of \(owner)")
        try check(mapping.destinationEntity, "the destination entity name of \(owner)")
        try check(mapping.policyClassName, "the migration policy class name of \(owner)")
        try check(mapping.userInfo, of: owner)
        for property in mapping.attributeMappings + mapping.relationshipMappings {
            try check(property.name, "a property mapping's name in \(owner)")
            try check(property.userInfo, of: "\(mapping.name).\(property.name)")
        }
    }

    /// An archived expression as text; an `NSFetchRequestExpression` is `FETCH(request, context, countOnly)`.
    private static func expression(_ value: PlistValue?, in archive: KeyedArchive, what: String) throws(Diagnostic) -> String {
        do {
            if let node = archive.object(value), node.className == "NSFetchRequestExpression" {
                let request = try ArchivedExpression.expression(
                    node.fields["NSFRExpression"], in: archive, path: archive.path, line: SourceLine(1))
                let context = try ArchivedExpression.expression(
                    node.fields["NSMOCExpression"], in: archive, path: archive.path, line: SourceLine(1))
                // As Xcode's source expressions are written (`EntityMapping.fetchAll`).
                return try ArchivedExpression.text(
                    of: "FETCH(\(request), \(context), \(node.bool("NSCountOnlyFlag") ? "YES" : "NO"))", path: archive.path,
                    line: SourceLine(1))
            }
            return try ArchivedExpression.text(
                of: ArchivedExpression.expression(value, in: archive, path: archive.path, line: SourceLine(1)).description,
                path: archive.path, line: SourceLine(1))
        } catch {
            throw Diagnostic(path: archive.path, line: 1, column: 1, message: "\(what): \(error.message)")
        }
    }
}
