import Foundation
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore
import ModelDiffTestSupport
import Testing

/// The join tables of `layout`, one line each: the table and its columns, sorted (the column order of a
/// join table is checked with the rest of the layout; here the names are the point).
private func joinLines(_ layout: StoreLayout) -> [String] {
    layout.joinTables.map { join in
        let columns = [join.sourceColumn, join.destinationColumn] + join.orderColumns.map(\.column)
        return "\(join.name) (\(columns.sorted().joined(separator: ", ")))"
    }.sorted()
}

/// The tables of `store` that are join tables (`Z_<digits>…`), one line each as `joinLines` writes them.
private func storeJoinLines(_ store: PersistentStore) throws -> [String] {
    try store.tableNames().filter { $0.hasPrefix("Z_") && $0.dropFirst(2).first?.isNumber == true }.map { table in
        let columns = try store.database.rows("SELECT name FROM pragma_table_info(?)", [.text(table)]).compactMap { row -> String? in
            if case .text(let name) = row[0] { name } else { nil }
        }
        return "\(table) (\(columns.sorted().joined(separator: ", ")))"
    }.sorted()
}

/// Every Apple-written store in `../shared` whose version is found (Wire's 80, the fixtures, XcodeServer's
/// two): the join tables Core Data's walk names for that version (`ManyToManyNaming`), with their key and
/// order columns, are the store's own, without adopting the store's names. Wire's 2.89 to 2.95
/// (`Z_25TRUSTEDCLIENTS`, where 2.96 on have `…TRUSTEDBYCLIENTS`) are named so only with the Leopard hash
/// and mix in 32 bits (docs/STORE.md, "Pairs on one entity"). A difference is reported with the earlier
/// bundle version whose walk names the store's table, if any.
@Test(.tags(.slow), .notInFastTier)
func everyAppleStoreHasTheJoinTablesCoreDataNames() throws {
    var report = ""
    let wireVersions = Wire.bundle?.versions ?? []
    for url in corpusStores() {
        let store = try PersistentStore.open(path: url.path)
        guard let model = appleStoreModel(of: store, at: url) else { continue }
        let computed = joinLines(StoreLayout(model: model))
        let actual = try storeJoinLines(store)
        guard computed != actual else { continue }
        let relative = url.path.replacingOccurrences(of: Paths.shared.path + "/", with: "")
        report += "\(relative)\n"
        let earlier = wireVersions.prefix { $0.model != model }
        for line in actual where !computed.contains(line) {
            let origin = earlier.last { joinLines(StoreLayout(model: $0.model)).contains(line) }
            let reason = origin.map { "kept from \($0.name), whose walk names it so" } ?? "no walk names it"
            report += "  store only: \(line) — \(reason)\n"
        }
        report += computed.filter { !actual.contains($0) }.map { "  computed only: \($0)\n" }.joined()
    }
    #expect(report.isEmpty, "\(report)")
}

/// The model version `store` was written with: Wire's by its bundle, the others by the bundles of their
/// case folder (`fixtures/NN-name`, `models/more-stores/name`).
private func appleStoreModel(of store: PersistentStore, at url: URL) -> Model? {
    if url.path.contains("wire-ios-data-model") { return Wire.version(of: store)?.model }
    var folder = url.deletingLastPathComponent()
    // Up to the case folder: the first folder above the store holding a model bundle.
    while folder.path.count > Paths.shared.path.count {
        var bundles: [ModelBundle] = []
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let file = walker?.nextObject() as? URL {
            guard file.pathExtension == "xcdatamodeld" else { continue }
            walker?.skipDescendants()
            if let bundle = try? ModelBundle.load(path: file.path) { bundles.append(bundle) }
        }
        for bundle in bundles {
            let match = StoreVersionMatch(storeHashes: store.metadata.versionHashes, versions: bundle.versions.map { ($0.name, $0.model) })
            if let name = match.versionName, let version = bundle.version(named: name) { return version.model }
        }
        if !bundles.isEmpty { return nil }
        folder = folder.deletingLastPathComponent()
    }
    return nil
}

private let taggedPairs = Paths.testModels.appendingPathComponent("TaggedPairs.xcdatamodeld")

/// Five entities' `tags` point at `Tag` (one of them inherited by a sub-entity whose name sorts before
/// its parent's), with a pair on `Tag` itself (`broader` / `narrower`) and a to-many that is its own
/// inverse (`synonyms`): the computed tables, columns and indexes, pinned in a golden file. The walk in
/// name order names `Article`'s, `Camera`'s, `Device`'s and `Note`'s tables after their side, `Tag`'s
/// key columns `Z_5TAGS`, `Z_5TAGS1` … in the order the walk reaches them.
@Test func manyToManyPairsOnOneEntityAreNamedInCoreDataWalkOrder() throws {
    let model = try ModelFile.load(path: taggedPairs.appendingPathComponent("V1.xcdatamodel").path).model
    let layout = StoreLayout(model: model)
    try expectGolden(layout.createStatements.joined(separator: "\n") + "\n", named: "store/tagged-pairs-layout.sql")
    #expect(layout.joinTables.map(\.name).contains("Z_1TAGS"))
    #expect(layout.joinTables.filter { $0.name.hasPrefix("Z_5") }.count == 4)
}

private let versionChains = Paths.testModels.appendingPathComponent("VersionChains.xcdatamodeld")

/// Three entities, each with a many-to-many pair `next` / `previous` to itself and its own attributes.
/// The name in the lower slot of the entity's Tiger table names the table, and the Tiger table is filled
/// in the slot order of the entity's Leopard table, whose hash and mix Core Data computes in 32 bits:
/// `Errand` and `Journey` come out `…PREVIOUS` (computed in 64 bits, their Leopard order puts `next`
/// first, `Z_1NEXT`, `Z_2NEXT`, as it does for CareKit 2.1's entities 1, 7 and 9, whose Apple-written
/// store has `Z_<n>PREVIOUS`); `Memo` is `Z_3NEXT` either way.
@Test func pairsOnOneEntityFollowTheLeopardHashIn32Bits() throws {
    let model = try ModelFile.load(path: versionChains.appendingPathComponent("V1.xcdatamodel").path).model
    let layout = StoreLayout(model: model)
    #expect(
        joinLines(layout) == [
            "Z_1PREVIOUS (Z_1NEXT, Z_1PREVIOUS)", "Z_2PREVIOUS (Z_2NEXT, Z_2PREVIOUS)", "Z_3NEXT (Z_3NEXT, Z_3PREVIOUS)",
        ])
}

/// `_PF_Leopard_CFStringHashNSString` and the mix of `_PF_Leopard_CFDictionaryFindBuckets2` in 32 bits,
/// pinned to the values an independent transcription of the decompiled code (a throwaway script, not
/// kept) gives: the names of CareKit's and Wire's pairs, and a name of 100 code units, which hashes three
/// samples of 32 seeded with its length.
@Test func theLeopardHashAndMixAre32BitAsDecompiled() {
    let cases: [(String, UInt32, UInt32)] = [
        ("previous", 1_854_464_901, 1_175_296_542), ("next", 2_086_894_067, 109_378_612),
        ("trustedClients", 2_449_085_419, 3_693_953_264), ("trustedByClients", 786_105_768, 3_586_053_028),
        (
            String(repeating: "a", count: 40) + String(repeating: "b", count: 30) + String(repeating: "c", count: 30), 1_556_836_060,
            3_658_921_033
        ),
    ]
    for (name, hash, mixed) in cases {
        #expect(LeopardTable.hash(name) == hash, "\(name)")
        #expect(LeopardTable.mix(LeopardTable.hash(name)) == mixed, "\(name)")
    }
}

/// `store seed` of the same model writes those tables, fills each, and `store verify` passes the store.
@Test func aSeededStoreOfChainsHasTheTablesCoreDataNames() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let seed = try runModeldiff(["store", "seed", versionChains.path, "--objects", "6", "--output", "chains.sqlite"], in: folder)
    #expect(seed.status == 0, "\(seed.stderr)")
    let verify = try runModeldiff(["store", "verify", "chains.sqlite", "--model", versionChains.path], in: folder)
    #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
    let store = try PersistentStore.open(path: folder.appendingPathComponent("chains.sqlite").path)
    #expect(
        try store.tableNames().filter { $0.hasPrefix("Z_") && $0.dropFirst(2).first?.isNumber == true }.sorted() == [
            "Z_1PREVIOUS", "Z_2PREVIOUS", "Z_3NEXT",
        ])
    for table in ["Z_1PREVIOUS", "Z_2PREVIOUS", "Z_3NEXT"] {
        let count = try store.database.rows("SELECT COUNT(*) FROM \(table)").first?.first
        #expect(count != .integer(0), "\(table) holds no link")
    }
}

/// `store seed` writes the tables the algorithm names (so Core Data opening the store with the same
/// model finds its own names), every join table gets links, and `store verify` and `store info` pass.
@Test func aSeededStoreHasTheJoinTablesCoreDataNames() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let seed = try runModeldiff(
        ["store", "seed", taggedPairs.path, "--objects", "8", "--seed", "5", "--output", "tagged.sqlite"], in: folder)
    #expect(seed.status == 0, "\(seed.stderr)")
    let verify = try runModeldiff(["store", "verify", "tagged.sqlite", "--model", taggedPairs.path], in: folder)
    #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
    let info = try runModeldiff(["store", "info", "tagged.sqlite", "--model", taggedPairs.path], in: folder)
    #expect(info.status == 0, "\(info.stdout)\(info.stderr)")
    let model = try ModelFile.load(path: taggedPairs.appendingPathComponent("V1.xcdatamodel").path).model
    let store = try PersistentStore.open(path: folder.appendingPathComponent("tagged.sqlite").path)
    let layout = StoreLayout(model: model)
    #expect(try storeJoinLines(store) == joinLines(layout))
    for join in layout.joinTables {
        let count = try store.database.rows("SELECT COUNT(*) FROM \(join.name)").first?.first
        #expect(count != .integer(0), "\(join.name) holds no link")
    }
}

/// Wire's current version: `UserClient.trustedClients` / `trustedByClients` is `Z_24TRUSTEDBYCLIENTS`, as
/// in Apple's stores from 2.96 on, so a store modeldiff creates or migrates to it has Apple's name.
@Test func wiresCurrentVersionNamesTheTrustTableAfterTrustedByClients() throws {
    let bundle = try #require(Wire.bundle)
    let current = try #require(bundle.version(named: "zmessaging2.101.0"))
    let layout = StoreLayout(model: current.model)
    let trust = try #require(layout.joinTables.first { $0.relationship.entity == "UserClient" && $0.name.contains("TRUSTED") })
    #expect(trust.name == "Z_24TRUSTEDBYCLIENTS")
}

/// A store whose join table is under the other side's name (no Apple store checked has one; a framework
/// that walked the keys otherwise would write one, docs/STORE.md, "Pairs on one entity"): `test --store`
/// reads it through the store's own names, as `migrate` and `store verify` do, and passes, never showing
/// SQLite's "no such table"; `store verify` and `migrate` warn that Core Data would look for the other
/// name. The store is seeded, then its join table renamed to the name the walk does not give.
@Test func aStoreWithItsJoinTableUnderTheOtherSidesNameIsTestedAndMigrated() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let bundle = Paths.testModels.appendingPathComponent("ChainedPlans.xcdatamodeld")
    let v1 = bundle.appendingPathComponent("V1.xcdatamodel").path
    let seed = try runModeldiff(["store", "seed", v1, "--objects", "6", "--output", "plans.sqlite"], in: folder)
    #expect(seed.status == 0, "\(seed.stderr)")
    let layout = StoreLayout(model: try ModelFile.load(path: v1).model)
    let join = try #require(layout.joinTables.first)
    let other = join.name.hasSuffix("NEXT") ? "Z_1PREVIOUS" : "Z_1NEXT"
    var links: SQLiteValue?
    do {
        let writable = try PersistentStore.open(path: folder.appendingPathComponent("plans.sqlite").path, writable: true)
        links = try writable.database.rows("SELECT COUNT(*) FROM \(join.name)").first?.first
        let indexes = try writable.database.rows(
            "SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name = ?", [.text(join.name)])
        for index in indexes { if case .text(let name) = index[0] { try writable.database.execute("DROP INDEX \(name)") } }
        try writable.database.execute("ALTER TABLE \(join.name) RENAME TO \(other)")
    }
    #expect(links != nil && links != .integer(0))
    // `store verify` passes the store and says, once, that Core Data would look for the other name.
    let verify = try runModeldiff(["store", "verify", "plans.sqlite", "--model", v1], in: folder)
    #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
    let warnings = verify.stderr.split(separator: "\n").filter { $0.contains("is under the other side's name") }
    #expect(warnings.count == 1 && warnings.allSatisfy { $0.hasPrefix("plans.sqlite: warning: join table \(other) ") }, "\(verify.stderr)")
    #expect(warnings.first?.contains("Core Data names it \(join.name) ") == true, "\(verify.stderr)")
    let tested = try runModeldiff(["test", bundle.path, "--store", "plans.sqlite"], in: folder)
    #expect(tested.status == 0, "\(tested.stdout)\(tested.stderr)")
    #expect(!tested.stdout.contains("no such table") && !tested.stderr.contains("no such table"))
    let migrated = try runModeldiff(["migrate", "plans.sqlite", "--to", bundle.path, "--output", "plans-v2.sqlite"], in: folder)
    #expect(migrated.status == 0, "\(migrated.stderr)")
    // `migrate` says the same once, and writes the output under Core Data's name.
    #expect(
        migrated.stderr.split(separator: "\n").filter { $0.hasPrefix("plans.sqlite: warning: join table \(other) ") }.count == 1,
        "\(migrated.stderr)")
    let output = try PersistentStore.open(path: folder.appendingPathComponent("plans-v2.sqlite").path)
    #expect(try output.database.rows("SELECT COUNT(*) FROM \(join.name)").first?.first == links)
}
