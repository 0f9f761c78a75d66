import Foundation
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore
import ModelDiffTestSupport
import Testing

/// A source store that is not what its model describes (issue 32 item 6): a value its attribute's type
/// cannot hold, or a column its metadata's version has and its table lacks. Both migration paths refuse
/// it with the same line naming the store, the attribute or column and what was found, before writing
/// anything; `store verify` reports it (exit 1); `test --store` fails the step with that line.
private let bench = Paths.testModels.appendingPathComponent("Bench.xcdatamodeld")
private let benchV1 = bench.appendingPathComponent("Bench.xcdatamodel").path

/// A Bench store from the benchmark generator (built beside `modeldiff`), edited by `sql`.
private func benchStore(in folder: URL, sql: String) throws -> URL {
    let url = folder.appendingPathComponent("bench.sqlite")
    let generated = try runProcess(
        [modeldiffBinary.deletingLastPathComponent().appendingPathComponent("generate-store").path, "100", url.path], in: folder)
    #expect(generated.status == 0)
    try SQLiteDatabase(path: url.path, readOnly: false).execute(sql)
    return url
}

/// `migrate` on both paths refuses with `line` and leaves the folder as it was; `store verify` reports
/// `problem` with exit status 1.
private func expectRefused(sql: String, problem: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = try benchStore(in: folder, sql: sql)
    let before = storeFileBytes(store.path)
    let line =
        "bench.sqlite: error: migration failed: the source store is not sound: \(problem) (see `modeldiff store verify`)"
        + " (NSMigrationManagerSourceStoreError 134150)\n"
    for extra in [[], ["--no-fast-path"]] {
        let result = try runModeldiff(["migrate", "bench.sqlite", "--to", bench.path, "--output", "out.sqlite"] + extra, in: folder)
        #expect(result.status == 2, "\(extra)", sourceLocation: sourceLocation)
        #expect(result.stderr == line, "\(extra)", sourceLocation: sourceLocation)
        #expect(folderContents(folder) == ["bench.sqlite"], sourceLocation: sourceLocation)
    }
    let verify = try runModeldiff(["store", "verify", "bench.sqlite", "--model", bench.path], in: folder)
    #expect(verify.status == 1, sourceLocation: sourceLocation)
    #expect(verify.stderr == "bench.sqlite: error: \(problem)\n", sourceLocation: sourceLocation)
    #expect(verify.stdout.hasPrefix("bench.sqlite: 1 problems\n"), sourceLocation: sourceLocation)
    #expect(storeFileBytes(store.path) == before, sourceLocation: sourceLocation)
}

@Test func textInADateColumnIsRefusedTheSameWayOnBothPaths() throws {
    try expectRefused(
        sql: "UPDATE ZPOST SET ZCREATEDAT = 'not a date' WHERE Z_PK IN (3, 7)",
        problem: #"Post.createdAt: 2 rows hold a value a Date attribute cannot hold (in ZPOST, the first: Z_PK 3, text "not a date")"#)
}

@Test func textInAnIntegerColumnIsRefusedTheSameWayOnBothPaths() throws {
    try expectRefused(
        sql: "UPDATE ZPOST SET ZVIEWS = 'many, many views, more than forty characters long' WHERE Z_PK = 5",
        problem: #"Post.views: 1 rows hold a value a Integer 64 attribute cannot hold (in ZPOST, the first: Z_PK 5, "#
            + #"text "many, many views, more than forty charac…")"#)
}

@Test func aBlobInAStringColumnIsRefusedTheSameWayOnBothPaths() throws {
    try expectRefused(
        sql: "UPDATE ZAUTHOR SET ZEMAIL = x'00ff10' WHERE Z_PK = 2",
        problem: "Author.email: 1 rows hold a value a String attribute cannot hold (in ZAUTHOR, the first: Z_PK 2, a blob of 3 bytes)")
}

@Test func textInABinaryColumnAndARealPastInt64AreRefusedTheSameWayOnBothPaths() throws {
    try expectRefused(
        sql: "UPDATE ZPOST SET ZATTACHMENT = 'text' WHERE Z_PK = 4",
        problem: #"Post.attachment: 1 rows hold a value a Binary attribute cannot hold (in ZPOST, the first: Z_PK 4, text "text")"#)
    try expectRefused(
        sql: "UPDATE ZPOST SET ZVIEWS = 1e300 WHERE Z_PK = 1",
        problem: "Post.views: 1 rows hold a value a Integer 64 attribute cannot hold (in ZPOST, the first: Z_PK 1, real 1e+300)")
}

/// What SQLite's affinity makes of sound values is accepted: a whole number in a Date (TIMESTAMP:
/// NUMERIC affinity) column, as 80 of Wire's stores hold, and a fraction in an Integer column; and
/// Int64's extremes, whose `abs` overflows in SQLite (the check must not take it).
@Test func valuesAffinityLeavesInAnotherClassMigrateOnBothPaths() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = try benchStore(
        in: folder,
        sql: "UPDATE ZPOST SET ZCREATEDAT = CASE Z_PK WHEN 3 THEN 700000000 ELSE ZCREATEDAT END,"
            + " ZVIEWS = CASE Z_PK WHEN 3 THEN 1.5 WHEN 4 THEN -9223372036854775808 WHEN 5 THEN 9223372036854775807 ELSE ZVIEWS END")
    let check = try SQLiteDatabase(path: store.path, readOnly: true)
    #expect(try check.rows("SELECT typeof(ZCREATEDAT), typeof(ZVIEWS) FROM ZPOST WHERE Z_PK = 3") == [[.text("integer"), .text("real")]])
    for (index, extra) in [[], ["--no-fast-path"]].enumerated() {
        let result = try runModeldiff(
            ["migrate", "bench.sqlite", "--to", bench.path, "--output", "out\(index).sqlite"] + extra, in: folder)
        #expect(result.status == 0, "\(extra): \(result.stderr)")
    }
    let verify = try runModeldiff(["store", "verify", "bench.sqlite", "--model", bench.path], in: folder)
    #expect(verify.status == 0, "\(verify.stderr)")
}

/// The metadata's version has a column the table lacks: one line naming the store, the table and the
/// column for `migrate` (both paths), `store verify` and `test --store`, never SQLite's `no such column`.
@Test func aColumnTheTableLacksIsNamedByEveryCommand() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = try benchStore(in: folder, sql: "ALTER TABLE ZPOST DROP COLUMN ZSCORE")
    let before = storeFileBytes(store.path)
    let problem = "column ZPOST.ZSCORE is missing"
    for extra in [[], ["--no-fast-path"]] {
        let result = try runModeldiff(["migrate", "bench.sqlite", "--to", bench.path, "--output", "out.sqlite"] + extra, in: folder)
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "bench.sqlite: error: migration failed: the source store is not sound: \(problem) (see `modeldiff store verify`)"
                + " (NSMigrationManagerSourceStoreError 134150)\n", "\(extra)")
        #expect(folderContents(folder) == ["bench.sqlite"])
    }
    let verify = try runModeldiff(["store", "verify", "bench.sqlite", "--model", bench.path], in: folder)
    #expect(verify.status == 1)
    #expect(verify.stderr == "bench.sqlite: error: \(problem)\n")
    let info = try runModeldiff(["store", "info", "bench.sqlite", "--model", bench.path], in: folder)
    #expect(info.status != 0 && info.stderr.contains(problem) && !info.stderr.contains("no such column"), "\(info.stderr)")
    let test = try runModeldiff(["test", bench.path, "--store", "bench.sqlite", "--objects", "2"], in: folder)
    #expect(test.status == 1, "\(test.stderr)")
    #expect(
        test.stdout.contains(
            "FAIL Bench → Bench 2 (bench.sqlite, inferred mapping)\n    migration failed: the source store is not sound: \(problem)"))
    #expect(!test.stdout.contains("no such column") && !test.stderr.contains("no such column"))
    #expect(storeFileBytes(store.path) == before)
}

/// The fast path does not read its output again for the required values it copies unchanged from a source
/// column that the pass over the source table found no NULL in (`SQLFastPath.provenRequired`); a NULL there
/// (`Post.title`, required in Bench 2) is counted by that pass, and validation reads the output as before:
/// both paths fail the step with Core Data's validation error for the first such object, and write nothing.
@Test func aNullCopiedIntoARequiredAttributeFailsValidationOnBothPaths() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try benchStore(in: folder, sql: "UPDATE ZPOST SET ZTITLE = NULL WHERE Z_PK IN (7, 9)")
    for extra in [[], ["--no-fast-path"]] {
        let result = try runModeldiff(["migrate", "bench.sqlite", "--to", bench.path, "--output", "out.sqlite"] + extra, in: folder)
        #expect(result.status == 2, "\(extra)")
        #expect(
            result.stderr
                == "bench.sqlite: error: migration failed: Post.title is required but has no value "
                + "(NSValidationMissingMandatoryPropertyError 1570; mapping PostToPost; object 2/p7)\n", "\(extra)")
        #expect(folderContents(folder) == ["bench.sqlite"], "\(extra)")
    }
}
