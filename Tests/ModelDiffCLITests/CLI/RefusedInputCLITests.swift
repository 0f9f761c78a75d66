import Foundation
import ModelDiffTestSupport
import Testing

/// Runs SQL on a copy of a store through Python's sqlite3, as a damaging tool would.
private func damage(_ url: URL, _ statements: [String]) throws {
    let script =
        """
        import sqlite3,sys,json; c=sqlite3.connect(sys.argv[1]); [c.execute(s) for s in json.loads(sys.argv[2])]; c.commit(); c.execute('PRAGMA \
        wal_checkpoint(TRUNCATE)')
        """
    let process = Process()
    _ = RequiredTool.python3.require()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script, url.path, String(decoding: try JSONEncoder().encode(statements), as: UTF8.self)]
    try process.run()
    process.waitUntilExit()
}

private func sampleModelV1() throws -> StoreFixture {
    try #require(StoreFixture.all.first { $0.store.lastPathComponent == "SampleModel_V1.sqlite" })
}

@Test func aStoreMissingATableIsAnErrorForInfoAndVerify() throws {
    let fixture = try sampleModelV1()
    let (folder, copy) = try fixture.copy()
    defer { try? FileManager.default.removeItem(at: folder) }
    try damage(copy, ["DROP TABLE ZCAR"])
    let info = try runModeldiff(["store", "info", copy.lastPathComponent], in: folder)
    // The store's metadata is still reported, and what is wrong, with exit status 1.
    #expect(info.status == 1)
    #expect(info.stdout.contains("version identifiers: "), "\(info.stdout)")
    #expect(info.stderr == "SampleModel_V1.sqlite: error: not a sound Core Data store: table ZCAR of entity Car is missing\n")
    let verify = try runModeldiff(["store", "verify", copy.lastPathComponent, "--model", fixture.model.path], in: folder)
    #expect(verify.status == 1)
    #expect(verify.stderr == "SampleModel_V1.sqlite: error: table ZCAR of entity Car is missing\n")
}

@Test func aStoreMissingAColumnIsAnErrorForInfoWithItsModelAndForVerify() throws {
    let fixture = try sampleModelV1()
    let (folder, copy) = try fixture.copy()
    defer { try? FileManager.default.removeItem(at: folder) }
    try damage(copy, ["ALTER TABLE ZCAR RENAME COLUMN ZOWNER TO ZFORMEROWNER"])
    let info = try runModeldiff(["store", "info", copy.lastPathComponent, "--model", fixture.model.path], in: folder)
    // The version its metadata's hashes name, and what is wrong, with exit status 1.
    #expect(info.status == 1)
    #expect(info.stdout.contains("model version: "), "\(info.stdout)")
    #expect(info.stderr.split(separator: "\n").count == 1)
    #expect(info.stderr.hasPrefix("SampleModel_V1.sqlite: error: not a sound Core Data store for "))
    #expect(info.stderr.hasSuffix(": column ZCAR.ZOWNER is missing\n"))
    let verify = try runModeldiff(["store", "verify", copy.lastPathComponent, "--model", fixture.model.path], in: folder)
    #expect(verify.status == 1)
    #expect(verify.stderr == "SampleModel_V1.sqlite: error: column ZCAR.ZOWNER is missing\n")
}

@Test func aFolderGivenAsAStoreSaysItIsAFolder() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("Model.sqlite"), withIntermediateDirectories: true)
    let result = try runModeldiff(["store", "info", "Model.sqlite"], in: folder)
    #expect(result.status == 2)
    #expect(result.stderr == "Model.sqlite: error: is a folder, not a Core Data store (a store is one SQLite file, such as Model.sqlite)\n")
}

@Test func aPathWithAnEscapeSequenceIsPrintedEscaped() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try runModeldiff(["hash", "a\u{1B}[2Jb\nc.xml"], in: folder)
    #expect(result.status == 2)
    #expect(result.stderr == "a\\u{1B}[2Jb\\nc.xml: error: no such file or directory\n")
}

/// `migrate` and `check` refuse a model that is not a model before any store is opened for writing.
@Test(arguments: [
    (
        #"<entity name="X (A); ATTACH DATABASE 'PWNED.DB' AS S; CREATE TABLE ZY"/>"#,
        #"hostile.xml:3: error: entity name "X (A); ATTACH DATABASE 'PWNED.DB' AS S; CREATE TABLE ZY" may hold only letters, digits and underscores, not " ""#
    ),
    (
        #"<entity name="Car"><attribute name="x (A); ATTACH DATABASE 'PWNED.DB' AS S; --" attributeType="String"/></entity>"#,
        #"hostile.xml:3: error: property name "x (A); ATTACH DATABASE 'PWNED.DB' AS S; --" may hold only letters, digits and underscores, not " ""#
    ),
    (
        #"<entity name="Car"><relationship name="owner&quot;);DROP TABLE ZCAR;--" maxCount="1" deletionRule="Nullify" destinationEntity="Car"/></entity>"#,
        #"hostile.xml:3: error: property name "owner");DROP TABLE ZCAR;--" may hold only letters, digits and underscores, not """"#
    ),
    (
        #"""
        <entity name="Car"><attribute name="a" attributeType="String"/><fetchIndex name="i ON ZCAR(ZA); ATTACH DATABASE 'PWNED.DB' AS S; \#
        --"><fetchIndexElement property="a" type="Binary" order="ascending"/></fetchIndex></entity>
        """#,
        #"hostile.xml:3: error: fetch index name "i ON ZCAR(ZA); ATTACH DATABASE 'PWNED.DB' AS S; --" may hold only letters, digits and underscores, not " ""#
    ),
    (
        #"<entity name="Car"/><configuration name="C'; ATTACH DATABASE 'PWNED.DB' AS S; --"><memberEntity name="Car"/></configuration>"#,
        #"hostile.xml:3: error: configuration name "C'; ATTACH DATABASE 'PWNED.DB' AS S; --" may hold only letters, digits and underscores, not "'""#
    ),
    (
        #"<entity name="Tag"/><entity name="TAG"/>"#,
        #"hostile.xml:3: error: entities "Tag" (line 3) and "TAG" would both be stored in table ZTAG; SQLite does not tell names apart by case"#
    ),
    (
        #"<entity name="Car"><attribute name="title" attributeType="String"/><attribute name="tiTle" attributeType="String"/></entity>"#,
        #"hostile.xml:3: error: properties "Car.title" and "Car.tiTle" would both be stored in column ZTITLE; SQLite does not tell names apart by case"#
    ),
])
func migrateAndCheckRefuseAModelCoreDataCannotLayOut(body: String, expected: String) throws {
    let fixture = try sampleModelV1()
    let (folder, copy) = try fixture.copy()
    defer { try? FileManager.default.removeItem(at: folder) }
    let model =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<model type=\"com.apple.IDECoreDataModeler.DataModel\" documentVersion=\"1.0\">\n\(body)\n</model>\n"
    try model.write(to: folder.appendingPathComponent("hostile.xml"), atomically: true, encoding: .utf8)
    let before = try storeFiles(copy)
    let listing = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    for path in [[], ["--no-fast-path"]] {
        let result = try runModeldiff(
            ["migrate", copy.lastPathComponent, "--from", fixture.model.path, "--to", "hostile.xml", "--output", "out.sqlite"] + path,
            in: folder)
        #expect(result.status == 2)
        #expect(result.stderr == expected + "\n")
    }
    let check = try runModeldiff(["check", fixture.model.path, "hostile.xml"], in: folder)
    #expect(check.status == 2)
    #expect(check.stderr == expected + "\n")
    #expect(try storeFiles(copy) == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == listing)
}

@Test func mappingValidateWarnsOfAnEntityWhoseObjectsAreDroppedAndStillExitsZero() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let notes = Paths.testModels.appendingPathComponent("Notes.xcdatamodeld")
    let text = """
        <mappingModel formatVersion="1">
            <entityMapping name="NoteToNote" type="copy" source="Note" destination="Note"/>
        </mappingModel>
        """
    try text.write(to: folder.appendingPathComponent("map.xml"), atomically: true, encoding: .utf8)
    let result = try runModeldiff(
        [
            "mapping", "validate", "map.xml", "--from", notes.appendingPathComponent("Notes.xcdatamodel").path,
            "--to", notes.appendingPathComponent("Notes 2.xcdatamodel").path,
        ], in: folder)
    #expect(result.status == 0)
    #expect(result.stdout == "map.xml: valid (1 entity mapping)\n")
    #expect(
        result.stderr
            == """
            map.xml:1:1: warning: no entity mapping carries \"Folder\" over to \"Folder\": its objects are dropped (add a copy or transform \
            mapping to keep them)\n
            """
    )
}

@Test func anEntityReferenceInAMappingExpressionIsAnErrorThroughTheBinary() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let notes = Paths.testModels.appendingPathComponent("Notes.xcdatamodeld")
    let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE mappingModel [<!ENTITY x "">]>
        <mappingModel formatVersion="1">
            <entityMapping name="NoteToNote" type="transform" source="Note" destination="Note">
                <attribute name="title">$source.title&x;</attribute>
            </entityMapping>
        </mappingModel>
        """
    try text.write(to: folder.appendingPathComponent("map.xml"), atomically: true, encoding: .utf8)
    let result = try runModeldiff(
        [
            "mapping", "validate", "map.xml", "--from", notes.appendingPathComponent("Notes.xcdatamodel").path,
            "--to", notes.appendingPathComponent("Notes 2.xcdatamodel").path,
        ], in: folder)
    #expect(result.status == 2)
    #expect(
        result.stderr
            == """
            map.xml:5: error: the XML entity reference \"&x;\" is not expanded: modeldiff reads no entity declarations; write the text itself \
            or a character reference such as &#38;\n
            """
    )
}

@Test func utf16WithAByteOrderMarkHashesAndAnUnparseableDefaultIsAnErrorThroughTheBinary() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let model = """
        <?xml version="1.0" encoding="UTF-16"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
            <entity name="Note"><attribute name="count" attributeType="Integer 16" defaultValueString="0"/></entity>
        </model>
        """
    try Data([0xFF, 0xFE] + model.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }).write(
        to: folder.appendingPathComponent("utf16.xml"))
    let utf8 = try runModeldiff(["hash", "utf16.xml"], in: folder)
    #expect(utf8.status == 0, "\(utf8.stderr)")
    #expect(utf8.stdout.hasPrefix("Note  "))
    try model.replacingOccurrences(of: "encoding=\"UTF-16\"", with: "encoding=\"UTF-8\"").replacingOccurrences(
        of: "defaultValueString=\"0\"", with: "defaultValueString=\"12x\""
    )
    .write(to: folder.appendingPathComponent("bad.xml"), atomically: true, encoding: .utf8)
    let bad = try runModeldiff(["check", "utf16.xml", "bad.xml"], in: folder)
    #expect(bad.status == 2)
    #expect(bad.stderr == "bad.xml:3: error: defaultValueString \"12x\" of attribute \"Note.count\" is not a number\n")
}
