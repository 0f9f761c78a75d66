@_spi(CLI) import ModelDiffKit

/// The model a store was written with, found in what a path names (``ModelInput``): the version
/// whose entity hashes are the store's (``StoreVersionMatch``), else, as Core Data does, the model
/// cached in the store (``PersistentStore/cachedModel()``, docs/COMPILED-MODELS.md).
///
/// `store info` and `store verify` resolve their `--model` through it, so a bundle is told from a
/// version in one place (``ModelInput/isBundle(_:)``) and the cache fallback is the same for both.
@_spi(CLI) public struct StoreModel: Sendable {
    /// What the path names: one version, or a bundle with every version.
    package let input: ModelInput
    /// The versions the store's hashes were matched against: a bundle's, or the one version, named
    /// after the path (``versionName(forPath:)``: `Model 2` for `Model 2.xcdatamodel`).
    @_spi(CLI) public let versions: [ModelVersion]
    /// Which of `versions` has the store's hashes.
    @_spi(CLI) public let match: StoreVersionMatch
    /// The matching version's model; when none matches, the store's cached model, or why it cannot
    /// be used (the cache is read only then).
    @_spi(CLI) public let model: Result<Model, StoreFailure>

    /// Reads what `path` names and finds the version of it that wrote `store`. Only the versions
    /// compared are needed: a bundle version the reader refuses stops nothing when another version
    /// has the store's hashes, and is the error (its line) when none has, since it may be the one.
    /// A bundle's versions are compared in `order`'s order (given the bundle read; nil: the bundle's
    /// own): when several share the store's hashes, the first in that order is the match.
    @_spi(CLI) public init(
        of store: PersistentStore, path: String, order: (ModelBundle) throws(Diagnostic) -> [String]? = { _ in nil }
    ) throws(Diagnostic) {
        let input = try ModelInput.load(path: path, keepingUnreadable: true)
        var names: [String]?
        if case .bundle(let bundle) = input { names = try order(bundle) }
        self.init(of: store, input: input, path: path, order: names)
        if match.versionName == nil, case .bundle(let bundle) = input, let (name, problem) = bundle.unreadableVersions.first {
            throw Diagnostic(
                path: problem.path, line: problem.line, column: problem.column,
                message: "the store matches no readable version of \(path), and version \"\(name)\" cannot be read: \(problem.message)")
        }
    }

    /// Finds the version of `input` (read from `path`) that wrote `store`.
    package init(of store: PersistentStore, input: ModelInput, path: String, order: [String]? = nil) {
        self.input = input
        switch input {
        case .bundle(let bundle):
            // The versions `order` names first, in its order; any it leaves out after them.
            let rank = Dictionary(uniqueKeysWithValues: (order ?? []).enumerated().map { ($1, $0) })
            versions = bundle.versions.enumerated().sorted { (rank[$0.1.name] ?? Int.max, $0.0) < (rank[$1.1.name] ?? Int.max, $1.0) }
                .map(\.1)
        case .version(let loaded): versions = [ModelVersion(name: versionName(forPath: path), loaded: loaded)]
        }
        match = StoreVersionMatch(storeHashes: store.metadata.versionHashes, versions: versions.map { ($0.name, $0.model) })
        if let name = match.versionName, let version = versions.first(where: { $0.name == name }) {
            model = .success(version.model)
        } else {
            model = Result { () throws(StoreFailure) in try store.cachedModel() }
        }
    }

    /// Whether the path named a bundle.
    @_spi(CLI) public var isBundle: Bool {
        if case .bundle = input { return true }
        return false
    }
}
