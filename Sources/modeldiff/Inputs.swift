@_spi(CLI) import ModelDiffKit

/// The bundle's versions in the order `--order` gives (natural order without it); a wrong order is
/// the library's fact said with the flag that gave it. `plan` has always left out the version list.
@discardableResult
func checkOrder(_ names: [String]?, of bundle: ModelBundle, listingVersions: Bool) throws(Diagnostic) -> [ModelVersion] {
    do {
        return try bundle.versions(inOrder: names).versions
    } catch {
        switch error {
        case .unknownVersion(let name, let versions):
            let list = listingVersions ? " (versions: \(versions.joined(separator: ", ")))" : ""
            throw Diagnostic(
                path: bundle.path, message: "--order names version \"\(name)\", which the \(bundle.kindName) does not have\(list)")
        case .currentVersionLeftOut(let current):
            throw Diagnostic(path: bundle.path, message: "--order leaves out the current version \"\(current)\"")
        }
    }
}

/// The mapping files for `bundle` and below `folders` (`--mappings`, or the configuration's): a path
/// that is no folder is the library's fact said with the flag.
func mappingFiles(besides bundle: String, in folders: [String]) throws(Diagnostic) -> [MappingFile] {
    if let path = MappingDiscovery.firstNonFolder(in: folders) { throw Diagnostic(path: path, message: "--mappings names no folder") }
    return try MappingDiscovery.files(besides: bundle, in: folders)
}

/// The same, the files that cannot be read set aside with their reasons (`check` goes on without them).
func readableMappingFiles(besides bundle: String, in folders: [String]) throws(Diagnostic) -> (
    files: [MappingFile], unreadable: [Diagnostic]
) {
    if let path = MappingDiscovery.firstNonFolder(in: folders) { throw Diagnostic(path: path, message: "--mappings names no folder") }
    return try MappingDiscovery.readableFiles(besides: bundle, in: folders)
}

/// The note `hash`, `versions` and `lock` print once about a Swift source folder: its hashes are modeldiff's
/// reading of the source, not yet compared with a store SwiftData wrote (docs/SWIFTDATA-COMMANDS.md).
func swiftDataHashNote(_ bundle: ModelBundle) -> [Diagnostic] {
    bundle.isSwiftSource ? [Diagnostic(.note, path: bundle.path, message: ModelBundle.swiftDataHashNote)] : []
}

/// The steps `check` and `test` take when neither `--path` nor `.modeldiff.yml` names them: a Swift source
/// folder whose `SchemaMigrationPlan` has stages takes them, consecutive, since SwiftData migrates a store
/// through every stage in turn and never jumps to the current schema; anything else (a plan with no stages
/// leaves the store to lightweight migration straight to the current schema) takes both paths.
func defaultMigrationPath(of bundle: ModelBundle) -> MigrationPath {
    bundle.swiftData?.plans.contains { !$0.stages.isEmpty } == true ? .consecutive : .all
}
