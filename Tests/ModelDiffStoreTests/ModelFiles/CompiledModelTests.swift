import Foundation
import ModelDiffTestSupport
import Testing

@_spi(CLI) @testable import ModelDiffKit
@_spi(CLI) @testable import ModelDiffStore

/// The compiled models of fixtures 06 and 07 (`.momd`, Xcode's output for the `.xcdatamodeld` beside it).
private let compiledCases = ["06-CoreDataPlus-SampleModel/SampleModel", "07-CoreDataPlus-SampleModel3/SampleModel3"]

/// Every `.mom` decodes, and every hash `modeldiff hash` prints (entity and property hashes, the
/// checksum and digest) equals that of the XML version of the same name, and Xcode's own
/// `VersionInfo.plist` records the same entity hashes.
@Test(arguments: compiledCases)
func compiledModelHashesEqualTheirXMLSource(_ name: String) throws {
    let momd = Paths.fixtures.appendingPathComponent(name + ".momd")
    let bundle = try ModelBundle.load(path: Paths.fixtures.appendingPathComponent(name + ".xcdatamodeld").path)
    let info = try BinaryPropertyList.decode(
        [UInt8](Data(contentsOf: momd.appendingPathComponent("VersionInfo.plist"))), path: "VersionInfo.plist")
    guard case .dictionary(let values) = info, case .dictionary(let recorded)? = values["NSManagedObjectModel_VersionHashes"] else {
        Issue.record("VersionInfo.plist has no version hashes")
        return
    }
    let moms = try FileManager.default.contentsOfDirectory(atPath: momd.path).filter { $0.hasSuffix(".mom") }.sorted()
    #expect(moms.count == bundle.versions.count)
    for mom in moms {
        let version = String(mom.dropLast(4))
        let compiled = try ModelFile.load(path: momd.appendingPathComponent(mom).path).model
        let xml = try #require(bundle.version(named: version), "\(mom) has no XML version").model
        #expect(compiled.versionHashes() == xml.versionHashes(), "\(mom)")
        guard case .dictionary(let xcode)? = recorded[version] else {
            Issue.record("VersionInfo.plist has no hashes for \(version)")
            continue
        }
        #expect(xcode.mapValues { PlistValue.data($0.bytes) } == xcode)
        #expect(compiled.versionHashes().entityVersionHashes.mapValues { PlistValue.data($0) } == xcode, "\(mom)")
        // What the XML has and the archive compiles: the same entities, hierarchy and properties.
        #expect(compiled.entities.map(\.name) == xml.entities.map(\.name), "\(mom)")
        for entity in xml.entities {
            let other = try #require(compiled.entity(named: entity.name))
            #expect(other.parentEntity == entity.parentEntity && other.isAbstract == entity.isAbstract, "\(mom) \(entity.name)")
            #expect(other.renamingIdentifier == entity.renamingIdentifier, "\(mom) \(entity.name)")
            #expect(other.uniquenessConstraints == entity.uniquenessConstraints, "\(mom) \(entity.name)")
            #expect(other.attributes.map(\.name) == entity.attributes.map(\.name), "\(mom) \(entity.name)")
            #expect(other.relationships.map(\.name) == entity.relationships.map(\.name), "\(mom) \(entity.name)")
            for (a, b) in zip(other.attributes, entity.attributes) {
                #expect(
                    a.type == b.type && a.isOptional == b.isOptional && a.isTransient == b.isTransient, "\(mom) \(entity.name).\(a.name)")
                #expect(a.defaultValueString == b.defaultValueString, "\(mom) \(entity.name).\(a.name)")
            }
            for (a, b) in zip(other.relationships, entity.relationships) {
                #expect(a.destinationEntity == b.destinationEntity && a.inverseName == b.inverseName, "\(mom) \(entity.name).\(a.name)")
                #expect(
                    a.isToMany == b.isToMany && a.deleteRule == b.deleteRule && a.isOrdered == b.isOrdered,
                    "\(mom) \(entity.name).\(a.name)")
            }
        }
        // The layout of a store for the compiled model is that of the XML version.
        #expect(StoreLayout(model: compiled).createStatements == StoreLayout(model: xml).createStatements, "\(mom)")
    }
    // A .momd names its current version in VersionInfo.plist.
    let current = try ModelFile.load(path: momd.path)
    #expect(
        current.path.hasSuffix(
            (values["NSManagedObjectModel_CurrentVersionName"].flatMap { if case .string(let s) = $0 { s } else { nil } } ?? "?") + ".mom"))
}

extension PlistValue {
    fileprivate var bytes: [UInt8] { if case .data(let bytes) = self { bytes } else { [] } }
}

/// Every one of Wire's 82 stores: the model Core Data cached in Z_MODELCACHE decodes, its entity
/// hashes are the store's `NSStoreModelVersionHashes`, and for a store whose version the bundle has,
/// a store created for the cached model has the layout of one created for that version; a store whose
/// version it lacks verifies and reads back with the cached model.
@Test func everyWireStoreModelCacheDecodesToItsHashes() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(Wire.stores.count == 82)
    for url in Wire.stores {
        let name = url.lastPathComponent
        // A copy: nothing, not even a read-only connection, touches the shared corpus.
        let copy = folder.appendingPathComponent(name)
        try FileManager.default.copyItem(at: url, to: copy)
        let store = try PersistentStore.open(path: copy.path)
        let cached = try store.cachedModel()
        #expect(cached.versionHashes().entityVersionHashes == store.metadata.versionHashes, "\(name)")
        if let version = Wire.version(of: store) {
            // Index names aside: Wire's later XML versions name their fetch indexes `by…Index` while
            // the stores (and their caches) have them named after their properties.
            #expect(
                unnamedIndexes(StoreLayout(model: cached)) == unnamedIndexes(StoreLayout(model: version.model)),
                "\(name): layout of \(version.name)")
            let indexes = Set(
                try store.database.rows("SELECT name FROM sqlite_master WHERE type = 'index'").compactMap {
                    $0.first.flatMap { if case .text(let t) = $0 { t } else { nil } }
                })
            // The store's own layout (`PersistentStore.layout(for:)`), as `store verify` reads it.
            let computed = try store.layout(for: cached).indexStatements.compactMap {
                $0.split(separator: " ").dropFirst(2).first { $0 != "INDEX" }.map(String.init)
            }
            // Frameworks before 847 named indexes otherwise (`ZCONVERSATION_ZNORMALIZEDUSERDEFINEDNAME_INDEX`).
            if (store.metadata.integer("NSPersistenceFrameworkVersion") ?? 0) >= 847 {
                #expect(computed.filter { !indexes.contains($0) } == [], "\(name): every index of the cached model is in the store")
            }
        } else {
            // The store no version names: `store verify` is sound with its cached model, and every
            // object of every entity reads back with it.
            #expect(Wire.unmatched[name] != nil, "\(name)")
            #expect(try StoreVerification(store: store, model: cached).problems == [], "\(name)")
            let layout = try store.layout(for: cached)
            var read = 0
            for entity in layout.orderedEntities {
                try store.forEachObject(of: entity, layout: layout, includingSubentities: false) { _ in read += 1 }
            }
            #expect(read == (try store.rowCounts().reduce(0) { $0 + $1.count }), "\(name)")
        }
    }
}

/// The layout's statements with index names left out, sorted.
private func unnamedIndexes(_ layout: StoreLayout) -> [String] {
    layout.createStatements.map { statement in
        guard statement.contains(" INDEX ") else { return statement }
        let words = statement.split(separator: " ", omittingEmptySubsequences: false)
        guard let on = words.firstIndex(of: "ON") else { return statement }
        return (words.prefix { $0 != "INDEX" } + ["INDEX"] + words[on...]).joined(separator: " ")
    }.sorted()
}

/// A store without a usable cache says why.
@Test func aStoreWithoutAModelCacheSaysWhy() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let model = try ModelFile.load(
        path: Paths.fixtures.appendingPathComponent("07-CoreDataPlus-SampleModel3/SampleModel3.momd/SampleModel3.mom").path
    ).model
    let path = folder.appendingPathComponent("new.sqlite").path
    let store = try PersistentStore.create(path: path, model: model)
    #expect(throws: StoreFailure.input(Diagnostic(path: path, message: "the store's model cache (Z_MODELCACHE) is empty"))) {
        try store.cachedModel()
    }
    try store.database.execute("DROP TABLE Z_MODELCACHE")
    #expect(throws: StoreFailure.input(Diagnostic(path: path, message: "the store has no model cache (no Z_MODELCACHE table)"))) {
        try store.cachedModel()
    }
    try store.database.execute("CREATE TABLE Z_MODELCACHE (Z_CONTENT BLOB)")
    try store.database.execute("INSERT INTO Z_MODELCACHE VALUES (x'0102030405')")
    #expect(
        throws: StoreFailure.input(
            Diagnostic(
                path: path,
                message: "the store's model cache (Z_MODELCACHE) cannot be read: the compressed data is damaged (not raw deflate)"))
    ) {
        try store.cachedModel()
    }
}

/// Hostile archives are errors, never a crash or a hang: cycles, references out of range, a root of
/// the wrong class, an inflate bomb.
@Test func hostileCompiledModelsAreErrors() throws {
    func archive(_ objects: [PlistValue]) -> [UInt8] {
        BinaryPropertyList.encode(
            .dictionary([
                "$archiver": .string("NSKeyedArchiver"), "$version": .integer(100000),
                "$top": .dictionary(["root": .uid(1)]), "$objects": .array(objects),
            ]))
    }
    let classes: [PlistValue] = [
        .dictionary(["$classname": .string("NSManagedObjectModel")]),
        .dictionary(["$classname": .string("NSEntityDescription")]),
        .dictionary(["$classname": .string("NSDictionary")]),
    ]
    // objects: 0 $null, 1 model, 2 entities dict, 3 entity, 4 name, 5.. classes
    let cyclic = archive(
        [
            .string("$null"),
            .dictionary(["$class": .uid(5), "NSEntities": .uid(2)]),
            .dictionary(["$class": .uid(7), "NS.keys": .array([.uid(4)]), "NS.objects": .array([.uid(3)])]),
            // The entity is its own parent, and its properties dictionary is the model's entity dictionary.
            .dictionary(["$class": .uid(6), "NSEntityName": .uid(4), "NSSuperentity": .uid(3), "NSProperties": .uid(2)]),
            .string("Loop"),
        ] + classes)
    #expect(throws: Diagnostic.self) { try CompiledModel.read(cyclic, path: "cyclic.mom") }
    let outOfRange = archive([.string("$null"), .dictionary(["$class": .uid(99), "NSEntities": .uid(1234)])])
    #expect(
        throws: Diagnostic(
            path: "range.mom", line: 1, column: 1,
            message: "not a compiled Core Data model: the archive's root is not an object, not an NSManagedObjectModel")
    ) {
        try CompiledModel.read(outOfRange, path: "range.mom")
    }
    #expect(throws: Diagnostic.self) { try CompiledModel.read(Array("bplist00".utf8), path: "short.mom") }
    // 1 MB of zeros deflates to about a kilobyte: with a smaller limit, it is refused.
    let zeros = [UInt8](repeating: 0, count: 1 << 20)
    let bomb = try #require(rawDeflate(zeros))
    #expect(try Inflate.raw(bomb, path: "bomb") == zeros)
    #expect(throws: Diagnostic(path: "bomb", message: "the compressed data expands to more than 65536 bytes")) {
        try Inflate.raw(bomb, path: "bomb", limit: 65536)
    }
    #expect(throws: Diagnostic(path: "cut", message: "the compressed data is cut short")) {
        try Inflate.raw(Array(bomb.prefix(bomb.count / 2)), path: "cut")
    }
}

/// Raw deflate of `bytes` by Python's zlib (the test's independent compressor), or nil without python3.
private func rawDeflate(_ bytes: [UInt8]) -> [UInt8]? {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("modeldiff-deflate-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("in")
    let output = folder.appendingPathComponent("out")
    guard (try? Data(bytes).write(to: input)) != nil else { return nil }
    let process = Process()
    _ = RequiredTool.python3.require()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
        "python3", "-c",
        "import sys,zlib; c=zlib.compressobj(9, zlib.DEFLATED, -15); open(sys.argv[2],'wb').write(c.compress(open(sys.argv[1],'rb').read())+c.flush())",
        input.path, output.path,
    ]
    guard (try? process.run()) != nil else { return nil }
    process.waitUntilExit()
    return (try? Data(contentsOf: output)).map { [UInt8]($0) }
}
