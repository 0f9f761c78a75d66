import Foundation
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore
import ModelDiffTestSupport
import Testing

@Test(arguments: StoreFixture.all)
func emptyStoreMatchesApplesLayout(_ fixture: StoreFixture) throws {
    let apple = try PersistentStore.open(path: fixture.store.path)
    let model = try ModelFile.load(path: fixture.model.path).model
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let ours = try PersistentStore.create(path: folder.appendingPathComponent("new.sqlite").path, model: model)
    let leftovers = knownLeftovers[fixture.store.lastPathComponent] ?? []
    let expected = try schemaSummary(apple).filter { !leftovers.contains($0) }
    var actual = try schemaSummary(ours)
    if let replacement = renamedEntityRows[fixture.store.lastPathComponent] {
        actual = actual.map { $0 == replacement.ours ? replacement.apple : $0 }
    }
    if fixture.store.lastPathComponent == "Recipes.sqlite" {
        // iPhone OS 3 (framework 241) laid VARCHAR columns out in the Xcode 3 model's own property
        // order, which the XML transcription does not keep; the columns themselves match. That
        // framework had no Z_MODELCACHE yet.
        #expect(actual.filter { !$0.contains("Z_MODELCACHE") }.map(sortedColumns) == expected.map(sortedColumns))
    } else {
        #expect(actual == expected)
    }
    let keys = Set(apple.metadata.values.keys).subtracting([
        "NSStoreModelVersionChecksumKey", "NSStoreModelVersionHashesDigest", "NSPersistenceMaximumFrameworkVersion",
        "NSPersistenceFrameworkVersion", "NSStoreModelVersionHashesVersion", "NSStoreModelVersionIdentifiers", "_NSAutoVacuumLevel",
        "NSStoreType", "NSStoreUUID", "NSStoreModelVersionHashes",
    ])
    #expect(
        keys.isEmpty
            || keys.allSatisfy {
                $0.hasPrefix("NSPersistentHistory") || $0.hasPrefix("NSStoreModelVersionChecksum") || $0.hasPrefix("_NS")
                    || $0.hasPrefix("PersistentHistory") || !$0.hasPrefix("NS")
            }, "\(keys)")
    #expect(ours.metadata.versionHashes == apple.metadata.versionHashes)
    // Every key Core Data itself writes (the app's own keys aside) is in ours too.
    let coreDataKeys = Set(apple.metadata.values.keys).filter { $0.hasPrefix("NS") || $0.hasPrefix("_NS") }
    #expect(
        coreDataKeys.subtracting(ours.metadata.values.keys).isEmpty,
        "missing: \(coreDataKeys.subtracting(ours.metadata.values.keys).sorted())")
    #expect(ours.metadata.string("NSStoreType") == "SQLite")
    // Core Data keeps the UUID in Z_UUID, never in Z_PLIST; so do we.
    #expect(apple.metadata.string("NSStoreUUID") == nil)
    #expect(ours.metadata.string("NSStoreUUID") == nil)
    #expect(try ours.storeUUID()?.count == 36)
}

/// Indexes Apple's stores still carry from earlier model versions: Core Data's in-place migration
/// does not drop an index the new model no longer declares.
let knownLeftovers: [String: Set<String>] = [
    "Bookmarks_V2.sqlite": [
        "CREATE INDEX Z_BookmarkEntity_uuid ON ZBOOKMARKENTITY (ZUUID COLLATE BINARY ASC)",
        "CREATE INDEX Z_BookmarkEntity_url ON ZBOOKMARKENTITY (ZURL COLLATE BINARY ASC)",
    ],
    "Bookmarks_V3.sqlite": [pendingDeletionIndex],
    "Bookmarks_V4.sqlite": [pendingDeletionIndex],
    "Bookmarks_V5.sqlite": [pendingDeletionIndex],
]

let pendingDeletionIndex = "CREATE INDEX Z_BookmarkEntity_isPendingDeletion ON ZBOOKMARKENTITY (ZISPENDINGDELETION COLLATE BINARY ASC)"

/// Core Data's in-place migration keeps a renamed entity's old name in Z_PRIMARYKEY.
let renamedEntityRows: [String: (ours: String, apple: String)] = [
    "SampleModel_V2.sqlite": ("Z_PRIMARYKEY 3 LuxuryCar super 2", "Z_PRIMARYKEY 3 ExpensiveSportCar super 2")
]

private func sortedColumns(_ line: String) -> String {
    guard line.hasPrefix("CREATE TABLE"), let open = line.firstIndex(of: "("), let close = line.lastIndex(of: ")") else { return line }
    let columns = line[line.index(after: open)..<close].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.sorted()
    return String(line[..<open]) + columns.joined(separator: ", ")
}
