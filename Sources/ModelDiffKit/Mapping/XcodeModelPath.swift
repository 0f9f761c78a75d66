import Foundation

/// The model path Xcode records in a mapping model (`sourcemodelpath`, `destinationmodelpath`).
///
/// Xcode records the version's path relative to the project's folder (`SOURCE_ROOT`, the folder
/// holding the `.xcodeproj`): WooCommerce's `Storage/Storage.xcodeproj` and
/// `Storage/Storage/Model/WooCommerce.xcdatamodeld/Model 9.xcdatamodel` give the recorded
/// `Storage/Model/WooCommerce.xcdatamodeld/Model 9.xcdatamodel` (docs/MAPPING.md has the evidence).
@_spi(CLI) public enum XcodeModelPath {
    /// The path of the model version at `path` (a `.xcdatamodel` folder, its `contents` file or a
    /// model file) as Xcode records it: relative to the folder of the nearest `*.xcodeproj` above it,
    /// else the version inside its bundle (`Model.xcdatamodeld/Model 9.xcdatamodel`) when no project
    /// encloses it (both readers take only the version name from it then).
    @_spi(CLI) public static func recorded(forModelAt path: String) -> String {
        var url = URL(fileURLWithPath: path.trimmingTrailingSlashes).standardizedFileURL
        if url.lastPathComponent == "contents" { url = url.deletingLastPathComponent() }  // a version folder's model file
        let components = url.pathComponents
        // Nearest first: the project that builds the model is the one in the closest folder above it.
        for depth in stride(from: components.count - 1, through: 1, by: -1) {
            let folder = NSString.path(withComponents: Array(components.prefix(depth)))
            if containsProject(folder) { return components.dropFirst(depth).joined(separator: "/") }
        }
        let parent = url.deletingLastPathComponent().lastPathComponent
        return parent.hasSuffix(".xcdatamodeld") ? parent + "/" + url.lastPathComponent : url.lastPathComponent
    }

    /// Whether `folder` holds an Xcode project (a `NAME.xcodeproj` folder).
    private static func containsProject(_ folder: String) -> Bool {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return false }
        return names.contains { name in
            guard name.hasSuffix(".xcodeproj") else { return false }
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: folder + "/" + name, isDirectory: &isDirectory) && isDirectory.boolValue
        }
    }
}
