import Foundation

/// Writes a `MappingModel` as Xcode's `xcmapping.xml`: the Core Data XML store of `XDDEV…` objects
/// that Xcode's mapping model editor saves inside `NAME.xcmappingmodel`, laid out as Xcode lays it
/// out (WooCommerceModelV9toV10.xcmappingmodel is the reference; docs/MAPPING.md lists each choice).
///
/// Xcode leaves most expressions out of the file and generates them when it compiles the mapping
/// (`autogenerateexpression`): `$source.<name>` for attributes, the manager's lookup for
/// relationships. When the two models are given, an expression equal to what Xcode would generate
/// is written that way, as Xcode writes it; every other expression is archived
/// (`valueexpressiondata`). Without the models every expression is archived, which Xcode reads the same.
/// With the models, each is also recorded as Xcode records it (`sourcemodeldata`, `destinationmodeldata`:
/// `XcodeModelArchiver`), unless it uses a feature no Xcode-written sample shows (then a warning).
@_spi(CLI) public enum XcodeMappingWriter {
    /// The file's text and what the format could not keep (one line each, for stderr).
    @_spi(CLI) public struct Output: Sendable {
        @_spi(CLI) public let text: String
        @_spi(CLI) public let warnings: [String]
    }

    /// The hashes of Xcode's own XDDev entities, which every `xcmapping.xml` records in its metadata:
    /// they describe Xcode's schema, not the mapping, so they are the same in every file.
    static let schemaHashes: [(String, String)] = [
        ("XDDevAttributeMapping", "0plcXXRN7XHKl5CcF+fwriFmUpON3ZtcI/AfK748aWc="),
        ("XDDevEntityMapping", "qeN1Ym3TkWN1G6dU9RfX6Kd2ccEvcDVWHpd3LpLgboI="),
        ("XDDevMappingModel", "EqtMzvRnVZWkXwBHu4VeVGy8UyoOe+bi67KC79kphlQ="),
        ("XDDevPropertyMapping", "XN33V44TTGY4JETlMoOB5yyTKxB+u4slvDIinv0rtGA="),
        ("XDDevRelationshipMapping", "akYY9LhehVA/mCb4ATLWuI9XGLcjpm14wWL1oEBtIcs="),
    ]

    /// - Parameters:
    ///   - models: the source and destination models, to leave out the expressions Xcode generates.
    ///   - modelPaths: recorded as `sourcemodelpath` and `destinationmodelpath` (Xcode records the
    ///     versions' paths; its reader and ours take the version name from them).
    ///   - path: where `mapping` was read, for errors.
    @_spi(CLI) public static func write(
        _ mapping: MappingModel, models: (source: Model, destination: Model)?, modelPaths: (source: String?, destination: String?),
        path: String
    ) throws(Diagnostic) -> Output {
        var objects = ObjectList()
        var warnings: [String] = []
        let generated = models.map { generatedExpressions(mapping, source: $0.source, destination: $0.destination) }
        var digests = DigestMemo()
        let hashes = models.map { ($0.source.versionHashes(digests: &digests), $0.destination.versionHashes(digests: &digests)) }
        let modelID = objects.reserve()
        var entityIDs: [String] = []
        for (index, entity) in mapping.entityMappings.enumerated() {
            let entityID = objects.reserve()
            entityIDs.append(entityID)
            var attributeIDs: [String] = []
            var relationshipIDs: [String] = []
            let listed = models.map { xcodeListed(entity, destination: $0.destination, generated: generated?[entity.name] ?? [:]) }
            for (isRelationship, properties) in [
                (false, listed?.attributes ?? entity.attributeMappings), (true, listed?.relationships ?? entity.relationshipMappings),
            ] {
                for property in properties {
                    let id = objects.reserve()
                    if isRelationship { relationshipIDs.append(id) } else { attributeIDs.append(id) }
                    let known = generated?[entity.name]?[property.name]
                    let lines = try propertyLines(
                        property, in: entity, generated: known, isRelationship: isRelationship, path: path, warnings: &warnings)
                    let type = isRelationship ? "XDDEVRELATIONSHIPMAPPING" : "XDDEVATTRIBUTEMAPPING"
                    objects.fill(id, type: type, lines + [relationship("entitymapping", "1/1", "XDDEVENTITYMAPPING", [entityID])])
                }
            }
            var lines: [String] = []
            if let source = entity.sourceEntity { lines.append(attribute("sourcename", "string", source)) }
            lines.append(attribute("mappingtypename", "string", typeName(entity, hashes: hashes)))
            lines.append(attribute("mappingnumber", "int16", String(index + 1)))
            if let destination = entity.destinationEntity { lines.append(attribute("destinationname", "string", destination)) }
            lines.append(attribute("autogenerateexpression", "bool", "1"))
            if let policy = entity.policyClassName { lines.append(attribute("migrationpolicyclassname", "string", policy)) }
            lines += [
                relationship("mappingmodel", "1/1", "XDDEVMAPPINGMODEL", [modelID]),
                relationship("attributemappings", "0/0", "XDDEVATTRIBUTEMAPPING", attributeIDs),
                relationship("relationshipmappings", "0/0", "XDDEVRELATIONSHIPMAPPING", relationshipIDs),
            ]
            objects.fill(entityID, type: "XDDEVENTITYMAPPING", lines)
            warnings += entityWarnings(entity)
        }
        var modelLines: [String] = []
        for (side, recordedPath, model) in [
            ("source", modelPaths.source, models?.source), ("destination", modelPaths.destination, models?.destination),
        ] {
            if let recordedPath { modelLines.append(attribute("\(side)modelpath", "string", recordedPath)) }
            guard let model else { continue }
            do {
                modelLines.append(attribute("\(side)modeldata", "binary", xcodeBase64(try XcodeModelArchiver.archive(model))))
            } catch {
                // The archive is the copy of the model Xcode's mapping editor shows the mapping against; Editor >
                // Refresh Data Models reloads it from the model file (docs/MAPPING.md has the evidence).
                warnings.append(
                    "\(side)modeldata not written: the \(side) model uses \(error.message); the file holds no copy of the \(side) model "
                        + "for Xcode's mapping editor: in Xcode, choose Editor > Refresh Data Models before editing the mapping "
                        + "(migrating with it needs no copy)")
            }
        }
        modelLines.append(relationship("entitymappings", "0/0", "XDDEVENTITYMAPPING", entityIDs))
        objects.fill(modelID, type: "XDDEVMAPPINGMODEL", modelLines)
        return Output(text: document(objects), warnings: warnings)
    }

    /// What Xcode generates for each property mapping (entity mapping name → property name → expression).
    static func generatedExpressions(_ mapping: MappingModel, source: Model, destination: Model) -> [String: [String: String?]] {
        let flag = { (name: String) in PropertyMapping(name: name, valueExpression: nil, userInfo: [autogenerateKey: "YES"]) }
        // Every listed property and every destination property, so an unlisted one can be asked about too.
        let flagged = mapping.replacing(
            entityMappings: mapping.entityMappings.map { entity in
                var attributes = entity.attributeMappings.map(\.name)
                var relationships = entity.relationshipMappings.map(\.name)
                if let name = entity.destinationEntity, let target = destination.entity(named: name) {
                    for property in destination.allProperties(of: target) {
                        if case .attribute = property { attributes.append(property.name) }
                        if case .relationship = property { relationships.append(property.name) }
                    }
                }
                return entity.replacing(attributeMappings: attributes.map(flag), relationshipMappings: relationships.map(flag))
            })
        var result: [String: [String: String?]] = [:]
        for entity in flagged.resolvingXcodeAutogeneration(source: source, destination: destination).entityMappings {
            for property in entity.attributeMappings + entity.relationshipMappings {
                if result[entity.name]?[property.name] == nil {
                    result[entity.name, default: [:]][property.name] = .some(property.valueExpression)
                }
            }
        }
        return result
    }

    /// The property mappings as Xcode's editor lists them: one for every destination property. A
    /// property the mapping leaves out is added only where Xcode would generate no expression for it
    /// (an add mapping, a property new in the destination), so the mapping still means the same.
    private static func xcodeListed(
        _ entity: EntityMapping, destination: Model, generated: [String: String?]
    ) -> (attributes: [PropertyMapping], relationships: [PropertyMapping]) {
        guard let name = entity.destinationEntity, let target = destination.entity(named: name) else {
            return (entity.attributeMappings, entity.relationshipMappings)
        }
        var attributes = entity.attributeMappings
        var relationships = entity.relationshipMappings
        let present = Set((attributes + relationships).map(\.name))
        for property in destination.allProperties(of: target) where !present.contains(property.name) {
            guard case .some(.none) = generated[property.name] else { continue }
            let added = PropertyMapping(name: property.name, valueExpression: nil, userInfo: [autogenerateKey: "YES"])
            switch property {
            case .attribute: attributes.append(added)
            case .relationship: relationships.append(added)
            default: continue
            }
        }
        return (attributes, relationships)
    }

    /// The attribute lines of one property mapping: the name alone where Xcode generates the
    /// expression, the archived expression otherwise, `autogenerateexpression` 0 for "no value".
    private static func propertyLines(
        _ property: PropertyMapping, in entity: EntityMapping, generated: String??, isRelationship: Bool, path: String,
        warnings: inout [String]
    ) throws(Diagnostic) -> [String] {
        let label = "\(entity.name).\(property.name)"
        if let placeholder = property.placeholder {
            warnings.append(
                """
                \(label): a placeholder (\(placeholder)) has no place in Xcode's file; written \
                \(property.valueExpression == nil ? "without a value" : "with its suggested expression")
                """
            )
        }
        if property.userInfo.entries.contains(where: { $0.key != autogenerateKey }) {
            warnings.append("\(label): userInfo not written (modeldiff writes no userInfo into Xcode's file)")
        }
        let flagged = property.userInfo[autogenerateKey] != nil && property.valueExpression == nil
        let matchesGenerated =
            property.placeholder == nil && generated.map { normalized($0) == normalized(property.valueExpression) } == true
        let name = attribute("name", "string", property.name)
        if flagged || matchesGenerated {
            // As Xcode writes them: relationship mappings say autogenerate, attribute mappings rely on its default.
            return isRelationship ? [attribute("autogenerateexpression", "bool", "1"), name] : [name]
        }
        guard let text = property.valueExpression else { return [attribute("autogenerateexpression", "bool", "0"), name] }
        let fail = { (message: String) in Diagnostic(path: path, line: property.line.value, message: "\(label): \(message)") }
        let bytes: [UInt8]
        do {
            bytes = try ExpressionArchiver.archive(ExpressionParser.parse(text))
        } catch let error as ExpressionError {
            throw fail("the value expression does not parse: \(error.message)")
        } catch let error as ExpressionArchiveError {
            throw fail(error.message)
        } catch {
            throw fail("\(error)")
        }
        return [attribute("valueexpressiondata", "binary", xcodeBase64(bytes)), name]
    }

    /// Xcode's editor writes `Undefined` for every mapping it generates and decides the type when it
    /// compiles. Ours is `Undefined` wherever `XcodeMappingImport` reads it back as the same type: an
    /// add or remove mapping, and, given the models, a copy of an unchanged entity or a transform of a
    /// changed one (`decidingUndefinedTypes`). Without the models a reader cannot tell copy from
    /// transform, so both are named; so are custom mappings and a type the models would not give.
    private static func typeName(_ entity: EntityMapping, hashes: (source: VersionHashes, destination: VersionHashes)?) -> String {
        let implied: MappingType? =
            entity.sourceEntity == nil
            ? .add
            : entity.destinationEntity == nil ? .remove : hashes.map { XcodeMappingImport.decidedType(of: entity, hashes: $0) }
        if entity.type == implied || entity.type == .undefined { return "Undefined" }
        return entity.type.rawValue.prefix(1).uppercased() + entity.type.rawValue.dropFirst()
    }

    private static func entityWarnings(_ entity: EntityMapping) -> [String] {
        var warnings: [String] = []
        if let expression = entity.sourceExpression, expression != entity.sourceEntity.map(EntityMapping.fetchAll) {
            warnings.append("\(entity.name): source expression not written (Xcode's file holds none; Xcode fetches every source instance)")
        }
        if !entity.userInfo.isEmpty {
            warnings.append("\(entity.name): userInfo not written (modeldiff writes no userInfo into Xcode's file)")
        }
        return warnings
    }

    /// Base64 laid out as Xcode lays out its binary attributes: 76 characters, a line feed, the
    /// rest on one line, a line feed (so `</attribute>` starts a line).
    private static func xcodeBase64(_ bytes: [UInt8]) -> String {
        let text = Data(bytes).base64EncodedString()
        guard text.count > 76 else { return text + "\n" }
        return text.prefix(76) + "\n" + text.dropFirst(76) + "\n"
    }

    /// An expression's canonical spelling, so `$source.a` and `$source .a` compare equal.
    static func normalized(_ text: String?) -> String? {
        guard let text else { return nil }
        return (try? ExpressionParser.parse(text).description) ?? text
    }

    private static func attribute(_ name: String, _ type: String, _ value: String) -> String {
        "        <attribute name=\"\(name)\" type=\"\(type)\">\(XMLWriter.escape(value, quote: false))</attribute>"
    }

    private static func relationship(_ name: String, _ type: String, _ destination: String, _ ids: [String]) -> String {
        "        <relationship name=\"\(name)\" type=\"\(type)\" destination=\"\(destination)\" idrefs=\"\(ids.joined(separator: " "))\"></relationship>"
    }

    /// Objects numbered as Xcode numbers them (`z102` on), filled in after their ids are handed out.
    private struct ObjectList {
        var ids: [String] = []
        var bodies: [String: String] = [:]

        mutating func reserve() -> String {
            let id = "z\(102 + ids.count)"
            ids.append(id)
            return id
        }

        mutating func fill(_ id: String, type: String, _ lines: [String]) {
            bodies[id] = (["    <object type=\"\(type)\" id=\"\(id)\">"] + lines + ["    </object>"]).joined(separator: "\n")
        }
    }

    /// `nextObjectID` is the last id handed out, as in Xcode's files (WooCommerce's 180 objects run z102…z281, nextObjectID 281).
    private static func document(_ objects: ObjectList) -> String {
        let body = objects.ids.compactMap { objects.bodies[$0] }.joined(separator: "\n")
        let hashes = schemaHashes.map { name, hash in
            "                        <key>\(name)</key>\n                        <data>\n\t\t\(hash)\n\t\t</data>"
        }.joined(separator: "\n")
        return """
            <?xml version="1.0" standalone="yes"?>
            <!DOCTYPE database SYSTEM "file:///System/Library/DTDs/CoreData.dtd">

            <database>
                <databaseInfo>
                    <version>134481920</version>
                    <UUID>\(contentUUID(body))</UUID>
                    <nextObjectID>\(101 + objects.ids.count)</nextObjectID>
                    <metadata>
                        <plist version="1.0">
                            <dict>
                                <key>NSPersistenceFrameworkVersion</key>
                                <integer>866</integer>
                                <key>NSStoreModelVersionHashes</key>
                                <dict>
            \(hashes)
                                </dict>
                                <key>NSStoreModelVersionHashesVersion</key>
                                <integer>3</integer>
                                <key>NSStoreModelVersionIdentifiers</key>
                                <array>
                                    <string></string>
                                </array>
                            </dict>
                        </plist>
                    </metadata>
                </databaseInfo>
            \(body)
            </database>

            """
    }

    /// Xcode makes the store's UUID at random; ours comes from the objects (two FNV-1a hashes), so
    /// the same mapping always writes the same bytes.
    static func contentUUID(_ text: String) -> String {
        func fnv(_ seed: UInt64) -> UInt64 {
            var hash = seed
            for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            return hash
        }
        let hex = String(format: "%016llX%016llX", fnv(0xcbf2_9ce4_8422_2325), fnv(0x84222325_cbf29ce4))
        let c = Array(hex)
        return [c[0..<8], c[8..<12], c[12..<16], c[16..<20], c[20..<32]].map { String($0) }.joined(separator: "-")
    }
}
