import Foundation
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore
import ModelDiffTestSupport
import Testing

/// Property: whatever the names, migrating never writes anywhere but the output. Models with random
/// names (quotes, semicolons, comment starts, spaces, SQL keywords, non-ASCII, very long), a store of
/// one, migrated into a second random-named model on both paths: the source's bytes are unchanged,
/// its folder holds exactly the source and the output, and the working directory gains nothing.
/// A failure prints its seed; `MODELDIFF_NAME_SEED=<seed>` replays that one case.
@Test(.tags(.slow), .notInFastTier) func migratingRandomlyNamedModelsWritesOnlyTheOutput() throws {
    let replay = ProcessInfo.processInfo.environment["MODELDIFF_NAME_SEED"].flatMap { UInt64($0) }
    var master = SeededGenerator(seed: 0x5EED_0014)
    let seeds = replay.map { [$0] } ?? (0..<24).map { _ in master.next() }
    let started = Date()
    for seed in seeds {
        try checkRandomNames(seed: seed)
        if replay == nil && Date().timeIntervalSince(started) > 8 { break }  // bounded: a few seconds on a loaded machine
    }
}

/// Pieces names are made of: what breaks SQL text, what SQL reads specially, and ordinary letters.
private let freePieces = [
    "\"", "'", ";", " ", "--", "/*", "*/", ")", "(", ",", "`", "[", "]", "%", "?", "#", "\\", "\n", "\t",
    "DROP TABLE Z_PRIMARYKEY", "ATTACH DATABASE 'PWNED.DB' AS p", "VACUUM INTO 'pwned.db'", "SELECT", "main.", "src.",
    "é", "名前", "Ω", "🙂", "a", "b", "Z", "_", "1",
]
/// Pieces of expression keys (property names a mapping's expressions name): letters of any script, digits, `_`.
private let keyPieces = ["a", "b", "Z", "_", "1", "é", "名", "Ω", "select", "from", "where", "rowid", "main", "src"]

private func randomName<G: RandomNumberGenerator>(_ pieces: [String], using generator: inout G, startsWithLetter: Bool = false) -> String {
    let count = Int.random(in: 1...8, using: &generator)
    var name = (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined()
    if Int.random(in: 0..<10, using: &generator) == 0 { name += String(repeating: name, count: 200 / max(1, name.count)) }  // very long
    // Core Data reserves the columns a leading `_` would collide with (`Z_PK`, `Z_PRIMARYKEY`, …).
    if startsWithLetter || name.hasPrefix("_") { name = "k" + name }
    return name
}

private func checkRandomNames(seed: UInt64) throws {
    var generator = SeededGenerator(seed: seed)
    let context = "seed \(seed) (replay with MODELDIFF_NAME_SEED=\(seed))"
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = folder.appendingPathComponent("source.sqlite").path
    let output = folder.appendingPathComponent("output.sqlite").path
    // Entity names go into the mapping's string literals, which the inferred mapping does not escape: no `"` or `\`.
    let entityPieces = freePieces.filter { $0 != "\"" && $0 != "\\" }
    var names: [HostileNames] = []
    for _ in 0..<2 {
        names.append(
            HostileNames(
                entity: { _ in randomName(entityPieces, using: &generator) },
                key: { _ in randomName(keyPieces, using: &generator, startsWithLetter: true) },
                free: { _ in randomName(freePieces, using: &generator) }))
    }
    try names[0].makeStore(at: source)
    let before = try FolderSnapshot(folder)
    let workingDirectory = FolderSnapshot.workingDirectoryNames()
    let (v1, v2) = (names[0].model(), names[1].model(renamedFrom: names[0]))
    let step = MigrationStep(
        from: "v1", to: "v2", source: v1, destination: v2, mapping: MappingInference.infer(from: v1, to: v2), mappingPath: nil)
    for fastPath in [true, false] {
        let result = Result {
            try StoreMigration.run([step], source: source, output: output, overwrite: true) { manager, _ in
                manager.usesStoreSpecificMigrationManager = fastPath
            }
        }
        let after = try FolderSnapshot(folder)
        #expect(
            after.files.filter { $0.key != "output.sqlite" } == before.files,
            "\(context), fast path \(fastPath): the source's folder changed")
        #expect(
            Set(after.files.keys).subtracting(["output.sqlite"]) == Set(before.files.keys),
            "\(context): files appeared: \(after.files.keys.sorted())")
        #expect(FolderSnapshot.workingDirectoryNames() == workingDirectory, "\(context): the working directory changed")
        switch result {
        case .success(let fast):
            #expect(fast == [fastPath], "\(context): the SQL fast path was \(fastPath ? "not " : "")used")
            let counts = try StoreVerification(store: PersistentStore.open(path: output), model: v2).counts
            #expect(counts.map(\.count).reduce(0, +) == 6, "\(context), fast path \(fastPath): \(counts)")
        case .failure(let error):
            Issue.record("\(context), fast path \(fastPath): the migration failed: \(error)")
        }
    }
}
