import Foundation
import PackagePlugin

/// `swift package modeldiff-check [check options]`: runs `modeldiff check` on every `.xcdatamodeld`
/// bundle of the package and fails when any of them cannot be migrated lightweight.
@main
struct ModelDiffCheck: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let root = context.package.directoryURL.standardizedFileURL
        let bundles = Self.modelBundles(under: root)
        guard !bundles.isEmpty else {
            print("modeldiff-check: no .xcdatamodeld bundle in \(root.path)")
            return
        }
        let modeldiff = try context.tool(named: "modeldiff").url
        var failures: [String] = []
        for bundle in bundles {
            // Relative paths keep the diagnostics (and GitHub annotations) relative to the package.
            print((["modeldiff check", bundle] + arguments).joined(separator: " "))
            let status = try Self.run(modeldiff, ["check", bundle] + arguments, in: root)
            if status != 0 { failures.append("\(bundle) (exit status \(status))") }
        }
        if failures.isEmpty {
            print("modeldiff-check: \(bundles.count) bundle\(bundles.count == 1 ? "" : "s") passed")
        } else {
            // An error diagnostic alone makes `swift package` exit non-zero; throwing too would repeat it.
            Diagnostics.error("modeldiff check failed for \(failures.joined(separator: ", "))")
        }
    }

    /// The package's model bundles as paths relative to `root`, sorted; build folders, hidden folders
    /// and `Packages` (checked-out dependencies) are not walked.
    static func modelBundles(under root: URL) -> [String] {
        let keys: [URLResourceKey] = [.isDirectoryKey]
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: keys) else { return [] }
        var found: [String] = []
        for case let url as URL in walker {
            guard (try? url.resourceValues(forKeys: Set(keys)).isDirectory) == true else { continue }
            let name = url.lastPathComponent
            // A SwiftPM build folder under a custom --scratch-path holds dependency checkouts too.
            let isScratchFolder = FileManager.default.fileExists(atPath: url.appendingPathComponent("workspace-state.json").path)
            if name.hasPrefix(".") || name == "Packages" || isScratchFolder {
                walker.skipDescendants()
            } else if name.hasSuffix(".xcdatamodeld") {
                found.append(relativePath(of: url, to: root))
                walker.skipDescendants()
            }
        }
        return found.sorted()
    }

    static func relativePath(of url: URL, to root: URL) -> String {
        let path = url.standardizedFileURL.path
        let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// Runs `executable` with its output going straight to ours, and returns its exit status.
    static func run(_ executable: URL, _ arguments: [String], in directory: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
