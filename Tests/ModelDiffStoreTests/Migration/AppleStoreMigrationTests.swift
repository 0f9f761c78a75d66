import Foundation
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore
import ModelDiffTestSupport
import Testing

@Test func thereAreElevenApplePairs() { #expect(AppleStorePair.all.count == 11) }

@Test(arguments: AppleStorePair.all)
func migratingAppleStoreGivesTheNextAppleLayout(_ pair: AppleStorePair) throws {
    let (folder, source) = try pair.from.copy()
    defer { try? FileManager.default.removeItem(at: folder) }
    let old = try ModelFile.load(path: pair.from.model.path).model
    let new = try ModelFile.load(path: pair.to.model.path).model
    let before = try storeFiles(source)
    let output = folder.appendingPathComponent("migrated.sqlite").path
    let mapping = MappingInference.infer(from: old, to: new)
    try MigrationManager(sourceModel: old, destinationModel: new).migrateStore(from: source.path, to: output, mapping: mapping)
    #expect(try storeFiles(source) == before, "source untouched")

    let ours = try PersistentStore.open(path: output)
    let apple = try PersistentStore.open(path: pair.to.store.path)
    let name = pair.to.store.lastPathComponent
    var actual = try schemaSummary(ours)
    if let replacement = renamedEntityRows[name] { actual = actual.map { $0 == replacement.ours ? replacement.apple : $0 } }
    #expect(actual == (try schemaSummary(apple)).filter { !(knownLeftovers[name] ?? []).contains($0) })
    #expect(ours.metadata.versionHashes == apple.metadata.versionHashes)

    // Sound, and every object carried over: per matched entity, the same number of rows as the source had.
    try expectSoundMigration(output: output, model: new, source: source.path, mapping: mapping)
}

/// The SQL fast path and the three-stage path give the same store: same layout and metadata, the
/// same objects per entity (attribute values compared as multisets), the same number of links.
@Test(arguments: AppleStorePair.all)
func bothPathsGiveTheSameStore(_ pair: AppleStorePair) throws {
    let (folder, source) = try pair.from.copy()
    defer { try? FileManager.default.removeItem(at: folder) }
    let old = try ModelFile.load(path: pair.from.model.path).model
    let new = try ModelFile.load(path: pair.to.model.path).model
    let mapping = MappingInference.infer(from: old, to: new)
    var stores: [PersistentStore] = []
    var fast: [Bool] = []
    for usesFastPath in [true, false] {
        let output = folder.appendingPathComponent("out-\(usesFastPath).sqlite").path
        let manager = MigrationManager(sourceModel: old, destinationModel: new)
        manager.usesStoreSpecificMigrationManager = usesFastPath
        try manager.migrateStore(from: source.path, to: output, mapping: mapping)
        try expectSoundMigration(output: output, model: new, source: source.path, mapping: mapping)
        fast.append(manager.usedFastPath)
        stores.append(try PersistentStore.open(path: output))
        // What `migrate` reports after the fast path: its inserts' change counts, which must be the rows' own count.
        let counted = manager.fastPathObjectCounts?.map { "\($0.entity) \($0.count)" }
        #expect(counted == (manager.usedFastPath ? try stores.last!.rowCounts().map { "\($0.entity) \($0.count)" } : nil))
    }
    #expect(fast[1] == false)
    #expect(try schemaSummary(stores[0]) == (try schemaSummary(stores[1])))
    #expect(stores[0].metadata.versionHashes == stores[1].metadata.versionHashes)
    let layout = StoreLayout(model: new)
    for entity in layout.orderedEntities {
        var tuples: [[String]] = [[], []]
        var links: [Int] = [0, 0]
        for (index, store) in stores.enumerated() {
            try store.forEachObject(of: entity, layout: layout, includingSubentities: false) { object in
                tuples[index].append(object.attributes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "|"))
                links[index] += object.toOne.values.filter { $0 != nil }.count
            }
        }
        #expect(tuples[0].sorted() == tuples[1].sorted(), "\(entity)")
        #expect(links[0] == links[1], "\(entity)")
    }
}

@Test func theFastPathIsTakenForInferableMappings() throws {
    let pair = try #require(AppleStorePair.all.first { $0.from.store.lastPathComponent == "Bookmarks_V1.sqlite" })
    let (folder, source) = try pair.from.copy()
    defer { try? FileManager.default.removeItem(at: folder) }
    let old = try ModelFile.load(path: pair.from.model.path).model
    let new = try ModelFile.load(path: pair.to.model.path).model
    let manager = MigrationManager(sourceModel: old, destinationModel: new)
    let mapping = MappingInference.infer(from: old, to: new)
    let output = folder.appendingPathComponent("out.sqlite").path
    try manager.migrateStore(from: source.path, to: output, mapping: mapping)
    #expect(manager.usedFastPath)
    try expectSoundMigration(output: output, model: new, source: source.path, mapping: mapping)
}
