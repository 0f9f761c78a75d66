import Foundation

/// The userInfo key marking a property mapping whose expression Xcode generates at compile time.
package let autogenerateKey = "modeldiff.autogenerate"

/// Reads Xcode's `.xcmappingmodel/xcmapping.xml` (a Core Data XML store of `XDDEV…` objects) into a `MappingModel`.
public enum XcodeMappingImport {
    /// Decodes the file's objects into entity mappings with their property mappings.
    public static func read(_ bytes: [UInt8], path: String) throws(Diagnostic) -> MappingModel {
        try readRecordingModels(bytes, path: path).mapping
    }

    /// The mapping and the two models the file records (`sourcemodeldata`, `destinationmodeldata`),
    /// each nil when the file has no readable copy.
    package static func readRecordingModels(_ bytes: [UInt8], path: String) throws(Diagnostic) -> (
        mapping: MappingModel, source: Model?, destination: Model?
    ) {
        let root = try XMLDocumentParser.parse(bytes, path: path)
        guard root.name == "database" else {
            throw Diagnostic(
                path: path, line: root.line.value,
                message: "not an Xcode mapping model: the root element is <\(root.name)>, expected <database>")
        }
        let objects = try XcodeMappingObjects(root: root, path: path)
        guard let modelID = objects.order.first(where: { objects[$0]?.type == "XDDEVMAPPINGMODEL" }), let model = objects[modelID] else {
            throw Diagnostic(path: path, message: "not an Xcode mapping model: no XDDEVMAPPINGMODEL object")
        }
        // Each archived model is decoded once: checked here, read below.
        var archives: [String: PlistValue] = [:]
        for key in ["sourcemodeldata", "destinationmodeldata"] {
            archives[key] = try objects.checkArchive(key, of: model)
        }
        func propertyMappings(_ ids: [String]) throws(Diagnostic) -> [PropertyMapping] {
            var result: [PropertyMapping] = []
            for id in ids {
                guard let object = objects[id] else { continue }  // references() checked every id
                guard let name = object.attributes["name"], !name.isEmpty else {
                    throw Diagnostic(path: path, line: object.line.value, message: "property mapping object \"\(id)\" has no name")
                }
                var expression: String?
                if let archived = object.attributes["valueexpressiondata"] {
                    expression = try ArchivedExpression.decode(base64: archived, path: path, line: object.line)
                }
                // Xcode generates the default expression when it compiles the mapping; remember to do the same.
                let generated = expression == nil && object.attributes["autogenerateexpression"] != "0"
                result.append(
                    PropertyMapping(
                        name: name, valueExpression: expression, userInfo: generated ? [autogenerateKey: "YES"] : UserInfo(),
                        line: object.line))
            }
            return result.sorted { $0.name < $1.name }
        }
        var mappings: [(number: Int, mapping: EntityMapping)] = []
        for id in try objects.references("entitymappings", of: model, to: "XDDEVENTITYMAPPING") {
            guard let object = objects[id] else { continue }
            let source = object.attributes["sourcename"]
            let destination = object.attributes["destinationname"]
            let typeName = object.attributes["mappingtypename"] ?? "Undefined"
            // Xcode writes the NSEntityMappingType names; anything else is a damaged file, not an Undefined mapping.
            guard var type = MappingType(rawValue: typeName.lowercased()), typeName.first?.isUppercase == true else {
                throw Diagnostic(
                    path: path, line: (object.attributeLines["mappingtypename"] ?? object.line).value,
                    message: "mappingtypename \"\(typeName)\" is not one of Xcode's (Undefined, Custom, Add, Remove, Copy, Transform)")
            }
            // The entity mapping Xcode's editor adds with its + button (`Mapping`, Undefined, neither entity
            // chosen) names nothing to migrate: `mapc` compiles it and the migration manager, having no
            // source entity to fetch and no destination to create, migrates nothing for it. It maps nothing here either.
            if type == .undefined, source == nil, destination == nil, object.attributes["migrationpolicyclassname"] == nil,
                (object.relationships["attributemappings"] ?? []).isEmpty, (object.relationships["relationshipmappings"] ?? []).isEmpty
            {
                continue
            }
            // Xcode's editor writes Undefined for every mapping it generates and decides the type when it
            // compiles. A missing side decides it here; between two entities the models decide it
            // (`decidingUndefinedTypes`, through `MappingFile.resolved`), so it stays undefined until then.
            if type == .undefined, source == nil || destination == nil { type = source == nil ? .add : .remove }
            let name =
                type == .add
                ? "Add\(destination ?? "")" : type == .remove ? "Remove\(source ?? "")" : "\(source ?? "")To\(destination ?? "")"
            let numberText = object.attributes["mappingnumber"] ?? "0"
            guard let number = Int(numberText) else {
                throw Diagnostic(
                    path: path, line: (object.attributeLines["mappingnumber"] ?? object.line).value,
                    message: "mappingnumber \"\(numberText)\" is not a whole number")
            }
            mappings.append(
                (
                    number,
                    EntityMapping(
                        name: name, type: type, sourceEntity: source, destinationEntity: destination,
                        sourceExpression: type == .add ? nil : source.map(EntityMapping.fetchAll),
                        policyClassName: object.attributes["migrationpolicyclassname"],
                        attributeMappings: try propertyMappings(
                            objects.references("attributemappings", of: object, to: "XDDEVATTRIBUTEMAPPING")),
                        relationshipMappings: try propertyMappings(
                            objects.references("relationshipmappings", of: object, to: "XDDEVRELATIONSHIPMAPPING")),
                        line: object.line)
                ))
        }
        let name = { (key: String) in model.attributes[key].map(versionName(forPath:)) }
        let recorded = { (key: String) -> Model? in archives[key].flatMap { XcodeModelUnarchiver.model(plist: $0, path: path) } }
        let mapping = MappingModel(
            sourceVersion: name("sourcemodelpath"), destinationVersion: name("destinationmodelpath"),
            entityMappings: mappings.sorted { $0.number < $1.number }.map(\.mapping))
        return (mapping, recorded("sourcemodeldata"), recorded("destinationmodeldata"))
    }
}

extension MappingModel {
    /// Fills in the expressions Xcode generates when it compiles a mapping model: `$source.<name>` for an
    /// attribute mapping whose name the source entity has as an attribute, and the manager's lookup for a
    /// relationship mapping whose name the source entity has as a relationship to an entity another
    /// mapping migrates. Xcode's editor composes a relationship mapping's expression from a source key
    /// path and the name of the mapping of its objects (the inspector's "Key Path" and "Mapping Name"),
    /// so a source attribute of the same name (CareKit 2.1's `tags`, a Transformable in 2.0 and a
    /// relationship in 2.1) gives it none, and a source relationship gives an attribute mapping none.
    package func resolvingXcodeAutogeneration(source: Model, destination: Model) -> MappingModel {
        let bySource = Dictionary(entityMappings.compactMap { m in m.sourceEntity.map { ($0, m.name) } }, uniquingKeysWith: { a, _ in a })
        let resolved = entityMappings.map { mapping -> EntityMapping in
            guard let sourceName = mapping.sourceEntity, let sourceEntity = source.entity(named: sourceName) else { return mapping }
            let sourceProperties = Dictionary(source.allProperties(of: sourceEntity).map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
            func resolve(_ property: PropertyMapping, relationship isRelationship: Bool) -> PropertyMapping {
                guard property.userInfo[autogenerateKey] != nil else { return property }
                var expression: String?
                switch sourceProperties[property.name] {
                case .attribute? where !isRelationship: expression = "$source.\(MappingInference.escapedKey(property.name))"
                case .relationship(let relationship)? where isRelationship:
                    if let target = relationship.destinationEntity, let name = bySource[target] {
                        expression =
                            """
                            FUNCTION($manager, \"\(ManagerSelector.destinationInstancesSpelling)\", \"\(name)\", \
                            $source.\(MappingInference.escapedKey(property.name)))
                            """
                    }
                default: break
                }
                return PropertyMapping(
                    name: property.name, valueExpression: expression, comments: property.comments,
                    trailingComments: property.trailingComments,
                    line: property.line)
            }
            return mapping.replacing(
                attributeMappings: mapping.attributeMappings.map { resolve($0, relationship: false) },
                relationshipMappings: mapping.relationshipMappings.map { resolve($0, relationship: true) })
        }
        return replacing(entityMappings: resolved)
    }

    /// Gives each entity mapping Xcode's file leaves `Undefined` between two entities the type
    /// `infer` and Core Data's inferred mapping model give it: `copy` when the source and destination
    /// entity are the same (same name, same version hash), `transform` otherwise, and `transform`
    /// without the models. Xcode's compiler makes them all `Copy` (`Custom` with a migration policy;
    /// docs/MAPPING.md has the evidence) and Core Data migrates copy and transform mappings alike, so
    /// the choice only keeps a mapping written as `Undefined` reading back as the type it was written with.
    @_spi(CLI) public func decidingUndefinedTypes(source: Model?, destination: Model?) -> MappingModel {
        guard entityMappings.contains(where: { $0.type == .undefined }) else { return self }
        var digests = DigestMemo()
        let hashes = source.flatMap { source in
            destination.map { (source.versionHashes(digests: &digests), $0.versionHashes(digests: &digests)) }
        }
        return replacing(
            entityMappings: entityMappings.map { mapping in
                guard mapping.type == .undefined else { return mapping }
                return mapping.replacing(type: XcodeMappingImport.decidedType(of: mapping, hashes: hashes))
            })
    }
}

extension XcodeMappingImport {
    /// The type an `Undefined` mapping between two entities reads as (see `decidingUndefinedTypes`).
    static func decidedType(of mapping: EntityMapping, hashes: (source: VersionHashes, destination: VersionHashes)?) -> MappingType {
        guard let hashes, let source = mapping.sourceEntity, let destination = mapping.destinationEntity else { return .transform }
        guard source == destination, let hash = hashes.source.entityVersionHashes[source] else { return .transform }
        return hash == hashes.destination.entityVersionHashes[destination] ? .copy : .transform
    }
}
