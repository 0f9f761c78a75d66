import Foundation

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
    public init(from: String, to: String, source: Model, destination: Model, mapping: MappingModel, mappingPath: String?) {
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
    /// using mapping files found beside the bundle (`*.mapping.xml`, `*.xcmappingmodel`) when present.
    public static func steps(forStoreHashes hashes: [String: [UInt8]], bundle: ModelBundle, storePath: String) throws -> [MigrationStep] {
        let match = StoreVersionMatch(storeHashes: hashes, versions: bundle.versions.map { ($0.name, $0.model) })
        guard let start = match.versionName, let index = bundle.versions.firstIndex(where: { $0.name == start }) else {
            throw Diagnostic(path: storePath, message: "the store matches no version of \(bundle.path) (closest: \(match.closestVersion ?? "none"); entities that differ: \(match.differingEntities.joined(separator: ", ")))")
        }
        guard let end = bundle.versions.firstIndex(where: { $0.name == bundle.currentVersionName }), end >= index else {
            throw Diagnostic(path: storePath, message: "the store is at version \(start), which comes after the current version \(bundle.currentVersionName)")
        }
        let mappings = try mappingFiles(besides: bundle.path)
        var steps: [MigrationStep] = []
        for position in index..<end {
            let (old, new) = (bundle.versions[position], bundle.versions[position + 1])
            if let file = mappings.first(where: { $0.mapping.sourceVersion == old.name && $0.mapping.destinationVersion == new.name }) {
                let resolved = file.mapping.resolvingXcodeAutogeneration(source: old.model, destination: new.model)
                try MappingValidation.validate(resolved, path: file.path, text: file.text, source: old.model, destination: new.model)
                steps.append(MigrationStep(from: old.name, to: new.name, source: old.model, destination: new.model, mapping: resolved, mappingPath: file.path))
            } else {
                steps.append(MigrationStep(
                    from: old.name, to: new.name, source: old.model, destination: new.model,
                    mapping: MappingInference.infer(from: old.model, to: new.model, names: (old.name, new.name)), mappingPath: nil))
            }
        }
        return steps
    }

    private static func mappingFiles(besides bundle: String) throws -> [MappingFile] {
        let folder = (bundle.trimmingTrailingSlashes as NSString).deletingLastPathComponent
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
        return try names.filter { $0.hasSuffix(".mapping.xml") || $0.hasSuffix(".xcmappingmodel") }.sorted().map {
            try MappingFile.load(path: (folder as NSString).appendingPathComponent($0))
        }
    }

    /// Runs `steps` from `source` into `output`; `configure` sets up each step's manager (policies, progress).
    /// Returns, per step, whether it ran on the SQL fast path.
    @discardableResult
    public static func run(
        _ steps: [MigrationStep], source: String, output: String, overwrite: Bool = false,
        configure: (MigrationManager, Int) -> Void = { _, _ in }
    ) throws -> [Bool] {
        var fastPaths: [Bool] = []
        if FileManager.default.fileExists(atPath: output) && !overwrite {
            throw Diagnostic(path: output, message: "the output already exists; pass --overwrite to replace it")
        }
        let folder = (output as NSString).deletingLastPathComponent
        let base = (output as NSString).lastPathComponent
        let partial = ((folder.isEmpty ? "." : folder) as NSString).appendingPathComponent(".\(base).modeldiff-partial-\(ProcessInfo.processInfo.processIdentifier)")
        removeStore(partial)
        removeAbandonedPartials(of: base, in: folder.isEmpty ? "." : folder)
        defer { for index in 0..<steps.count { removeStore(partial + ".\(index)") } }
        var input = source
        for (index, step) in steps.enumerated() {
            let target = index == steps.count - 1 ? partial : partial + ".\(index)"
            let manager = MigrationManager(sourceModel: step.source, destinationModel: step.destination)
            configure(manager, index)
            do {
                try manager.migrateStore(from: input, to: target, mapping: step.mapping)
                fastPaths.append(manager.usedFastPath)
            } catch {
                removeStore(partial)
                throw error
            }
            if index > 0 { removeStore(input) }
            input = target
        }
        if steps.isEmpty {
            throw Diagnostic(path: source, message: "the store is already at the current version; nothing to migrate")
        }
        do {
            if overwrite { removeStore(output) }
            try FileManager.default.moveItem(atPath: partial, toPath: output)
        } catch {
            removeStore(partial)
            throw Diagnostic(path: output, message: "cannot move the migrated store into place: \(error.localizedDescription)")
        }
        return fastPaths
    }

    /// Removes partial outputs a killed run left behind (their process no longer exists).
    private static func removeAbandonedPartials(of base: String, in folder: String) {
        let prefix = ".\(base).modeldiff-partial-"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasPrefix(prefix) {
            let digits = name.dropFirst(prefix.count).prefix { $0.isNumber }
            guard let pid = Int32(digits), pid != ProcessInfo.processInfo.processIdentifier, kill(pid, 0) != 0 else { continue }
            try? FileManager.default.removeItem(atPath: (folder as NSString).appendingPathComponent(name))
        }
    }

    /// Removes a store and its companion files.
    public static func removeStore(_ path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}
