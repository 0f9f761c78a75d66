import Foundation
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore
import ModelDiffTestSupport
import Testing

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
            if let name = match.versionName, let version = bundle.version(named: name) {
                found = (name, version.model, bundle)
                break
            }
        }
        if found == nil,
            let loose = models.loose.first(where: { StoreVersionMatch(storeHashes: hashes, versions: [$0]).versionName != nil })
        {
            found = (loose.name, loose.model, nil)
        }
        if found == nil {
            // As Core Data does for a store no model names: the model cached in it, migrated to the
            // current version of the bundle whose closest version differs in the fewest entities.
            let closest = models.bundles.map { bundle in
                (
                    bundle,
                    StoreVersionMatch(storeHashes: hashes, versions: bundle.versions.map { ($0.name, $0.model) }).differingEntities.count
                )
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
        var managers: [MigrationManager] = []
        do {
            try StoreMigration.run(steps, source: url.path, output: output) { manager, _ in managers.append(manager) }
        } catch {
            return text + "  migrate → \(bundle.currentVersionName): \(error)\n"
        }
        let migrated = try PersistentStore.open(path: output)
        let before = try store.rowCounts().reduce(0) { $0 + $1.count }
        let after = try migrated.rowCounts().reduce(0) { $0 + $1.count }
        let verified = try StoreVerification(store: migrated, model: bundle.current.model).problems
        text +=
            "  migrate → \(bundle.currentVersionName): \(after) of \(before) objects, verify \(verified.isEmpty ? "ok" : verified.joined(separator: "; "))\n"
        for keys in managers.flatMap(\.nullifiedKeys) { text += "    warning: \(keys.message)\n" }
        text += try layoutLines(of: migrated, model: bundle.current.model, label: "migrated layout", writtenByCoreData: false)
    } catch {
        text += "  error: \(error)\n"
    }
    return text
}

/// The store's structure against that of an empty store modeldiff creates for `model`, compared as
/// `store info --model` and `store verify` read a store: with the store's own join-table names adopted,
/// and, for a store of a framework before 847 (iOS 11), the index names that framework gave indexed
/// attributes and compound indexes (`WireLayout.asWritten`). `same`, or each line only one of them has:
/// what is left is genuine (Apple's in-place migrations leave indexes and columns behind).
///
/// A store modeldiff migrated keeps its source's `NSPersistenceFrameworkVersion` but was written with
/// today's names: `writtenByCoreData` false compares it without the translation.
private func layoutLines(of store: PersistentStore, model: Model, label: String, writtenByCoreData: Bool = true) throws -> String {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fresh = try adoptedFreshStore(model: model, like: store, at: folder.appendingPathComponent("fresh.sqlite").path)
    let framework = writtenByCoreData ? store.metadata.integer("NSPersistenceFrameworkVersion") ?? Int.max : Int.max
    // One line per table (its columns in order), index and Z_PRIMARYKEY row: compared as sets, since
    // the lines' own order is only that of their names (which the translation changes).
    let theirs = try storeStructure(store).sorted()
    let ours = try storeStructure(fresh).map { WireLayout.asWritten(byFramework: framework, $0, model: model) }.sorted()
    guard theirs != ours else { return "  \(label): same\n" }
    let (theirSet, ourSet) = (Set(theirs), Set(ours))
    var text = "  \(label): differs\n"
    let storeOnly = theirs.filter { !ourSet.contains($0) }
    let computedOnly = ours.filter { !theirSet.contains($0) }
    for line in storeOnly { text += "    store only: \(line)\(LayoutDifference.reason(storeOnly: line, store: theirs, computed: ours))\n" }
    for line in computedOnly { text += "    computed only: \(line)\(LayoutDifference.reason(computedOnly: line, store: storeOnly))\n" }
    if theirSet == ourSet { text += "    the same lines, one of them twice\n" }
    return text
}

/// Names what a line found on one side only is, by rules on the two structures (each reason says what
/// was seen, not a guess about history): how Core Data's in-place migrations leave a store.
private enum LayoutDifference {
    /// A table line: its name and its columns in order.
    static func table(_ line: String) -> (name: String, columns: [String])? {
        guard line.hasPrefix("table "), let open = line.firstIndex(of: "("), line.hasSuffix(")") else { return nil }
        let name = String(line.dropFirst("table ".count)[..<open]).trimmingCharacters(in: .whitespaces)
        let columns = line[line.index(after: open)..<line.index(before: line.endIndex)].components(separatedBy: ", ")
        return (name, columns)
    }

    /// An index line: its name, table and columns.
    static func index(_ line: String) -> (name: String, table: String, columns: String)? {
        let body =
            line.hasPrefix("unique index ")
            ? line.dropFirst("unique index ".count) : line.hasPrefix("index ") ? line.dropFirst("index ".count) : nil
        guard let body, let on = body.range(of: " on "), let open = body.firstIndex(of: "(") else { return nil }
        return (
            String(body[..<on.lowerBound]), String(body[on.upperBound..<open]).trimmingCharacters(in: .whitespaces), String(body[open...])
        )
    }

    static func reason(storeOnly line: String, store: [String], computed: [String]) -> String {
        if let mine = table(line), let other = computed.compactMap(table).first(where: { $0.name == mine.name }) {
            return " — " + tableReason(store: mine.columns, computed: other.columns)
        }
        if line.hasPrefix("Z_PRIMARYKEY "), let number = line.split(separator: " ").dropFirst().first,
            computed.contains(where: { $0.hasPrefix("Z_PRIMARYKEY \(number) ") })
        {
            return " — the row of entity \(number) under another entity's name"
        }
        if let mine = index(line) {
            let same = store.compactMap(index).filter { $0.name != mine.name && $0.table == mine.table && $0.columns == mine.columns }
            let current = Set(computed.compactMap(index).map(\.name))
            if let twin = same.first(where: { current.contains($0.name) }) {
                return " — a second index on the same columns as \(twin.name), under an earlier name"
            }
            if let twin = same.first { return " — an index on the same columns as \(twin.name), neither under the computed name" }
            return " — an index the model no longer declares"
        }
        return ""
    }

    static func reason(computedOnly line: String, store storeOnly: [String]) -> String {
        if let mine = table(line), storeOnly.compactMap(table).contains(where: { $0.name == mine.name }) {
            return " — see the store's line"
        }
        if line.hasPrefix("Z_PRIMARYKEY "), let number = line.split(separator: " ").dropFirst().first,
            storeOnly.contains(where: { $0.hasPrefix("Z_PRIMARYKEY \(number) ") })
        {
            return " — see the store's row"
        }
        if table(line) != nil { return " — a table the store does not have" }
        if index(line) != nil { return " — an index the store does not have" }
        return ""
    }

    /// How a table's columns in the store differ from the computed ones.
    static func tableReason(store: [String], computed: [String]) -> String {
        guard Set(store) == Set(computed) else {
            let extra = store.filter { !computed.contains($0) }
            let missing = computed.filter { !store.contains($0) }
            return
                """
                columns only in the store: \(extra.isEmpty ? "none" : extra.joined(separator: ", ")); only computed: \
                \(missing.isEmpty ? "none" : missing.joined(separator: ", "))
                """
        }
        // The shortest tail of the store's columns whose removal leaves the computed order.
        for count in 1..<store.count {
            let tail = Array(store.suffix(count))
            if store.dropLast(count).elementsEqual(computed.filter { !tail.contains($0) }) {
                // Where `ALTER TABLE … ADD COLUMN` puts a column; said as seen, since the iPhone OS 3
                // store's Xcode 3 property order can look the same.
                return "the same columns, these at the end instead of in their place: "
                    + tail.map { $0.components(separatedBy: " ")[0] }.joined(separator: ", ")
            }
        }
        let moved = zip(store, computed).filter { $0 != $1 }.map { $0.0.components(separatedBy: " ")[0] }
        return "the same columns in another order (\(moved.joined(separator: ", ")) placed differently)"
    }
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
