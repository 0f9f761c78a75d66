import Foundation
@_spi(CLI) import ModelDiffStore
import ModelDiffTestSupport
import Testing

@_spi(CLI) @testable import ModelDiffKit

/// Compiled models (`.mom`, `.momd`, a store's `Z_MODELCACHE`) pass the XML reader's checks, with its
/// messages: each case of issue 32 through the built binary, one line on stderr and exit 2.

/// Runs the binary with `arguments` in `folder` under a limit of `cpuSeconds` of CPU time (`ulimit -t`):
/// a run that needs more is killed by SIGXCPU, whatever the machine's load.
private func runWithCPULimit(_ arguments: [String], in folder: URL, cpuSeconds: Int) throws -> ProcessOutcome {
    try runProcess(["/bin/bash", "-c", "ulimit -t \(cpuSeconds); exec \"$0\" \"$@\"", modeldiffBinary.path] + arguments, in: folder)
}

/// A folder holding `model.mom` with the archive's bytes.
private func momFolder(_ archive: CompiledModelArchive) throws -> URL {
    let folder = try Paths.temporaryDirectory()
    try Data(archive.bytes).write(to: folder.appendingPathComponent("model.mom"))
    return folder
}

/// `hash model.mom` fails with exactly one line, `model.mom:1:1: error: ` and `message`.
private func expectRefused(_ archive: CompiledModelArchive, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let folder = try momFolder(archive)
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try runModeldiff(["hash", "model.mom"], in: folder)
    #expect(result.status == 2, "\(result.stderr)", sourceLocation: sourceLocation)
    #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
    #expect(result.stderr == "model.mom:1:1: error: \(message)\n", sourceLocation: sourceLocation)
}

@Test func entitiesThatAreEachOthersParentsAreRefusedNotACrash() throws {
    let archive = CompiledModelArchive(entities: [.init(name: "A", parent: "B"), .init(name: "B", parent: "A")])
    try expectRefused(archive, "entity \"A\" is its own ancestor: A → B → A")
}

@Test func anEntityThatIsItsOwnParentIsRefused() throws {
    try expectRefused(CompiledModelArchive(entities: [.init(name: "A", parent: "A")]), "entity \"A\" is its own ancestor: A → A")
}

@Test func aParentOutsideTheModelIsRefused() throws {
    try expectRefused(
        CompiledModelArchive(entities: [.init(name: "A", parent: "Ghost")]),
        "entity \"A\" has parent entity \"Ghost\", which the model does not declare")
}

@Test func namesTheXMLReaderRefusesAreRefusedFromAnArchive() throws {
    try expectRefused(
        CompiledModelArchive(entities: [.init(name: "X; DROP TABLE Z", attributes: ["title"])]),
        "entity name \"X; DROP TABLE Z\" may hold only letters, digits and underscores, not \";\"")
    try expectRefused(
        CompiledModelArchive(entities: [.init(name: "Note", attributes: ["1title"])]),
        "property name \"1title\" must begin with a letter or an underscore")
}

@Test func aRelationshipToAMissingEntityIsRefused() throws {
    try expectRefused(
        CompiledModelArchive(entities: [.init(name: "Note", relationships: [.init(name: "owner", destination: "Ghost")])]),
        "relationship \"Note.owner\" points to entity \"Ghost\", which the model does not declare")
}

@Test func negativeCountsAreRefusedFromAnArchiveAndFromXML() throws {
    let owner = CompiledModelArchive.Relationship(name: "owner", destination: "Note", minCount: -1, maxCount: 1)
    let tags = CompiledModelArchive.Relationship(name: "tags", destination: "Note", minCount: 0, maxCount: -5)
    try expectRefused(
        CompiledModelArchive(entities: [.init(name: "Note", relationships: [owner])]),
        "minCount -1 of relationship \"Note.owner\" is negative")
    try expectRefused(
        CompiledModelArchive(entities: [.init(name: "Note", relationships: [tags])]),
        "maxCount -5 of relationship \"Note.tags\" is negative")
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let xml = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
            <entity name="Note">
                <relationship name="owner" optional="YES" minCount="-1" maxCount="1" deletionRule="Nullify" destinationEntity="Note"/>
            </entity>
        </model>

        """
    try xml.write(to: folder.appendingPathComponent("model.xml"), atomically: true, encoding: .utf8)
    let result = try runModeldiff(["hash", "model.xml"], in: folder)
    #expect(result.status == 2)
    #expect(result.stderr == "model.xml:4: error: minCount -1 of relationship \"Note.owner\" is negative\n")
}

/// 60,000 levels of inheritance: refused by the XML reader's limit within 20 s of CPU (1.7 s in a debug
/// build), where walking up the hierarchy from each entity took over a minute.
@Test func aDeepHierarchyIsRefusedQuicklyByTheDepthLimit() throws {
    let folder = try momFolder(CompiledModelArchive.chain(depth: 60_000))
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try runWithCPULimit(["hash", "model.mom"], in: folder, cpuSeconds: 20)
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("model.mom:1:1: error: entity \"E"), "\(result.stderr)")
    #expect(result.stderr.hasSuffix(" ancestors; modeldiff reads at most 1000 levels of inheritance\n"), "\(result.stderr)")
    #expect(result.stderr.split(separator: "\n").count == 1)
    // At the limit, the hierarchy is read and hashed.
    let atLimit = try momFolder(CompiledModelArchive.chain(depth: 1_001))
    defer { try? FileManager.default.removeItem(at: atLimit) }
    let hashed = try runModeldiff(["hash", "model.mom"], in: atLimit)
    #expect(hashed.status == 0, "\(hashed.stderr)")
    #expect(hashed.stdout.contains("E1000"))
}

/// `VersionInfo.plist`'s current version name is a file name in the `.momd`: a path that leaves it is
/// refused, and the file it names is not read.
@Test(arguments: ["../outside", "/tmp/outside", "sub/model", "..", ""])
func aCurrentVersionNameThatLeavesTheMomdIsRefused(name: String) throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let momd = folder.appendingPathComponent("M.momd")
    try FileManager.default.createDirectory(at: momd.appendingPathComponent("sub"), withIntermediateDirectories: true)
    let valid = CompiledModelArchive(entities: [.init(name: "Note", attributes: ["title"])]).bytes
    for path in ["outside.mom", "M.momd/sub/model.mom", "M.momd/model.mom"] {
        try Data(valid).write(to: folder.appendingPathComponent(path))
    }
    let info = BinaryPropertyList.encode(.dictionary(["NSManagedObjectModel_CurrentVersionName": .string(name)]))
    try Data(info).write(to: momd.appendingPathComponent("VersionInfo.plist"))
    let result = try runModeldiff(["hash", "M.momd"], in: folder)
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(
        result.stderr
            == "M.momd/VersionInfo.plist:1:1: error: NSManagedObjectModel_CurrentVersionName \"\(name)\" is not the name of a .mom in the .momd folder\n"
    )
}

/// A store copy whose `Z_MODELCACHE` holds `archive` (raw deflate), written through Python's sqlite3.
private func storeWithCache(_ archive: CompiledModelArchive) throws -> (folder: URL, store: URL) {
    let fixture = try #require(StoreFixture.all.first { $0.store.lastPathComponent == "SampleModel_V1.sqlite" })
    let (folder, store) = try fixture.copy()
    let hex = archive.rawDeflate.map { String(format: "%02x", $0) }.joined()
    let script =
        "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute(\"UPDATE Z_MODELCACHE SET Z_CONTENT = x'\" + sys.argv[2] + \"'\"); "
        + "c.commit(); c.execute('PRAGMA wal_checkpoint(TRUNCATE)')"
    let process = Process()
    _ = RequiredTool.python3.require()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script, store.path, hex]
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    return (folder, store)
}

/// The cycle in a store's model cache: `store info` says why the cache cannot be used, and, as the cache
/// is there and fails validation, reports it as a problem of the store (one line, exit status 1, as
/// `store verify` reports problems; a store without a cache is no problem); `migrate` from a bundle none
/// of whose versions matches the store refuses with one line; neither crashes.
@Test func aCycleInAStoresModelCacheIsAReasonNotACrash() throws {
    let (folder, store) = try storeWithCache(
        CompiledModelArchive(entities: [.init(name: "A", parent: "B"), .init(name: "B", parent: "A")]))
    defer { try? FileManager.default.removeItem(at: folder) }
    let sample = Paths.fixtures.appendingPathComponent("06-CoreDataPlus-SampleModel/SampleModel.xcdatamodeld")
    let reason = "the store's model cache (Z_MODELCACHE) cannot be read: entity \"A\" is its own ancestor: A → B → A"
    let info = try runModeldiff(["store", "info", store.path, "--model", sample.appendingPathComponent("SampleModel2.xcdatamodel").path])
    #expect(info.status == 1, "\(info.stderr)")
    #expect(info.stdout.contains("model cache: cannot be used: \(reason)\n"), "\(info.stdout)")
    #expect(info.stderr == "\(store.path): error: \(reason)\n")
    let json = try runModeldiff(
        ["store", "info", store.path, "--model", sample.appendingPathComponent("SampleModel2.xcdatamodel").path, "--format", "json"])
    #expect(json.status == 1 && json.stderr == info.stderr, "\(json.stderr)")
    // Without --model, and with the version that wrote the store (its hashes match, so the cache is not
    // needed to read it), the cache that is there and cannot be used is a problem all the same.
    for arguments in [[], ["--model", sample.appendingPathComponent("SampleModel.xcdatamodel").path], ["--format", "json"]] {
        let result = try runModeldiff(["store", "info", store.path] + arguments)
        #expect(result.status == 1, "\(arguments): \(result.stderr)")
        #expect(result.stderr == "\(store.path): error: \(reason)\n", "\(arguments)")
        if arguments.first == "--model" { #expect(result.stdout.contains("model version: SampleModel\n"), "\(result.stdout)") }
        if arguments.first != "--format" {
            #expect(result.stdout.contains("model cache: cannot be used: \(reason)\n"), "\(arguments): \(result.stdout)")
        }
    }
    // A bundle without the version that wrote the store: migrate must take the source from the cache.
    let bundle = folder.appendingPathComponent("B.xcdatamodeld")
    try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
    for version in ["SampleModel2", "SampleModel3"] {
        try FileManager.default.copyItem(
            at: sample.appendingPathComponent("\(version).xcdatamodel"), to: bundle.appendingPathComponent("\(version).xcdatamodel"))
    }
    try """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict><key>_XCCurrentVersionName</key><string>SampleModel3.xcdatamodel</string></dict></plist>

    """.write(to: bundle.appendingPathComponent(".xccurrentversion"), atomically: true, encoding: .utf8)
    let migrated = try runModeldiff(["migrate", store.lastPathComponent, "--to", "B.xcdatamodeld", "--output", "out.sqlite"], in: folder)
    #expect(migrated.status == 2)
    #expect(migrated.stderr.split(separator: "\n").count == 1)
    #expect(migrated.stderr.hasSuffix("its cached model could not be used: \(reason)\n"), "\(migrated.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.sqlite").path))
    // The same store with its cache emptied, as stores written before Core Data cached its model: no problem.
    try SQLiteDatabase(path: store.path, readOnly: false).execute("DELETE FROM Z_MODELCACHE")
    let uncached = try runModeldiff([
        "store", "info", store.path, "--model", sample.appendingPathComponent("SampleModel2.xcdatamodel").path,
    ])
    #expect(uncached.status == 0 && uncached.stderr.isEmpty, "\(uncached.stderr)")
    let uncachedPlain = try runModeldiff(["store", "info", store.path])
    #expect(uncachedPlain.status == 0 && uncachedPlain.stderr.isEmpty && !uncachedPlain.stdout.contains("model cache"), "\(uncachedPlain)")
    #expect(
        uncached.stdout.contains("model cache: cannot be used: the store's model cache (Z_MODELCACHE) is empty\n"), "\(uncached.stdout)")
}

/// A `.cdm` whose entity mapping list repeats one mapping 300,000 times (609 KB) is refused at the
/// second reference, within 20 s of CPU (0.5 s), where decoding each took over a minute.
@Test func aCompiledMappingListingOneMappingManyTimesIsRefusedQuickly() throws {
    let cdm = Paths.fixtures.appendingPathComponent("06-CoreDataPlus-SampleModel/V2toV3.cdm")
    guard case .dictionary(var archive) = try BinaryPropertyList.decode([UInt8](try Data(contentsOf: cdm)), path: cdm.path),
        case .array(var objects)? = archive["$objects"], case .dictionary(let top)? = archive["$top"],
        case .uid(let rootIndex)? = top["root"], case .dictionary(let root) = objects[rootIndex],
        case .uid(let listIndex)? = root["NSEntityMappings"], case .dictionary(var list) = objects[listIndex],
        case .array(let items)? = list["NS.objects"], let first = items.first
    else {
        Issue.record("V2toV3.cdm is not the archive expected")
        return
    }
    list["NS.objects"] = .array(Array(repeating: first, count: 300_000))
    objects[listIndex] = .dictionary(list)
    archive["$objects"] = .array(objects)
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(BinaryPropertyList.encode(.dictionary(archive))).write(to: folder.appendingPathComponent("big.cdm"))
    let result = try runWithCPULimit(["mapping", "convert", "big.cdm", "--to", "xml", "--output", "big.xml"], in: folder, cpuSeconds: 20)
    #expect(result.status == 2)
    #expect(
        result.stderr.hasPrefix("big.cdm:1:1: error: entity mapping \"")
            && result.stderr.hasSuffix("\" is listed twice in NSEntityMappings; a mapping's name is listed once\n"), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("big.xml").path))
}
