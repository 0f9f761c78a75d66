import Foundation
import ModelDiffTestSupport
import Testing

@_spi(CLI) @testable import ModelDiffKit
@_spi(CLI) @testable import ModelDiffStore

private let sampleModel = Paths.fixtures.appendingPathComponent("06-CoreDataPlus-SampleModel")
private let cdm = sampleModel.appendingPathComponent("V2toV3.cdm")
private let version2 = sampleModel.appendingPathComponent("SampleModel.xcdatamodeld/SampleModel2.xcdatamodel")
private let version3 = sampleModel.appendingPathComponent("SampleModel.xcdatamodeld/SampleModel3.xcdatamodel")

/// A copy of Wire's store2-65-0, which no version of the bundle wrote, in a fresh folder.
private func store2dot65dot0(in folder: URL) throws -> String {
    let copy = folder.appendingPathComponent("store2-65-0.wiredatabase")
    try FileManager.default.copyItem(at: Wire.folder.appendingPathComponent("Tests/Resources/store2-65-0.wiredatabase"), to: copy)
    return copy.path
}

/// `store info` says the model comes from the store's cache; `verify` is sound with it.
@Test(.tags(.slow), .notInFastTier) func storeInfoAndVerifyUseTheModelCacheOfAStoreNoVersionWrote() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = try store2dot65dot0(in: folder)
    let info = try runModeldiff(["store", "info", store, "--model", Wire.bundlePath])
    #expect(info.status == 0, "\(info.stderr)")
    #expect(info.stdout.contains("model version: none matches; entities that differ: AssetClientMessage, Member, User\n"))
    #expect(info.stdout.contains("model: taken from the store's Z_MODELCACHE"))
    let json = try runModeldiff(["store", "info", store, "--model", Wire.bundlePath, "--format", "json"])
    #expect(json.stdout.contains("\"modelCache\" : \"used\""))
    let verify = try runModeldiff(["store", "verify", store, "--model", Wire.bundlePath])
    #expect(verify.status == 0, "\(verify.stderr)")
    #expect(verify.stdout.hasPrefix("\(store): ok\n"))
}

/// `migrate STORE --to BUNDLE` migrates store2-65-0 from its cached model, on both paths, to the
/// same objects; the output verifies as the current version.
@Test(.tags(.slow), .notInFastTier) func migrateTakesTheSourceModelFromTheModelCache() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = try store2dot65dot0(in: folder)
    var contents: [[String: [String]]] = []
    for fastPath in [true, false] {
        let output = folder.appendingPathComponent("out-\(fastPath).sqlite").path
        let result = try runModeldiff(
            ["migrate", store, "--to", Wire.bundlePath, "--output", output] + (fastPath ? [] : ["--no-fast-path"]))
        #expect(result.status == 0, "\(result.stderr)")
        let info = try runModeldiff(["store", "info", output, "--model", Wire.bundlePath])
        #expect(info.stdout.contains("model version: zmessaging2.101.0\n"))
        let verify = try runModeldiff(["store", "verify", output, "--model", Wire.bundlePath])
        #expect(verify.status == 0, "\(verify.stdout)")
        let migrated = try PersistentStore.open(path: output)
        #expect(try schemaSummary(migrated) == wireCurrentLayout)
        contents.append(try storeContents(migrated, layout: StoreLayout(model: try #require(Wire.bundle).current.model)))
    }
    #expect(contents.count == 2 && contents[0] == contents[1])
}

/// A store whose version is unknown and whose cache cannot be used keeps the refusal, with the reason.
@Test(.tags(.slow), .notInFastTier) func aStoreWithAnUnusableCacheIsRefusedWithTheReason() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = try store2dot65dot0(in: folder)
    let writable = try PersistentStore.open(path: store, writable: true)
    try writable.database.execute("UPDATE Z_MODELCACHE SET Z_CONTENT = x'00'")
    let result = try runModeldiff(["migrate", store, "--to", Wire.bundlePath, "--output", folder.appendingPathComponent("out.sqlite").path])
    #expect(result.status == 2)
    #expect(result.stderr.contains("the store matches no version of"))
    #expect(
        result.stderr.contains(
            "and its cached model could not be used: the store's model cache (Z_MODELCACHE) cannot be read: the compressed data"))
    let info = try runModeldiff(["store", "info", store, "--model", Wire.bundlePath])
    #expect(info.stdout.contains("model cache: cannot be used: the store's model cache (Z_MODELCACHE) cannot be read"))
}

/// `hash` reads a compiled model (`.mom`) and a `.momd` folder, and prints what it prints for the XML.
@Test func hashReadsCompiledModels() throws {
    let momd = sampleModel.appendingPathComponent("SampleModel.momd")
    let compiled = try runModeldiff(["hash", momd.appendingPathComponent("SampleModel2.mom").path])
    let xml = try runModeldiff(["hash", version2.path])
    #expect(compiled.status == 0 && xml.status == 0)
    let body = { (text: String) in text.split(separator: "\n").filter { !$0.contains("SampleModel2") }.joined(separator: "\n") }
    #expect(!body(xml.stdout).isEmpty && body(compiled.stdout) == body(xml.stdout))
    let current = try runModeldiff(["hash", momd.path])
    #expect(current.status == 0, "\(current.stderr)")
    let bad = folderWith(file: "bad.mom", bytes: Array("bplist00 but not a plist".utf8))
    defer { try? FileManager.default.removeItem(at: bad) }
    let refused = try runModeldiff(["hash", bad.appendingPathComponent("bad.mom").path])
    #expect(refused.status == 2)
    #expect(refused.stderr.hasPrefix(bad.appendingPathComponent("bad.mom").path + ":1:1: error: not an NSKeyedArchiver archive"))
}

private func folderWith(file: String, bytes: [UInt8]) -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("modeldiff-tests-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try? Data(bytes).write(to: folder.appendingPathComponent(file))
    return folder
}

/// The fixture's `.cdm` reads into the mapping Xcode compiled: five entity mappings with the entity
/// hashes of SampleModel 2 and 3, Xcode's source expression, and the custom policy's class.
@Test func compiledMappingModelReads() throws {
    let file = try MappingFile.load(path: cdm.path)
    let mapping = file.mapping
    #expect(mapping.entityMappings.map(\.name) == ["CarToCar", "LuxuryCarToLuxuryCar", "PersonToPerson", "SportCarToSportCar", "Maker"])
    #expect(mapping.entityMappings.map(\.type) == [.custom, .custom, .copy, .custom, .add])
    let (old, new) = (
        try ModelFile.load(path: version2.path).model.versionHashes(), try ModelFile.load(path: version3.path).model.versionHashes()
    )
    for entityMapping in mapping.entityMappings {
        #expect(entityMapping.sourceVersionHash == entityMapping.sourceEntity.flatMap { old.base64(entity: $0) }, "\(entityMapping.name)")
        #expect(
            entityMapping.destinationVersionHash == entityMapping.destinationEntity.flatMap { new.base64(entity: $0) },
            "\(entityMapping.name)")
        #expect(entityMapping.sourceExpression == entityMapping.sourceEntity.map(EntityMapping.fetchAll), "\(entityMapping.name)")
    }
    let car = try #require(mapping.entityMapping(named: "CarToCar"))
    #expect(car.policyClassName == "REPLACE_AT_RUNTIME.V2to3MakerPolicy")
    #expect(
        car.attributeMappings.map { "\($0.name) = \($0.valueExpression ?? "nil")" } == [
            "markedForDeletionAsOf = $source.markedForDeletionAsOf", "model = $source.model", "numberPlate = $source.numberPlate",
        ])
    #expect(
        car.relationshipMappings.map { "\($0.name) = \($0.valueExpression ?? "nil")" } == [
            "createdBy = nil",
            "owner = FUNCTION($manager, \"destinationInstancesForEntityMappingNamed:sourceInstances:\", \"PersonToPerson\", $source.owner)",
            "previousOwners = FUNCTION($manager, \"destinationInstancesForEntityMappingNamed:sourceInstances:\", \"PersonToPerson\", $source.owner)",
        ])
}

/// `mapping validate X.cdm` against SampleModel 2 → 3; a damaged `.cdm` names the file at 1:1, exit 2.
@Test func mappingValidateReadsACompiledMappingModel() throws {
    let result = try runModeldiff(["mapping", "validate", cdm.path, "--from", version2.path, "--to", version3.path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "\(cdm.path): valid (5 entity mappings)\n")
    let folder = folderWith(file: "bad.cdm", bytes: Array(try Data(contentsOf: cdm).prefix(200)))
    defer { try? FileManager.default.removeItem(at: folder) }
    let bad = try runModeldiff(["mapping", "validate", "bad.cdm", "--from", version2.path, "--to", version3.path], in: folder)
    #expect(bad.status == 2)
    #expect(bad.stderr.hasPrefix("bad.cdm:1:1: error: "), "\(bad.stderr)")
    #expect(bad.stderr.split(separator: "\n").count == 1)
}

/// The fixture's `.cdm` without its custom policy (which only the app has), re-archived.
private func cdmWithoutPolicy() throws -> [UInt8] {
    let plist = try BinaryPropertyList.decode([UInt8](Data(contentsOf: cdm)), path: cdm.path)
    guard case .dictionary(var archive) = plist, case .array(let objects)? = archive["$objects"] else {
        throw Diagnostic(path: cdm.path, message: "?")
    }
    archive["$objects"] = .array(
        objects.map { object in
            guard case .dictionary(var fields) = object, fields["NSEntityMigrationPolicyClassName"] != nil else { return object }
            fields["NSEntityMigrationPolicyClassName"] = .uid(0)
            return .dictionary(fields)
        })
    return BinaryPropertyList.encode(.dictionary(archive))
}

/// `migrate --mapping X.cdm` gives the store `migrate --mapping` gives with the same mapping written
/// as a modeldiff mapping file; and a `.cdm` beside a bundle maps the step it was compiled for.
@Test func migrateWithACompiledMappingModel() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let compiled = folder.appendingPathComponent("V2toV3.cdm")
    try Data(try cdmWithoutPolicy()).write(to: compiled)
    let xml = folder.appendingPathComponent("V2toV3.mapping.xml")
    try MappingXML.write(try MappingFile.load(path: compiled.path).mapping).write(to: xml, atomically: true, encoding: .utf8)
    let source = sampleModel.appendingPathComponent("SampleModel_V2.sqlite").path
    var contents: [[String: [String]]] = []
    let model3 = try ModelFile.load(path: version3.path).model
    for mapping in [compiled, xml] {
        let output = folder.appendingPathComponent("out-\(mapping.pathExtension).sqlite").path
        let result = try runModeldiff([
            "migrate", source, "--from", version2.path, "--to", version3.path, "--mapping", mapping.path, "--output", output,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        contents.append(try storeContents(try PersistentStore.open(path: output), layout: StoreLayout(model: model3)))
    }
    #expect(contents.count == 2 && contents[0] == contents[1])
    #expect(contents.first?["Car"]?.isEmpty == false)

    // Discovery: a bundle whose current version is SampleModel3, with the .cdm beside it.
    let bundle = folder.appendingPathComponent("SampleModel.xcdatamodeld")
    try FileManager.default.copyItem(at: sampleModel.appendingPathComponent("SampleModel.xcdatamodeld"), to: bundle)
    let current = bundle.appendingPathComponent(".xccurrentversion")
    try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: current.path)
    try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bundle.path)
    try? FileManager.default.removeItem(at: current)
    try #"""
    <?xml version="1.0" encoding="UTF-8"?><plist \#
    version="1.0"><dict><key>_XCCurrentVersionName</key><string>SampleModel3.xcdatamodel</string></dict></plist>
    """#
    .write(to: current, atomically: true, encoding: .utf8)
    try FileManager.default.removeItem(at: xml)
    let steps = try StoreMigration.steps(for: try PersistentStore.open(path: source), bundle: try ModelBundle.load(path: bundle.path))
    #expect(steps.map(\.mappingPath) == [compiled.path])
}

/// A `.cdm` is a binary plist, whose strings may hold what XML cannot: such a name is refused on
/// reading, so `mapping convert --to xml` never writes a mapping file that does not read back.
@Test func aCompiledMappingNameXMLCannotHoldIsRefused() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    // The policy class name is an ASCII string of its own in the archive: changing one byte keeps
    // the property list valid and touches no expression.
    var bytes = [UInt8](try Data(contentsOf: cdm))
    let name = Array("REPLACE_AT_RUNTIME".utf8)
    var replaced = 0
    for start in 0...(bytes.count - name.count) where Array(bytes[start..<start + name.count]) == name {
        bytes[start + 4] = 0x01
        replaced += 1
    }
    #expect(replaced > 0)
    let broken = folder.appendingPathComponent("broken.cdm")
    try Data(bytes).write(to: broken)
    let output = folder.appendingPathComponent("out.xml")
    let result = try runModeldiff(["mapping", "convert", broken.path, "--to", "xml", "--output", output.path])
    #expect(result.status == 2)
    let expected =
        #"^.*broken\.cdm:1:1: error: the migration policy class name of entity mapping "\w+" holds U\+0001, "#
        + #"which a mapping file \(XML\) cannot hold\n$"#
    #expect(result.stderr.range(of: expected, options: .regularExpression) != nil, "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: output.path))
}
