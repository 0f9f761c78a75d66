import Foundation
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore
import ModelDiffTestSupport
import Testing

/// Another process (Python's sqlite3, as another app would) that holds a store open: it runs
/// `setup`, prints "ready", waits until its standard input closes, then runs `teardown`.
private final class StoreHolder {
    private let process = Process()
    private let input = Pipe()

    init(_ store: URL, setup: String, teardown: String = "c.rollback() if c.in_transaction else None") throws {
        let script = """
            import sqlite3, sys, time
            c = sqlite3.connect(sys.argv[1], isolation_level=None)
            \(setup)
            print("ready", flush=True)
            sys.stdin.read()
            \(teardown)
            c.close()
            """
        _ = RequiredTool.python3.require()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, store.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        guard line.hasPrefix("ready") else { throw HolderFailed(output: line) }
    }

    /// Lets the holder finish and waits for it.
    func release() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    struct HolderFailed: Error { let output: String }
}

private let sample = AppleStorePair.all.first { $0.from.store.lastPathComponent == "SampleModel_V1.sqlite" }!

private func migrateSample(in folder: URL, _ extra: [String] = []) throws -> ProcessOutcome {
    try runProcess(
        [
            modeldiffBinary.path, "migrate", "SampleModel_V1.sqlite", "--from", sample.from.model.path, "--to", sample.to.model.path,
            "--output", "out.sqlite",
        ] + extra,
        in: folder, environment: ["TMPDIR": folder.path])
}

private func counts(_ path: URL) throws -> [String: Int] {
    Dictionary(try PersistentStore.open(path: path.path).rowCounts().map { ($0.entity, $0.count) }, uniquingKeysWith: { a, _ in a })
}

/// SampleModel_V1 is a WAL store: the holders below turn it into a rollback-journal one first,
/// where locks block readers (in WAL mode a writer never blocks them).

/// A reader in another process holds a shared lock: migrating reads alongside it.
@Test(arguments: [true, false])
func migrateWhileAnotherProcessReadsTheSource(fastPath: Bool) throws {
    let (folder, store) = try sample.from.copy()
    defer { try? FileManager.default.removeItem(at: folder) }
    let holder = try StoreHolder(
        store, setup: "c.execute('PRAGMA journal_mode=DELETE'); c.execute('BEGIN'); c.execute('SELECT COUNT(*) FROM ZPERSON').fetchall()")
    defer { holder.release() }
    let before = storeFileBytes(store.path)
    let result = try migrateSample(in: folder, fastPath ? [] : ["--no-fast-path"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(storeFileBytes(store.path) == before)
    let migrated = try counts(folder.appendingPathComponent("out.sqlite"))
    for (entity, count) in try counts(store) where migrated[entity] != nil { #expect(migrated[entity] == count, "\(entity)") }
    #expect(migrated.count > 2)
}

/// A writer holds an exclusive lock (`BEGIN EXCLUSIVE` on a rollback-journal store) for longer than
/// --lock-timeout: migrate waits that long, then fails with one line, writes nothing, and leaves
/// the source alone.
@Test func migrateGivesUpOnASourceLockedForLongerThanTheTimeout() throws {
    let (folder, store) = try sample.from.copy()
    defer { try? FileManager.default.removeItem(at: folder) }
    let holder = try StoreHolder(store, setup: "c.execute('PRAGMA journal_mode=DELETE'); c.execute('BEGIN EXCLUSIVE')")
    defer { holder.release() }
    let before = storeFileBytes(store.path)
    let files = folderContents(folder)
    let result = try migrateSample(in: folder, ["--lock-timeout", "1"])
    #expect(result.status == 2)
    #expect(
        result.stderr
            == "SampleModel_V1.sqlite: error: the store is locked by another process and stayed locked for 1 s (database is locked)\n")
    #expect(result.seconds >= 1)
    #expect(folderContents(folder) == files)
    #expect(storeFileBytes(store.path) == before)
}

/// A writer that commits within the timeout: migrate waits for the lock and then succeeds.
@Test func migrateWaitsForAWriterThatCommitsWithinTheTimeout() throws {
    let (folder, store) = try sample.from.copy()
    defer { try? FileManager.default.removeItem(at: folder) }
    let holder = try StoreHolder(
        store,
        setup: """
            c.execute('PRAGMA journal_mode=DELETE')
            c.execute('BEGIN EXCLUSIVE')
            print("ready", flush=True)
            time.sleep(0.7)
            c.execute('COMMIT')
            """)
    defer { holder.release() }
    let result = try migrateSample(in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.seconds >= 0.5)
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.sqlite").path))
}

/// A WAL writer with a committed transaction not yet checkpointed and an open one whose pages spilled
/// into the -wal: migrate reads the committed snapshot (the new row, not the uncommitted ones) and
/// leaves the db, -wal and -shm byte-identical.
@Test(arguments: [true, false])
func migrateReadsTheCommittedSnapshotOfAWALStoreBeingWritten(fastPath: Bool) throws {
    let fixture = try #require(StoreFixture.all.first { $0.store.lastPathComponent == "Bookmarks_V1.sqlite" })
    let (folder, store) = try fixture.copy()
    defer { try? FileManager.default.removeItem(at: folder) }
    let holder = try StoreHolder(
        store,
        setup: """
            c.execute('PRAGMA wal_autocheckpoint=0')
            c.execute("INSERT INTO ZBOOKMARKENTITY (Z_PK, Z_ENT, Z_OPT, ZISFAVORITE, ZISFOLDER, ZTITLE, ZURL, ZUUID) VALUES (11, 1, 1, 0, 0, 'committed', \
            'https://example.com/', 'committed-uuid')")
            c.execute("UPDATE Z_PRIMARYKEY SET Z_MAX = 11 WHERE Z_ENT = 1")
            c.execute('PRAGMA cache_size=2')
            c.execute('BEGIN')
            for n in range(12, 400):
                c.execute("INSERT INTO ZBOOKMARKENTITY (Z_PK, Z_ENT, Z_OPT, ZISFAVORITE, ZISFOLDER, ZTITLE) VALUES (?, 1, 1, 0, 0, ?)", (n, 'uncommitted ' * \
            40))
            """)
    defer { holder.release() }
    let before = storeFileBytes(store.path)
    let walSize = before["-wal"]??.count ?? 0
    #expect(walSize > 100_000, "the open transaction spilled pages into the -wal")
    let bundle = fixture.model.deletingLastPathComponent().path
    let result = try runProcess(
        [modeldiffBinary.path, "migrate", store.lastPathComponent, "--to", bundle, "--output", "out.sqlite"]
            + (fastPath ? [] : ["--no-fast-path"]),
        in: folder, environment: ["TMPDIR": folder.path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasSuffix("  BookmarkEntity: 11 objects\n"), "\(result.stdout)")
    #expect(storeFileBytes(store.path) == before)
    let verify = try runModeldiff(["store", "verify", "out.sqlite", "--model", bundle], in: folder)
    #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
    #expect(verify.stdout.contains("  BookmarkEntity: 11 objects\n"))
}
