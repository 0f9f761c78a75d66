import Foundation
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore
import Testing

/// Wire's 90-version model and the 82 stores the app wrote with Core Data at many of those versions
/// (`../shared/models/wire-ios-data-model`, read from `../shared`, never copied into the project).
package enum Wire {
    package static let folder = Paths.models.appendingPathComponent("wire-ios-data-model")
    package static let bundlePath = folder.appendingPathComponent("Resources/zmessaging.xcdatamodeld").path
    package static let bundle: ModelBundle? = try? ModelBundle.load(path: bundlePath)
    package static let stores: [URL] =
        ((try? FileManager.default.contentsOfDirectory(
            at: folder.appendingPathComponent("Tests/Resources"), includingPropertiesForKeys: nil)) ?? [])
        .filter { $0.pathExtension == "wiredatabase" }.sorted { $0.lastPathComponent < $1.lastPathComponent }

    /// Stores whose hashes match no version of the bundle, each with the reason. Both are read with
    /// the model Core Data cached in them (Z_MODELCACHE), whose hashes are theirs.
    package static let unmatched: [String: String] = [
        // The pre-end-to-end-encryption model: the team's test expects Wire to wipe this store.
        "store1-24.wiredatabase": "zmessaging's oldest stores predate every version in the bundle",
        // Its AssetClientMessage hash is that of no version (2.64 and 2.65 differ from it only by the
        // transient `isDownloading`): the app wrote it with an unreleased 2.65 model, and Core Data
        // migrates it from the compiled model it caches in Z_MODELCACHE, as modeldiff now does.
        "store2-65-0.wiredatabase": "written by an unreleased 2.65 model",
    ]

    /// Apple's stores that `store verify` finds unsound, with the problems (the app's data, not ours).
    package static let unsound: [String: [String]] = [
        // Users 2–10 were deleted without nullifying the keys that point at them.
        "store1-27.wiredatabase": [
            "Connection.to: 4 rows point to a User that does not exist",
            "Conversation.creator: 4 rows point to a User that does not exist",
            "Z_2LASTSERVERSYNCEDACTIVEPARTICIPANTS.Z_13LASTSERVERSYNCEDACTIVEPARTICIPANTS: 4 rows point to objects that do not exist",
            "Z_2OTHERACTIVEPARTICIPANTS.Z_13OTHERACTIVEPARTICIPANTS: 4 rows point to objects that do not exist",
        ]
    ]

    /// The bundle version whose hashes equal the store's.
    package static func version(of store: PersistentStore) -> ModelVersion? {
        guard let bundle else { return nil }
        let match = StoreVersionMatch(storeHashes: store.metadata.versionHashes, versions: bundle.versions.map { ($0.name, $0.model) })
        return match.versionName.flatMap(bundle.version(named:))
    }
}
