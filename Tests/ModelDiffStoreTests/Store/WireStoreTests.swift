import Foundation
import ModelDiffKit
import ModelDiffStore
import Testing

/// Wire's 90-version model and the 82 stores the app wrote with Core Data at many of those versions
/// (`../shared/models/wire-ios-data-model`, read from `../shared`, never copied into the project).
enum Wire {
    static let folder = Paths.models.appendingPathComponent("wire-ios-data-model")
    static let bundlePath = folder.appendingPathComponent("Resources/zmessaging.xcdatamodeld").path
    static let bundle: ModelBundle? = try? ModelBundle.load(path: bundlePath)
    static let stores: [URL] =
        ((try? FileManager.default.contentsOfDirectory(
            at: folder.appendingPathComponent("Tests/Resources"), includingPropertiesForKeys: nil)) ?? [])
        .filter { $0.pathExtension == "wiredatabase" }.sorted { $0.lastPathComponent < $1.lastPathComponent }

    /// Stores whose hashes match no version of the bundle, each with the reason. Both are read with
    /// the model Core Data cached in them (Z_MODELCACHE), whose hashes are theirs.
    static let unmatched: [String: String] = [
        // The pre-end-to-end-encryption model: the team's test expects Wire to wipe this store.
        "store1-24.wiredatabase": "zmessaging's oldest stores predate every version in the bundle",
        // Its AssetClientMessage hash is that of no version (2.64 and 2.65 differ from it only by the
        // transient `isDownloading`): the app wrote it with an unreleased 2.65 model, and Core Data
        // migrates it from the compiled model it caches in Z_MODELCACHE, as modeldiff now does.
        "store2-65-0.wiredatabase": "written by an unreleased 2.65 model",
    ]

    /// Apple's stores that `store verify` finds unsound, with the problems (the app's data, not ours).
    static let unsound: [String: [String]] = [
        // Users 2–10 were deleted without nullifying the keys that point at them.
        "store1-27.wiredatabase": [
            "Connection.to: 4 rows point to a User that does not exist",
            "Conversation.creator: 4 rows point to a User that does not exist",
            "Z_2LASTSERVERSYNCEDACTIVEPARTICIPANTS.Z_13LASTSERVERSYNCEDACTIVEPARTICIPANTS: 4 rows point to objects that do not exist",
            "Z_2OTHERACTIVEPARTICIPANTS.Z_13OTHERACTIVEPARTICIPANTS: 4 rows point to objects that do not exist",
        ]
    ]

    /// The bundle version whose hashes equal the store's.
    static func version(of store: PersistentStore) -> ModelVersion? {
        guard let bundle else { return nil }
        let match = StoreVersionMatch(storeHashes: store.metadata.versionHashes, versions: bundle.versions.map { ($0.name, $0.model) })
        return match.versionName.flatMap(bundle.version(named:))
    }
}

@Test func wireHasEightyTwoStoresAndItsBundleLoads() throws {
    #expect(Wire.stores.count == 82)
    let bundle = try #require(Wire.bundle)
    #expect(bundle.versions.count == 90)
    #expect(bundle.currentVersionName == "zmessaging2.101.0")
}

/// Every store: its version found by hashes, `store verify` sound with it, every object of every
/// entity read, and every attribute value equal to its raw row decoded by the column's own type.
@Test(.tags(.slow), .notInFastTier) func everyWireStoreNamesItsVersionVerifiesAndReadsBack() throws {
    var matched = 0
    for url in Wire.stores {
        let name = url.lastPathComponent
        let store = try PersistentStore.open(path: url.path)
        guard let version = Wire.version(of: store) else {
            #expect(Wire.unmatched[name] != nil, "\(name) matches no version")
            continue
        }
        matched += 1
        #expect(Wire.unmatched[name] == nil, "\(name) matches \(version.name)")
        let verification = try StoreVerification(store: store, model: version.model)
        #expect(verification.problems == (Wire.unsound[name] ?? []), "\(name)")

        let layout = try store.layout(for: version.model)
        for table in layout.tables {
            // The raw rows of the whole table, by primary key.
            let raw = Dictionary(
                uniqueKeysWithValues: try store.database.rows(
                    "SELECT \(table.columns.map(\.name).joined(separator: ", ")) FROM \(table.name)"
                ).map { row in
                    guard case .integer(let key) = row[0] else { return (Int64(-1), row) }
                    return (key, row)
                })
            var read = 0
            var mismatches: [String] = []
            for entity in table.entities {
                try store.forEachObject(of: entity, layout: layout, includingSubentities: false) { object in
                    read += 1
                    guard let row = raw[object.id.primaryKey] else { return mismatches.append("\(entity) \(object.id) has no row") }
                    // Each attribute of the entity (inherited ones included) from its own column.
                    for (index, column) in table.columns.enumerated() {
                        guard case .attribute(_, let attribute, let type) = column.kind,
                            layout.column(entity: entity, property: attribute) == column
                        else { continue }
                        if object.attributes[attribute] != StoreValue(row[index], type: type) {
                            mismatches.append("\(entity) \(object.id.primaryKey).\(attribute)")
                        }
                    }
                }
            }
            #expect(mismatches.prefix(5) == [], "\(name): \(mismatches.count) values differ from their rows")
            #expect(read == raw.count, "\(name): every row of \(table.name) is an object of its hierarchy")
        }
    }
    #expect(matched == Wire.stores.count - Wire.unmatched.count)
}
