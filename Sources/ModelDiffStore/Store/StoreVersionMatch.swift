@_spi(CLI) import ModelDiffKit

/// Which model version a store was written with: the version whose entity hashes equal the store's
/// `NSStoreModelVersionHashes` (Core Data's own test for "compatible").
public struct StoreVersionMatch: Sendable {
    /// The matching version's name, or nil when none matches.
    public let versionName: String?
    /// For no match: the entities whose hashes differ from the closest version (fewest differences).
    public let differingEntities: [String]
    /// The closest version when none matches.
    public let closestVersion: String?

    /// Matches a store's hashes against every version of a bundle (or one model).
    public init(storeHashes: [String: [UInt8]], versions: [(name: String, model: Model)]) {
        var best: (name: String, differing: [String])?
        for version in versions {
            let hashes = version.model.versionHashes().entityVersionHashes
            if hashes == storeHashes {
                versionName = version.name
                differingEntities = []
                closestVersion = nil
                return
            }
            let names = Set(hashes.keys).union(storeHashes.keys)
            let differing = names.filter { hashes[$0] != storeHashes[$0] }.sorted(by: coreDataCompare)
            if best == nil || differing.count < best!.differing.count { best = (version.name, differing) }
        }
        versionName = nil
        differingEntities = best?.differing ?? []
        closestVersion = best?.name
    }
}
