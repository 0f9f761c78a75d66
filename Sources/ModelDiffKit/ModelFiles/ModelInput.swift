import Foundation

/// What a path a user gives names: one model version, or a versioned bundle with all its versions.
@_spi(CLI) public enum ModelInput: Sendable {
    /// A bare `contents` file, a `.xcdatamodel` folder or a version folder inside a bundle.
    case version(LoadedModel)
    /// A `.xcdatamodeld` bundle or a Swift source folder, every readable version loaded.
    case bundle(ModelBundle)

    /// Whether `path` names a versioned bundle: a `.xcdatamodeld` folder (trailing slashes allowed), or a
    /// folder of Swift sources, whose SwiftData `VersionedSchema`s are the versions.
    @_spi(CLI) public static func isBundle(_ path: String) -> Bool {
        path.trimmingTrailingSlashes.hasSuffix(".xcdatamodeld") || isSwiftSourceFolder(path)
    }

    /// The Swift source folder of a path that names one of its schemas (`Sources/NotesSchemaV1`, no such file):
    /// the parent, when it is a Swift source folder and the last component a Swift identifier.
    package static func swiftSourceFolder(ofSchemaPath path: String) -> String? {
        let trimmed = path.trimmingTrailingSlashes
        let name = (trimmed as NSString).lastPathComponent
        let folder = (trimmed as NSString).deletingLastPathComponent
        guard !folder.isEmpty, StagedMigrationSwift.isIdentifier(name), !FileManager.default.fileExists(atPath: trimmed),
            isSwiftSourceFolder(folder)
        else { return nil }
        return folder
    }

    /// Whether `path` names a folder of Swift sources (`SwiftDataReader.isSwiftSourceFolder`).
    @_spi(CLI) public static func isSwiftSourceFolder(_ path: String) -> Bool {
        !path.trimmingTrailingSlashes.hasSuffix(".xcdatamodeld") && SwiftDataReader.isSwiftSourceFolder(path)
    }

    /// Reads what `path` names: every version of a bundle, else the one version ``ModelFile/load(path:)`` reads;
    /// `keepingUnreadable` as ``ModelBundle/load(path:keepingUnreadable:)`` takes it.
    package static func load(path: String, keepingUnreadable: Bool = false) throws(Diagnostic) -> ModelInput {
        isBundle(path)
            ? .bundle(try ModelBundle.load(path: path, keepingUnreadable: keepingUnreadable)) : .version(try ModelFile.load(path: path))
    }
}
