import Foundation
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore
import ModelDiffTestSupport
import Testing

/// The structure of a store, line by line: each table with its columns (name and declared type, in
/// order), each index with its table and columns, and the Z_PRIMARYKEY rows. Persistent-history
/// tables are left out (Core Data adds them only when the app turns history on).
/// An empty store modeldiff creates for `model`, with the join-table names `store` uses: a many-to-many
/// pair on one entity is named after either side (docs/STORE.md), so the store's own name is adopted,
/// as reading, `store info --model` and `store verify` do; the table is re-created under it.
func adoptedFreshStore(model: Model, like store: PersistentStore, at path: String) throws -> PersistentStore {
    let fresh = try PersistentStore.create(path: path, model: model)
    let layout = StoreLayout(model: model)
    let adopted = layout.adopting(storeTables: try store.tableNames())
    for (mine, theirs) in zip(layout.joinTables, adopted.joinTables) where mine.name != theirs.name {
        try fresh.database.execute("DROP TABLE \(mine.name)")
        for statement in adopted.createStatements
        where statement.contains("TABLE \(theirs.name) (") || statement.contains("ON \(theirs.name) (") {
            try fresh.database.execute(statement)
        }
    }
    return fresh
}

func storeStructure(_ store: PersistentStore) throws -> [String] {
    var lines: [String] = []
    let objects = try store.database.rows(
        "SELECT type, name, tbl_name FROM sqlite_master WHERE type IN ('table', 'index') ORDER BY type DESC, name")
    for object in objects {
        guard case .text(let type) = object[0], case .text(let name) = object[1], case .text(let table) = object[2] else { continue }
        if name.hasPrefix("sqlite_") || table.hasPrefix("A") || table.hasPrefix("Z_TRANSACTION") { continue }
        if type == "table" {
            let columns = try store.database.rows("SELECT name, type FROM pragma_table_info(?)", [.text(name)]).map { row -> String in
                guard case .text(let column) = row[0], case .text(let declared) = row[1] else { return "?" }
                return declared.isEmpty ? column : "\(column) \(declared)"
            }
            lines.append("table \(name) (\(columns.joined(separator: ", ")))")
        } else {
            let columns = try store.database.rows(
                "SELECT name, desc FROM pragma_index_xinfo(?) WHERE key = 1 ORDER BY seqno", [.text(name)]
            ).map { row -> String in
                guard case .text(let column) = row[0] else { return "?" }
                return row[1] == .integer(1) ? column + " DESC" : column
            }
            let unique =
                try store.database.rows("SELECT \"unique\" FROM pragma_index_list(?) WHERE name = ?", [.text(table), .text(name)]).first?
                .first == .integer(1)
            lines.append("\(unique ? "unique index" : "index") \(name) on \(table) (\(columns.joined(separator: ", ")))")
        }
    }
    for entry in try store.primaryKeyTable() where entry.entity < 16000 {
        lines.append("Z_PRIMARYKEY \(entry.entity) \(entry.name) super \(entry.superEntity)")
    }
    return lines
}

/// Wire's store against a store modeldiff creates for the version its hashes name: tables, columns
/// (names, types, order), indexes (names, columns), Z_PRIMARYKEY rows and Core Data's metadata keys
/// must be equal, but for what `WireLayout` names store by store.
@Test(.tags(.slow), .notInFastTier, arguments: Wire.stores.map(\.lastPathComponent))
func wireStoreHasTheLayoutOfItsVersion(_ name: String) throws {
    let apple = try PersistentStore.open(path: Wire.folder.appendingPathComponent("Tests/Resources/\(name)").path)
    guard let version = Wire.version(of: apple) else { return #expect(Wire.unmatched[name] != nil) }
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let ours = try adoptedFreshStore(model: version.model, like: apple, at: folder.appendingPathComponent("new.sqlite").path)
    let framework = apple.metadata.integer("NSPersistenceFrameworkVersion") ?? 0
    let layout = try WireLayout.Comparison(apple: apple, ours: ours, model: version.model)
    let expected = layout.computed.compactMap {
        WireLayout.removing(layout.leftovers.filter { if case .index = $0 { false } else { true } }, from: $0)
    }
    let actual = layout.store.compactMap { WireLayout.removing(layout.leftovers, from: $0) }
    #expect(actual.filter { !expected.contains($0) } == [], "\(name): in Apple's store only")
    #expect(expected.filter { !actual.contains($0) } == [], "\(name): in modeldiff's only")
    if let dump = ProcessInfo.processInfo.environment["WIRE_LAYOUT_DUMP"] {
        let appleOnly = actual.filter { !expected.contains($0) }
        let oursOnly = expected.filter { !actual.contains($0) }
        try (["### \(name)"] + appleOnly.map { "A " + $0 } + oursOnly.map { "O " + $0 }).joined(separator: "\n")
            .write(toFile: "\(dump)/\(name).txt", atomically: true, encoding: .utf8)
    }
    // The order keys of an earlier version's table are named from the model: they must be there.
    let raw = try storeStructure(apple).joined(separator: "\n")
    for leftover in layout.earlier {
        #expect(raw.contains(leftover.evidence), "\(name): leftover \(leftover) not in the store")
    }
    // Core Data's own metadata keys: every one Apple's store has, ours has; ours adds only keys
    // Core Data introduced after the framework that wrote the store.
    let appleKeys = Set(apple.metadata.values.keys.filter { $0.hasPrefix("NS") || $0.hasPrefix("_NS") })
    let ourKeys = Set(ours.metadata.values.keys)
    #expect(appleKeys.subtracting(ourKeys).isEmpty, "\(name): \(appleKeys.subtracting(ourKeys).sorted())")
    let newer = ourKeys.subtracting(appleKeys).filter { WireLayout.introducedAt[$0].map { framework >= $0 } ?? true }
    #expect(newer.isEmpty, "\(name): Core Data at \(framework) writes \(newer.sorted()) too")
}

/// The leftovers the rules find in every Wire store, each with its rule, pinned in a golden file:
/// the rules replace a table written by hand (636 entries in 55 stores, the same ones), and the
/// golden keeps them from quietly excusing more.
@Test func wireLayoutLeftoversAreTheOnesTheRulesName() throws {
    var text = ""
    for url in Wire.stores {
        let apple = try PersistentStore.open(path: url.path)
        guard let version = Wire.version(of: apple) else { continue }
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let ours = try adoptedFreshStore(model: version.model, like: apple, at: folder.appendingPathComponent("new.sqlite").path)
        let leftovers = try WireLayout.Comparison(apple: apple, ours: ours, model: version.model).leftovers
        guard !leftovers.isEmpty else { continue }
        text += "\(url.lastPathComponent): \(leftovers.count)\n" + leftovers.map { "  \($0) — \($0.rule)\n" }.joined()
    }
    try expectGolden(text, named: "wire/layout-leftovers.txt")
}

/// What differs between Wire's stores and a store created for their version, found by rule.
enum WireLayout {
    /// Apple's store and one created for its version, as structure lines (ours as the store's
    /// framework names things), without the order keys of earlier versions' tables; and the
    /// leftovers the rules find in them.
    struct Comparison {
        let store: [String]
        let computed: [String]
        let earlier: [Leftover]
        let leftovers: [Leftover]

        init(apple: PersistentStore, ours: PersistentStore, model: Model) throws {
            let framework = apple.metadata.integer("NSPersistenceFrameworkVersion") ?? 0
            let earlier = WireLayout.tablesOfEarlierVersions(model)
            self.earlier = earlier
            computed = try storeStructure(ours).map { WireLayout.asWritten(byFramework: framework, $0, model: model) }
                .compactMap { WireLayout.removing(earlier, from: $0) }
            store = try storeStructure(apple).compactMap { WireLayout.removing(earlier, from: $0) }
            leftovers = WireLayout.leftovers(store: store, computed: computed)
        }
    }

    /// A difference Core Data's in-place migration left in a store.
    enum Leftover: Hashable, CustomStringConvertible {
        /// An index of an earlier model version or framework that the migration did not drop: an index
        /// naming entity numbers that have shifted since (`Z_5LABELS_Z_7LABELS_INDEX`, Label is 8 now),
        /// the pre-iOS 11 name of an indexed attribute's index (`ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX`)
        /// beside the current one, or copies of a parent's indexes per sub-entity.
        case index(String)
        /// A column the migration added with `ALTER TABLE … ADD COLUMN`: at the end of the table instead
        /// of its place by type and name.
        case appended(table: String, column: String)
        /// Order keys of a table an earlier version created, in that version's order: an in-place
        /// migration adds columns to a table (`ALTER TABLE`) but does not re-create it, so the order its
        /// creator's property dictionary gave them stays (`PropertyDictionaryOrder`). Taken out of both
        /// sides; the store must hold them in the order named.
        case orderKeysOfEarlierVersion(table: String, columns: [String])
        /// A join table's two key columns in the other order than the walk gives them: the table of
        /// `UserClient.trustedClients` / `trustedByClients` in the stores from 2.96 on, which versions 2.4
        /// to 2.95 named `Z_25TRUSTEDCLIENTS` (the naming side's column first) and the in-place migration
        /// to 2.96 renamed (`CREATE TABLE "Z_25TRUSTEDBYCLIENTS"`, quoted as SQLite writes a renamed
        /// table), keeping its columns. Taken out of both sides, so the rest of the table is compared.
        case keyColumnsSwapped(table: String, columns: [String])

        var description: String {
            switch self {
            case .index(let name): "index \(name)"
            case .appended(let table, let column): "\(table).\(column) appended"
            case .orderKeysOfEarlierVersion(let table, let columns):
                "\(table) order keys \(columns.joined(separator: ", ")) of an earlier version"
            case .keyColumnsSwapped(let table, let columns): "\(table) key columns \(columns.joined(separator: ", ")) swapped"
            }
        }

        /// The rule that finds it (see `WireLayout.leftovers(store:computed:)`).
        var rule: String {
            switch self {
            case .index: "an earlier index on the columns of a current one, not dropped"
            case .appended: "added by ALTER TABLE, at the end of its table"
            case .orderKeysOfEarlierVersion: "the order its table's creator gave them"
            case .keyColumnsSwapped: "a join table renamed by the migration keeps the key column order of its earlier name"
            }
        }

        /// Text the store's structure must contain for the leftover to be real.
        var evidence: String {
            switch self {
            case .index(let name): "index \(name) on "
            case .appended(_, let column): ", \(column) "
            case .orderKeysOfEarlierVersion(_, let columns): ", " + columns.map { "\($0) INTEGER" }.joined(separator: ", ") + ", "
            case .keyColumnsSwapped(let table, let columns): "table \(table) (" + columns.map { "\($0) INTEGER" }.joined(separator: ", ")
            }
        }
    }

    /// `GenericMessageData` gained `nonce` in 2.83; with it, its property dictionary gives
    /// `Z_FOK_MESSAGE` before `Z_FOK_ASSET` (nine keys in 23 slots, `message` probing past `asset`),
    /// without it (eight keys in 11 slots) `Z_FOK_ASSET` first. Every store from 2.83 on was carried
    /// forward from an older version (their `ZNONCE` was added by `ALTER TABLE`), so its
    /// `ZGENERICMESSAGEDATA` keeps the older order. No store in the corpus was created fresh at 2.83
    /// or later, so the newer order is the rule's prediction, not yet seen in a store.
    static func tablesOfEarlierVersions(_ model: Model) -> [Leftover] {
        guard model.entity(named: "GenericMessageData")?.attributes.contains(where: { $0.name == "nonce" }) == true else { return [] }
        return [.orderKeysOfEarlierVersion(table: "ZGENERICMESSAGEDATA", columns: ["Z_FOK_ASSET", "Z_FOK_MESSAGE"])]
    }

    /// The migration leftovers in Apple's store, found by rule: the lines only `store` has against
    /// `computed` (a store created for its version, as the store's framework names things), each
    /// explained by what Core Data's in-place migration does, as the comparison saw it:
    /// - an index on the same table and columns (and uniqueness) as one of the computed layout that
    ///   the store has too: the migration created the current index and did not drop the earlier one
    ///   (named after entity numbers that have shifted since, `Z_5LABELS_Z_7LABELS_INDEX` beside
    ///   `Z_5LABELS_Z_8LABELS_INDEX`; the pre-iOS 11 name of an indexed attribute's index; a copy of
    ///   `Message`'s indexes per sub-entity, `Z_TextMessage_destructionDate`); on a join table the
    ///   two key columns may come in the other order (the indexes the table had when it was named
    ///   after the other side, `Z_23TRUSTEDCLIENTS_Z_23TRUSTEDCLIENTS_INDEX` on `Z_25TRUSTEDBYCLIENTS`
    ///   in the stores from 2.96 on);
    /// - an entity table with the computed columns but for a tail at its end: `ALTER TABLE … ADD
    ///   COLUMN` appended those (the shortest such tail; a column that was appended but happens to sit
    ///   in its place by rank and name is not a difference);
    /// - a join table whose two key columns come in the other order (`keyColumnsSwapped`: renamed).
    /// Any other difference stays one, and the test fails on it.
    static func leftovers(store: [String], computed: [String]) -> [Leftover] {
        let storeLines = Set(store)
        let computedLines = Set(computed)
        // Table and columns of each index both sides have: the current indexes the store holds.
        let kept = Set(computed.filter { storeLines.contains($0) }.compactMap(indexTarget))
        let tables = Dictionary(computed.compactMap(tableColumns).map { ($0.name, $0.columns) }, uniquingKeysWith: { a, _ in a })
        var found: [Leftover] = []
        for line in store where !computedLines.contains(line) {
            if let target = indexTarget(line), kept.contains(target), let name = indexName(line) {
                found.append(.index(name))
            } else if let (name, columns) = tableColumns(line), let ours = tables[name], Set(columns) == Set(ours) {
                if isJoinTable(name), columns.count >= 2,
                    Array(columns[..<2].reversed()) == Array(ours[..<2]), columns[2...] == ours[2...]
                {
                    found.append(.keyColumnsSwapped(table: name, columns: columns[..<2].map(columnName)))
                    continue
                }
                guard
                    let count = (1..<columns.count).first(where: { count in
                        let tail = Set(columns.suffix(count))
                        return columns.dropLast(count).elementsEqual(ours.filter { !tail.contains($0) })
                    })
                else { continue }
                found += columns.suffix(count).map { .appended(table: name, column: columnName($0)) }
            }
        }
        return found
    }

    /// "unique? TABLE (COLUMNS)" of an index line, nil for other lines; a join table's columns sorted.
    private static func indexTarget(_ line: String) -> String? {
        let unique = line.hasPrefix("unique index ")
        guard unique || line.hasPrefix("index "), let on = line.range(of: " on "),
            let open = line.range(of: " (", range: on.upperBound..<line.endIndex)
        else { return nil }
        let table = line[on.upperBound..<open.lowerBound]
        var columns = line[open.upperBound...].dropLast().components(separatedBy: ", ")
        if isJoinTable(String(table)) { columns.sort() }
        return (unique ? "unique " : "") + table + " (" + columns.joined(separator: ", ") + ")"
    }

    /// Whether a table is a many-to-many's join table (`Z_5LABELS`), not an entity's (`ZUSER`).
    private static func isJoinTable(_ name: String) -> Bool { name.hasPrefix("Z_") && name.dropFirst(2).first?.isNumber == true }

    private static func indexName(_ line: String) -> String? {
        guard line.hasPrefix("index "), let on = line.range(of: " on ") else { return nil }
        return String(line[line.index(line.startIndex, offsetBy: "index ".count)..<on.lowerBound])
    }

    /// A table line's name and columns ("NAME TYPE" each), in order.
    private static func tableColumns(_ line: String) -> (name: String, columns: [String])? {
        guard line.hasPrefix("table "), let open = line.firstIndex(of: "("), line.hasSuffix(")") else { return nil }
        let name = line[line.index(line.startIndex, offsetBy: "table ".count)..<open].trimmingCharacters(in: .whitespaces)
        return (name, line[line.index(after: open)..<line.index(before: line.endIndex)].components(separatedBy: ", "))
    }

    private static func columnName(_ column: String) -> String { column.components(separatedBy: " ")[0] }

    /// A structure line of Apple's store with the named leftovers taken out (nil: the line is one).
    static func removing(_ leftovers: [Leftover], from line: String) -> String? {
        var line = line
        for leftover in leftovers {
            switch leftover {
            case .index(let name) where line.hasPrefix("index \(name) on "): return nil
            case .appended(let table, let column) where line.hasPrefix("table \(table) ("):
                // Taken out of both sides, so the rest of the order is still compared exactly.
                line = dropColumn(column, from: line)
            case .orderKeysOfEarlierVersion(let table, let columns) where line.hasPrefix("table \(table) ("),
                .keyColumnsSwapped(let table, let columns) where line.hasPrefix("table \(table) ("):
                for column in columns { line = dropColumn(column, from: line) }
            default: break
            }
        }
        return line
    }

    private static func dropColumn(_ column: String, from line: String) -> String {
        guard let open = line.firstIndex(of: "("), line.hasSuffix(")") else { return line }
        let columns = line[line.index(after: open)..<line.index(before: line.endIndex)].components(separatedBy: ", ")
        return String(line[...open]) + columns.filter { !$0.hasPrefix(column + " ") && $0 != column }.joined(separator: ", ") + ")"
    }

    /// Our line as Core Data before framework 847 (iOS 11) wrote it: the index of an indexed attribute
    /// was `<TABLE>_<COLUMN>_INDEX`, a compound index `<TABLE>_<COLUMN>_<COLUMN>`, not fetch indexes
    /// `Z_<Entity>_<names>` (Wire's stores of frameworks 640–754 against 847–1145).
    static func asWritten(byFramework framework: Int, _ line: String, model: Model) -> String {
        guard framework < 847, line.hasPrefix("index Z_"), let on = line.range(of: " on ") else { return line }
        let rest = line[on.upperBound...]
        guard let space = rest.firstIndex(of: " "), let open = rest.firstIndex(of: "("), rest.hasSuffix(")") else { return line }
        let table = String(rest[..<space])
        let columns = rest[rest.index(after: open)..<rest.index(before: rest.endIndex)].components(separatedBy: ", ")
        let name = columns.count == 1 ? "\(table)_\(columns[0])_INDEX" : ([table] + columns).joined(separator: "_")
        // Only the indexes that come from `indexed` attributes and compound indexes; the fixtures'
        // fetch indexes and uniqueness constraints keep their names.
        let entity = String(line.dropFirst("index Z_".count).prefix { $0 != "_" })
        guard let described = model.entity(named: entity) else { return line }
        let legacy = described.attributes.filter(\.isIndexed).map { [$0.name] } + described.compoundIndexes
        let indexName = String(line[line.index(line.startIndex, offsetBy: "index ".count)..<on.lowerBound])
        // Xcode 9 and later re-save `indexed` attributes and compound indexes as fetch indexes named
        // `by<Attribute>Index` and `compoundIndex` (Wire's 1.25 model); the store keeps the old names.
        let converted = described.fetchIndexes.map(\.name).filter { ($0.hasPrefix("by") && $0.hasSuffix("Index")) || $0 == "compoundIndex" }
        guard
            legacy.contains(where: { "Z_\(entity)_" + $0.joined(separator: "_") == indexName })
                || converted.contains(where: { "Z_\(entity)_" + $0 == indexName })
        else { return line }
        return "index \(name) on \(table) (\(columns.joined(separator: ", ")))"
    }

    /// Metadata keys Core Data writes only from a framework version on (the first Wire store showing it).
    /// (Digest: absent at 866, present from 977; the checksum keys: absent in every Wire store, up to
    /// 1145, present in the fixtures of 1344.)
    static let introducedAt: [String: Int] = [
        "NSStoreModelVersionHashesDigest": 977, "NSStoreModelVersionChecksumKey": 1146, "NSPersistenceMaximumFrameworkVersion": 1146,
    ]
}
