import Foundation
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore
import ModelDiffTestSupport
import Testing

private let noInverse = Paths.testModels.appendingPathComponent("NoInverse.xcdatamodeld")

/// `store verify` names every column and table the layout does not account for: a warning when it is
/// empty, an error when it holds data (a whole table too); `migrate` refuses such data, but lets it go
/// with an entity the mapping removes (the column is in that entity's table).
@Test func whatTheLayoutDoesNotAccountForIsNamedAndRefusedUnlessItsEntityIsRemoved() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let v1 = noInverse.appendingPathComponent("V1.xcdatamodel").path
    let seed = try runModeldiff(["store", "seed", v1, "--objects", "4", "--output", "v1.sqlite"], in: folder)
    #expect(seed.status == 0, "\(seed.stderr)")
    let store = try PersistentStore.open(path: folder.appendingPathComponent("v1.sqlite").path, writable: true)
    try store.database.execute("ALTER TABLE ZGEOLOCATION ADD COLUMN ZEXTRA INTEGER")
    try store.database.execute("CREATE TABLE ZSTRAY (Z_PK INTEGER PRIMARY KEY, ZNOTE VARCHAR)")
    let empty = try runModeldiff(["store", "verify", "v1.sqlite", "--model", noInverse.path], in: folder)
    #expect(empty.status == 0, "\(empty.stdout)\(empty.stderr)")
    #expect(
        empty.stderr
            == "v1.sqlite: warning: column ZGEOLOCATION.ZEXTRA is empty and the model does not account for it\n"
            + "v1.sqlite: warning: table ZSTRAY is empty and the model does not account for it\n")
    try store.database.execute("UPDATE ZGEOLOCATION SET ZEXTRA = 7")
    try store.database.execute("INSERT INTO ZSTRAY (ZNOTE) VALUES ('kept by another tool')")
    let full = try runModeldiff(["store", "verify", "v1.sqlite", "--model", noInverse.path], in: folder)
    #expect(full.status == 1)
    #expect(full.stderr.contains("v1.sqlite: error: column ZGEOLOCATION.ZEXTRA holds 4 values the model does not account for\n"))
    #expect(full.stderr.contains("v1.sqlite: error: table ZSTRAY holds 1 rows the model does not account for\n"), "\(full.stderr)")
    // The next version without GeoLocation (and Measurement.geoLocations): ZEXTRA goes with its entity.
    var v2 = try String(contentsOf: noInverse.appendingPathComponent("V2.xcdatamodel/contents"), encoding: .utf8)
    for element in ["    <entity name=\"GeoLocation\"", "        <relationship name=\"geoLocations\""] {
        let start = try #require(v2.range(of: element))
        let close = element.contains("entity") ? "</entity>\n" : "/>\n"
        let end = try #require(v2.range(of: close, range: start.upperBound..<v2.endIndex))
        v2.replaceSubrange(start.lowerBound..<end.upperBound, with: "")
    }
    let v3 = folder.appendingPathComponent("V3.xcdatamodel")
    try FileManager.default.createDirectory(at: v3, withIntermediateDirectories: true)
    try v2.write(to: v3.appendingPathComponent("contents"), atomically: true, encoding: .utf8)
    for flags in [[String](), ["--no-fast-path"]] {
        let refused = try runModeldiff(
            ["migrate", "v1.sqlite", "--from", v1, "--to", "V3.xcdatamodel", "--output", "out.sqlite"] + flags, in: folder)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("table ZSTRAY holds 1 rows the model does not account for"), "\(refused.stderr)")
        #expect(!refused.stderr.contains("ZGEOLOCATION.ZEXTRA"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.sqlite").path))
    }
    try store.database.execute("DROP TABLE ZSTRAY")
    for flags in [[String](), ["--no-fast-path"]] {
        let output = "out-\(flags.count).sqlite"
        let migrated = try runModeldiff(
            ["migrate", "v1.sqlite", "--from", v1, "--to", "V3.xcdatamodel", "--output", output] + flags, in: folder)
        #expect(migrated.status == 0, "\(migrated.stderr)")
        #expect(migrated.stdout.contains("GeoLocation: 4 objects dropped"), "\(migrated.stdout)")
    }
    // Kept by the mapping, the same column's data is refused.
    let kept = try runModeldiff(["migrate", "v1.sqlite", "--to", noInverse.path, "--output", "kept.sqlite"], in: folder)
    #expect(kept.status == 2)
    #expect(kept.stderr.contains("column ZGEOLOCATION.ZEXTRA holds 4 values the model does not account for"), "\(kept.stderr)")
}
