import Foundation
import ModelDiffTestSupport
import Testing

@_spi(CLI) @testable import ModelDiffKit
@_spi(CLI) @testable import ModelDiffStore

/// `SQLiteDatabase.inTransaction`: the one way the migration opens a write transaction.
private func scratchDatabase(in folder: URL) throws -> SQLiteDatabase {
    let database = try SQLiteDatabase(path: folder.appendingPathComponent("t.sqlite").path, readOnly: false, create: true)
    try database.execute("CREATE TABLE t (x INTEGER)")
    return database
}

private struct Refused: Error {}

@Test func aTransactionCommitsWhatItsBodyWrote() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let database = try scratchDatabase(in: folder)
    let written = try database.inTransaction {
        try database.execute("INSERT INTO t VALUES (1)")
        #expect(!database.isAutocommit)
        return 1
    }
    #expect(written == 1)
    #expect(database.isAutocommit)
    #expect(try database.rows("SELECT x FROM t") == [[.integer(1)]])
}

@Test func aTransactionRollsBackWhenItsBodyThrows() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let database = try scratchDatabase(in: folder)
    #expect(throws: Refused.self) {
        try database.inTransaction {
            try database.execute("INSERT INTO t VALUES (1)")
            throw Refused()
        }
    }
    #expect(database.isAutocommit)
    #expect(try database.rows("SELECT COUNT(*) FROM t") == [[.integer(0)]])
    // The connection is usable again: the next transaction commits.
    try database.inTransaction { try database.execute("INSERT INTO t VALUES (2)") }
    #expect(try database.rows("SELECT x FROM t") == [[.integer(2)]])
}

@Test func aTransactionInsideAnotherIsRefusedAndTheOuterOneRollsBack() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let database = try scratchDatabase(in: folder)
    var inner: StoreFailure?
    do {
        try database.inTransaction {
            try database.execute("INSERT INTO t VALUES (1)")
            try database.inTransaction { try database.execute("INSERT INTO t VALUES (2)") }
        }
    } catch let error as StoreFailure {
        inner = error
    }
    #expect(inner?.message == "a transaction is already open on this connection; transactions do not nest")
    #expect(database.isAutocommit)
    #expect(try database.rows("SELECT COUNT(*) FROM t") == [[.integer(0)]])
}

@Test func aReadSnapshotIsRefusedAsAnOuterTransaction() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let database = try scratchDatabase(in: folder)
    try database.holdReadSnapshot()
    #expect(!database.isAutocommit)
    #expect(throws: StoreFailure.self) { try database.inTransaction { try database.execute("INSERT INTO t VALUES (1)") } }
}
