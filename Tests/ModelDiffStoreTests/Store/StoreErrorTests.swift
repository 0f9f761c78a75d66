import Foundation
import ModelDiffTestSupport
import Testing

@_spi(CLI) @testable import ModelDiffKit
@_spi(CLI) @testable import ModelDiffStore

/// `StoreError`: SQLite's result codes (primary or extended, sqlite.org/rescode.html) by kind, and
/// the one line each kind gives the user (the CLI tests check the same lines end to end).
@Test func resultCodesMapToTheirKind() {
    let timeout = LockTimeout.brief
    let kind = { (code: Int32) in StoreError.kind(of: code, lockTimeout: timeout) { "cannot write: the disk is full" } }
    #expect(kind(5) == .locked(timeout))  // SQLITE_BUSY
    #expect(kind(5 | 3 << 8) == .locked(timeout))  // SQLITE_BUSY_TIMEOUT
    #expect(kind(6) == .locked(timeout))  // SQLITE_LOCKED
    #expect(kind(13) == .storage("cannot write: the disk is full"))  // SQLITE_FULL
    #expect(kind(10 | 3 << 8) == .storage("cannot write: the disk is full"))  // SQLITE_IOERR_WRITE
    #expect(kind(26) == .notADatabase)  // SQLITE_NOTADB
    #expect(kind(11) == .corrupt)  // SQLITE_CORRUPT
    #expect(kind(1) == .other)  // SQLITE_ERROR
    #expect(kind(19) == .other)  // SQLITE_CONSTRAINT
}

@Test func eachKindIsWordedAsBefore() {
    func line(_ kind: StoreError.Kind, _ message: String) -> String {
        let error = StoreError(kind: kind, code: 0, message: message, statement: nil, path: "a.sqlite")
        return Diagnostic(path: error.path, message: error.sentence).description
    }
    #expect(
        line(.locked(.brief), "database is locked")
            == "a.sqlite: error: the store is locked by another process and stayed locked for \(LockTimeout.brief.described) (database is locked)"
    )
    #expect(
        line(.storage("cannot write: the disk is full"), "database or disk is full")
            == "a.sqlite: error: cannot write: the disk is full (database or disk is full)")
    #expect(
        line(.notADatabase, "file is not a database")
            == "a.sqlite: error: not a SQLite database (or an encrypted one): file is not a database")
    #expect(
        line(.corrupt, "database disk image is malformed")
            == "a.sqlite: error: the SQLite file is damaged or truncated: database disk image is malformed")
    #expect(line(.other, "no such table: x") == "a.sqlite: error: no such table: x")
}

@Test func aFailedStatementCarriesItsCodeAndText() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let database = try SQLiteDatabase(path: folder.appendingPathComponent("t.sqlite").path, readOnly: false, create: true)
    try database.execute("CREATE TABLE t (x INTEGER UNIQUE)")
    try database.execute("INSERT INTO t VALUES (1)")
    let statement = try database.prepare("INSERT INTO t VALUES (1)")
    // The failure carries SQLite's refusal by kind (what a library caller switches on) and says it as before.
    #expect(
        throws: StoreFailure.store(
            StoreError(kind: .other, code: 19, message: "UNIQUE constraint failed: t.x", statement: statement.sql, path: database.path))
    ) {
        try statement.execute()
    }
    #expect(
        StoreError(kind: .other, code: 19, message: "UNIQUE constraint failed: t.x", statement: nil, path: database.path).sentence
            == "UNIQUE constraint failed: t.x")
    let error = database.storeError(database.lastMessage, status: 19, statement: statement.sql)
    #expect(error.kind == .other)
    #expect(error.statement == "INSERT INTO t VALUES (1)")
    #expect(error.code == 19)
}

@Test func aFileThatIsNotADatabaseIsReportedAsSuch() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("junk.sqlite").path
    try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: path))
    let database = try SQLiteDatabase(path: path, readOnly: true)
    #expect {
        _ = try database.rows("SELECT COUNT(*) FROM sqlite_master")
    } throws: { error in
        guard case .store(let failure)? = error as? StoreFailure else { return false }
        return failure.kind == .notADatabase && failure.path == path
            && failure.sentence == "not a SQLite database (or an encrypted one): file is not a database"
    }
}
