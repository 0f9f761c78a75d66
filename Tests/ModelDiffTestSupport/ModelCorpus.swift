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
