import Foundation
import PackagePlugin

/// `swift package modeldiff-check [check options]`: runs `modeldiff check` on every `.xcdatamodeld`
/// bundle of the package and on every Swift target that declares SwiftData schemas, and fails when any
/// of them cannot be migrated as its steps say.
@main
struct ModelDiffCheck: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let root = context.package.directoryURL.standardizedFileURL
        let bundles = Self.modelBundles(under: root)
        let swiftData = Self.swiftDataFolders(context.package.targets, root: root)
        guard !bundles.isEmpty || !swiftData.isEmpty else {
            print("modeldiff-check: no .xcdatamodeld bundle and no SwiftData schema in \(root.path)")
            return
        }
        let modeldiff = try context.tool(named: "modeldiff").url
        var failures: [String] = []
        for model in bundles + swiftData {
            // Relative paths keep the diagnostics (and GitHub annotations) relative to the package. The
            // model comes after `--`, so a name beginning with `-` (`-h.xcdatamodeld`) is never an option.
            let command = ["check"] + arguments + ["--", model]
            print((["modeldiff"] + command).joined(separator: " "))
            let status = try Self.run(modeldiff, command, in: root)
            if status != 0 { failures.append("\(model) (exit status \(status))") }
        }
        if failures.isEmpty {
            var checked = ["\(bundles.count) bundle\(bundles.count == 1 ? "" : "s")"]
            if !swiftData.isEmpty { checked.append("\(swiftData.count) SwiftData target\(swiftData.count == 1 ? "" : "s")") }
            print("modeldiff-check: \(checked.joined(separator: " and ")) passed")
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

    /// The folders of the package's Swift targets that declare a SwiftData `VersionedSchema` or an
    /// `@Model` class (a plain text search: the plugin cannot parse Swift; `modeldiff check` does), as
    /// paths relative to `root`, sorted.
    static func swiftDataFolders(_ targets: [any Target], root: URL) -> [String] {
        var found: [String] = []
        for case let target as SourceModuleTarget in targets {
            let files = target.sourceFiles(withSuffix: "swift").map(\.url)
            let declares = files.contains { url in
                guard let text = try? String(contentsOf: url, encoding: .utf8) else { return false }
                return text.contains("VersionedSchema") || text.contains("@Model")
            }
            if declares, let folder = commonFolder(of: files) { found.append(relativePath(of: folder, to: root)) }
        }
        return found.sorted()
    }

    /// The deepest folder holding every one of `files`: the target's folder, or the one folder below it
    /// that holds all its Swift sources, which `modeldiff check` reads alike.
    static func commonFolder(of files: [URL]) -> URL? {
        guard var common = files.first?.standardizedFileURL.deletingLastPathComponent().pathComponents else { return nil }
        for file in files.dropFirst() {
            let parts = file.standardizedFileURL.deletingLastPathComponent().pathComponents
            common = Array(zip(common, parts).prefix { $0 == $1 }.map(\.0))
        }
        return URL(fileURLWithPath: common.joined(separator: "/").replacingOccurrences(of: "//", with: "/"), isDirectory: true)
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
