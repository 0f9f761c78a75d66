import Foundation
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore
import ModelDiffTestSupport
import Testing

/// Every connection modeldiff opens refuses what SQL smuggled in through a name could use to reach
/// another file or run more than it says: ATTACH, DETACH, VACUUM INTO, a second statement, a NUL.
private func withStore(_ body: (PersistentStore, URL) throws -> Void) throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let model = Model(entities: [Entity(name: "Post", attributes: [Attribute(name: "title", type: .string, isOptional: true)])])
    let store = try PersistentStore.create(path: folder.appendingPathComponent("store.sqlite").path, model: model)
    try body(store, folder)
}

@Test func attachAndVacuumIntoAreRefusedOnEveryConnection() throws {
    try withStore { store, folder in
        let other = folder.appendingPathComponent("other.db").path
        for sql in ["ATTACH DATABASE ? AS other", "VACUUM INTO ?"] {
            #expect(throws: StoreFailure.self, "\(sql)") { try store.database.rows(sql, [.text(other)]) }
        }
        #expect(throws: StoreFailure.self) { try store.database.execute("DETACH DATABASE main") }
        #expect(!FileManager.default.fileExists(atPath: other))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["store.sqlite"])
        // A connection opened read-only is locked down the same way.
        let reader = try PersistentStore.open(path: store.database.filePath)
        #expect(throws: StoreFailure.self) { try reader.database.rows("ATTACH DATABASE ? AS other", [.text(other)]) }
        #expect(try reader.database.rows("PRAGMA trusted_schema") == [[.integer(0)]])
        #expect(try store.database.rows("PRAGMA trusted_schema") == [[.integer(0)]])
    }
}

@Test func oneStatementPerCallAndNoNUL() throws {
    try withStore { store, _ in
        #expect(throws: StoreFailure.self) { try store.database.execute("SELECT 1; DELETE FROM Z_PRIMARYKEY") }
        #expect(throws: StoreFailure.self) { try store.database.rows("SELECT 1; DELETE FROM Z_PRIMARYKEY") }
        #expect(throws: StoreFailure.self) {
            try store.database.execute("DELETE FROM Z_PRIMARYKEY WHERE Z_NAME = 'x\u{0}'; DELETE FROM Z_PRIMARYKEY")
        }
        #expect(try store.database.rows("SELECT COUNT(*) FROM Z_PRIMARYKEY") == [[.integer(1)]])
        try store.database.execute("SELECT 1;  ")  // a trailing semicolon is one statement
    }
}

/// Names that are not plain identifiers come back from SQLite exactly as written: the quoting is lossless.
@Test func quotedNamesRoundTripThroughSQLite() throws {
    let names = [
        "Post", "X (A); ATTACH DATABASE 'SRC.SQLITE' AS S; DELETE FROM S.ZPOST; CREATE TABLE ZY", "a\"b", "\"", "';--", "名前", "Ωmega",
        "order", "select", String(repeating: "long\"", count: 300),
    ]
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let model = Model(
        entities: names.map {
            Entity(
                name: $0, attributes: [Attribute(name: $0, type: .string, isOptional: true)],
                fetchIndexes: [FetchIndex(name: $0, elements: [.init(property: $0)])])
        })
    let path = folder.appendingPathComponent("store.sqlite").path
    let store = try PersistentStore.create(path: path, model: model)
    let tables = Set(try store.database.rows("SELECT name FROM sqlite_master WHERE type = 'table'").compactMap(firstText))
    for name in names {
        #expect(tables.contains("Z" + name.uppercased()), "\(name)")
        let columns = try store.database.rows("SELECT name FROM pragma_table_info(?)", [.text("Z" + name.uppercased())]).compactMap(
            firstText)
        #expect(columns == ["Z_PK", "Z_ENT", "Z_OPT", "Z" + name.uppercased()])
        let indexes = try store.database.rows(
            "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ?", [.text("Z" + name.uppercased())]
        ).compactMap(firstText)
        #expect(indexes == ["Z_\(name)_\(name)"])
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["store.sqlite"])
}

private func firstText(_ row: [SQLiteValue]) -> String? {
    if case .text(let text)? = row.first { text } else { nil }
}
