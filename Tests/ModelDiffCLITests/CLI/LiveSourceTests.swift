import Foundation
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore
import ModelDiffTestSupport
import Testing

private let bookmarks = StoreFixture.all.first { $0.store.lastPathComponent == "Bookmarks_V1.sqlite" }!

/// Inserts bookmarks (copies of row 1, 20 per transaction) into a WAL store and checkpoints every
/// other transaction (PASSIVE, then TRUNCATE, which resets the -wal), until a stop file appears or
/// the store holds 4,000 rows; then prints the row count.
private let writer = """
    import sqlite3, sys, os, time, uuid
    db, stop = sys.argv[1], sys.argv[2]
    c = sqlite3.connect(db, isolation_level=None, timeout=30)
    columns = [row[1] for row in c.execute("PRAGMA table_info(ZBOOKMARKENTITY)")]
    values = {"Z_PK": ":pk", "ZTITLE": ":title", "ZUUID": ":uuid", "Z_FOK_PARENT": ":order", "Z_FOK_FAVORITEFOLDER": ":order"}
    insert = "INSERT INTO ZBOOKMARKENTITY (%s) SELECT %s FROM ZBOOKMARKENTITY WHERE Z_PK = 1" % (", ".join(columns), ", ".join(values.get(n, n) for n in \
    columns))
    i = 0
    while not os.path.exists(stop) and c.execute("SELECT COUNT(*) FROM ZBOOKMARKENTITY").fetchone()[0] < 4000:
        c.execute("BEGIN IMMEDIATE")
        (top,) = c.execute("SELECT MAX(Z_PK) FROM ZBOOKMARKENTITY").fetchone()
        for pk in range(top + 1, top + 21):
            c.execute(insert, {"pk": pk, "order": 8192 + pk * 1024, "title": "title %d " % pk + "x" * 500, "uuid": str(uuid.uuid4()).upper()})
        c.execute("UPDATE Z_PRIMARYKEY SET Z_MAX = ? WHERE Z_ENT = 1", (top + 20,))
        c.execute("COMMIT")
        i += 1
        if i % 2 == 0:
            c.execute("PRAGMA wal_checkpoint(%s)" % ("TRUNCATE" if i % 4 == 0 else "PASSIVE")).fetchall()
        time.sleep(0.005)
    print(c.execute("SELECT COUNT(*) FROM ZBOOKMARKENTITY").fetchone()[0])
    """

/// A WAL store another process keeps writing and checkpointing: every run migrates one committed
/// state (SQLite's online backup under its locks), `store verify` passes on every output, and each
/// output's count lies between the count before the writer started and the count after it stopped.
@Test(.tags(.slow), .notInFastTier)
func migratingALiveWALStoreTakesAConsistentSnapshot() throws {
    guard let python = RequiredTool.python3.require() else { return }
    let (folder, store) = try bookmarks.copy()
    defer { try? FileManager.default.removeItem(at: folder) }
    let bundle = bookmarks.model.deletingLastPathComponent().path
    let stop = folder.appendingPathComponent("stop").path
    let before = try PersistentStore.open(path: store.path).rowCounts().first { $0.entity == "BookmarkEntity" }!.count
    nonisolated(unsafe) var written: ProcessOutcome?
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
        written = try? runProcess([python, "-c", writer, store.path, stop], in: folder)
        group.leave()
    }
    defer {
        FileManager.default.createFile(atPath: stop, contents: nil)
        group.wait()
    }
    Thread.sleep(forTimeInterval: 0.3)
    var counts: [Int] = []
    for run in 0..<5 {
        let output = "out\(run).sqlite"
        let result = try runProcess(
            [modeldiffBinary.path, "migrate", "Bookmarks_V1.sqlite", "--to", bundle, "--output", output], in: folder,
            environment: ["TMPDIR": folder.path])
        #expect(result.status == 0, "run \(run): \(result.stderr)")
        guard result.status == 0 else { continue }
        let verified = try runProcess([modeldiffBinary.path, "store", "verify", output, "--model", bundle], in: folder)
        #expect(verified.status == 0, "run \(run): \(verified.stdout)\(verified.stderr)")
        counts.append(
            try PersistentStore.open(path: folder.appendingPathComponent(output).path).rowCounts().first { $0.entity == "BookmarkEntity" }!
                .count)
    }
    FileManager.default.createFile(atPath: stop, contents: nil)
    group.wait()
    let after = try #require(
        Int(written?.stdout.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""), "the writer failed: \(written?.stderr ?? "")")
    #expect(after > before, "the writer wrote nothing")
    for count in counts { #expect(count >= before && count <= after, "\(count) not in \(before)…\(after)") }
    #expect(counts.count == 5)
    #expect(Set(counts).count > 1 || after == 4000, "every run saw the same state: \(counts)")
}
