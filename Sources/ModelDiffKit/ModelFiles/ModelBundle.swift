import Foundation

/// One version of a model inside a `.xcdatamodeld` bundle.
public struct ModelVersion: Sendable {
    /// The version's name, without `.xcdatamodel` (`Model 2`).
    public let name: String
    /// The loaded model.
    public let loaded: LoadedModel

    /// The model.
    public var model: Model { loaded.model }

    /// A version named `name` (without `.xcdatamodel`).
    package init(name: String, loaded: LoadedModel) {
        self.name = name
        self.loaded = loaded
    }
}

/// A versioned model bundle (`NAME.xcdatamodeld`): its versions in natural order and the current one.
/// A folder of Swift sources is one too: its SwiftData `VersionedSchema`s are the versions (`ModelBundle+SwiftData`).
public struct ModelBundle: Sendable {
    /// The bundle's path as given.
    public let path: String
    /// The versions that could be read, in natural order of their names.
    public let versions: [ModelVersion]
    /// The current version's name (from `.xccurrentversion`, or the only version).
    public let currentVersionName: String
    /// Notes about versions that were skipped (Xcode 3 binary models).
    public let notes: [Diagnostic]
    /// Versions the reader refused, with the reader's error (its `path:line:col`), when the bundle was
    /// loaded keeping them; such a version is one finding on the pairs that touch it, not the end of the run.
    public let unreadableVersions: [(name: String, problem: Diagnostic)]
    /// Every version folder's name, readable or not, in the bundle's own order (`ModelLocator`).
    public let versionNames: [String]
    /// What a Swift source folder declares for SwiftData, when the bundle is one; nil for a `.xcdatamodeld`.
    public let swiftData: SwiftDataHistory?

    /// The reader's warnings about every version, oldest first: models Xcode compiles and Core Data
    /// loads, read as written (a one-sided inverse).
    /// A Swift source folder adds what the SwiftData reader could not read from source (a computed default).
    /// A warning several versions share word for word (an entity every version keeps) is given once,
    /// at its oldest version, saying how many versions have it.
    @_spi(CLI) public var versionWarnings: [Diagnostic] {
        let perVersion = versions.map { $0.loaded.notes.filter { $0.severity == .warning } }
        let all = perVersion.flatMap { $0 }
        var counts: [String: Int] = [:]
        for warnings in perVersion { for message in Set(warnings.map(\.message)) { counts[message, default: 0] += 1 } }
        var seen = Set<String>()
        let warnings = all.compactMap { warning -> Diagnostic? in
            let count = counts[warning.message] ?? 1
            guard count > 1 else { return warning }
            guard seen.insert(warning.message).inserted else { return nil }
            let scope = count == versions.count ? "every version (\(count))" : "\(count) versions"
            return Diagnostic(
                warning.severity, path: warning.path, line: warning.line, column: warning.column,
                message: "\(warning.message) (the same in \(scope); shown once)")
        }
        return warnings + (swiftData?.warnings ?? []).filter { !all.contains($0) }
    }

    /// The current version.
    public var current: ModelVersion { versions.first { $0.name == currentVersionName }! }

    /// The version with that name, if any.
    public func version(named name: String) -> ModelVersion? { versions.first { $0.name == name } }

    /// The reader's error about version `name`, if it was refused.
    public func problem(ofVersion name: String) -> Diagnostic? { unreadableVersions.first { $0.name == name }?.problem }

    /// Loads every version of the bundle at `path`. A version the reader refuses is the thrown error,
    /// unless `keepingUnreadable`: then it is kept in ``unreadableVersions`` and the others are read. The
    /// bundle itself (no versions, an unreadable `.xccurrentversion`, an unreadable current version) is
    /// the thrown error either way, since nothing is checked without the current version. A folder of
    /// Swift sources (`ModelInput.isBundle`) is read by `SwiftDataReader`: a source it cannot parse is
    /// the thrown error, since no schema can be trusted past it.
    public static func load(path: String, keepingUnreadable: Bool = false) throws(Diagnostic) -> ModelBundle {
        if ModelInput.isSwiftSourceFolder(path) {
            return try ModelBundle(swiftData: try SwiftDataReader.read(folder: path), keepingUnreadable: keepingUnreadable)
        }
        let names = try ModelLocator.versionFolders(inBundle: path)
        var versions: [ModelVersion] = []
        var notes: [Diagnostic] = []
        var unreadable: [(name: String, problem: Diagnostic)] = []
        let current = try ModelLocator.currentVersionName(ofBundle: path, versions: names)
        // Each version is its own file and parse: they are read on every core, then taken in the
        // bundle's order, so the error thrown is the first version's in that order, as when read one by one.
        // The versions share a table of the entity elements read so far: each distinct one is parsed once.
        let folders = names.map { (path as NSString).appendingPathComponent($0 + ".xcdatamodel") }
        let shared = SharedEntityElements()
        let results = folders.concurrentMap { folder -> Result<LoadedModel, Diagnostic>? in
            ModelLocator.isXcode3Model(folder) ? nil : Result { () throws(Diagnostic) in try ModelFile.loadFolder(folder, sharing: shared) }
        }
        for (name, (folder, result)) in zip(names, zip(folders, results)) {
            switch result {
            case nil:
                notes.append(
                    Diagnostic(
                        .note, path: folder,
                        message: "version \"\(name)\" is an Xcode 3 binary model (elements/layout), which modeldiff cannot read; skipped"))
            case .success(let loaded):
                versions.append(ModelVersion(name: name, loaded: loaded))
            case .failure(let error):
                guard keepingUnreadable, name != current else { throw error }
                unreadable.append((name, error))
            }
        }
        guard versions.contains(where: { $0.name == current }) else {
            throw Diagnostic(path: path, message: "the current version \"\(current)\" cannot be read (Xcode 3 binary model)")
        }
        return ModelBundle(
            path: path, versions: versions, currentVersionName: current, notes: notes, unreadableVersions: unreadable,
            versionNames: names.filter { name in versions.contains { $0.name == name } || unreadable.contains { $0.name == name } },
            swiftData: nil)
    }
}

/// Loads one model version from any input a user may name.
public enum ModelFile {
    /// Loads a bare XML file, a `.xcdatamodel` folder, a `.xcdatamodeld` bundle (its current version),
    /// a version folder inside a bundle, a compiled `.mom` file, a `.momd` folder (its current version), a
    /// folder of Swift sources (its current SwiftData schema) or one schema of it (`Sources/NotesSchemaV1`).
    public static func load(path: String) throws(Diagnostic) -> LoadedModel {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            if let schema = try swiftSchema(atPath: path) { return schema }
            throw Diagnostic(path: path, message: "no such file or directory")
        }
        guard isDirectory.boolValue else {
            return path.hasSuffix(".mom") ? try loadCompiled(path: path) : try loadXML(path: path)
        }
        if path.trimmingTrailingSlashes.hasSuffix(".momd") {
            return try loadCompiled(path: try CompiledModel.currentVersion(inFolder: path))
        }
        if ModelInput.isSwiftSourceFolder(path) { return try ModelBundle.load(path: path, keepingUnreadable: true).current.loaded }
        if ModelInput.isBundle(path) {
            // Only the current version is wanted: do not read the others.
            let names = try ModelLocator.versionFolders(inBundle: path)
            let current = try ModelLocator.currentVersionName(ofBundle: path, versions: names)
            return try loadFolder((path as NSString).appendingPathComponent(current + ".xcdatamodel"))
        }
        return try loadFolder(path)
    }

    /// `Sources/NotesSchemaV1`, a path that names no file: the schema `NotesSchemaV1` of the Swift source
    /// folder `Sources`, as `Model.xcdatamodeld/Model 2.xcdatamodel` names a version of a bundle. Nil when
    /// the parent is no Swift source folder or the last component is no Swift identifier.
    package static func swiftSchema(atPath path: String) throws(Diagnostic) -> LoadedModel? {
        guard let folder = ModelInput.swiftSourceFolder(ofSchemaPath: path) else { return nil }
        let name = (path.trimmingTrailingSlashes as NSString).lastPathComponent
        let bundle = try ModelBundle.load(path: folder, keepingUnreadable: true)
        if let problem = bundle.problem(ofVersion: name) { throw problem }
        guard let version = bundle.version(named: name) else {
            throw Diagnostic(
                path: path,
                message:
                    "no such file or directory, and \(folder) declares no VersionedSchema \(name) "
                    + "(versions: \(bundle.versionNames.joined(separator: ", ")))")
        }
        return version.loaded
    }

    /// Loads a `.xcdatamodel` folder's `contents`.
    package static func loadFolder(_ folder: String, sharing shared: SharedEntityElements? = nil) throws(Diagnostic) -> LoadedModel {
        let contents = (folder as NSString).appendingPathComponent("contents")
        guard FileManager.default.fileExists(atPath: contents) else {
            if ModelLocator.isXcode3Model(folder) {
                throw Diagnostic(
                    path: folder, message: "an Xcode 3 binary model (elements/layout) is not supported; open it in Xcode to convert it")
            }
            throw Diagnostic(path: folder, message: "not a model folder: it has no contents file")
        }
        return try loadXML(path: contents, sharing: shared)
    }

    /// Reads and decodes a compiled model (`.mom`).
    static func loadCompiled(path: String) throws(Diagnostic) -> LoadedModel {
        try CompiledModel.read(try RegularFile.bytes(at: path), path: path)
    }

    /// Reads and decodes an XML model file.
    static func loadXML(path: String, sharing shared: SharedEntityElements? = nil) throws(Diagnostic) -> LoadedModel {
        try ModelReader.read(try RegularFile.bytes(at: path), path: path, sharing: shared)
    }
}

extension String {
    var trimmingTrailingSlashes: String {
        var result = self
        while result.count > 1, result.hasSuffix("/") { result.removeLast() }
        return result
    }
}
