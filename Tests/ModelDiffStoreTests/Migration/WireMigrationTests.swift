import Foundation
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore
import ModelDiffTestSupport
import Testing

/// Stores with a version that do not migrate yet: none (store1-27's dangling keys are carried over as nil, see below).
let wireMigrationGaps: [String: String] = [:]

/// The dangling keys of Apple's own stores (users deleted without nullifying, see `Wire.unsound`):
/// both paths migrate them as nil and leave the join rows out, with these warnings.
let wireNullifiedKeys: [String: [String]] = [
    "store1-27.wiredatabase": [
        "Connection.to: 4 rows point to a User that does not exist; migrated as nil",
        "Conversation.creator: 4 rows point to a User that does not exist; migrated as nil",
        "Conversation.lastServerSyncedActiveParticipants: 4 rows of Z_2LASTSERVERSYNCEDACTIVEPARTICIPANTS point to a User that does not exist; not copied",
        "Conversation.otherActiveParticipants: 4 rows of Z_2OTHERACTIVEPARTICIPANTS point to a User that does not exist; not copied",
    ]
]

/// Stores whose direct step the SQL fast path leaves to the three-stage path, and why: `User.membership`
/// (new in 2.31.0) is a one-to-one side whose inverse, the kept `Member.user`, a mapping sets, and only
/// the three-stage path sets the inverse with it, as Core Data's context does (`SQLFastPath`).
let wireThreeStageSteps: Set<String> = ["store2-30-0.wiredatabase"]

/// Stores migrated on both paths; the others on the SQL fast path only (CI time).
let wireBothPaths: Set<String> = [
    "store1-24.wiredatabase", "store1-25.wiredatabase", "store1-27.wiredatabase", "store2-65-0.wiredatabase", "store2-8.wiredatabase",
    "store2-30-0.wiredatabase", "store2-53-0.wiredatabase", "store2-80-0.wiredatabase",
    "store2-99-0.wiredatabase",
]

/// Core Data's automatic migration (NSPersistentContainer), as `migrate STORE --to BUNDLE` runs it:
/// one mapping from the store's version straight to the current one, inferred with the bundle's
/// history. The output verifies, has exactly the layout of a store created for the current version,
/// and keeps every object of every entity, on the SQL fast path (and, for `wireBothPaths`, the same
/// objects on the three-stage path). A store whose version the bundle lacks (store1-24, store2-65-0)
/// is migrated from the model Core Data cached in it (Z_MODELCACHE), as Core Data does; the Wire team
/// expects its app to wipe store1-24 instead, which is the app's choice, not Core Data's.
@Test(.tags(.slow), .notInFastTier, arguments: Wire.stores.map(\.lastPathComponent))
func wireStoreMigratesToTheCurrentVersion(_ name: String) throws {
    let bundle = try #require(Wire.bundle)
    let source = Wire.folder.appendingPathComponent("Tests/Resources/\(name)").path
    let sourceStore = try PersistentStore.open(path: source)
    let version = Wire.version(of: sourceStore)
    #expect((version == nil) == (Wire.unmatched[name] != nil), "\(name)")
    let sourceModel = try version?.model ?? sourceStore.cachedModel()
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let current = bundle.current.model
    let layout = StoreLayout(model: current)
    let steps = try StoreMigration.steps(for: sourceStore, bundle: bundle)
    #expect(steps.count == (version?.name == bundle.currentVersionName ? 0 : 1), "\(name): one direct step")
    if version == nil { #expect(steps.first?.from == StoreMigration.cachedVersionName, "\(name): from its cached model") }
    // The current version's own store is migrated onto itself (a copy through the same machinery).
    let mapping = steps.first?.mapping ?? MappingInference.infer(from: sourceModel, to: current)
    var contents: [[String: [String]]] = []
    var joins: [[String: [String]]] = []
    for fastPath in wireBothPaths.contains(name) ? [true, false] : [true] {
        let output = folder.appendingPathComponent("out-\(fastPath).sqlite").path
        let manager = MigrationManager(sourceModel: sourceModel, destinationModel: current)
        manager.usesStoreSpecificMigrationManager = fastPath
        do {
            try manager.migrateStore(from: source, to: output, mapping: mapping)
        } catch {
            let gap = try #require(wireMigrationGaps[name], "\(name): \(error)")
            #expect("\(error)".contains(gap), "\(name): \(error)")
            return
        }
        #expect(wireMigrationGaps[name] == nil, "\(name) migrates now: remove it from wireMigrationGaps")
        // Every direct step is one Core Data runs in place in SQL (new to-ones, orders dropped, ordered join tables),
        // but those of `wireThreeStageSteps`.
        #expect(
            manager.usedFastPath == (fastPath && !wireThreeStageSteps.contains(name)), "\(name): the SQL fast path is used when allowed")
        #expect(manager.nullifiedKeys.map(\.message) == (wireNullifiedKeys[name] ?? []), "\(name)")
        let store = try PersistentStore.open(path: output)
        #expect(store.metadata.versionHashes == current.versionHashes().entityVersionHashes)
        #expect(try StoreVerification(store: store, model: current).problems == [], "\(name)")
        #expect(try schemaSummary(store) == wireCurrentLayout, "\(name)")
        let before = try sourceStore.rowCounts().filter { $0.count > 0 }.map { "\($0.entity) \($0.count)" }.sorted()
        let after = try store.rowCounts().filter { $0.count > 0 }.map { "\($0.entity) \($0.count)" }.sorted()
        #expect(after == before, "\(name): every object is carried over")
        // What `migrate` reports after the fast path: its inserts' change counts, which must be the rows' own count.
        let counted = manager.fastPathObjectCounts?.map { "\($0.entity) \($0.count)" }
        #expect(counted == (manager.usedFastPath ? try store.rowCounts().map { "\($0.entity) \($0.count)" } : nil), "\(name)")
        contents.append(try storeContents(store, layout: layout))
        if wireBothPaths.contains(name) { joins.append(try joinTableContents(store, layout: layout)) }
    }
    if contents.count == 2 { #expect(contents[0] == contents[1], "\(name): both paths give the same objects") }
    if joins.count == 2 {
        for table in Set(joins[0].keys).union(joins[1].keys).sorted() {
            #expect(joins[0][table] == joins[1][table], "\(name): both paths give the same rows of \(table), orders included")
        }
    }
}

/// The ordered many-to-many `Conversation.lastServerSyncedActiveParticipants` ↔
/// `User.lastServerSyncedActiveConversations` keeps both sides' order on the SQL fast path: its join
/// table's rows, order keys included, are copied as they are (Core Data orders each side by its key).
@Test(.tags(.slow), .notInFastTier) func wireOrderedJoinTableKeepsBothOrdersOnTheFastPath() throws {
    let bundle = try #require(Wire.bundle)
    let source = Wire.folder.appendingPathComponent("Tests/Resources/store2-99-0.wiredatabase").path
    let sourceStore = try PersistentStore.open(path: source)
    let mapping = try #require(try StoreMigration.steps(for: sourceStore, bundle: bundle).first?.mapping)
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("out.sqlite").path
    let manager = MigrationManager(sourceModel: try #require(Wire.version(of: sourceStore)?.model), destinationModel: bundle.current.model)
    try manager.migrateStore(from: source, to: output, mapping: mapping)
    #expect(manager.usedFastPath)
    let query = "SELECT * FROM Z_5LASTSERVERSYNCEDACTIVEPARTICIPANTS ORDER BY 1, 2"
    let before = try sourceStore.database.rows(query)
    let after = try PersistentStore.open(path: output).database.rows(query)
    #expect(before.count == 24)
    #expect(after == before)
}
