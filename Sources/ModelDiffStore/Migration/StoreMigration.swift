import Foundation
@_spi(CLI) import ModelDiffKit

/// One step of a migration: two versions and the mapping between them.
public struct MigrationStep: Sendable {
    /// The source version's name.
    public let from: String
    /// The destination version's name.
    public let to: String
    /// The source model.
    public let source: Model
    /// The destination model.
    public let destination: Model
    /// The mapping to run.
    public let mapping: MappingModel
    /// Where the mapping came from: a file path, or nil when inferred.
    public let mappingPath: String?

    /// Creates a step.
    @_spi(CLI) public init(from: String, to: String, source: Model, destination: Model, mapping: MappingModel, mappingPath: String?) {
        self.from = from
        self.to = to
        self.source = source
        self.destination = destination
        self.mapping = mapping
        self.mappingPath = mappingPath
    }
}

/// Runs migration steps atomically: the result is written next to the output and renamed into place
/// only when every step succeeded; the source store is only ever read.
public enum StoreMigration {
    /// The steps that bring a store written with some version of `bundle` to its current version,
    /// using mapping files found beside the bundle (`*.mapping.xml`, `*.xcmappingmodel`, `*.cdm`) when
    /// one maps a step, and inferring the others with the bundle's history (`ModelBundle.historicalNames`).
    ///
    /// When no version has the store's hashes, `cachedModel` (the store's `Z_MODELCACHE`, see
    /// ``PersistentStore/cachedModel()``) is the source, as Core Data does: one step from it to the
    /// current version, on either path, since the cached model is no version of the bundle.
    ///
    /// Core Data finds the source model among all the bundle's versions by the store's hashes and
    /// migrates from it to the current model, whatever the versions' names: a store whose version
    /// comes after the current one in `order` (the bundle's order when nil) migrates straight to the
    /// current version, in one step, on either path.
    ///
    /// A mapping file beside the bundle that cannot be read stops only a migration one of whose steps
    /// it may map (by what can be read of it, docs/READING.md); the others go on without it.
    public static func steps(
        forStoreHashes hashes: [String: [UInt8]], bundle: ModelBundle, storePath: String, path: MigrationPath = .direct,
        order: [String]? = nil, cachedModel: (() throws(StoreFailure) -> Model)? = nil
    ) throws -> [MigrationStep] {
        try stepsAndUnusedMappings(
            forStoreHashes: hashes, bundle: bundle, storePath: storePath, path: path, order: order, cachedModel: cachedModel
        ).steps
    }

    /// The steps for an open store, and one warning per mapping file beside the bundle that cannot be read
    /// and that none of the steps can need, naming the file, why it cannot be read and the step it maps.
    @_spi(CLI) public static func stepsAndUnusedMappings(
        for store: PersistentStore, bundle: ModelBundle, path: MigrationPath = .direct, order: [String]? = nil
    ) throws -> (steps: [MigrationStep], unused: [Diagnostic]) {
        try stepsAndUnusedMappings(
            forStoreHashes: store.metadata.versionHashes, bundle: bundle, storePath: store.path, path: path, order: order,
            cachedModel: store.cachedModel)
    }

    private static func stepsAndUnusedMappings(
        forStoreHashes hashes: [String: [UInt8]], bundle: ModelBundle, storePath: String, path: MigrationPath,
        order: [String]?, cachedModel: (() throws(StoreFailure) -> Model)?
    ) throws -> (steps: [MigrationStep], unused: [Diagnostic]) {
        let (mappings, unreadable) = try MappingDiscovery.readableFiles(besides: bundle.path)
        let steps = try steps(
            forStoreHashes: hashes, bundle: bundle, storePath: storePath, path: path, order: order, cachedModel: cachedModel,
            mappings: mappings)
        guard !unreadable.isEmpty else { return (steps, []) }
        let versions = try bundle.orderedVersions(order).versions
        var digests = DigestMemo()
        let versionHashes = versions.map { $0.model.versionHashes(digests: &digests) }
        let run = steps.map { "\($0.from) → \($0.to)" }
        var unused: [Diagnostic] = []
        for problem in unreadable {
            let file = UnreadableMapping(problem)
            let named = file.namedStep(among: versions.map(\.name), hashes: versionHashes).map { "\($0.from) → \($0.to)" }
            let reason = "this mapping model cannot be read (\(problem.message))"
            let fix = "restore the file (a Git LFS pointer needs `git lfs pull`) or remove it"
            if let named, !run.contains(named) {
                unused.append(
                    Diagnostic(
                        .warning, path: problem.path, line: problem.line, column: problem.column,
                        message: "\(reason); it maps \(named), which this migration does not run, so it is not used"))
            } else if let named {
                throw Diagnostic(
                    path: problem.path, line: problem.line, column: problem.column,
                    message: "\(reason), and it maps \(named), a step this migration runs; \(fix)")
            } else if !run.isEmpty {
                let which = run.count == 1 ? "the step \(run[0])" : "any of the steps \(run.joined(separator: ", "))"
                throw Diagnostic(
                    path: problem.path, line: problem.line, column: problem.column,
                    message:
                        "\(reason), and nothing in it or its name says which step it maps, so it may be the mapping of \(which), "
                        + "which this migration runs; \(fix)")
            }
        }
        return (steps, unused)
    }

    private static func steps(
        forStoreHashes hashes: [String: [UInt8]], bundle: ModelBundle, storePath: String, path: MigrationPath,
        order: [String]?, cachedModel: (() throws(StoreFailure) -> Model)?, mappings: [MappingFile]
    ) throws -> [MigrationStep] {
        let versions = try bundle.orderedVersions(order).versions
        let match = StoreVersionMatch(storeHashes: hashes, versions: bundle.versions.map { ($0.name, $0.model) })
        guard let end = versions.firstIndex(where: { $0.name == bundle.currentVersionName }) else {
            throw Diagnostic(path: bundle.path, message: "the bundle has no current version")
        }
        let history = bundle.historicalNames
        guard path != .all else { throw Diagnostic(path: storePath, message: "a store migrates along one path: direct or consecutive") }
        // A version the reader refused (kept aside by `ModelBundle.load(path:keepingUnreadable:)`) stops only the
        // stores that need it: one written with it, or one whose consecutive path goes through it.
        let refused = bundle.unreadableVersions.map { "\"\($0.name)\" (\($0.problem.description))" }
        guard let start = match.versionName, let index = versions.firstIndex(where: { $0.name == start }) else {
            let unreadable =
                refused.isEmpty ? "" : "; it may have been written with a version that cannot be read: \(refused.joined(separator: "; "))"
            let unmatched =
                """
                the store matches no version of \(bundle.path) (closest: \(match.closestVersion ?? "none"); entities that differ: \
                \(match.differingEntities.joined(separator: ", ")))\(unreadable)
                """
            guard let cachedModel else { throw Diagnostic(path: storePath, message: unmatched) }
            let cached: Model
            do {
                cached = try cachedModel()
            } catch {
                throw Diagnostic(path: storePath, message: "\(unmatched), and its cached model could not be used: \(error.message)")
            }
            let source = ModelVersion(name: cachedVersionName, loaded: LoadedModel(model: cached, path: storePath, notes: []))
            return [try step(from: source, to: versions[end], mappings: mappings, history: history)]
        }
        let pairs = index == end ? [] : path == .direct || index > end ? [(index, end)] : (index..<end).map { ($0, $0 + 1) }
        if path == .consecutive, index < end {
            let names = order ?? bundle.versionNames
            if let first = names.firstIndex(of: start), let last = names.firstIndex(of: bundle.currentVersionName), first < last,
                let skipped = names[(first + 1)..<last].first(where: { bundle.problem(ofVersion: $0) != nil }),
                let problem = bundle.problem(ofVersion: skipped)
            {
                throw Diagnostic(
                    path: storePath,
                    message:
                        "the consecutive path from \"\(start)\" goes through version \"\(skipped)\", which cannot be read (\(problem.description)); "
                        + "fix that version, or migrate with --path direct")
            }
        }
        return try pairs.map { from, to in
            try step(from: versions[from], to: versions[to], mappings: mappings, history: history)
        }
    }

    /// The steps for an open store: by its hashes, else from the model cached in it.
    public static func steps(for store: PersistentStore, bundle: ModelBundle, path: MigrationPath = .direct, order: [String]? = nil) throws
        -> [MigrationStep]
    {
        try steps(
            forStoreHashes: store.metadata.versionHashes, bundle: bundle, storePath: store.path, path: path, order: order,
            cachedModel: store.cachedModel)
    }

    /// The name a step from a store's cached model gives its source version.
    package static let cachedVersionName = "Z_MODELCACHE"

    /// One step: the mapping file among `mappings` that maps exactly `old` → `new` (validated), else
    /// the mapping Core Data would infer, with the bundle's history.
    package static func step(from old: ModelVersion, to new: ModelVersion, mappings: [MappingFile], history: Set<String>) throws
        -> MigrationStep
    {
        if let file = mappings.first(where: { MappingDiscovery.maps($0, from: old, to: new) }) {
            let resolved = file.resolved(source: old.model, destination: new.model)
            try MappingValidation.validate(resolved, path: file.path, text: file.text, source: old.model, destination: new.model)
            return MigrationStep(
                from: old.name, to: new.name, source: old.model, destination: new.model, mapping: resolved, mappingPath: file.path)
        }
        let inferred = MappingInference.infer(from: old.model, to: new.model, names: (old.name, new.name), historicalNames: history)
        return MigrationStep(from: old.name, to: new.name, source: old.model, destination: new.model, mapping: inferred, mappingPath: nil)
    }

    /// Runs `steps` from `source` into `output`; `configure` sets up each step's manager (policies, progress).
    /// Returns, per step, whether it ran on the SQL fast path.
    ///
    /// Crash safety: every step writes to a file beside `output` (see `partialPath(for:)`), in one
    /// transaction; only the finished last step is renamed to `output`, with rename(2), which replaces
    /// an old output atomically. A killed run leaves at most the partial file and its journal, which
    /// the next run removes once the process that wrote them is gone.
    @discardableResult
    public static func run(
        _ steps: [MigrationStep], source: String, output: String, overwrite: Bool = false,
        configure: (MigrationManager, Int) -> Void = { _, _ in }
    ) throws -> [Bool] {
        var fastPaths: [Bool] = []
        try checkOutput(output, overwrite: overwrite, source: source)
        if steps.isEmpty {
            throw Diagnostic(path: source, message: "the store is already at the current version; nothing to migrate")
        }
        let partial = partialPath(for: output)
        removeStore(partial)
        AbandonedFiles.removePartials(of: output)
        AbandonedFiles.removeReadSnapshots()
        defer { for index in 0..<steps.count { removeStore(partial + ".\(index)") } }
        var input = source
        for (index, step) in steps.enumerated() {
            if index > 0 { KillPoint.betweenSteps.reach() }
            let target = index == steps.count - 1 ? partial : partial + ".\(index)"
            let manager = MigrationManager(sourceModel: step.source, destinationModel: step.destination)
            configure(manager, index)
            do {
                try manager.migrateStore(from: input, to: target, mapping: step.mapping)
                fastPaths.append(manager.usedFastPath)
            } catch let error as StoreFailure where error.path.hasPrefix(partial) {
                // The user knows the output path, not the partial file's name; a store failure keeps its kind.
                removeStore(partial)
                throw error.naming(output)
            } catch let error as Diagnostic where error.path.hasPrefix(partial) {
                removeStore(partial)
                throw Diagnostic(path: output, message: error.message)
            } catch {
                removeStore(partial)
                throw error
            }
            if index > 0 { removeStore(input) }
            input = target
        }
        // The old output may have changed while we worked: check again just before replacing it.
        do {
            try checkOutput(output, overwrite: overwrite, source: source)
        } catch {
            removeStore(partial)
            throw error
        }
        KillPoint.beforeRename.reach()
        guard rename(partial, output) == 0 else {
            let reason = String(cString: strerror(errno))
            removeStore(partial)
            throw Diagnostic(path: output, message: "cannot move the migrated store into place: \(reason)")
        }
        // What the old output's connections left beside it belongs to the old file, not the new one.
        StoreFiles.remove([.wal, .shm], of: output)
        syncFolder(of: output)
        KillPoint.afterRename.reach()
        return fastPaths
    }

    /// Where `run` writes before renaming: a hidden file beside the output, named after this process.
    public static func partialPath(for output: String) -> String { OutputPath.partialPath(for: output) }

    /// Refuses what `OutputPath` refuses (not a regular file, a link, the source or one of its
    /// companions), an existing output unless `overwrite` (`OutputExists`), and an output another connection may still
    /// be using: its `-wal` or `-journal` would be applied to the new file put in its place.
    private static func checkOutput(_ output: String, overwrite: Bool, source: String) throws {
        try OutputPath.check(output, notSameAs: [source], companions: true)
        guard FileManager.default.fileExists(atPath: output) else { return }
        guard overwrite else { throw OutputExists(path: output) }
        let size = { (path: String) in ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0 }
        if size(StoreFiles.path(output, .journal)) > 0 {
            throw Diagnostic(
                path: output,
                message:
                    """
                    the output has a -journal file (another process is writing to it, or it crashed while writing); open and close the store, \
                    or remove it, before replacing it
                    """
            )
        }
        if size(StoreFiles.path(output, .wal)) > 0 {
            throw Diagnostic(
                path: output,
                message:
                    """
                    the output has a non-empty -wal file (another process has it open, or it was not closed cleanly); open and close the store, \
                    or remove it, before replacing it
                    """
            )
        }
    }

    /// Makes the rename durable: a rename is recorded in the folder, which needs its own fsync.
    private static func syncFolder(of path: String) {
        let folder = (path as NSString).deletingLastPathComponent
        let descriptor = open(folder.isEmpty ? "." : folder, O_RDONLY)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    /// Removes a store and its companion files.
    @_spi(CLI) public static func removeStore(_ path: String) {
        StoreFiles.remove(path)
    }
}
