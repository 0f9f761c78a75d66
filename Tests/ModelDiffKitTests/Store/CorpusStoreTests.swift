import Foundation
import Testing
import ModelDiffKit

/// Every SQLite store under `../shared/fixtures` and `../shared/models`, found by its file header, so a
/// store added there later is covered without new code (its lines appear in the golden summary).
func corpusStores() -> [URL] {
    var stores: [URL] = []
    for root in [Paths.fixtures, Paths.models] {
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else { continue }
        for case let url as URL in walker where !["-wal", "-shm", "-journal"].contains(where: url.lastPathComponent.hasSuffix) {
            guard let handle = try? FileHandle(forReadingFrom: url) else { continue }
            let header = (try? handle.read(upToCount: 16)) ?? Data()
            try? handle.close()
            if header == Data("SQLite format 3\0".utf8) { stores.append(url) }
        }
    }
    return stores.sorted { $0.path < $1.path }
}

/// The model versions a store may have been written with: every version of every bundle in the store's
/// case folder (`fixtures/NN-name`, `models/name`), and every loose `.xcdatamodel` there.
private struct CaseModels: Sendable {
    let bundles: [ModelBundle]
    let loose: [(name: String, model: Model)]

    init(caseFolder: URL) {
        var bundles: [ModelBundle] = []
        var loose: [(String, Model)] = []
        let walker = FileManager.default.enumerator(at: caseFolder, includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            if url.pathExtension == "xcdatamodeld" {
                if let bundle = try? ModelBundle.load(path: url.path) { bundles.append(bundle) }
                walker?.skipDescendants()
            } else if url.pathExtension == "xcdatamodel", let loaded = try? ModelFile.load(path: url.path) {
                loose.append((url.path.replacingOccurrences(of: caseFolder.path + "/", with: ""), loaded.model))
            }
        }
        self.bundles = bundles
        self.loose = loose
    }
}

/// One store's line in the summary: its version, its layout against the one computed for that version,
/// `store verify`, and its migration to its bundle's current version (as `migrate STORE --to BUNDLE`).
private func summary(of url: URL, models: CaseModels) -> String {
    let relative = url.path.replacingOccurrences(of: Paths.shared.path + "/", with: "")
    var text = "\(relative)\n"
    do {
        let store = try PersistentStore.open(path: url.path)
        let hashes = store.metadata.versionHashes
        var found: (name: String, model: Model, bundle: ModelBundle?)?
        for bundle in models.bundles {
            let match = StoreVersionMatch(storeHashes: hashes, versions: bundle.versions.map { ($0.name, $0.model) })
            if let name = match.versionName, let version = bundle.version(named: name) { found = (name, version.model, bundle); break }
        }
        if found == nil, let loose = models.loose.first(where: { StoreVersionMatch(storeHashes: hashes, versions: [$0]).versionName != nil }) {
            found = (loose.name, loose.model, nil)
        }
        if found == nil {
            // As Core Data does for a store no model names: the model cached in it, migrated to the
            // current version of the bundle whose closest version differs in the fewest entities.
            let closest = models.bundles.map { bundle in
                (bundle, StoreVersionMatch(storeHashes: hashes, versions: bundle.versions.map { ($0.name, $0.model) }).differingEntities.count)
            }.min { $0.1 < $1.1 }?.0
            do {
                found = (StoreMigration.cachedVersionName, try store.cachedModel(), closest)
            } catch {
                return text + "  version: none in its folder; \(error.message)\n"
            }
            text += "  version: none in its folder; read with its cached model (Z_MODELCACHE)\n"
        }
        guard let (name, model, bundle) = found else { return text + "  version: none in its folder\n" }
        if name != StoreMigration.cachedVersionName {
            text += "  version: \(name)\(bundle.map { " of \(($0.path as NSString).lastPathComponent)" } ?? "")\n"
        }
        text += try layoutLines(of: store, model: model, label: "layout")
        let problems = try StoreVerification(store: store, model: model).problems
        text += "  verify: \(problems.isEmpty ? "ok" : problems.joined(separator: "; "))\n"
        guard let bundle else { return text }
        let steps = try StoreMigration.steps(for: store, bundle: bundle)
        guard !steps.isEmpty else { return text + "  migrate: at the current version\n" }
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("migrated.sqlite").path
        do {
            try StoreMigration.run(steps, source: url.path, output: output)
        } catch {
            return text + "  migrate → \(bundle.currentVersionName): \(error)\n"
        }
        let migrated = try PersistentStore.open(path: output)
        let before = try store.rowCounts().reduce(0) { $0 + $1.count }
        let after = try migrated.rowCounts().reduce(0) { $0 + $1.count }
        let verified = try StoreVerification(store: migrated, model: bundle.current.model).problems
        text += "  migrate → \(bundle.currentVersionName): \(after) of \(before) objects, verify \(verified.isEmpty ? "ok" : verified.joined(separator: "; "))\n"
        text += try layoutLines(of: migrated, model: bundle.current.model, label: "migrated layout")
    } catch {
        text += "  error: \(error)\n"
    }
    return text
}

/// The store's schema against that of an empty store modeldiff creates for `model`: `same`, or each
/// line only one of them has (Apple's in-place migrations leave indexes and columns behind).
private func layoutLines(of store: PersistentStore, model: Model, label: String) throws -> String {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fresh = try PersistentStore.create(path: folder.appendingPathComponent("fresh.sqlite").path, model: model)
    let (theirs, ours) = (try schemaSummary(store), try schemaSummary(fresh))
    guard theirs != ours else { return "  \(label): same\n" }
    let (theirSet, ourSet) = (Set(theirs), Set(ours))
    var text = "  \(label): differs\n"
    for line in theirs where !ourSet.contains(line) { text += "    store only: \(line)\n" }
    for line in ours where !theirSet.contains(line) { text += "    computed only: \(line)\n" }
    if theirSet == ourSet { text += "    same lines, another order\n" }
    return text
}

/// Every store of the corpus: its version, layout, verification and migration to the current version,
/// pinned in one golden summary. Stores run in parallel; the summary keeps the path order.
@Test func everyStoreOfTheCorpusIsReadVerifiedAndMigrated() throws {
    let stores = corpusStores()
    #expect(stores.count >= 82 + 23)
    var caseFolders: [URL: CaseModels] = [:]
    let roots = [Paths.fixtures, Paths.models]
    func caseFolder(of url: URL) -> URL {
        let root = roots.first { url.path.hasPrefix($0.path + "/") }!
        let first = url.path.dropFirst(root.path.count + 1).split(separator: "/").first.map(String.init) ?? ""
        return root.appendingPathComponent(first)
    }
    for url in stores where caseFolders[caseFolder(of: url)] == nil {
        caseFolders[caseFolder(of: url)] = CaseModels(caseFolder: caseFolder(of: url))
    }
    let lines = SummaryLines(count: stores.count)
    let models = stores.map { caseFolders[caseFolder(of: $0)]! }
    DispatchQueue.concurrentPerform(iterations: stores.count) { index in
        lines.set(index, summary(of: stores[index], models: models[index]))
    }
    // Paths relative to ../shared, in messages too, so the summary is the same in any checkout.
    try expectGolden(lines.all.joined().replacingOccurrences(of: Paths.shared.path + "/", with: ""), named: "corpus/stores.txt")
}

/// The summary's lines, filled in by concurrent workers.
private final class SummaryLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String]

    init(count: Int) { lines = Array(repeating: "", count: count) }

    func set(_ index: Int, _ line: String) { lock.withLock { lines[index] = line } }

    var all: [String] { lock.withLock { lines } }
}
