import Foundation

/// The mapping files a project keeps for a bundle: `*.mapping.xml`, Xcode's `*.xcmappingmodel` and
/// compiled `*.cdm` beside the bundle (where `migrate` has always looked), and anywhere below the folders given
/// (the CLI's `--mappings`). `check` and `migrate` find them the same way.
@_spi(CLI) public enum MappingDiscovery {
    /// The mapping files for `bundle`, read; each file once, in path order. A path of `folders` that
    /// is not a folder is refused (the CLI names the flag that gave it, see ``firstNonFolder(in:)``).
    @_spi(CLI) public static func files(besides bundle: String, in folders: [String] = []) throws(Diagnostic) -> [MappingFile] {
        if let path = firstNonFolder(in: folders) { throw Diagnostic(path: path, message: "not a folder") }
        var files: [MappingFile] = []
        for path in paths(besides: bundle, in: folders) { files.append(try MappingFile.load(path: path)) }
        return files
    }

    /// The mapping files for `bundle` as ``files(besides:in:)`` finds them, those that cannot be read
    /// set aside with the reason: `check` reports each as a finding and checks the rest.
    @_spi(CLI) public static func readableFiles(besides bundle: String, in folders: [String] = []) throws(Diagnostic) -> (
        files: [MappingFile], unreadable: [Diagnostic]
    ) {
        if let path = firstNonFolder(in: folders) { throw Diagnostic(path: path, message: "not a folder") }
        var files: [MappingFile] = []
        var unreadable: [Diagnostic] = []
        for path in paths(besides: bundle, in: folders) {
            do {
                files.append(try MappingFile.load(path: path))
            } catch {
                unreadable.append(error)
            }
        }
        return (files, unreadable)
    }

    /// The paths of the mapping files ``files(besides:in:)`` reads.
    @_spi(CLI) public static func paths(besides bundle: String, in folders: [String]) -> [String] {
        let beside = (bundle.trimmingTrailingSlashes as NSString).deletingLastPathComponent
        var paths = Set(candidates(in: beside.isEmpty ? "." : beside, recursive: false))
        for folder in folders { paths.formUnion(candidates(in: folder, recursive: true)) }
        return paths.sorted()
    }

    /// The first of `paths` that is not a folder (missing, or a file).
    @_spi(CLI) public static func firstNonFolder(in paths: [String]) -> String? {
        paths.first { path in
            var isFolder: ObjCBool = false
            return !FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) || !isFolder.boolValue
        }
    }

    private static func isMappingFile(_ name: String) -> Bool {
        name.hasSuffix(".mapping.xml") || name.hasSuffix(".xcmappingmodel") || name.hasSuffix(".cdm")
    }

    private static func candidates(in folder: String, recursive: Bool) -> [String] {
        let join = { (name: String) in (folder as NSString).appendingPathComponent(name) }
        guard recursive else {
            return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter(isMappingFile).map(join)
        }
        var found: [String] = []
        let walker = FileManager.default.enumerator(atPath: folder)
        while let relative = walker?.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            guard isMappingFile(name) else { continue }
            found.append(join(relative))
            // An .xcmappingmodel is a folder: its insides are not more mapping files.
            if name.hasSuffix(".xcmappingmodel") { walker?.skipDescendants() }
        }
        return found
    }

    /// Whether `file` maps `old` → `new`: by the entity version hashes its entity mappings record,
    /// else by those of the two models an Xcode mapping model records (what `mapc` compiles into it,
    /// so what Core Data matches by: CareKit's `2.0_2.1_Mapping` names a `CareKitStore2.2` the bundle
    /// does not have, and records the models of 2.0 and 2.1), else by the version names it records.
    /// `hashes` are the versions' own, when the caller has them (`check BUNDLE` hashed every version).
    package static func maps(
        _ file: MappingFile, from old: ModelVersion, to new: ModelVersion, hashes: (old: VersionHashes, new: VersionHashes)? = nil
    ) -> Bool {
        let mapping = file.mapping
        let recorded = mapping.entityMappings.filter { $0.sourceVersionHash != nil || $0.destinationVersionHash != nil }
        if !recorded.isEmpty {
            let (oldHashes, newHashes) = hashes ?? (old.model.versionHashes(), new.model.versionHashes())
            return recorded.allSatisfy { entityMapping in
                let sourceOK =
                    entityMapping.sourceVersionHash.map { hash in
                        entityMapping.sourceEntity.flatMap { oldHashes.base64(entity: $0) } == hash
                    } ?? true
                let destinationOK =
                    entityMapping.destinationVersionHash.map { hash in
                        entityMapping.destinationEntity.flatMap { newHashes.base64(entity: $0) } == hash
                    } ?? true
                return sourceOK && destinationOK
            }
        }
        if mapping.sourceVersion == old.name && mapping.destinationVersion == new.name { return true }
        guard let recordedHashes = file.recordedHashes else { return false }
        let sides = mapping.entityMappings.filter { $0.sourceEntity != nil || $0.destinationEntity != nil }
        guard !sides.isEmpty else { return false }
        let (oldHashes, newHashes) = hashes ?? (old.model.versionHashes(), new.model.versionHashes())
        return sides.allSatisfy { entityMapping in
            let sourceOK =
                entityMapping.sourceEntity.map {
                    recordedHashes.source[$0] != nil && recordedHashes.source[$0] == oldHashes.base64(entity: $0)
                } ?? true
            let destinationOK =
                entityMapping.destinationEntity.map {
                    recordedHashes.destination[$0] != nil && recordedHashes.destination[$0] == newHashes.base64(entity: $0)
                } ?? true
            return sourceOK && destinationOK
        }
    }
}
