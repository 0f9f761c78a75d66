import Foundation
import ModelDiffTestSupport
import Testing

@_spi(CLI) @testable import ModelDiffKit
@_spi(CLI) @testable import ModelDiffStore

/// A library caller catches a store failure by type (`StoreFailure.store`) and gets its kind as a value,
/// not only as a sentence: through `PersistentStore.open` and through a whole migration, worded as the
/// CLI prints it (`path: error: sentence`).
@Suite struct StoreErrorKinds {
    private let notes = Paths.testModels.appendingPathComponent("Notes.xcdatamodeld")

    /// A Core Data store written with Notes' first version (rollback journal: a writer's lock blocks readers).
    private func notesStore(in folder: URL) throws -> String {
        let path = folder.appendingPathComponent("Notes.sqlite").path
        let model = try ModelFile.load(path: notes.appendingPathComponent("Notes.xcdatamodel").path).model
        _ = try PersistentStore.create(path: path, model: model)
        return path
    }

    /// The failure `body` throws.
    private func failure(_ body: () throws(StoreFailure) -> Void) -> StoreFailure? {
        do {
            try body()
            return nil
        } catch {
            return error
        }
    }

    /// The line the CLI prints for a failure.
    private func line(_ failure: StoreFailure) -> String { Diagnostic(path: failure.path, message: failure.message).description }

    @Test func aFileWithoutTheSQLiteHeaderIsNotADatabase() throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("junk.sqlite").path
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: path))
        let error = try #require(failure { () throws(StoreFailure) in _ = try PersistentStore.open(path: path) })
        #expect(error.storeError?.kind == .notADatabase)
        #expect(error.storeError?.code == 26)
        #expect(
            line(error)
                == "\(path): error: not a SQLite database (or an encrypted one): the file does not start with the SQLite header")
    }

    /// A SQLite header followed by garbage: SQLite itself refuses the file (SQLITE_NOTADB).
    @Test func aDamagedHeaderIsNotADatabaseBySQLitesOwnAnswer() throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("junk.sqlite").path
        try (Data("SQLite format 3\0".utf8) + Data(repeating: 0xFF, count: 4080)).write(to: URL(fileURLWithPath: path))
        let error = try #require(failure { () throws(StoreFailure) in _ = try PersistentStore.open(path: path) })
        #expect(error.storeError?.kind == .notADatabase)
        #expect(error.storeError?.code == 26)
        #expect(error.storeError?.statement != nil)
        #expect(line(error) == "\(path): error: not a SQLite database (or an encrypted one): file is not a database")
    }

    @Test func aStoreLockedByAnotherConnectionIsLocked() throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try notesStore(in: folder)
        let holder = try SQLiteDatabase(path: path, readOnly: false)
        try holder.execute("BEGIN EXCLUSIVE")
        let timeout = LockTimeout(seconds: 0.1)
        let error = try #require(failure { () throws(StoreFailure) in _ = try PersistentStore.open(path: path, lockTimeout: timeout) })
        #expect(error.storeError?.kind == .locked(timeout))
        #expect(error.storeError?.code == 5)  // SQLITE_BUSY
        #expect(
            line(error) == "\(path): error: the store is locked by another process and stayed locked for 0.1 s (database is locked)")
        try holder.execute("ROLLBACK")
        #expect(failure { () throws(StoreFailure) in _ = try PersistentStore.open(path: path, lockTimeout: timeout) } == nil)
    }

    /// Through `StoreMigration.run`, the migration manager and its stages, the kind still arrives.
    @Test func aMigrationOfALockedSourceFailsAsLocked() throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try notesStore(in: folder)
        let bundle = try ModelBundle.load(path: notes.path)
        let steps = try StoreMigration.steps(for: try PersistentStore.open(path: path), bundle: bundle)
        let holder = try SQLiteDatabase(path: path, readOnly: false)
        try holder.execute("BEGIN EXCLUSIVE")
        defer { try? holder.execute("ROLLBACK") }
        let timeout = LockTimeout(seconds: 0.1)
        let output = folder.appendingPathComponent("out.sqlite").path
        #expect {
            try StoreMigration.run(steps, source: path, output: output) { manager, _ in manager.lockTimeout = timeout }
        } throws: { error in
            guard case .store(let failure)? = error as? StoreFailure else { return false }
            return failure.kind == .locked(timeout) && failure.path == path
        }
        #expect(!FileManager.default.fileExists(atPath: output))
    }
}
