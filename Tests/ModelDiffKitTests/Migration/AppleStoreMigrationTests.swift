import Foundation
import Testing
import ModelDiffKit

/// Consecutive Apple-written stores: migrating store n with the inferred mapping must give store n+1's layout.
struct AppleStorePair: Sendable, CustomStringConvertible {
    let from: StoreFixture
    let to: StoreFixture
    var description: String { "\(from.store.lastPathComponent) → \(to.store.lastPathComponent)" }

    static let all: [AppleStorePair] = {
        let byName = Dictionary(StoreFixture.all.map { ($0.store.lastPathComponent + "|" + $0.store.deletingLastPathComponent().lastPathComponent, $0) }, uniquingKeysWith: { a, _ in a })
        let chains: [(String, [String])] = [
            ("11-DDG-BookmarksModel", ["Bookmarks_V1.sqlite", "Bookmarks_V2.sqlite", "Bookmarks_V3.sqlite", "Bookmarks_V4.sqlite", "Bookmarks_V5.sqlite"]),
            ("04-jeffreybergier-CoreDataMigrationTests", ["Example_v1.0.0.sqlite", "Example_v1.1.0.sqlite", "Example_v1.1.2.sqlite", "Example_v1.2.0.sqlite", "Example_v2.0.0.sqlite"]),
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

    // Every object is carried over: per matched entity, the same number of rows as the source had.
    let sourceStore = try PersistentStore.open(path: source.path)
    let sourceCounts = Dictionary(try sourceStore.rowCounts().map { ($0.entity, $0.count) }, uniquingKeysWith: { a, _ in a })
    let oursCounts = Dictionary(try ours.rowCounts().map { ($0.entity, $0.count) }, uniquingKeysWith: { a, _ in a })
    for entityMapping in mapping.entityMappings where entityMapping.type == .copy || entityMapping.type == .transform {
        if let s = entityMapping.sourceEntity, let d = entityMapping.destinationEntity {
            #expect(oursCounts[d] == sourceCounts[s], "\(s) → \(d)")
        }
    }
    #expect(try ours.database.rows("PRAGMA integrity_check") == [[.text("ok")]])
    #expect(try StoreVerification(store: ours, model: new).problems == [])
}
