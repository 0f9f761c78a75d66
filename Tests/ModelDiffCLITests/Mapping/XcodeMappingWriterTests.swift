import Foundation
@_spi(CLI) import ModelDiffKit
import ModelDiffTestSupport
import Testing

/// What a mapping means to a migration, for comparing a mapping with what reading our Xcode file gives.
///
/// Left out, each because Xcode's file cannot hold it and Core Data does not need it from there:
/// the entity version hashes (Xcode records the models themselves and derives them when it compiles),
/// comments and lines (the XML store has none), and property mappings with no value (the default
/// value either way; Xcode lists one for every destination property). A placeholder's suggested
/// expression is what is written, so the placeholder's todo text is left out too. Property mappings
/// are compared by name: Xcode's file lists them in no particular order and the reader sorts them.
/// Expressions compare by their parsed form, so spelling (spaces) does not count; the default fetch
/// (every source instance) counts as no fetch, as in the editable file.
private func meaning(_ mapping: MappingModel) -> [String] {
    var lines = ["versions \(mapping.sourceVersion ?? "-") -> \(mapping.destinationVersion ?? "-")"]
    for entity in mapping.entityMappings {
        // The fetch of every source instance is the default, which the editable file leaves out.
        let fetch = entity.sourceExpression == entity.sourceEntity.map(EntityMapping.fetchAll) ? "-" : entity.sourceExpression ?? "-"
        lines.append(
            """
            \(entity.name) \(entity.type) \(entity.sourceEntity ?? "-") -> \(entity.destinationEntity ?? "-") policy \
            \(entity.policyClassName ?? "-") fetch \(fetch)
            """
        )
        for (kind, properties) in [("attribute", entity.attributeMappings), ("relationship", entity.relationshipMappings)] {
            for property in properties.sorted(by: { $0.name < $1.name }) {
                guard let expression = property.valueExpression else { continue }
                let parsed = (try? ExpressionParser.parse(expression).description) ?? expression
                lines.append("  \(kind) \(property.name) = \(parsed)")
            }
        }
    }
    return lines
}

/// The lines only one side has, for a failure message short enough to read.
private func difference(_ read: [String], _ written: [String]) -> String {
    let only = { (a: [String], b: [String]) in a.filter { !b.contains($0) }.joined(separator: " | ") }
    return "read back only: \(only(read, written)); written only: \(only(written, read))"
}

/// Reading what we write gives the same mapping, for every consecutive pair of every bundle in the
/// corpus: with the models (expressions left for Xcode to generate, resolved again when read) and
/// without them (every expression archived). One case per bundle, so the long histories run side by side.
@Test(.tags(.slow), .notInFastTier, arguments: corpusBundles())
func xcodeFilesWeWriteReadBackAsTheSameMapping(_ url: URL) throws {
    var pairs = 0
    var archived = 0
    do {
        let bundle = try ModelBundle.load(path: url.path)
        for (old, new) in zip(bundle.versions, bundle.versions.dropFirst()) {
            let mapping = MappingInference.infer(from: old.model, to: new.model, names: (old.name, new.name))
            let label = "\(url.lastPathComponent): \(old.name) → \(new.name)"
            let withModels = try XcodeMappingWriter.write(
                mapping, models: (old.model, new.model), modelPaths: (old.name + ".xcdatamodel", new.name + ".xcdatamodel"), path: "in.xml")
            let read = try XcodeMappingImport.read(Array(withModels.text.utf8), path: "xcmapping.xml")
                .decidingUndefinedTypes(source: old.model, destination: new.model)
                .resolvingXcodeAutogeneration(source: old.model, destination: new.model)
            #expect(meaning(read) == meaning(mapping), "\(label): \(difference(meaning(read), meaning(mapping)))")
            let placeholders = mapping.entityMappings.flatMap { $0.attributeMappings + $0.relationshipMappings }.filter {
                $0.placeholder != nil
            }.count
            // Besides placeholders, a model whose archive we do not write (a feature without an Xcode-written sample).
            let modelWarnings = withModels.warnings.filter { $0.contains("modeldata not written: the ") }
            #expect(withModels.warnings.count - modelWarnings.count == placeholders, "\(label): \(withModels.warnings)")
            #expect(
                modelWarnings.allSatisfy {
                    $0.contains(": no Xcode-written archive shows how Xcode records it; ") && $0.contains("Editor > Refresh Data Models")
                })
            let alone = try XcodeMappingWriter.write(
                mapping, models: nil, modelPaths: (old.name + ".xcdatamodel", new.name + ".xcdatamodel"), path: "in.xml")
            let readAlone = meaning(try XcodeMappingImport.read(Array(alone.text.utf8), path: "xcmapping.xml"))
            #expect(readAlone == meaning(mapping), "\(label): \(difference(readAlone, meaning(mapping)))")
            archived += alone.text.components(separatedBy: "valueexpressiondata").count - 1
            pairs += 1
        }
    }
    #expect(pairs == (try ModelBundle.load(path: url.path)).versions.count - 1)
    // Each long history (WooCommerce's, Wire's) has expressions to archive; a short one may have none.
    if pairs > 50 { #expect(archived > 0, "\(url.lastPathComponent)") }
}

/// The corpus the per-bundle round trip walks: 227 consecutive pairs in all.
@Test func theRoundTripCorpusHasEveryPair() throws {
    #expect(try corpusBundles().map { try ModelBundle.load(path: $0.path).versions.count - 1 }.reduce(0, +) == 227)
}

/// Names and values reach the file escaped: what is read back is what was written, byte for byte.
@Test func namesAndValuesAreEscaped() throws {
    let odd = "A<&>\"'B]]>"
    let mapping = MappingModel(
        sourceVersion: "v<1>&", destinationVersion: "v\"2\"",
        entityMappings: [
            EntityMapping(
                name: "\(odd)To\(odd)", type: .transform, sourceEntity: odd, destinationEntity: odd, policyClassName: "Policy<&>",
                attributeMappings: [
                    PropertyMapping(name: odd, valueExpression: "FUNCTION($source, \"stringByAppendingString:\", \"</attribute>&amp;\")")
                ])
        ])
    let written = try XcodeMappingWriter.write(mapping, models: nil, modelPaths: ("v<1>&.xcdatamodel", "v\"2\".xcdatamodel"), path: "m.xml")
    #expect(!written.text.contains(odd))
    let read = try XcodeMappingImport.read(Array(written.text.utf8), path: "xcmapping.xml")
    #expect(meaning(read) == meaning(mapping))
    #expect(read.entityMappings.first?.policyClassName == "Policy<&>")
}

/// Our archive of `$source.status` is, object for object, the archive Xcode wrote in the WooCommerce file.
@Test func archivedExpressionsMatchXcodesOwn() throws {
    let text = try String(
        contentsOf: Paths.models.appendingPathComponent("woocommerce-ios/WooCommerceModelV9toV10.xcmappingmodel/xcmapping.xml"),
        encoding: .utf8)
    let root = try XMLDocumentParser.parse(Array(text.utf8), path: "xcmapping.xml")
    let objects = try XcodeMappingObjects(root: root, path: "xcmapping.xml")
    let archives = objects.order.compactMap { objects[$0]?.attributes["valueexpressiondata"] }
    #expect(archives.count == 1)
    let theirs = try #require(archives.first)
    let decoded = try BinaryPropertyList.decode(
        [UInt8](try #require(Data(base64Encoded: theirs, options: .ignoreUnknownCharacters))), path: "x")
    let ours = try BinaryPropertyList.decode(try ExpressionArchiver.archive(ExpressionParser.parse("$source.status")), path: "y")
    #expect(ours == decoded)
    // Every kind we write decodes to what was archived.
    for expression in [
        "$source.status", "$source.owner.name", "name",
        "FUNCTION($manager, \"destinationInstancesForEntityMappingNamed:sourceInstances:\", \"NoteToNote\", $source.notes)",
        "\"text\"", "42", "2.5", "YES", "nil", "FUNCTION($source, \"uppercaseString\")",
        "$source.a + 1", "$source.price * $source.quantity - 2", "$source.total / (2 + $source.n)", "2 ** 3", "now()",
        "uppercase:($source.name)", "CAST($source.code, \"NSNumber\")", "sum:($source.items.price)",
    ] {
        let archive = try ExpressionArchiver.archive(ExpressionParser.parse(expression))
        let base64 = Data(archive).base64EncodedString()
        #expect(
            try ArchivedExpression.decode(base64: base64, path: "x", line: .none) == (try ExpressionParser.parse(expression).description))
    }
    for refused in ["-$source.a", "$source.a == 1"] {
        #expect(throws: ExpressionArchiveError.self, "\(refused)") { try ExpressionArchiver.archive(ExpressionParser.parse(refused)) }
    }
}

/// Arithmetic and built-in functions are archived as Foundation archives them (its decompiled
/// NSFunctionExpression and NSConstantValueExpression coders): an NSFunctionExpression with the
/// selector, the class `_NSPredicateUtilities` as operand by name, the arguments in an array.
@Test func builtinFunctionsAreArchivedAsFoundationArchivesThem() throws {
    let archive = try KeyedArchive(bytes: ExpressionArchiver.archive(ExpressionParser.parse("$source.a + 1")), path: "x")
    let root = try #require(archive.root)
    #expect(root.className == "NSFunctionExpression" && root.integer("NSExpressionType") == 4 && root.string("NSSelectorName") == "add:to:")
    let operand = try #require(root.object("NSOperand"))
    #expect(operand.className == "NSConstantValueExpression" && operand.integer("NSExpressionType") == 0)
    #expect(operand.string("NSConstantValueClassName") == "_NSPredicateUtilities" && operand.fields["NSConstantValue"] == nil)
    #expect(root.objects("NSArguments").map(\.className) == ["NSKeyPathExpression", "NSConstantValueExpression"])
    let now = try #require(try KeyedArchive(bytes: ExpressionArchiver.archive(ExpressionParser.parse("now()")), path: "x").root)
    #expect(now.string("NSSelectorName") == "now" && now.objects("NSArguments").isEmpty)
    // A class other than _NSPredicateUtilities, or a selector modeldiff does not know, is refused on reading.
    var builder = KeyedArchiveBuilder()
    let selector = builder.string("frobnicate:")
    let operandValue = builder.object(
        ["NSConstantValueExpression", "NSExpression", "NSObject"],
        ["NSExpressionType": .integer(0), "NSConstantValueClassName": builder.string("_NSPredicateUtilities")])
    let arguments = builder.mutableArray([])
    let call = builder.object(
        ["NSFunctionExpression", "NSExpression", "NSObject"],
        ["NSExpressionType": .integer(4), "NSSelectorName": selector, "NSOperand": operandValue, "NSArguments": arguments])
    let base64 = Data(builder.archive(root: call)).base64EncodedString()
    #expect(throws: Diagnostic.self) { try ArchivedExpression.decode(base64: base64, path: "x", line: .none) }
}

/// Our file for WooCommerce 9 → 10, after the team's one hand edit, against Xcode's own, object by object.
///
/// The hand edit: `OrderToOrder.statusKey` ← `$source.status` (the rename of `status` the team wrote
/// in Xcode, which infer leaves as a placeholder). Then every object of each file is described by its
/// type, its attributes and what its relationships point to, and the two descriptions compared.
/// Ignored, and why:
/// - object ids (`z…`), the store UUID and `nextObjectID`: Xcode hands them out as it saves;
/// - `mappingnumber`: Xcode numbers entity mappings in its editor's hash order (SiteSetting is 1);
///   ours follow infer's order. Migration creates every destination instance before any relationship,
///   so the order changes nothing without custom policies;
/// - the content of `sourcemodeldata` and `destinationmodeldata` (Xcode's archives of its editor's
///   model, `XDPMModel`): compared object by object in `archivedModelsMatchTheOnesXcodeRecorded`;
///   here, that both files hold them.
/// The model paths are compared whole: the versions are laid out as in the woocommerce-ios
/// repository (`WooCommerceProject`), and the paths are recorded as Xcode records them.
/// What remains different is pinned in a golden file (empty when the files match).
@Test func wooCommerceMappingMatchesXcodesObjectByObject() throws {
    let folder = Paths.models.appendingPathComponent("woocommerce-ios")
    let project = try WooCommerceProject()
    defer { project.remove() }
    let old = try ModelFile.load(path: project.old)
    let new = try ModelFile.load(path: project.new)
    let inferred = MappingInference.infer(from: old.model, to: new.model, names: ("Model 9", "Model 10"))
    let edited = inferred.replacing(
        entityMappings: inferred.entityMappings.map { entity in
            guard entity.name == "OrderToOrder" else { return entity }
            return entity.replacing(
                attributeMappings: entity.attributeMappings.map {
                    $0.name == "statusKey" ? PropertyMapping(name: "statusKey", valueExpression: "$source.status") : $0
                },
                relationshipMappings: entity.relationshipMappings)
        })
    let ours = try XcodeMappingWriter.write(
        edited, models: (old.model, new.model),
        modelPaths: (XcodeModelPath.recorded(forModelAt: project.old), XcodeModelPath.recorded(forModelAt: project.new)),
        path: "edited.xml")
    #expect(ours.warnings.isEmpty)
    let theirs = try String(
        contentsOf: folder.appendingPathComponent("WooCommerceModelV9toV10.xcmappingmodel/xcmapping.xml"), encoding: .utf8)
    let (a, b) = (try describe(theirs), try describe(ours.text))
    #expect(a.count == 180 && b.count == a.count)
    var differences: [String] = []
    for key in Set(a.keys).union(b.keys).sorted() {
        let (x, y) = (a[key] ?? [:], b[key] ?? [:])
        for field in Set(x.keys).union(y.keys).sorted() where x[field] != y[field] {
            differences.append("\(key): \(field) \(x[field] ?? "(absent)") in Xcode's, \(y[field] ?? "(absent)") in ours")
        }
    }
    try expectGolden(differences.joined(separator: "\n") + "\n", named: "mapping/xcode-v9-v10-written-differences.txt")
}

/// XcodeServer's two mapping models, saved by Xcode for a 23-entity model whose every entity has a
/// class name, against what `infer --format xcode` writes for the same versions, object by object as
/// for WooCommerce (ignoring the same fields). Xcode recorded the paths as the version inside its bundle
/// (a Swift package has no `.xcodeproj`), and so do we. 2.0.0 renames every entity (`Asset` →
/// `ManagedAsset`) without a renaming identifier, so Core Data's inference, and `infer`, see 23 removed
/// and 23 new entities; the team paired them by hand in Xcode's editor. That pairing is given to `infer`
/// as renaming identifiers on a copy of 2.0.0 (they change no version hash), as WooCommerce's one hand
/// edit is made to its inferred mapping. What still differs is pinned, with its reason, in
/// `Golden/mapping/xcodeserver-<version>-written-differences.txt`.
@Test(arguments: [("1_0_0", "1_1_0"), ("1_1_0", "2_0_0")])
func xcodeServerMappingsMatchXcodesObjectByObject(_ old: String, _ new: String) throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    var newModel = XcodeServer.model(new)
    if new == "2_0_0" {
        let plain = try runModeldiff(["infer", XcodeServer.model(old), newModel])
        #expect(plain.stdout.components(separatedBy: #"type="remove""#).count - 1 == 23)
        #expect(plain.stdout.components(separatedBy: #"type="add""#).count - 1 == 23)
        let text = try String(contentsOfFile: newModel + "/contents", encoding: .utf8)
        let paired = text.replacingOccurrences(
            of: #"<entity name="Managed(\w+)""#, with: #"<entity name="Managed$1" elementID="$1""#, options: .regularExpression)
        #expect(paired.components(separatedBy: "elementID=").count - 1 == 23)
        let version = folder.appendingPathComponent("XcodeServer.xcdatamodeld/XcodeServer.xcdatamodel")
        try FileManager.default.createDirectory(at: version, withIntermediateDirectories: true)
        try paired.write(to: version.appendingPathComponent("contents"), atomically: true, encoding: .utf8)
        newModel = version.path
    }
    let output = folder.appendingPathComponent("MappingModel.xcmappingmodel")
    let result = try runModeldiff(["infer", XcodeServer.model(old), newModel, "--format", "xcode", "--output", output.path])
    // No warning: both archived models are written.
    #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
    let ours = try String(contentsOf: output.appendingPathComponent("xcmapping.xml"), encoding: .utf8)
    #expect(ours.contains(#"<attribute name="sourcemodeldata" type="binary">"#))
    #expect(ours.contains(#"<attribute name="destinationmodeldata" type="binary">"#))
    let theirs = try String(contentsOfFile: XcodeServer.mapping(to: new) + "/xcmapping.xml", encoding: .utf8)
    let (a, b) = (try describe(theirs), try describe(ours))
    #expect(a.count == 294 && b.count == a.count)
    var differences: [String: [String]] = [:]
    for key in Set(a.keys).union(b.keys).sorted() {
        let (x, y) = (a[key] ?? [:], b[key] ?? [:])
        for field in Set(x.keys).union(y.keys).sorted() where x[field] != y[field] {
            differences[field, default: []].append(
                "\(key): \(field) \(x[field] ?? "(absent)") in Xcode's, \(y[field] ?? "(absent)") in ours")
        }
    }
    // Each field that differs, with its reason, then its differences.
    let reasons = [
        "sourcemappingname":
            "the Xcode that saved 2.0.0's file (tools 20086) records, on every relationship mapping, the entity mapping its generated "
            + "lookup names; the one that saved 1.1.0's (17709) and WooCommerce's records none, nor does modeldiff: the name is the "
            + "entity mapping of the relationship's destination entity, which modeldiff's reader and Xcode's compiled "
            + "MappingModel.cdm_precompiled (all 108 lookups) name too"
    ]
    let text = differences.keys.sorted().map { field in
        (["# \(field): \(reasons[field] ?? "no reason known")"] + (differences[field] ?? [])).joined(separator: "\n")
    }
    try expectGolden(text.joined(separator: "\n") + "\n", named: "mapping/xcodeserver-\(new)-written-differences.txt")
}

/// Each object by what it is (`model`, `Order->Order`, `Order->Order.statusKey`): its type, its
/// attributes (ignoring the ones listed above) with archived expressions decoded, and its
/// relationships as the names of what they point to.
private func describe(_ text: String) throws -> [String: [String: String]] {
    let root = try XMLDocumentParser.parse(Array(text.utf8), path: "xcmapping.xml")
    let objects = try XcodeMappingObjects(root: root, path: "xcmapping.xml")
    func label(_ id: String) -> String {
        guard let object = objects[id] else { return "?" }
        switch object.type {
        case "XDDEVMAPPINGMODEL": return "model"
        case "XDDEVENTITYMAPPING": return "\(object.attributes["sourcename"] ?? "-")->\(object.attributes["destinationname"] ?? "-")"
        default: return "\(object.relationships["entitymapping"].map { $0.map(label).joined() } ?? "?").\(object.attributes["name"] ?? "?")"
        }
    }
    var result: [String: [String: String]] = [:]
    for id in objects.order {
        guard let object = objects[id] else { continue }
        var fields = ["type": object.type]
        for (key, value) in object.attributes {
            switch key {
            case "mappingnumber": continue
            // Compared object by object in archivedModelsMatchTheOnesXcodeRecorded; here, that both files have them.
            case "sourcemodeldata", "destinationmodeldata": fields[key] = "(archived model)"
            case "valueexpressiondata": fields[key] = try ArchivedExpression.decode(base64: value, path: "x", line: .none)
            default: fields[key] = value
            }
        }
        for (key, ids) in object.relationships { fields[key] = "[" + ids.map(label).sorted().joined(separator: ", ") + "]" }
        #expect(result[label(id)] == nil, "\(label(id)) twice")
        result[label(id)] = fields
    }
    return result
}

/// Model paths are recorded relative to the folder of the nearest enclosing `.xcodeproj` (Xcode's
/// SOURCE_ROOT), as in WooCommerce's file; without a project, as the version inside its bundle.
@Test func modelPathsAreRecordedRelativeToTheProjectFolder() throws {
    let project = try WooCommerceProject()
    defer { project.remove() }
    // Xcode's own recorded paths, from a model laid out as in the woocommerce-ios repository.
    #expect(XcodeModelPath.recorded(forModelAt: project.old) == "Storage/Model/WooCommerce.xcdatamodeld/Model 9.xcdatamodel")
    #expect(XcodeModelPath.recorded(forModelAt: project.new + "/contents") == "Storage/Model/WooCommerce.xcdatamodeld/Model 10.xcdatamodel")
    #expect(XcodeModelPath.recorded(forModelAt: project.new + "/") == "Storage/Model/WooCommerce.xcdatamodeld/Model 10.xcdatamodel")
    // The nearest project wins: a project beside the bundle builds it, not the one further up.
    let inner = project.root.appendingPathComponent("Storage/Storage/Model")
    try FileManager.default.createDirectory(at: inner.appendingPathComponent("Inner.xcodeproj"), withIntermediateDirectories: true)
    #expect(XcodeModelPath.recorded(forModelAt: project.old) == "WooCommerce.xcdatamodeld/Model 9.xcdatamodel")
    try FileManager.default.removeItem(at: inner.appendingPathComponent("Inner.xcodeproj"))
    // A file named like a project is not one.
    try Data().write(to: inner.appendingPathComponent("Stray.xcodeproj"))
    #expect(XcodeModelPath.recorded(forModelAt: project.old) == "Storage/Model/WooCommerce.xcdatamodeld/Model 9.xcdatamodel")
    // No project above: the version inside its bundle.
    try FileManager.default.removeItem(at: project.root.appendingPathComponent("Storage/Storage.xcodeproj"))
    #expect(XcodeModelPath.recorded(forModelAt: project.old) == "WooCommerce.xcdatamodeld/Model 9.xcdatamodel")
}

/// Xcode's editor writes `Undefined` for the mappings it generates; ours are `Undefined` exactly where
/// the reader, given the models, decides the type they were written with, and named elsewhere.
@Test func undefinedTypesReadBackAsTheTypeWritten() throws {
    let bundle = Paths.models.appendingPathComponent("woocommerce-ios/WooCommerce.xcdatamodeld")
    let old = try ModelFile.load(path: bundle.appendingPathComponent("Model 9.xcdatamodel").path).model
    let new = try ModelFile.load(path: bundle.appendingPathComponent("Model 10.xcdatamodel").path).model
    let mapping = MappingModel(
        sourceVersion: "Model 9", destinationVersion: "Model 10",
        entityMappings: [
            EntityMapping(name: "NoteToNote", type: .copy, sourceEntity: "Note", destinationEntity: "Note"),  // unchanged
            EntityMapping(name: "OrderToOrder", type: .transform, sourceEntity: "Order", destinationEntity: "Order"),  // changed
            // Site is unchanged, but the mapping says transform.
            EntityMapping(name: "SiteToSite", type: .transform, sourceEntity: "Site", destinationEntity: "Site"),
            EntityMapping(name: "OrderItemToOrderItem", type: .copy, sourceEntity: "OrderItem", destinationEntity: "OrderItem"),  // changed
            EntityMapping(name: "AddOrderStatus", type: .add, sourceEntity: nil, destinationEntity: "OrderStatus"),
        ])
    let types = { (text: String) in
        text.components(separatedBy: "\n").filter { $0.contains("mappingtypename") }.map {
            $0.replacingOccurrences(of: "        <attribute name=\"mappingtypename\" type=\"string\">", with: "")
                .replacingOccurrences(of: "</attribute>", with: "")
        }
    }
    let withModels = try XcodeMappingWriter.write(mapping, models: (old, new), modelPaths: (nil, nil), path: "m.xml").text
    #expect(types(withModels) == ["Undefined", "Undefined", "Transform", "Copy", "Undefined"])
    let read = try XcodeMappingImport.read(Array(withModels.utf8), path: "xcmapping.xml")
    #expect(read.entityMappings.map(\.type) == [.undefined, .undefined, .transform, .copy, .add])
    let decided = read.decidingUndefinedTypes(source: old, destination: new)
    #expect(decided.entityMappings.map(\.type) == mapping.entityMappings.map(\.type))
    // Without the models a reader cannot tell copy from transform: both are named.
    let alone = try XcodeMappingWriter.write(mapping, models: nil, modelPaths: (nil, nil), path: "m.xml").text
    #expect(types(alone) == ["Copy", "Transform", "Transform", "Copy", "Undefined"])
    // Xcode's own file: every mapping Undefined; with the models unchanged entities read as copy,
    // changed ones as transform; without them, transform.
    let file = try MappingFile.load(
        path: Paths.models.appendingPathComponent("woocommerce-ios/WooCommerceModelV9toV10.xcmappingmodel").path)
    let xcodes = file.mapping
    let inferred = MappingInference.infer(from: old, to: new)
    let byName = Dictionary(uniqueKeysWithValues: inferred.entityMappings.map { ($0.name, $0.type) })
    for entity in file.resolved(source: old, destination: new).entityMappings {
        #expect(entity.type == byName[entity.name], "\(entity.name)")
    }
    #expect(xcodes.decidingUndefinedTypes(source: nil, destination: nil).entityMappings.filter { $0.type == .transform }.count == 15)
    // In modeldiff's own file `undefined` is not Xcode's: it is left for validation to refuse.
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let own = folder.appendingPathComponent("m.xml")
    try """
    <mappingModel formatVersion="1">
      <entityMapping name="NoteToNote" type="undefined" source="Note" destination="Note"/>
    </mappingModel>
    """.write(to: own, atomically: true, encoding: .utf8)
    #expect(try MappingFile.load(path: own.path).resolved(source: old, destination: new).entityMappings.map(\.type) == [.undefined])
}
