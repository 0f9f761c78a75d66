import Foundation
import ModelDiffKit
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
    let leftovers = (WireLayout.leftovers[name] ?? []) + WireLayout.tablesOfEarlierVersions(version.model)
    let expected = try storeStructure(ours).map { WireLayout.asWritten(byFramework: framework, $0, model: version.model) }
        .compactMap { WireLayout.removing(leftovers.filter { if case .index = $0 { false } else { true } }, from: $0) }
    let actual = try storeStructure(apple).compactMap { WireLayout.removing(leftovers, from: $0) }
    #expect(actual.filter { !expected.contains($0) } == [], "\(name): in Apple's store only")
    #expect(expected.filter { !actual.contains($0) } == [], "\(name): in modeldiff's only")
    if let dump = ProcessInfo.processInfo.environment["WIRE_LAYOUT_DUMP"] {
        let appleOnly = actual.filter { !expected.contains($0) }
        let oursOnly = expected.filter { !actual.contains($0) }
        try (["### \(name)"] + appleOnly.map { "A " + $0 } + oursOnly.map { "O " + $0 }).joined(separator: "\n")
            .write(toFile: "\(dump)/\(name).txt", atomically: true, encoding: .utf8)
    }
    // Every leftover named is really there (a list that no longer matches the store fails).
    let raw = try storeStructure(apple).joined(separator: "\n")
    for leftover in leftovers {
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

/// What differs between Wire's stores and a store created for their version, named one by one.
enum WireLayout {
    /// A difference Core Data's in-place migration left in a store.
    enum Leftover: Hashable, CustomStringConvertible {
        /// An index of an earlier model version or framework that the migration did not drop: an index
        /// naming entity numbers that have shifted since (`Z_5LABELS_Z_7LABELS_INDEX`, Label is 8 now),
        /// the pre-iOS 11 name of an indexed attribute's index (`ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX`)
        /// beside the current one, or copies of a parent's indexes per sub-entity.
        case index(String)
        /// A column the migration added with `ALTER TABLE … ADD COLUMN`: at the end of the table instead
        /// of its place by type and name. Six entries (`Z_24TRUSTEDBYCLIENTS` / `Z_25TRUSTEDBYCLIENTS` in
        /// the stores from 2.96 on) are not appended columns but the key columns of the re-created join
        /// table of `UserClient.trustedClients` / `trustedByClients` in the other order than
        /// `StoreLayout.adopting` gives them: open, named here so the rest of the table is compared.
        case appended(table: String, column: String)
        /// Order keys of a table an earlier version created, in that version's order: an in-place
        /// migration adds columns to a table (`ALTER TABLE`) but does not re-create it, so the order its
        /// creator's property dictionary gave them stays (`PropertyDictionaryOrder`). Taken out of both
        /// sides; the store must hold them in the order named.
        case orderKeysOfEarlierVersion(table: String, columns: [String])

        var description: String {
            switch self {
            case .index(let name): "index \(name)"
            case .appended(let table, let column): "\(table).\(column) appended"
            case .orderKeysOfEarlierVersion(let table, let columns):
                "\(table) order keys \(columns.joined(separator: ", ")) of an earlier version"
            }
        }

        /// Text the store's structure must contain for the leftover to be real.
        var evidence: String {
            switch self {
            case .index(let name): "index \(name) on "
            case .appended(_, let column): ", \(column) "
            case .orderKeysOfEarlierVersion(_, let columns): ", " + columns.map { "\($0) INTEGER" }.joined(separator: ", ") + ", "
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

    /// A structure line of Apple's store with the named leftovers taken out (nil: the line is one).
    static func removing(_ leftovers: [Leftover], from line: String) -> String? {
        var line = line
        for leftover in leftovers {
            switch leftover {
            case .index(let name) where line.hasPrefix("index \(name) on "): return nil
            case .appended(let table, let column) where line.hasPrefix("table \(table) ("):
                // Taken out of both sides, so the rest of the order is still compared exactly.
                line = dropColumn(column, from: line)
            case .orderKeysOfEarlierVersion(let table, let columns) where line.hasPrefix("table \(table) ("):
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

    /// Store by store, what Core Data's in-place migrations left: the stores from 2.41 on were carried
    /// forward from older versions on one device (2.54 alone was created fresh: it has none of these),
    /// so they keep indexes of earlier entity numbers and frameworks, and columns added later sit at the
    /// end of their tables. Generated from the comparison, then read one by one.
    static let leftovers: [String: [Leftover]] = [
        "store2-100-0.wiredatabase": [
            .index("ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX"),
            .index("Z_14ADDEDUSERS_Z_22ADDEDUSERS_INDEX"),
            .index("Z_14CLIENTS_Z_23CLIENTS_INDEX"),
            .index("Z_14REMOVEDUSERS_Z_22REMOVEDUSERS_INDEX"),
            .index("Z_14USERS_Z_22USERS1_INDEX"),
            .index("Z_15ADDEDUSERS_Z_23ADDEDUSERS_INDEX"),
            .index("Z_15CLIENTS_Z_24CLIENTS_INDEX"),
            .index("Z_15REMOVEDUSERS_Z_23REMOVEDUSERS_INDEX"),
            .index("Z_15USERS_Z_23USERS1_INDEX"),
            .index("Z_18USERS_Z_22USERS_INDEX"),
            .index("Z_19USERS_Z_23USERS_INDEX"),
            .index("Z_1ROLE_Z_19ROLE_INDEX"),
            .index("Z_1ROLE_Z_20ROLE_INDEX"),
            .index("Z_23IGNOREDCLIENTS_Z_23IGNOREDCLIENTS_INDEX"),
            .index("Z_23TRUSTEDCLIENTS_Z_23TRUSTEDCLIENTS_INDEX"),
            .index("Z_24IGNOREDCLIENTS_Z_24IGNOREDCLIENTS_INDEX"),
            .index("Z_24TRUSTEDCLIENTS_Z_24TRUSTEDCLIENTS_INDEX"),
            .index("Z_25TRUSTEDCLIENTS_Z_25TRUSTEDCLIENTS_INDEX"),
            .index("Z_5LABELS_Z_7LABELS_INDEX"),
            .index("Z_5LABELS_Z_8LABELS_INDEX"),
            .index("Z_5LASTSERVERSYNCEDACTIVEPARTICIPANTS_Z_22LASTSERVERSYNCEDACTIVEPARTICIPANTS_INDEX"),
            .index("Z_5LASTSERVERSYNCEDACTIVEPARTICIPANTS_Z_23LASTSERVERSYNCEDACTIVEPARTICIPANTS_INDEX"),
            .appended(table: "ZCONVERSATION", column: "ZDRAFTMESSAGENONCE"),
            .appended(table: "ZCONVERSATION", column: "ZNEEDSTOCALCULATEUNREADMESSAGES"),
            .appended(table: "ZCONVERSATION", column: "ZDOMAIN"),
            .appended(table: "ZCONVERSATION", column: "ZACCESSROLESTRINGSV2"),
            .appended(table: "ZFEATURE", column: "ZHASINITIALDEFAULT"),
            .appended(table: "ZMESSAGE", column: "ZDECRYPTIONERRORCODE"),
            .appended(table: "ZMESSAGE", column: "ZPARTICIPANTSREMOVEDREASON"),
            .appended(table: "ZUSER", column: "ZANALYTICSIDENTIFIER"),
            .appended(table: "ZUSER", column: "ZDOMAIN"),
            .appended(table: "Z_25TRUSTEDBYCLIENTS", column: "Z_25TRUSTEDCLIENTS"),
        ],
        "store2-101-0.wiredatabase": [
            .index("ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX"),
            .index("Z_14ADDEDUSERS_Z_22ADDEDUSERS_INDEX"),
            .index("Z_14CLIENTS_Z_23CLIENTS_INDEX"),
            .index("Z_14REMOVEDUSERS_Z_22REMOVEDUSERS_INDEX"),
            .index("Z_14USERS_Z_22USERS1_INDEX"),
            .index("Z_16ADDEDUSERS_Z_24ADDEDUSERS_INDEX"),
            .index("Z_16CLIENTS_Z_25CLIENTS_INDEX"),
            .index("Z_16REMOVEDUSERS_Z_24REMOVEDUSERS_INDEX"),
            .index("Z_16USERS_Z_24USERS1_INDEX"),
            .index("Z_18USERS_Z_22USERS_INDEX"),
            .index("Z_1ROLE_Z_19ROLE_INDEX"),
            .index("Z_1ROLE_Z_21ROLE_INDEX"),
            .index("Z_20USERS_Z_24USERS_INDEX"),
            .index("Z_23IGNOREDCLIENTS_Z_23IGNOREDCLIENTS_INDEX"),
            .index("Z_23TRUSTEDCLIENTS_Z_23TRUSTEDCLIENTS_INDEX"),
            .index("Z_24TRUSTEDCLIENTS_Z_24TRUSTEDCLIENTS_INDEX"),
            .index("Z_25IGNOREDCLIENTS_Z_25IGNOREDCLIENTS_INDEX"),
            .index("Z_25TRUSTEDBYCLIENTS_Z_25TRUSTEDBYCLIENTS_INDEX"),
            .index("Z_25TRUSTEDCLIENTS_Z_25TRUSTEDCLIENTS_INDEX"),
            .index("Z_5LABELS_Z_7LABELS_INDEX"),
            .index("Z_5LABELS_Z_9LABELS_INDEX"),
            .index("Z_5LASTSERVERSYNCEDACTIVEPARTICIPANTS_Z_22LASTSERVERSYNCEDACTIVEPARTICIPANTS_INDEX"),
            .index("Z_5LASTSERVERSYNCEDACTIVEPARTICIPANTS_Z_24LASTSERVERSYNCEDACTIVEPARTICIPANTS_INDEX"),
            .appended(table: "ZCONVERSATION", column: "ZDRAFTMESSAGENONCE"),
            .appended(table: "ZCONVERSATION", column: "ZNEEDSTOCALCULATEUNREADMESSAGES"),
            .appended(table: "ZCONVERSATION", column: "ZDOMAIN"),
            .appended(table: "ZCONVERSATION", column: "ZACCESSROLESTRINGSV2"),
            .appended(table: "ZMESSAGE", column: "ZDECRYPTIONERRORCODE"),
            .appended(table: "ZMESSAGE", column: "ZPARTICIPANTSREMOVEDREASON"),
            .appended(table: "ZUSER", column: "ZANALYTICSIDENTIFIER"),
            .appended(table: "ZUSER", column: "ZDOMAIN"),
            .appended(table: "Z_24TRUSTEDBYCLIENTS", column: "Z_24TRUSTEDCLIENTS"),
        ],
        "store2-39-0.wiredatabase": [
            .index("ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX"),
            .index("ZCONVERSATION_ZINTERNALISARCHIVED_ZLASTMODIFIEDDATE"),
            .index("ZCONVERSATION_ZNORMALIZEDUSERDEFINEDNAME_INDEX"),
            .index("ZCONVERSATION_ZREMOTEIDENTIFIER_DATA_INDEX"),
            .index("ZMESSAGE_ZDESTRUCTIONDATE_INDEX"),
            .index("ZMESSAGE_ZEXPIRATIONDATE_INDEX"),
            .index("ZMESSAGE_ZNONCE_DATA_INDEX"),
            .index("ZMESSAGE_ZNORMALIZEDTEXT_INDEX"),
            .index("ZTEAM_ZREMOTEIDENTIFIER_DATA_INDEX"),
            .index("ZUSER_ZNORMALIZEDEMAILADDRESS_INDEX"),
            .index("ZUSER_ZNORMALIZEDNAME_INDEX"),
            .index("ZUSER_ZREMOTEIDENTIFIER_DATA_INDEX"),
        ],
        "store2-40-0.wiredatabase": [
            .index("ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX"),
            .index("ZCONVERSATION_ZINTERNALISARCHIVED_ZLASTMODIFIEDDATE"),
            .index("ZCONVERSATION_ZNORMALIZEDUSERDEFINEDNAME_INDEX"),
            .index("ZCONVERSATION_ZREMOTEIDENTIFIER_DATA_INDEX"),
            .index("ZMESSAGE_ZDESTRUCTIONDATE_INDEX"),
            .index("ZMESSAGE_ZEXPIRATIONDATE_INDEX"),
            .index("ZMESSAGE_ZNONCE_DATA_INDEX"),
            .index("ZMESSAGE_ZNORMALIZEDTEXT_INDEX"),
            .index("ZTEAM_ZREMOTEIDENTIFIER_DATA_INDEX"),
            .index("ZUSER_ZNORMALIZEDEMAILADDRESS_INDEX"),
            .index("ZUSER_ZNORMALIZEDNAME_INDEX"),
            .index("ZUSER_ZREMOTEIDENTIFIER_DATA_INDEX"),
        ],
        "store2-41-0.wiredatabase": [
            .index("ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX"),
            .index("ZCONVERSATION_ZINTERNALISARCHIVED_ZLASTMODIFIEDDATE"),
            .index("ZCONVERSATION_ZNORMALIZEDUSERDEFINEDNAME_INDEX"),
            .index("ZCONVERSATION_ZREMOTEIDENTIFIER_DATA_INDEX"),
            .index("ZMESSAGE_ZDESTRUCTIONDATE_INDEX"),
            .index("ZMESSAGE_ZEXPIRATIONDATE_INDEX"),
            .index("ZMESSAGE_ZNONCE_DATA_INDEX"),
            .index("ZMESSAGE_ZNORMALIZEDTEXT_INDEX"),
            .index("ZTEAM_ZREMOTEIDENTIFIER_DATA_INDEX"),
        ],
        "store2-42-0.wiredatabase": [
            .index("ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX")
        ],
        "store2-43-0.wiredatabase": [
            .index("ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX")
        ],
        "store2-44-0.wiredatabase": [
            .index("ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX")
        ],
        "store2-45-0.wiredatabase": [
            .index("ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX")
        ],
        "store2-46-0.wiredatabase": [
            .index("ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX")
        ],
        "store2-47-0.wiredatabase": [
            .index("ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX")
        ],
        "store2-48-0.wiredatabase": [
            .index("ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX")
        ],
        "store2-51-0.wiredatabase": [
            .index("ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX")
        ],
        "store2-52-0.wiredatabase": [
            .index("ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX"),
            .index("Z_AssetClientMessage_destructionDate"),
            .index("Z_AssetClientMessage_expirationDate"),
            .index("Z_ClientMessage_destructionDate"),
            .index("Z_ClientMessage_expirationDate"),
            .index("Z_ImageMessage_destructionDate"),
            .index("Z_ImageMessage_expirationDate"),
            .index("Z_KnockMessage_destructionDate"),
            .index("Z_KnockMessage_expirationDate"),
            .index("Z_SystemMessage_destructionDate"),
            .index("Z_SystemMessage_expirationDate"),
            .index("Z_TextMessage_destructionDate"),
            .index("Z_TextMessage_expirationDate"),
        ],
        "store2-53-0.wiredatabase": [
            .index("ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX"),
            .index("Z_AssetClientMessage_destructionDate"),
            .index("Z_AssetClientMessage_expirationDate"),
            .index("Z_ClientMessage_destructionDate"),
            .index("Z_ClientMessage_expirationDate"),
            .index("Z_ImageMessage_destructionDate"),
            .index("Z_ImageMessage_expirationDate"),
            .index("Z_KnockMessage_destructionDate"),
            .index("Z_KnockMessage_expirationDate"),
            .index("Z_SystemMessage_destructionDate"),
            .index("Z_SystemMessage_expirationDate"),
            .index("Z_TextMessage_destructionDate"),
            .index("Z_TextMessage_expirationDate"),
        ],
        "store2-57-0.wiredatabase": [
            .index("ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX")
        ],
        "store2-59-0.wiredatabase": [
            .index("ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX")
        ],
        "store2-60-0.wiredatabase": [
            .index("ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX")
        ],
        "store2-62-0.wiredatabase": [
            .index("ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX")
        ],
        "store2-63-0.wiredatabase": [
            .index("ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX")
        ],
        "store2-64-0.wiredatabase": [
            .index("ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX")
        ],
        "store2-66-0.wiredatabase": [
            .index("ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX")
        ],
        "store2-67-0.wiredatabase": [
            .index("ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX"),
            .index("Z_AssetClientMessage_destructionDate"),
            .index("Z_AssetClientMessage_expirationDate"),
            .index("Z_AssetClientMessage_nonce_data"),
            .index("Z_AssetClientMessage_normalizedText"),
            .index("Z_ClientMessage_destructionDate"),
            .index("Z_ClientMessage_expirationDate"),
            .index("Z_ClientMessage_nonce_data"),
            .index("Z_ClientMessage_normalizedText"),
            .index("Z_ImageMessage_destructionDate"),
            .index("Z_ImageMessage_expirationDate"),
            .index("Z_ImageMessage_nonce_data"),
            .index("Z_ImageMessage_normalizedText"),
            .index("Z_KnockMessage_destructionDate"),
            .index("Z_KnockMessage_expirationDate"),
            .index("Z_KnockMessage_nonce_data"),
            .index("Z_KnockMessage_normalizedText"),
            .index("Z_SystemMessage_destructionDate"),
            .index("Z_SystemMessage_expirationDate"),
            .index("Z_SystemMessage_nonce_data"),
            .index("Z_SystemMessage_normalizedText"),
            .index("Z_TextMessage_destructionDate"),
            .index("Z_TextMessage_expirationDate"),
            .index("Z_TextMessage_nonce_data"),
            .index("Z_TextMessage_normalizedText"),
        ],
        "store2-68-0.wiredatabase": [
            .index("ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX"),
            .index("Z_AssetClientMessage_destructionDate"),
            .index("Z_AssetClientMessage_expirationDate"),
            .index("Z_AssetClientMessage_nonce_data"),
            .index("Z_AssetClientMessage_normalizedText"),
            .index("Z_ClientMessage_destructionDate"),
            .index("Z_ClientMessage_expirationDate"),
            .index("Z_ClientMessage_nonce_data"),
            .index("Z_ClientMessage_normalizedText"),
            .index("Z_ImageMessage_destructionDate"),
            .index("Z_ImageMessage_expirationDate"),
            .index("Z_ImageMessage_nonce_data"),
            .index("Z_ImageMessage_normalizedText"),
            .index("Z_KnockMessage_destructionDate"),
            .index("Z_KnockMessage_expirationDate"),
            .index("Z_KnockMessage_nonce_data"),
            .index("Z_KnockMessage_normalizedText"),
            .index("Z_SystemMessage_destructionDate"),
            .index("Z_SystemMessage_expirationDate"),
            .index("Z_SystemMessage_nonce_data"),
            .index("Z_SystemMessage_normalizedText"),
            .index("Z_TextMessage_destructionDate"),
            .index("Z_TextMessage_expirationDate"),
            .index("Z_TextMessage_nonce_data"),
            .index("Z_TextMessage_normalizedText"),
        ],
        "store2-69-0.wiredatabase": [
            .index("ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX")
        ],
        "store2-70-0.wiredatabase": [
            .index("ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX")
        ],
        "store2-71-0.wiredatabase": [
            .index("ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX")
        ],
        "store2-72-0.wiredatabase": [
            .index("ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX")
        ],
        "store2-73-0.wiredatabase": [
            .index("ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX")
        ],
        "store2-74-0.wiredatabase": [
            .index("ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX")
        ],
        "store2-75-0.wiredatabase": [
            .index("ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX")
        ],
        "store2-76-0.wiredatabase": [
            .index("ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX")
        ],
        "store2-77-0.wiredatabase": [
            .index("ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX")
        ],
        "store2-78-0.wiredatabase": [
            .index("ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX")
        ],
        "store2-79-0.wiredatabase": [
            .index("ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX")
        ],
        "store2-80-0.wiredatabase": [
            .index("ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX")
        ],
        "store2-81-0.wiredatabase": [
            .index("ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX")
        ],
        "store2-82-0.wiredatabase": [
            .index("ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX"),
            .index("Z_14ADDEDUSERS_Z_22ADDEDUSERS_INDEX"),
            .index("Z_14CLIENTS_Z_23CLIENTS_INDEX"),
            .index("Z_14REMOVEDUSERS_Z_22REMOVEDUSERS_INDEX"),
            .index("Z_14USERS_Z_22USERS1_INDEX"),
            .index("Z_18USERS_Z_22USERS_INDEX"),
            .index("Z_1ROLE_Z_19ROLE_INDEX"),
            .index("Z_23IGNOREDCLIENTS_Z_23IGNOREDCLIENTS_INDEX"),
            .index("Z_23TRUSTEDCLIENTS_Z_23TRUSTEDCLIENTS_INDEX"),
            .index("Z_5LABELS_Z_7LABELS_INDEX"),
            .index("Z_5LASTSERVERSYNCEDACTIVEPARTICIPANTS_Z_22LASTSERVERSYNCEDACTIVEPARTICIPANTS_INDEX"),
        ],
        "store2-83-0.wiredatabase": [
            .index("ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX"),
            .index("Z_14ADDEDUSERS_Z_22ADDEDUSERS_INDEX"),
            .index("Z_14CLIENTS_Z_23CLIENTS_INDEX"),
            .index("Z_14REMOVEDUSERS_Z_22REMOVEDUSERS_INDEX"),
            .index("Z_14USERS_Z_22USERS1_INDEX"),
            .index("Z_18USERS_Z_22USERS_INDEX"),
            .index("Z_1ROLE_Z_19ROLE_INDEX"),
            .index("Z_23IGNOREDCLIENTS_Z_23IGNOREDCLIENTS_INDEX"),
            .index("Z_23TRUSTEDCLIENTS_Z_23TRUSTEDCLIENTS_INDEX"),
            .index("Z_5LABELS_Z_7LABELS_INDEX"),
            .index("Z_5LASTSERVERSYNCEDACTIVEPARTICIPANTS_Z_22LASTSERVERSYNCEDACTIVEPARTICIPANTS_INDEX"),
        ],
        "store2-84-0.wiredatabase": [
            .index("ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX"),
            .index("Z_14ADDEDUSERS_Z_22ADDEDUSERS_INDEX"),
            .index("Z_14CLIENTS_Z_23CLIENTS_INDEX"),
            .index("Z_14REMOVEDUSERS_Z_22REMOVEDUSERS_INDEX"),
            .index("Z_14USERS_Z_22USERS1_INDEX"),
            .index("Z_18USERS_Z_22USERS_INDEX"),
            .index("Z_1ROLE_Z_19ROLE_INDEX"),
            .index("Z_23IGNOREDCLIENTS_Z_23IGNOREDCLIENTS_INDEX"),
            .index("Z_23TRUSTEDCLIENTS_Z_23TRUSTEDCLIENTS_INDEX"),
            .index("Z_5LABELS_Z_7LABELS_INDEX"),
            .index("Z_5LASTSERVERSYNCEDACTIVEPARTICIPANTS_Z_22LASTSERVERSYNCEDACTIVEPARTICIPANTS_INDEX"),
        ],
        "store2-85-0.wiredatabase": [
            .index("ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX"),
            .index("Z_14ADDEDUSERS_Z_22ADDEDUSERS_INDEX"),
            .index("Z_14CLIENTS_Z_23CLIENTS_INDEX"),
            .index("Z_14REMOVEDUSERS_Z_22REMOVEDUSERS_INDEX"),
            .index("Z_14USERS_Z_22USERS1_INDEX"),
            .index("Z_18USERS_Z_22USERS_INDEX"),
            .index("Z_1ROLE_Z_19ROLE_INDEX"),
            .index("Z_23IGNOREDCLIENTS_Z_23IGNOREDCLIENTS_INDEX"),
            .index("Z_23TRUSTEDCLIENTS_Z_23TRUSTEDCLIENTS_INDEX"),
            .index("Z_5LABELS_Z_7LABELS_INDEX"),
            .index("Z_5LASTSERVERSYNCEDACTIVEPARTICIPANTS_Z_22LASTSERVERSYNCEDACTIVEPARTICIPANTS_INDEX"),
            .appended(table: "ZCONVERSATION", column: "ZDRAFTMESSAGENONCE"),
        ],
        "store2-86-0.wiredatabase": [
            .index("ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX"),
            .index("Z_14ADDEDUSERS_Z_22ADDEDUSERS_INDEX"),
            .index("Z_14CLIENTS_Z_23CLIENTS_INDEX"),
            .index("Z_14REMOVEDUSERS_Z_22REMOVEDUSERS_INDEX"),
            .index("Z_14USERS_Z_22USERS1_INDEX"),
            .index("Z_18USERS_Z_22USERS_INDEX"),
            .index("Z_1ROLE_Z_19ROLE_INDEX"),
            .index("Z_23IGNOREDCLIENTS_Z_23IGNOREDCLIENTS_INDEX"),
            .index("Z_23TRUSTEDCLIENTS_Z_23TRUSTEDCLIENTS_INDEX"),
            .index("Z_5LABELS_Z_7LABELS_INDEX"),
            .index("Z_5LASTSERVERSYNCEDACTIVEPARTICIPANTS_Z_22LASTSERVERSYNCEDACTIVEPARTICIPANTS_INDEX"),
            .appended(table: "ZCONVERSATION", column: "ZDRAFTMESSAGENONCE"),
            .appended(table: "ZUSER", column: "ZANALYTICSIDENTIFIER"),
        ],
        "store2-87-0.wiredatabase": [
            .index("ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX"),
            .index("Z_14ADDEDUSERS_Z_22ADDEDUSERS_INDEX"),
            .index("Z_14CLIENTS_Z_23CLIENTS_INDEX"),
            .index("Z_14REMOVEDUSERS_Z_22REMOVEDUSERS_INDEX"),
            .index("Z_14USERS_Z_22USERS1_INDEX"),
            .index("Z_18USERS_Z_22USERS_INDEX"),
            .index("Z_1ROLE_Z_19ROLE_INDEX"),
            .index("Z_23IGNOREDCLIENTS_Z_23IGNOREDCLIENTS_INDEX"),
            .index("Z_23TRUSTEDCLIENTS_Z_23TRUSTEDCLIENTS_INDEX"),
            .index("Z_5LABELS_Z_7LABELS_INDEX"),
            .index("Z_5LASTSERVERSYNCEDACTIVEPARTICIPANTS_Z_22LASTSERVERSYNCEDACTIVEPARTICIPANTS_INDEX"),
            .appended(table: "ZCONVERSATION", column: "ZDRAFTMESSAGENONCE"),
            .appended(table: "ZCONVERSATION", column: "ZNEEDSTOCALCULATEUNREADMESSAGES"),
            .appended(table: "ZUSER", column: "ZANALYTICSIDENTIFIER"),
        ],
        "store2-88-0.wiredatabase": [
            .index("ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX"),
            .index("Z_14ADDEDUSERS_Z_22ADDEDUSERS_INDEX"),
            .index("Z_14CLIENTS_Z_23CLIENTS_INDEX"),
            .index("Z_14REMOVEDUSERS_Z_22REMOVEDUSERS_INDEX"),
            .index("Z_14USERS_Z_22USERS1_INDEX"),
            .index("Z_15ADDEDUSERS_Z_23ADDEDUSERS_INDEX"),
            .index("Z_15CLIENTS_Z_24CLIENTS_INDEX"),
            .index("Z_15REMOVEDUSERS_Z_23REMOVEDUSERS_INDEX"),
            .index("Z_15USERS_Z_23USERS1_INDEX"),
            .index("Z_18USERS_Z_22USERS_INDEX"),
            .index("Z_19USERS_Z_23USERS_INDEX"),
            .index("Z_1ROLE_Z_19ROLE_INDEX"),
            .index("Z_1ROLE_Z_20ROLE_INDEX"),
            .index("Z_23IGNOREDCLIENTS_Z_23IGNOREDCLIENTS_INDEX"),
            .index("Z_23TRUSTEDCLIENTS_Z_23TRUSTEDCLIENTS_INDEX"),
            .index("Z_24IGNOREDCLIENTS_Z_24IGNOREDCLIENTS_INDEX"),
            .index("Z_24TRUSTEDCLIENTS_Z_24TRUSTEDCLIENTS_INDEX"),
            .index("Z_5LABELS_Z_7LABELS_INDEX"),
            .index("Z_5LABELS_Z_8LABELS_INDEX"),
            .index("Z_5LASTSERVERSYNCEDACTIVEPARTICIPANTS_Z_22LASTSERVERSYNCEDACTIVEPARTICIPANTS_INDEX"),
            .index("Z_5LASTSERVERSYNCEDACTIVEPARTICIPANTS_Z_23LASTSERVERSYNCEDACTIVEPARTICIPANTS_INDEX"),
            .appended(table: "ZCONVERSATION", column: "ZDRAFTMESSAGENONCE"),
            .appended(table: "ZCONVERSATION", column: "ZNEEDSTOCALCULATEUNREADMESSAGES"),
            .appended(table: "ZUSER", column: "ZANALYTICSIDENTIFIER"),
        ],
        "store2-89-0.wiredatabase": [
            .index("ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX"),
            .index("Z_14ADDEDUSERS_Z_22ADDEDUSERS_INDEX"),
            .index("Z_14CLIENTS_Z_23CLIENTS_INDEX"),
            .index("Z_14REMOVEDUSERS_Z_22REMOVEDUSERS_INDEX"),
            .index("Z_14USERS_Z_22USERS1_INDEX"),
            .index("Z_15ADDEDUSERS_Z_23ADDEDUSERS_INDEX"),
            .index("Z_15CLIENTS_Z_24CLIENTS_INDEX"),
            .index("Z_15REMOVEDUSERS_Z_23REMOVEDUSERS_INDEX"),
            .index("Z_15USERS_Z_23USERS1_INDEX"),
            .index("Z_18USERS_Z_22USERS_INDEX"),
            .index("Z_19USERS_Z_23USERS_INDEX"),
            .index("Z_1ROLE_Z_19ROLE_INDEX"),
            .index("Z_1ROLE_Z_20ROLE_INDEX"),
            .index("Z_23IGNOREDCLIENTS_Z_23IGNOREDCLIENTS_INDEX"),
            .index("Z_23TRUSTEDCLIENTS_Z_23TRUSTEDCLIENTS_INDEX"),
            .index("Z_24IGNOREDCLIENTS_Z_24IGNOREDCLIENTS_INDEX"),
            .index("Z_24TRUSTEDCLIENTS_Z_24TRUSTEDCLIENTS_INDEX"),
            .index("Z_5LABELS_Z_7LABELS_INDEX"),
            .index("Z_5LABELS_Z_8LABELS_INDEX"),
            .index("Z_5LASTSERVERSYNCEDACTIVEPARTICIPANTS_Z_22LASTSERVERSYNCEDACTIVEPARTICIPANTS_INDEX"),
            .index("Z_5LASTSERVERSYNCEDACTIVEPARTICIPANTS_Z_23LASTSERVERSYNCEDACTIVEPARTICIPANTS_INDEX"),
            .appended(table: "ZCONVERSATION", column: "ZDRAFTMESSAGENONCE"),
            .appended(table: "ZCONVERSATION", column: "ZNEEDSTOCALCULATEUNREADMESSAGES"),
            .appended(table: "ZMESSAGE", column: "ZDECRYPTIONERRORCODE"),
            .appended(table: "ZUSER", column: "ZANALYTICSIDENTIFIER"),
            .appended(table: "ZUSERCLIENT", column: "ZNEEDSTONOTIFYOTHERUSERABOUTSESSIONRESET"),
        ],
        "store2-90-0.wiredatabase": [
            .index("ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX"),
            .index("Z_14ADDEDUSERS_Z_22ADDEDUSERS_INDEX"),
            .index("Z_14CLIENTS_Z_23CLIENTS_INDEX"),
            .index("Z_14REMOVEDUSERS_Z_22REMOVEDUSERS_INDEX"),
            .index("Z_14USERS_Z_22USERS1_INDEX"),
            .index("Z_15ADDEDUSERS_Z_23ADDEDUSERS_INDEX"),
            .index("Z_15CLIENTS_Z_24CLIENTS_INDEX"),
            .index("Z_15REMOVEDUSERS_Z_23REMOVEDUSERS_INDEX"),
            .index("Z_15USERS_Z_23USERS1_INDEX"),
            .index("Z_18USERS_Z_22USERS_INDEX"),
            .index("Z_19USERS_Z_23USERS_INDEX"),
            .index("Z_1ROLE_Z_19ROLE_INDEX"),
            .index("Z_1ROLE_Z_20ROLE_INDEX"),
            .index("Z_23IGNOREDCLIENTS_Z_23IGNOREDCLIENTS_INDEX"),
            .index("Z_23TRUSTEDCLIENTS_Z_23TRUSTEDCLIENTS_INDEX"),
            .index("Z_24IGNOREDCLIENTS_Z_24IGNOREDCLIENTS_INDEX"),
            .index("Z_24TRUSTEDCLIENTS_Z_24TRUSTEDCLIENTS_INDEX"),
            .index("Z_5LABELS_Z_7LABELS_INDEX"),
            .index("Z_5LABELS_Z_8LABELS_INDEX"),
            .index("Z_5LASTSERVERSYNCEDACTIVEPARTICIPANTS_Z_22LASTSERVERSYNCEDACTIVEPARTICIPANTS_INDEX"),
            .index("Z_5LASTSERVERSYNCEDACTIVEPARTICIPANTS_Z_23LASTSERVERSYNCEDACTIVEPARTICIPANTS_INDEX"),
            .appended(table: "ZCONVERSATION", column: "ZDRAFTMESSAGENONCE"),
            .appended(table: "ZCONVERSATION", column: "ZNEEDSTOCALCULATEUNREADMESSAGES"),
            .appended(table: "ZMESSAGE", column: "ZDECRYPTIONERRORCODE"),
            .appended(table: "ZUSER", column: "ZANALYTICSIDENTIFIER"),
            .appended(table: "ZUSER", column: "ZDOMAIN"),
            .appended(table: "ZUSERCLIENT", column: "ZNEEDSTONOTIFYOTHERUSERABOUTSESSIONRESET"),
        ],
        "store2-91-0.wiredatabase": [
            .index("ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX"),
            .index("Z_14ADDEDUSERS_Z_22ADDEDUSERS_INDEX"),
            .index("Z_14CLIENTS_Z_23CLIENTS_INDEX"),
            .index("Z_14REMOVEDUSERS_Z_22REMOVEDUSERS_INDEX"),
            .index("Z_14USERS_Z_22USERS1_INDEX"),
            .index("Z_15ADDEDUSERS_Z_23ADDEDUSERS_INDEX"),
            .index("Z_15CLIENTS_Z_24CLIENTS_INDEX"),
            .index("Z_15REMOVEDUSERS_Z_23REMOVEDUSERS_INDEX"),
            .index("Z_15USERS_Z_23USERS1_INDEX"),
            .index("Z_18USERS_Z_22USERS_INDEX"),
            .index("Z_19USERS_Z_23USERS_INDEX"),
            .index("Z_1ROLE_Z_19ROLE_INDEX"),
            .index("Z_1ROLE_Z_20ROLE_INDEX"),
            .index("Z_23IGNOREDCLIENTS_Z_23IGNOREDCLIENTS_INDEX"),
            .index("Z_23TRUSTEDCLIENTS_Z_23TRUSTEDCLIENTS_INDEX"),
            .index("Z_24IGNOREDCLIENTS_Z_24IGNOREDCLIENTS_INDEX"),
            .index("Z_24TRUSTEDCLIENTS_Z_24TRUSTEDCLIENTS_INDEX"),
            .index("Z_5LABELS_Z_7LABELS_INDEX"),
            .index("Z_5LABELS_Z_8LABELS_INDEX"),
            .index("Z_5LASTSERVERSYNCEDACTIVEPARTICIPANTS_Z_22LASTSERVERSYNCEDACTIVEPARTICIPANTS_INDEX"),
            .index("Z_5LASTSERVERSYNCEDACTIVEPARTICIPANTS_Z_23LASTSERVERSYNCEDACTIVEPARTICIPANTS_INDEX"),
            .appended(table: "ZCONVERSATION", column: "ZDRAFTMESSAGENONCE"),
            .appended(table: "ZCONVERSATION", column: "ZNEEDSTOCALCULATEUNREADMESSAGES"),
            .appended(table: "ZMESSAGE", column: "ZDECRYPTIONERRORCODE"),
            .appended(table: "ZMESSAGE", column: "ZPARTICIPANTSREMOVEDREASON"),
            .appended(table: "ZUSER", column: "ZANALYTICSIDENTIFIER"),
            .appended(table: "ZUSER", column: "ZDOMAIN"),
            .appended(table: "ZUSERCLIENT", column: "ZNEEDSTONOTIFYOTHERUSERABOUTSESSIONRESET"),
        ],
        "store2-92-0.wiredatabase": [
            .index("ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX"),
            .index("Z_14ADDEDUSERS_Z_22ADDEDUSERS_INDEX"),
            .index("Z_14CLIENTS_Z_23CLIENTS_INDEX"),
            .index("Z_14REMOVEDUSERS_Z_22REMOVEDUSERS_INDEX"),
            .index("Z_14USERS_Z_22USERS1_INDEX"),
            .index("Z_15ADDEDUSERS_Z_23ADDEDUSERS_INDEX"),
            .index("Z_15CLIENTS_Z_24CLIENTS_INDEX"),
            .index("Z_15REMOVEDUSERS_Z_23REMOVEDUSERS_INDEX"),
            .index("Z_15USERS_Z_23USERS1_INDEX"),
            .index("Z_18USERS_Z_22USERS_INDEX"),
            .index("Z_19USERS_Z_23USERS_INDEX"),
            .index("Z_1ROLE_Z_19ROLE_INDEX"),
            .index("Z_1ROLE_Z_20ROLE_INDEX"),
            .index("Z_23IGNOREDCLIENTS_Z_23IGNOREDCLIENTS_INDEX"),
            .index("Z_23TRUSTEDCLIENTS_Z_23TRUSTEDCLIENTS_INDEX"),
            .index("Z_24IGNOREDCLIENTS_Z_24IGNOREDCLIENTS_INDEX"),
            .index("Z_24TRUSTEDCLIENTS_Z_24TRUSTEDCLIENTS_INDEX"),
            .index("Z_5LABELS_Z_7LABELS_INDEX"),
            .index("Z_5LABELS_Z_8LABELS_INDEX"),
            .index("Z_5LASTSERVERSYNCEDACTIVEPARTICIPANTS_Z_22LASTSERVERSYNCEDACTIVEPARTICIPANTS_INDEX"),
            .index("Z_5LASTSERVERSYNCEDACTIVEPARTICIPANTS_Z_23LASTSERVERSYNCEDACTIVEPARTICIPANTS_INDEX"),
            .appended(table: "ZCONVERSATION", column: "ZDRAFTMESSAGENONCE"),
            .appended(table: "ZCONVERSATION", column: "ZNEEDSTOCALCULATEUNREADMESSAGES"),
            .appended(table: "ZMESSAGE", column: "ZDECRYPTIONERRORCODE"),
            .appended(table: "ZMESSAGE", column: "ZPARTICIPANTSREMOVEDREASON"),
            .appended(table: "ZUSER", column: "ZANALYTICSIDENTIFIER"),
            .appended(table: "ZUSER", column: "ZDOMAIN"),
            .appended(table: "ZUSERCLIENT", column: "ZNEEDSTONOTIFYOTHERUSERABOUTSESSIONRESET"),
            .appended(table: "ZUSERCLIENT", column: "ZNEEDSTOUPDATECAPABILITIES"),
        ],
        "store2-93-0.wiredatabase": [
            .index("ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX"),
            .index("Z_14ADDEDUSERS_Z_22ADDEDUSERS_INDEX"),
            .index("Z_14CLIENTS_Z_23CLIENTS_INDEX"),
            .index("Z_14REMOVEDUSERS_Z_22REMOVEDUSERS_INDEX"),
            .index("Z_14USERS_Z_22USERS1_INDEX"),
            .index("Z_15ADDEDUSERS_Z_23ADDEDUSERS_INDEX"),
            .index("Z_15CLIENTS_Z_24CLIENTS_INDEX"),
            .index("Z_15REMOVEDUSERS_Z_23REMOVEDUSERS_INDEX"),
            .index("Z_15USERS_Z_23USERS1_INDEX"),
            .index("Z_18USERS_Z_22USERS_INDEX"),
            .index("Z_19USERS_Z_23USERS_INDEX"),
            .index("Z_1ROLE_Z_19ROLE_INDEX"),
            .index("Z_1ROLE_Z_20ROLE_INDEX"),
            .index("Z_23IGNOREDCLIENTS_Z_23IGNOREDCLIENTS_INDEX"),
            .index("Z_23TRUSTEDCLIENTS_Z_23TRUSTEDCLIENTS_INDEX"),
            .index("Z_24IGNOREDCLIENTS_Z_24IGNOREDCLIENTS_INDEX"),
            .index("Z_24TRUSTEDCLIENTS_Z_24TRUSTEDCLIENTS_INDEX"),
            .index("Z_5LABELS_Z_7LABELS_INDEX"),
            .index("Z_5LABELS_Z_8LABELS_INDEX"),
            .index("Z_5LASTSERVERSYNCEDACTIVEPARTICIPANTS_Z_22LASTSERVERSYNCEDACTIVEPARTICIPANTS_INDEX"),
            .index("Z_5LASTSERVERSYNCEDACTIVEPARTICIPANTS_Z_23LASTSERVERSYNCEDACTIVEPARTICIPANTS_INDEX"),
            .appended(table: "ZCONVERSATION", column: "ZDRAFTMESSAGENONCE"),
            .appended(table: "ZCONVERSATION", column: "ZNEEDSTOCALCULATEUNREADMESSAGES"),
            .appended(table: "ZMESSAGE", column: "ZDECRYPTIONERRORCODE"),
            .appended(table: "ZMESSAGE", column: "ZPARTICIPANTSREMOVEDREASON"),
            .appended(table: "ZUSER", column: "ZANALYTICSIDENTIFIER"),
            .appended(table: "ZUSER", column: "ZDOMAIN"),
            .appended(table: "ZUSERCLIENT", column: "ZNEEDSTONOTIFYOTHERUSERABOUTSESSIONRESET"),
            .appended(table: "ZUSERCLIENT", column: "ZNEEDSTOUPDATECAPABILITIES"),
        ],
        "store2-94-0.wiredatabase": [
            .index("ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX"),
            .index("Z_14ADDEDUSERS_Z_22ADDEDUSERS_INDEX"),
            .index("Z_14CLIENTS_Z_23CLIENTS_INDEX"),
            .index("Z_14REMOVEDUSERS_Z_22REMOVEDUSERS_INDEX"),
            .index("Z_14USERS_Z_22USERS1_INDEX"),
            .index("Z_15ADDEDUSERS_Z_23ADDEDUSERS_INDEX"),
            .index("Z_15CLIENTS_Z_24CLIENTS_INDEX"),
            .index("Z_15REMOVEDUSERS_Z_23REMOVEDUSERS_INDEX"),
            .index("Z_15USERS_Z_23USERS1_INDEX"),
            .index("Z_18USERS_Z_22USERS_INDEX"),
            .index("Z_19USERS_Z_23USERS_INDEX"),
            .index("Z_1ROLE_Z_19ROLE_INDEX"),
            .index("Z_1ROLE_Z_20ROLE_INDEX"),
            .index("Z_23IGNOREDCLIENTS_Z_23IGNOREDCLIENTS_INDEX"),
            .index("Z_23TRUSTEDCLIENTS_Z_23TRUSTEDCLIENTS_INDEX"),
            .index("Z_24IGNOREDCLIENTS_Z_24IGNOREDCLIENTS_INDEX"),
            .index("Z_24TRUSTEDCLIENTS_Z_24TRUSTEDCLIENTS_INDEX"),
            .index("Z_5LABELS_Z_7LABELS_INDEX"),
            .index("Z_5LABELS_Z_8LABELS_INDEX"),
            .index("Z_5LASTSERVERSYNCEDACTIVEPARTICIPANTS_Z_22LASTSERVERSYNCEDACTIVEPARTICIPANTS_INDEX"),
            .index("Z_5LASTSERVERSYNCEDACTIVEPARTICIPANTS_Z_23LASTSERVERSYNCEDACTIVEPARTICIPANTS_INDEX"),
            .appended(table: "ZCONVERSATION", column: "ZDRAFTMESSAGENONCE"),
            .appended(table: "ZCONVERSATION", column: "ZNEEDSTOCALCULATEUNREADMESSAGES"),
            .appended(table: "ZCONVERSATION", column: "ZDOMAIN"),
            .appended(table: "ZMESSAGE", column: "ZDECRYPTIONERRORCODE"),
            .appended(table: "ZMESSAGE", column: "ZPARTICIPANTSREMOVEDREASON"),
            .appended(table: "ZUSER", column: "ZANALYTICSIDENTIFIER"),
            .appended(table: "ZUSER", column: "ZDOMAIN"),
            .appended(table: "ZUSERCLIENT", column: "ZNEEDSTONOTIFYOTHERUSERABOUTSESSIONRESET"),
            .appended(table: "ZUSERCLIENT", column: "ZNEEDSTOUPDATECAPABILITIES"),
        ],
        "store2-95-0.wiredatabase": [
            .index("ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX"),
            .index("Z_14ADDEDUSERS_Z_22ADDEDUSERS_INDEX"),
            .index("Z_14CLIENTS_Z_23CLIENTS_INDEX"),
            .index("Z_14REMOVEDUSERS_Z_22REMOVEDUSERS_INDEX"),
            .index("Z_14USERS_Z_22USERS1_INDEX"),
            .index("Z_15ADDEDUSERS_Z_23ADDEDUSERS_INDEX"),
            .index("Z_15CLIENTS_Z_24CLIENTS_INDEX"),
            .index("Z_15REMOVEDUSERS_Z_23REMOVEDUSERS_INDEX"),
            .index("Z_15USERS_Z_23USERS1_INDEX"),
            .index("Z_18USERS_Z_22USERS_INDEX"),
            .index("Z_19USERS_Z_23USERS_INDEX"),
            .index("Z_1ROLE_Z_19ROLE_INDEX"),
            .index("Z_1ROLE_Z_20ROLE_INDEX"),
            .index("Z_23IGNOREDCLIENTS_Z_23IGNOREDCLIENTS_INDEX"),
            .index("Z_23TRUSTEDCLIENTS_Z_23TRUSTEDCLIENTS_INDEX"),
            .index("Z_24IGNOREDCLIENTS_Z_24IGNOREDCLIENTS_INDEX"),
            .index("Z_24TRUSTEDCLIENTS_Z_24TRUSTEDCLIENTS_INDEX"),
            .index("Z_5LABELS_Z_7LABELS_INDEX"),
            .index("Z_5LABELS_Z_8LABELS_INDEX"),
            .index("Z_5LASTSERVERSYNCEDACTIVEPARTICIPANTS_Z_22LASTSERVERSYNCEDACTIVEPARTICIPANTS_INDEX"),
            .index("Z_5LASTSERVERSYNCEDACTIVEPARTICIPANTS_Z_23LASTSERVERSYNCEDACTIVEPARTICIPANTS_INDEX"),
            .appended(table: "ZCONVERSATION", column: "ZDRAFTMESSAGENONCE"),
            .appended(table: "ZCONVERSATION", column: "ZNEEDSTOCALCULATEUNREADMESSAGES"),
            .appended(table: "ZCONVERSATION", column: "ZDOMAIN"),
            .appended(table: "ZFEATURE", column: "ZHASINITIALDEFAULT"),
            .appended(table: "ZMESSAGE", column: "ZDECRYPTIONERRORCODE"),
            .appended(table: "ZMESSAGE", column: "ZPARTICIPANTSREMOVEDREASON"),
            .appended(table: "ZUSER", column: "ZANALYTICSIDENTIFIER"),
            .appended(table: "ZUSER", column: "ZDOMAIN"),
            .appended(table: "ZUSERCLIENT", column: "ZNEEDSTONOTIFYOTHERUSERABOUTSESSIONRESET"),
            .appended(table: "ZUSERCLIENT", column: "ZNEEDSTOUPDATECAPABILITIES"),
        ],
        "store2-96-0.wiredatabase": [
            .index("ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX"),
            .index("Z_14ADDEDUSERS_Z_22ADDEDUSERS_INDEX"),
            .index("Z_14CLIENTS_Z_23CLIENTS_INDEX"),
            .index("Z_14REMOVEDUSERS_Z_22REMOVEDUSERS_INDEX"),
            .index("Z_14USERS_Z_22USERS1_INDEX"),
            .index("Z_15ADDEDUSERS_Z_23ADDEDUSERS_INDEX"),
            .index("Z_15CLIENTS_Z_24CLIENTS_INDEX"),
            .index("Z_15REMOVEDUSERS_Z_23REMOVEDUSERS_INDEX"),
            .index("Z_15USERS_Z_23USERS1_INDEX"),
            .index("Z_18USERS_Z_22USERS_INDEX"),
            .index("Z_19USERS_Z_23USERS_INDEX"),
            .index("Z_1ROLE_Z_19ROLE_INDEX"),
            .index("Z_1ROLE_Z_20ROLE_INDEX"),
            .index("Z_23IGNOREDCLIENTS_Z_23IGNOREDCLIENTS_INDEX"),
            .index("Z_23TRUSTEDCLIENTS_Z_23TRUSTEDCLIENTS_INDEX"),
            .index("Z_24IGNOREDCLIENTS_Z_24IGNOREDCLIENTS_INDEX"),
            .index("Z_24TRUSTEDCLIENTS_Z_24TRUSTEDCLIENTS_INDEX"),
            .index("Z_25TRUSTEDCLIENTS_Z_25TRUSTEDCLIENTS_INDEX"),
            .index("Z_5LABELS_Z_7LABELS_INDEX"),
            .index("Z_5LABELS_Z_8LABELS_INDEX"),
            .index("Z_5LASTSERVERSYNCEDACTIVEPARTICIPANTS_Z_22LASTSERVERSYNCEDACTIVEPARTICIPANTS_INDEX"),
            .index("Z_5LASTSERVERSYNCEDACTIVEPARTICIPANTS_Z_23LASTSERVERSYNCEDACTIVEPARTICIPANTS_INDEX"),
            .appended(table: "ZCONVERSATION", column: "ZDRAFTMESSAGENONCE"),
            .appended(table: "ZCONVERSATION", column: "ZNEEDSTOCALCULATEUNREADMESSAGES"),
            .appended(table: "ZCONVERSATION", column: "ZDOMAIN"),
            .appended(table: "ZFEATURE", column: "ZHASINITIALDEFAULT"),
            .appended(table: "ZMESSAGE", column: "ZDECRYPTIONERRORCODE"),
            .appended(table: "ZMESSAGE", column: "ZPARTICIPANTSREMOVEDREASON"),
            .appended(table: "ZUSER", column: "ZANALYTICSIDENTIFIER"),
            .appended(table: "ZUSER", column: "ZDOMAIN"),
            .appended(table: "ZUSERCLIENT", column: "ZNEEDSTONOTIFYOTHERUSERABOUTSESSIONRESET"),
            .appended(table: "ZUSERCLIENT", column: "ZNEEDSTOUPDATECAPABILITIES"),
            .appended(table: "ZUSERCLIENT", column: "ZNEEDSSESSIONMIGRATION"),
            .appended(table: "Z_25TRUSTEDBYCLIENTS", column: "Z_25TRUSTEDCLIENTS"),
        ],
        "store2-97-0.wiredatabase": [
            .index("ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX"),
            .index("Z_14ADDEDUSERS_Z_22ADDEDUSERS_INDEX"),
            .index("Z_14CLIENTS_Z_23CLIENTS_INDEX"),
            .index("Z_14REMOVEDUSERS_Z_22REMOVEDUSERS_INDEX"),
            .index("Z_14USERS_Z_22USERS1_INDEX"),
            .index("Z_15ADDEDUSERS_Z_23ADDEDUSERS_INDEX"),
            .index("Z_15CLIENTS_Z_24CLIENTS_INDEX"),
            .index("Z_15REMOVEDUSERS_Z_23REMOVEDUSERS_INDEX"),
            .index("Z_15USERS_Z_23USERS1_INDEX"),
            .index("Z_18USERS_Z_22USERS_INDEX"),
            .index("Z_19USERS_Z_23USERS_INDEX"),
            .index("Z_1ROLE_Z_19ROLE_INDEX"),
            .index("Z_1ROLE_Z_20ROLE_INDEX"),
            .index("Z_23IGNOREDCLIENTS_Z_23IGNOREDCLIENTS_INDEX"),
            .index("Z_23TRUSTEDCLIENTS_Z_23TRUSTEDCLIENTS_INDEX"),
            .index("Z_24IGNOREDCLIENTS_Z_24IGNOREDCLIENTS_INDEX"),
            .index("Z_24TRUSTEDCLIENTS_Z_24TRUSTEDCLIENTS_INDEX"),
            .index("Z_25TRUSTEDCLIENTS_Z_25TRUSTEDCLIENTS_INDEX"),
            .index("Z_5LABELS_Z_7LABELS_INDEX"),
            .index("Z_5LABELS_Z_8LABELS_INDEX"),
            .index("Z_5LASTSERVERSYNCEDACTIVEPARTICIPANTS_Z_22LASTSERVERSYNCEDACTIVEPARTICIPANTS_INDEX"),
            .index("Z_5LASTSERVERSYNCEDACTIVEPARTICIPANTS_Z_23LASTSERVERSYNCEDACTIVEPARTICIPANTS_INDEX"),
            .appended(table: "ZCONVERSATION", column: "ZDRAFTMESSAGENONCE"),
            .appended(table: "ZCONVERSATION", column: "ZNEEDSTOCALCULATEUNREADMESSAGES"),
            .appended(table: "ZCONVERSATION", column: "ZDOMAIN"),
            .appended(table: "ZFEATURE", column: "ZHASINITIALDEFAULT"),
            .appended(table: "ZMESSAGE", column: "ZDECRYPTIONERRORCODE"),
            .appended(table: "ZMESSAGE", column: "ZPARTICIPANTSREMOVEDREASON"),
            .appended(table: "ZUSER", column: "ZANALYTICSIDENTIFIER"),
            .appended(table: "ZUSER", column: "ZDOMAIN"),
            .appended(table: "ZUSERCLIENT", column: "ZNEEDSTONOTIFYOTHERUSERABOUTSESSIONRESET"),
            .appended(table: "ZUSERCLIENT", column: "ZNEEDSTOUPDATECAPABILITIES"),
            .appended(table: "ZUSERCLIENT", column: "ZNEEDSSESSIONMIGRATION"),
            .appended(table: "Z_25TRUSTEDBYCLIENTS", column: "Z_25TRUSTEDCLIENTS"),
        ],
        "store2-98-0.wiredatabase": [
            .index("ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX"),
            .index("Z_14ADDEDUSERS_Z_22ADDEDUSERS_INDEX"),
            .index("Z_14CLIENTS_Z_23CLIENTS_INDEX"),
            .index("Z_14REMOVEDUSERS_Z_22REMOVEDUSERS_INDEX"),
            .index("Z_14USERS_Z_22USERS1_INDEX"),
            .index("Z_15ADDEDUSERS_Z_23ADDEDUSERS_INDEX"),
            .index("Z_15CLIENTS_Z_24CLIENTS_INDEX"),
            .index("Z_15REMOVEDUSERS_Z_23REMOVEDUSERS_INDEX"),
            .index("Z_15USERS_Z_23USERS1_INDEX"),
            .index("Z_18USERS_Z_22USERS_INDEX"),
            .index("Z_19USERS_Z_23USERS_INDEX"),
            .index("Z_1ROLE_Z_19ROLE_INDEX"),
            .index("Z_1ROLE_Z_20ROLE_INDEX"),
            .index("Z_23IGNOREDCLIENTS_Z_23IGNOREDCLIENTS_INDEX"),
            .index("Z_23TRUSTEDCLIENTS_Z_23TRUSTEDCLIENTS_INDEX"),
            .index("Z_24IGNOREDCLIENTS_Z_24IGNOREDCLIENTS_INDEX"),
            .index("Z_24TRUSTEDCLIENTS_Z_24TRUSTEDCLIENTS_INDEX"),
            .index("Z_25TRUSTEDCLIENTS_Z_25TRUSTEDCLIENTS_INDEX"),
            .index("Z_5LABELS_Z_7LABELS_INDEX"),
            .index("Z_5LABELS_Z_8LABELS_INDEX"),
            .index("Z_5LASTSERVERSYNCEDACTIVEPARTICIPANTS_Z_22LASTSERVERSYNCEDACTIVEPARTICIPANTS_INDEX"),
            .index("Z_5LASTSERVERSYNCEDACTIVEPARTICIPANTS_Z_23LASTSERVERSYNCEDACTIVEPARTICIPANTS_INDEX"),
            .appended(table: "ZCONVERSATION", column: "ZDRAFTMESSAGENONCE"),
            .appended(table: "ZCONVERSATION", column: "ZNEEDSTOCALCULATEUNREADMESSAGES"),
            .appended(table: "ZCONVERSATION", column: "ZDOMAIN"),
            .appended(table: "ZCONVERSATION", column: "ZACCESSROLESTRINGSV2"),
            .appended(table: "ZFEATURE", column: "ZHASINITIALDEFAULT"),
            .appended(table: "ZMESSAGE", column: "ZDECRYPTIONERRORCODE"),
            .appended(table: "ZMESSAGE", column: "ZPARTICIPANTSREMOVEDREASON"),
            .appended(table: "ZUSER", column: "ZANALYTICSIDENTIFIER"),
            .appended(table: "ZUSER", column: "ZDOMAIN"),
            .appended(table: "ZUSERCLIENT", column: "ZNEEDSTONOTIFYOTHERUSERABOUTSESSIONRESET"),
            .appended(table: "ZUSERCLIENT", column: "ZNEEDSTOUPDATECAPABILITIES"),
            .appended(table: "ZUSERCLIENT", column: "ZNEEDSSESSIONMIGRATION"),
            .appended(table: "Z_25TRUSTEDBYCLIENTS", column: "Z_25TRUSTEDCLIENTS"),
        ],
        "store2-99-0.wiredatabase": [
            .index("ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX"),
            .index("Z_14ADDEDUSERS_Z_22ADDEDUSERS_INDEX"),
            .index("Z_14CLIENTS_Z_23CLIENTS_INDEX"),
            .index("Z_14REMOVEDUSERS_Z_22REMOVEDUSERS_INDEX"),
            .index("Z_14USERS_Z_22USERS1_INDEX"),
            .index("Z_15ADDEDUSERS_Z_23ADDEDUSERS_INDEX"),
            .index("Z_15CLIENTS_Z_24CLIENTS_INDEX"),
            .index("Z_15REMOVEDUSERS_Z_23REMOVEDUSERS_INDEX"),
            .index("Z_15USERS_Z_23USERS1_INDEX"),
            .index("Z_18USERS_Z_22USERS_INDEX"),
            .index("Z_19USERS_Z_23USERS_INDEX"),
            .index("Z_1ROLE_Z_19ROLE_INDEX"),
            .index("Z_1ROLE_Z_20ROLE_INDEX"),
            .index("Z_23IGNOREDCLIENTS_Z_23IGNOREDCLIENTS_INDEX"),
            .index("Z_23TRUSTEDCLIENTS_Z_23TRUSTEDCLIENTS_INDEX"),
            .index("Z_24IGNOREDCLIENTS_Z_24IGNOREDCLIENTS_INDEX"),
            .index("Z_24TRUSTEDCLIENTS_Z_24TRUSTEDCLIENTS_INDEX"),
            .index("Z_25TRUSTEDCLIENTS_Z_25TRUSTEDCLIENTS_INDEX"),
            .index("Z_5LABELS_Z_7LABELS_INDEX"),
            .index("Z_5LABELS_Z_8LABELS_INDEX"),
            .index("Z_5LASTSERVERSYNCEDACTIVEPARTICIPANTS_Z_22LASTSERVERSYNCEDACTIVEPARTICIPANTS_INDEX"),
            .index("Z_5LASTSERVERSYNCEDACTIVEPARTICIPANTS_Z_23LASTSERVERSYNCEDACTIVEPARTICIPANTS_INDEX"),
            .appended(table: "ZCONVERSATION", column: "ZDRAFTMESSAGENONCE"),
            .appended(table: "ZCONVERSATION", column: "ZNEEDSTOCALCULATEUNREADMESSAGES"),
            .appended(table: "ZCONVERSATION", column: "ZDOMAIN"),
            .appended(table: "ZCONVERSATION", column: "ZACCESSROLESTRINGSV2"),
            .appended(table: "ZFEATURE", column: "ZHASINITIALDEFAULT"),
            .appended(table: "ZMESSAGE", column: "ZDECRYPTIONERRORCODE"),
            .appended(table: "ZMESSAGE", column: "ZPARTICIPANTSREMOVEDREASON"),
            .appended(table: "ZUSER", column: "ZANALYTICSIDENTIFIER"),
            .appended(table: "ZUSER", column: "ZDOMAIN"),
            .appended(table: "ZUSERCLIENT", column: "ZNEEDSTONOTIFYOTHERUSERABOUTSESSIONRESET"),
            .appended(table: "ZUSERCLIENT", column: "ZNEEDSTOUPDATECAPABILITIES"),
            .appended(table: "ZUSERCLIENT", column: "ZNEEDSSESSIONMIGRATION"),
            .appended(table: "ZUSERCLIENT", column: "ZLEGACYPUSHTOKEN"),
            .appended(table: "Z_25TRUSTEDBYCLIENTS", column: "Z_25TRUSTEDCLIENTS"),
        ],
    ]
}
