import Foundation
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore
import ModelDiffTestSupport
import Testing

/// Hostile inputs that crashed, hung or exited with the wrong status (issue 14 items 3 and 5, issue 23
/// item 3): each is now one line on stderr and exit status 2, through the built binary.
private let bench = Paths.testModels.appendingPathComponent("Bench.xcdatamodeld")
private let benchV1 = bench.appendingPathComponent("Bench.xcdatamodel").path
private let benchV2 = bench.appendingPathComponent("Bench 2.xcdatamodel").path

/// A Bench store of a few dozen objects from the benchmark generator (built beside `modeldiff`), edited by `sql`.
private func benchStore(in folder: URL, named name: String = "bench.sqlite", sql: String? = nil) throws -> URL {
    let url = folder.appendingPathComponent(name)
    let generated = try runProcess(
        [modeldiffBinary.deletingLastPathComponent().appendingPathComponent("generate-store").path, "100", url.path], in: folder)
    #expect(generated.status == 0)
    if let sql {
        let database = try SQLiteDatabase(path: url.path, readOnly: false)
        try database.execute(sql)
    }
    return url
}

/// The inferred Bench 1 → 2 mapping with one attribute's value expression replaced; returns the file's name.
private func benchMapping(in folder: URL, attribute: String, expression: String) throws -> String {
    #expect(try runModeldiff(["infer", benchV1, benchV2, "--output", "map.xml"], in: folder).status == 0)
    let map = folder.appendingPathComponent("map.xml")
    let inferred = try String(contentsOf: map, encoding: .utf8)
    let old = "<attribute name=\"\(attribute)\">$source.\(attribute)</attribute>"
    #expect(inferred.contains(old))
    try inferred.replacingOccurrences(of: old, with: "<attribute name=\"\(attribute)\">\(expression)</attribute>")
        .write(to: map, atomically: true, encoding: .utf8)
    return "map.xml"
}

private func migrate(_ store: String, mapping: String, output: String, fastPath: Bool) -> [String] {
    ["migrate", store, "--from", benchV1, "--to", benchV2, "--mapping", mapping, "--output", output] + (fastPath ? [] : ["--no-fast-path"])
}

@Test func aSumOfThousandsOfTermsIsAnErrorNotACrash() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try benchStore(in: folder)
    let sum = Array(repeating: "$source.views", count: 3000).joined(separator: " + ")
    let map = try benchMapping(in: folder, attribute: "views", expression: sum)
    let validate = try runModeldiff(["mapping", "validate", map, "--from", benchV1, "--to", benchV2], in: folder)
    #expect(validate.status == 2)
    #expect(
        validate.stderr.hasPrefix("map.xml:44:")
            && validate.stderr.hasSuffix(": error: Post.views: expression nested deeper than 500 levels\n"), "\(validate.stderr)")
    for fastPath in [true, false] {
        let result = try runModeldiff(migrate("bench.sqlite", mapping: map, output: "out.sqlite", fastPath: fastPath), in: folder)
        #expect(result.status == 2)
        #expect(
            result.stderr.components(separatedBy: "\n").count == 2 && result.stderr.contains("nested deeper than 500 levels"),
            "\(result.stderr)")
        #expect(folderContents(folder) == ["bench.sqlite", "map.xml"])
    }
}

@Test func aSumJustUnderTheDepthLimitMigratesOnBothPaths() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try benchStore(in: folder)
    // 240 links of a left-associative chain plus the parser's own levels stay under 500.
    let sum = Array(repeating: "$source.views", count: 240).joined(separator: " + ")
    let map = try benchMapping(in: folder, attribute: "views", expression: sum)
    for (index, fastPath) in [true, false].enumerated() {
        let result = try runModeldiff(migrate("bench.sqlite", mapping: map, output: "out\(index).sqlite", fastPath: fastPath), in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let source = try PersistentStore.open(path: folder.appendingPathComponent("bench.sqlite").path)
        let output = try PersistentStore.open(path: folder.appendingPathComponent("out\(index).sqlite").path)
        let before = try source.database.rows("SELECT SUM(ZVIEWS) * 240 FROM ZPOST")
        #expect(try output.database.rows("SELECT SUM(ZVIEWS) FROM ZPOST") == before)
    }
}

@Test func aHugeStringLiteralIsRefusedNotCopiedIntoEveryRow() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try benchStore(in: folder)
    let map = try benchMapping(in: folder, attribute: "title", expression: "\"" + String(repeating: "x", count: 9_000_000) + "\"")
    let validate = try runModeldiff(["mapping", "validate", map, "--from", benchV1, "--to", benchV2], in: folder)
    #expect(validate.status == 2)
    #expect(validate.stderr == "map.xml:43:33: error: Post.title: expression longer than 100000 characters\n")
    for fastPath in [true, false] {
        let result = try runModeldiff(migrate("bench.sqlite", mapping: map, output: "out.sqlite", fastPath: fastPath), in: folder)
        #expect(result.status == 2)
        #expect(result.stderr == validate.stderr)
        #expect(folderContents(folder) == ["bench.sqlite", "map.xml"])
    }
}

@Test func aRealOutOfRangeInAnIntegerColumnIsAnErrorNotATrap() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try benchStore(in: folder, sql: "UPDATE ZPOST SET ZVIEWS = 1e300 WHERE Z_PK = 1")
    let result = try runModeldiff(["migrate", "bench.sqlite", "--to", bench.path, "--output", "out.sqlite", "--no-fast-path"], in: folder)
    #expect(result.status == 2)
    // Refused before either path runs, as a value an Integer 64 cannot hold (SourceReadCheckCLITests).
    #expect(
        result.stderr.hasPrefix("bench.sqlite: error: migration failed: the source store is not sound: Post.views: 1 rows hold a value"),
        "\(result.stderr)")
    #expect(folderContents(folder) == ["bench.sqlite"])
}

@Test func aFractionalRealInAnIntegerColumnIsReadAsTheDoubleItIs() {
    // SQLite's INTEGER affinity keeps 1.5 as REAL; reading must neither truncate nor trap.
    #expect(StoreValue(.real(1.5), type: .integer64) == .double(1.5))
    #expect(StoreValue(.real(1e300), type: .integer32) == .double(1e300))
    #expect(StoreValue(.real(.nan), type: .integer16).sqliteValue != .integer(0))
    #expect(StoreValue(.real(42), type: .integer64) == .integer(42))
}

@Test func aTableWhosePrimaryKeysAreExhaustedRefusesANewObject() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = try benchStore(in: folder, sql: "UPDATE Z_PRIMARYKEY SET Z_MAX = 9223372036854775807 WHERE Z_NAME = 'Tag'")
    let store = try PersistentStore.open(path: url.path, writable: true)
    let model = try ModelFile.load(path: benchV1).model
    let writer = try StoreWriter(store: store, layout: StoreLayout(model: model))
    #expect(throws: StoreFailure.self) { try writer.insert(entity: "Tag", attributes: ["name": .string("one too many")]) }
    let author = try writer.insert(entity: "Author", attributes: ["name": .string("still fine")])
    #expect(author.primaryKey == 6)
    try writer.finish()
    #expect(try store.database.rows("SELECT Z_MAX FROM Z_PRIMARYKEY WHERE Z_NAME = 'Tag'") == [[.integer(.max)]])
}

/// A row of no entity in the table of an entity without sub-entities: Core Data's SQL for such an
/// entity has no `Z_ENT` term, so it reads the row as that entity; both paths do, with one warning.
@Test func aRowOfNoEntityInATableOfOneEntityIsReadAsThatEntityOnBothPaths() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = try benchStore(in: folder, sql: "UPDATE ZPOST SET Z_ENT = 77 WHERE Z_PK = 2")
    let before = storeFileBytes(store.path)
    let posts = try count(SQLiteDatabase(path: store.path, readOnly: true), "SELECT COUNT(*) FROM ZPOST")
    for extra in [[], ["--no-fast-path"]] {
        let result = try runModeldiff(["migrate", "bench.sqlite", "--to", bench.path, "--output", "out.sqlite"] + extra, in: folder)
        #expect(result.status == 0)
        #expect(result.stderr == "bench.sqlite: warning: 1 row of ZPOST has Z_ENT 77; read as Post, as Core Data reads it\n")
        #expect(result.stdout.contains("  Post: \(posts) objects\n"), "\(result.stdout)")
        let output = try SQLiteDatabase(path: folder.appendingPathComponent("out.sqlite").path, readOnly: true)
        #expect(
            try count(output, "SELECT COUNT(*) FROM ZPOST WHERE Z_ENT = (SELECT Z_ENT FROM Z_PRIMARYKEY WHERE Z_NAME = 'Post')") == posts)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("out.sqlite"))
    }
    #expect(storeFileBytes(store.path) == before)
}

/// The one integer a query returns.
private func count(_ database: SQLiteDatabase, _ sql: String) throws -> Int64 {
    guard case .integer(let value)? = try database.rows(sql).first?.first else { return -1 }
    return value
}

/// An author and a tag deleted in SQL, as NSBatchDeleteRequest deletes (no delete rule runs): the
/// posts keep their key to the author and the join table its rows to the tag. Both paths carry the
/// posts over with no author and leave the join rows out, say so once per relationship, and agree.
/// The generic path gives the authors new keys (author 2 becomes 1), so a dangling key 1 copied as it
/// stands would name another author there: the posts must read nil, not that author.
@Test func danglingKeysMigrateAsNilOnBothPathsWithOneWarningEach() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = try benchStore(in: folder, sql: "DELETE FROM ZAUTHOR WHERE Z_PK = 1")
    let source = try SQLiteDatabase(path: store.path, readOnly: false)
    let joinRows = try count(source, "SELECT COUNT(*) FROM Z_2TAGS")
    // The generated store has one tag, linked to every post: rows to tag 99 and from post 999, both deleted.
    try source.execute("INSERT INTO Z_2TAGS (Z_2POSTS, Z_3TAGS) SELECT Z_PK, 99 FROM ZPOST WHERE Z_PK <= 5")
    try source.execute("INSERT INTO Z_2TAGS (Z_2POSTS, Z_3TAGS) SELECT 999, Z_PK FROM ZTAG")
    let orphans = try source.rows("SELECT Z_PK FROM ZPOST WHERE ZAUTHOR = 1 ORDER BY Z_PK").map { $0[0] }
    let posts = try count(source, "SELECT COUNT(*) FROM ZPOST")
    let tags = try count(source, "SELECT COUNT(*) FROM ZTAG")
    #expect(!orphans.isEmpty && joinRows > 0 && tags > 0)
    let before = storeFileBytes(store.path)
    let new = try ModelFile.load(path: benchV2).model
    var contents: [[String: [String]]] = []
    for (output, extra) in [("fast.sqlite", [String]()), ("generic.sqlite", ["--no-fast-path"])] {
        let result = try runModeldiff(["migrate", "bench.sqlite", "--to", bench.path, "--output", output] + extra, in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("[SQL fast path]") == extra.isEmpty)
        #expect(
            result.stderr == """
                bench.sqlite: warning: Post.author: \(orphans.count) rows point to a Author that does not exist; migrated as nil
                bench.sqlite: warning: Post.tags: 5 rows of Z_2TAGS point to a Tag that does not exist; not copied
                bench.sqlite: warning: Tag.posts: \(tags) rows of Z_2TAGS point to a Post that does not exist; not copied

                """)
        let migrated = try PersistentStore.open(path: folder.appendingPathComponent(output).path)
        #expect(try StoreVerification(store: migrated, model: new).problems == [])
        #expect(try count(migrated.database, "SELECT COUNT(*) FROM ZPOST") == posts, "no post is dropped")
        #expect(
            try count(migrated.database, "SELECT COUNT(*) FROM Z_2TAGS") == joinRows, "the rows linking existing objects, and only those")
        let postKeys = try migrated.database.rows("SELECT Z_PK FROM ZPOST WHERE ZAUTHOR IS NULL ORDER BY Z_PK").map { $0[0] }
        if extra.isEmpty {
            #expect(postKeys == orphans, "the fast path keeps keys: exactly the orphaned posts have no author")
        } else {
            #expect(postKeys.count == orphans.count)
            #expect(try count(migrated.database, "SELECT COUNT(*) FROM ZAUTHOR WHERE Z_PK = 1") == 1, "key 1 is reused by another author")
        }
        contents.append(try storeContents(migrated, layout: StoreLayout(model: new)))
    }
    #expect(contents.count == 2 && contents[0] == contents[1], "both paths give the same objects")
    #expect(storeFileBytes(store.path) == before)
}

@Test func aFullOrClosedStandardOutputIsOneLineAndExitTwo() throws {
    for redirect in ["> /dev/full", ">&-"] {
        let outcome = try runProcess(
            ["/bin/sh", "-c", "exec \"$0\" hash \"$1\" \(redirect)", modeldiffBinary.path, bench.path], in: Paths.repository)
        #expect(!outcome.signaled)
        #expect(outcome.status == 2, "\(redirect)")
        #expect(
            outcome.stderr.hasPrefix("error: cannot write to standard output: ") && outcome.stderr.components(separatedBy: "\n").count == 2,
            "\(outcome.stderr)")
    }
}

@Test func usageErrorsExitTwoWithTheUsageAfterOneLine() throws {
    var cases: [([String], String)] = [
        (["hash", bench.path, "--bogus"], "error: Unknown option '--bogus'\n"),
        (["hash"], "error: Missing expected argument '<model>'\n"),
        (["hash", bench.path, "surplus"], "error: Unexpected argument 'surplus'\n"),
        (["check", bench.path, "--format", "bogus"], "error: The value 'bogus' is invalid for '--format <format>'"),
        (
            ["migrate", "x.sqlite", "--to", bench.path, "--output", "y.sqlite", "--lock-timeout=-1"],
            "error: --lock-timeout must be a number of seconds, 0 or more\n"
        ),
        (
            ["migrate", "x.sqlite", "--to", bench.path, "--output", "y.sqlite", "--lock-timeout", "nan"],
            "error: --lock-timeout must be a number of seconds, 0 or more\n"
        ),
    ]
    let notes = Paths.testModels.appendingPathComponent("Notes.xcdatamodeld").path
    cases.append((["check", notes, "--order", "Notes,Notes,Notes 2"], "error: --order names version \"Notes\" twice\n"))
    for (arguments, first) in cases {
        let result = try runModeldiff(arguments)
        #expect(result.status == 2, "\(arguments)")
        #expect(result.stderr.hasPrefix(first), "\(result.stderr)")
        #expect(result.stderr.contains("\nUsage: modeldiff "), "\(result.stderr)")
        #expect(result.stdout == "")
    }
    #expect(try runModeldiff(["--version"]).status == 0)
    #expect(try runModeldiff(["hash", "--help"]).status == 0)
}

@Test func aPathWithANewlineIsPrintedOnOneLine() throws {
    let result = try runModeldiff(["hash", "no\nsuch\u{1B}[31m.xcdatamodel"])
    #expect(result.status == 2)
    #expect(result.stderr == "no\\nsuch\\u{1B}[31m.xcdatamodel: error: no such file or directory\n")
}

@Test func aValidMappingWhosePathHasANewlineIsReportedOnOneLine() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let map = try benchMapping(in: folder, attribute: "views", expression: "$source.views")
    try FileManager.default.moveItem(at: folder.appendingPathComponent(map), to: folder.appendingPathComponent("a\nmap.xml"))
    let result = try runModeldiff(["mapping", "validate", "a\nmap.xml", "--from", benchV1, "--to", benchV2], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("a\\nmap.xml: valid (") && result.stdout.components(separatedBy: "\n").count == 2, "\(result.stdout)")
}
