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
        side(.source, of: file, version: old, hashes: hashes?.old ?? old.model.versionHashes()).pairs(
            with: side(.destination, of: file, version: new, hashes: hashes?.new ?? new.model.versionHashes()))
    }

    /// Which end of a mapping a version is tested as.
    package enum End: Sendable { case source, destination }

    /// How one version matches one end of `file`'s step (``maps(_:from:to:hashes:)``): each test reads
    /// one version only, so a bundle tests each version once per end, not once per pair. `hashes` are
    /// the version's, computed only when the mapping records hashes to compare them with.
    package static func side(
        _ end: End, of file: MappingFile, version: ModelVersion, hashes: @autoclosure () -> VersionHashes
    ) -> SideMatch {
        let mapping = file.mapping
        let recorded = mapping.entityMappings.filter { $0.sourceVersionHash != nil || $0.destinationVersionHash != nil }
        if !recorded.isEmpty {
            let hashes = hashes()
            let matches = recorded.allSatisfy { entityMapping in
                let (entity, hash) =
                    end == .source
                    ? (entityMapping.sourceEntity, entityMapping.sourceVersionHash)
                    : (entityMapping.destinationEntity, entityMapping.destinationVersionHash)
                return hash.map { hash in entity.flatMap { hashes.base64(entity: $0) } == hash } ?? true
            }
            return SideMatch(byHashes: matches, byName: false)
        }
        let byName = (end == .source ? mapping.sourceVersion : mapping.destinationVersion) == version.name
        guard let recordedHashes = file.recordedHashes else { return SideMatch(byHashes: false, byName: byName) }
        let sides = mapping.entityMappings.filter { $0.sourceEntity != nil || $0.destinationEntity != nil }
        guard !sides.isEmpty else { return SideMatch(byHashes: false, byName: byName) }
        let recordedEnd = end == .source ? recordedHashes.source : recordedHashes.destination
        let hashes = hashes()
        let byHashes = sides.allSatisfy { entityMapping in
            (end == .source ? entityMapping.sourceEntity : entityMapping.destinationEntity).map {
                recordedEnd[$0] != nil && recordedEnd[$0] == hashes.base64(entity: $0)
            } ?? true
        }
        return SideMatch(byHashes: byHashes, byName: byName)
    }

    /// How a version matches one end of a mapping's step: by the hashes the mapping records, and by
    /// the version name it records (tested only when it records no entity version hash).
    package struct SideMatch: Sendable, Hashable {
        let byHashes: Bool
        let byName: Bool

        /// Whether a step from the version this source side describes to the one of `destination` is the mapping's.
        package func pairs(with destination: SideMatch) -> Bool {
            (byHashes && destination.byHashes) || (byName && destination.byName)
        }
    }
}
