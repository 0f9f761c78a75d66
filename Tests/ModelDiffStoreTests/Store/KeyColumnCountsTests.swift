import Foundation
@_spi(CLI) import ModelDiffKit
import ModelDiffTestSupport
import Testing

@_spi(CLI) @testable import ModelDiffStore

/// `keyColumnCounts` counts a key column's keys and those naming no row of the target in one of two
/// forms: a look-up per key, or, where the target has at most a quarter as many rows as the column has
/// keys and an index leads with the column, a walk of the target's rows that finds each one's keys through
/// the index. Both must give `danglingKeyCount`'s answer (the test `store verify` makes) for every value
/// a hand-written store can hold, under every column affinity: integers, reals, text that reads as a
/// number or not, blobs, keys out of range, NULLs.
@Test(arguments: ["INTEGER", "TEXT", "NUMERIC", "REAL", "BLOB", ""])
func keyColumnCountsAgreeWithTheDanglingKeyTest(affinity: String) throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let model = try ModelFile.load(path: Paths.testModels.appendingPathComponent("Store/Library.xml").path).model
    let store = try PersistentStore.create(path: folder.appendingPathComponent("keys.sqlite").path, model: model)
    let values = [
        "1", "2", "3", "2", "7", "-1", "0", "2.0", "2.5", "'2'", "' 2'", "'2e0'", "'+2'", "'2x'", "x'02'", "9223372036854775807",
        "1e300", "NULL", "NULL",
    ]
    let database = store.database
    try database.execute("CREATE TABLE ZTARGET (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER)")
    try database.execute("INSERT INTO ZTARGET (Z_PK, Z_ENT) VALUES (1, 1), (2, 1), (3, 1)")
    for (table, indexed) in [("ZINDEXED", true), ("ZPLAIN", false)] {
        try database.execute("CREATE TABLE \(SQL.quote(table)) (Z_PK INTEGER PRIMARY KEY, ZKEY \(affinity))")
        if indexed { try database.execute("CREATE INDEX \(SQL.quote(table + "_ZKEY")) ON \(SQL.quote(table)) (ZKEY)") }
        for value in values {
            try database.execute("INSERT INTO \(SQL.quote(table)) (ZKEY) VALUES (\(value))")
        }
    }
    #expect(try store.hasIndex(on: "ZINDEXED", ledBy: "ZKEY"))
    #expect(try !store.hasIndex(on: "ZPLAIN", ledBy: "ZKEY"))
    for table in ["ZINDEXED", "ZPLAIN"] {
        let counts = try store.keyColumnCounts(table: table, keyColumn: "ZKEY", target: "ZTARGET")
        let keys = try database.rows("SELECT COUNT(ZKEY) FROM \(SQL.quote(table))").first?.first
        #expect(keys == .integer(Int64(counts.keys)), "\(table) \(affinity)")
        #expect(counts.dangling == (try store.danglingKeyCount(table: table, keyColumn: "ZKEY", target: "ZTARGET")), "\(table) \(affinity)")
        // Keys 1, 2, 3, 2 and 2.0 name a row under every affinity; text and blobs do where affinity makes them numbers.
        let named = try database.rows(
            "SELECT COUNT(*) FROM \(SQL.quote(table)) t WHERE t.ZKEY IN (SELECT Z_PK FROM ZTARGET)"
        ).first?.first
        #expect(named == .integer(Int64(counts.keys - counts.dangling)), "\(table) \(affinity)")
        #expect(counts.keys == values.count - 2 && counts.keys - counts.dangling >= 5, "\(table) \(affinity): \(counts)")
    }
}
