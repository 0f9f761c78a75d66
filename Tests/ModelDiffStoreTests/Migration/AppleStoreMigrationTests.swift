import Foundation
import ModelDiffKit
import ModelDiffStore
import Testing

/// Consecutive Apple-written stores: migrating store n with the inferred mapping must give store n+1's layout.
struct AppleStorePair: Sendable, CustomStringConvertible {
    let from: StoreFixture
    let to: StoreFixture
    var description: String { "\(from.store.lastPathComponent) → \(to.store.lastPathComponent)" }

    static let all: [AppleStorePair] = {
        let byName = Dictionary(
            StoreFixture.all.map { ($0.store.lastPathComponent + "|" + $0.store.deletingLastPathComponent().lastPathComponent, $0) },
            uniquingKeysWith: { a, _ in a })
        let chains: [(String, [String])] = [
            (
                "11-DDG-BookmarksModel",
                ["Bookmarks_V1.sqlite", "Bookmarks_V2.sqlite", "Bookmarks_V3.sqlite", "Bookmarks_V4.sqlite", "Bookmarks_V5.sqlite"]
            ),
            (
                "04-jeffreybergier-CoreDataMigrationTests",
                [
                    "Example_v1.0.0.sqlite", "Example_v1.1.0.sqlite", "Example_v1.1.2.sqlite", "Example_v1.2.0.sqlite",
                    "Example_v2.0.0.sqlite",
                ]
            ),
            ("06-CoreDataPlus-SampleModel", ["SampleModel_V1.sqlite", "SampleModel_V2.sqlite"]),
            ("02-wibosco-CoreDataMigration-Example", ["CoreDataMigration_Example_1.sqlite", "CoreDataMigration_Example_2.sqlite"]),
            ("03-wibosco-CoreDataMigrationRevised-Example", ["CoreDataMigration_Example_1.sqlite", "CoreDataMigration_Example_2.sqlite"]),
        ]
        return chains.flatMap { folder, stores in
            zip(stores, stores.dropFirst()).compactMap { a, b in
                guard let x = byName[a + "|" + folder], let y = byName[b + "|" + folder] else { return nil }
                return AppleStorePair(from: x, to: y)
            }
        }
    }()
}

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
