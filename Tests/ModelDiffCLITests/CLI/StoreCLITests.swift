import Foundation
import ModelDiffTestSupport
import Testing

private let bookmarks = Paths.fixtures.appendingPathComponent("11-DDG-BookmarksModel")

@Test func storeInfoNamesTheModelVersion() throws {
    let result = try runModeldiff([
        "store", "info", bookmarks.appendingPathComponent("Bookmarks_V4.sqlite").path,
        "--model", bookmarks.appendingPathComponent("BookmarksModel.xcdatamodeld").path,
    ])
    #expect(result.status == 0)
    #expect(result.stdout.contains("model version: BookmarksModel 4\n"))
    #expect(result.stdout.contains("  BookmarkEntity  10 rows\n"))
}

@Test func storeInfoAsJSONForEveryFixtureStore() throws {
    for fixture in StoreFixture.all {
        let bundle = fixture.model.deletingLastPathComponent()
        let model = bundle.pathExtension == "xcdatamodeld" ? bundle.path : fixture.model.path
        let result = try runModeldiff(["store", "info", fixture.store.path, "--model", model, "--format", "json"])
        #expect(result.status == 0, "\(fixture)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let expected =
            bundle.pathExtension == "xcdatamodeld"
            ? fixture.model.deletingPathExtension().lastPathComponent : fixture.model.deletingPathExtension().lastPathComponent
        #expect(object["modelVersion"] as? String == expected, "\(fixture)")
    }
}

@Test func storeInfoWithAModelThatDoesNotMatch() throws {
    let result = try runModeldiff([
        "store", "info", bookmarks.appendingPathComponent("Bookmarks_V1.sqlite").path,
        "--model", Paths.repository.appendingPathComponent("TestModels/Notes.xcdatamodeld").path, "--format", "json",
    ])
    #expect(result.status == 0)
    #expect(result.stdout.contains("\"modelVersion\" : null"))
    #expect(result.stdout.contains("\"differingEntities\""))
}

@Suite struct BadStores {
    /// Writes `bytes` as a store in a temporary folder, runs `store info` on it, and checks the file is untouched.
    private func info(_ bytes: Data, prepare: ((URL) throws -> Void)? = nil) throws -> CLIResult {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("bad.sqlite")
        try bytes.write(to: store)
        try prepare?(store)
        let before = try storeFiles(store)
        let result = try runModeldiff(["store", "info", "bad.sqlite"], in: folder)
        #expect(try storeFiles(store) == before)
        return result
    }

    @Test func randomBytes() throws {
        let result = try info(Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) }))
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "bad.sqlite: error: not a SQLite database (or an encrypted one): the file does not start with the SQLite header\n")
    }

    @Test func emptyFile() throws {
        let result = try info(Data())
        #expect(result.status == 2)
        #expect(result.stderr == "bad.sqlite: error: not a Core Data store: the file is empty\n")
    }

    @Test func truncatedStore() throws {
        let original = try Data(contentsOf: Paths.fixtures.appendingPathComponent("06-CoreDataPlus-SampleModel/SampleModel_V2.sqlite"))
        let result = try info(original.prefix(6000))
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("bad.sqlite: error: "))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func plainSQLiteDatabase() throws {
        let result = try info(Data()) { url in
            try FileManager.default.removeItem(at: url)
            try runSQL(["create table t(x)"], on: url)
        }
        #expect(result.status == 2)
        #expect(result.stderr == "bad.sqlite: error: not a Core Data store: a SQLite database without Z_METADATA and Z_PRIMARYKEY\n")
    }

    @Test func metadataThatIsNotAPropertyList() throws {
        let result = try info(Data()) { url in
            try FileManager.default.removeItem(at: url)
            try runSQL(
                [
                    "CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER)",
                    "CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB)",
                    "INSERT INTO Z_METADATA VALUES (1, 'x', X'00010203')",
                ], on: url)
        }
        #expect(result.status == 2)
        #expect(result.stderr == "bad.sqlite: error: the store's metadata (Z_METADATA.Z_PLIST) is not a property list\n")
    }

    @Test func storeLockedByAnotherWriter() throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("locked.sqlite")
        try FileManager.default.copyItem(
            at: Paths.fixtures.appendingPathComponent("06-CoreDataPlus-SampleModel/SampleModel_V2.sqlite"), to: store)
        // Another process takes an exclusive lock and holds it while we read.
        let holder = Process()
        _ = RequiredTool.python3.require()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        holder.arguments = [
            "python3", "-c",
            """
            import sqlite3,sys,time; c=sqlite3.connect(sys.argv[1], isolation_level=None); c.execute('PRAGMA journal_mode=DELETE'); \
            c.execute('BEGIN EXCLUSIVE'); print('locked', flush=True); time.sleep(5)
            """,
            store.path,
        ]
        let pipe = Pipe()
        holder.standardOutput = pipe
        try holder.run()
        defer { holder.terminate() }
        _ = pipe.fileHandleForReading.availableData
        let result = try runModeldiff(["store", "info", "locked.sqlite"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("locked.sqlite: error: the store is locked by another process"))
    }
}

@Test func verifyEveryFixtureStoreAndFindDamage() throws {
    for fixture in StoreFixture.all {
        let result = try runModeldiff(["store", "verify", fixture.store.path, "--model", fixture.model.path])
        #expect(result.status == 0, "\(fixture): \(result.stderr)")
        #expect(result.stdout.hasPrefix("\(fixture.store.path): ok\n"))
    }
    let fixture = try #require(StoreFixture.all.first { $0.store.lastPathComponent == "SampleModel_V1.sqlite" })
    let (folder, copy) = try fixture.copy()
    defer { try? FileManager.default.removeItem(at: folder) }
    try runSQL(
        [
            "UPDATE ZCAR SET ZOWNER = 99999 WHERE Z_PK = (SELECT MIN(Z_PK) FROM ZCAR)",
            "UPDATE Z_PRIMARYKEY SET Z_MAX = 1 WHERE Z_NAME = 'Person'",
        ], on: copy)
    let result = try runModeldiff(["store", "verify", copy.lastPathComponent, "--model", fixture.model.path], in: folder)
    #expect(result.status == 1)
    #expect(
        result.stderr == """
            SampleModel_V1.sqlite: error: Car.owner: 1 rows point to a Person that does not exist
            SampleModel_V1.sqlite: error: Z_PRIMARYKEY.Z_MAX of Person is 1, below the highest Z_PK 20 in ZPERSON

            """)
}

/// An empty table has no key for `Z_MAX` to fall below: a `Z_MAX` of -1 there is no problem.
@Test func verifyAcceptsAnEmptyTableWhateverItsZMax() throws {
    let fixture = try #require(StoreFixture.all.first { $0.store.lastPathComponent == "SampleModel_V1.sqlite" })
    let (folder, copy) = try fixture.copy()
    defer { try? FileManager.default.removeItem(at: folder) }
    try runSQL(["DELETE FROM ZCAR", "UPDATE Z_PRIMARYKEY SET Z_MAX = -1 WHERE Z_NAME = 'Car'"], on: copy)
    let result = try runModeldiff(["store", "verify", copy.lastPathComponent, "--model", fixture.model.path], in: folder)
    #expect(result.stderr == "")
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("SampleModel_V1.sqlite: ok\n"))
}

/// Runs SQL statements on a database file through another process (Python's sqlite3), as another app would.
private func runSQL(_ statements: [String], on url: URL) throws {
    let script = "import sqlite3,sys,json; c=sqlite3.connect(sys.argv[1]); [c.execute(s) for s in json.loads(sys.argv[2])]; c.commit()"
    let process = Process()
    _ = RequiredTool.python3.require()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script, url.path, String(decoding: try JSONEncoder().encode(statements), as: UTF8.self)]
    try process.run()
    process.waitUntilExit()
}
