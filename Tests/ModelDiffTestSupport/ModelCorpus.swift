import Foundation

/// Every `.xcdatamodeld` bundle of the shared corpus.
package func corpusBundles() -> [URL] {
    var bundles: [URL] = []
    for root in [Paths.fixtures, Paths.models] {
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { continue }
        for case let url as URL in walker where url.pathExtension == "xcdatamodeld" { bundles.append(url) }
    }
    return bundles.sorted { $0.path < $1.path }
}

/// Every `contents` file under a folder (fixtures, real-world models, our own TestModels).
package func modelFiles(under root: URL) -> [URL] {
    guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
    return walker.compactMap { $0 as? URL }.filter { $0.lastPathComponent == "contents" }
        .sorted { $0.path.compare($1.path, options: .numeric) == .orderedAscending }
}

/// Every model version of ../shared and TestModels that is meant to read: not the malformed files under
/// `TestModels/bad/`, and not `Songs 2`, unreadable on purpose so that a history holds one bad version
/// (UnreadableVersionCLITests).
package func readableCorpusModelFiles() -> [URL] {
    modelFiles(under: Paths.fixtures) + modelFiles(under: Paths.models)
        + modelFiles(under: Paths.testModels).filter {
            !$0.path.contains("/bad/") && !$0.path.contains("Songs.xcdatamodeld/Songs 2.")
        }
}

/// Every SQLite store under `../shared/fixtures` and `../shared/models`, found by its file header, so a
/// store added there later is covered without new code (its lines appear in the golden summary).
package func corpusStores() -> [URL] {
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
