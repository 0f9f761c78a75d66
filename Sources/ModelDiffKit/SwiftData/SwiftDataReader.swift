import Foundation

/// Reads the SwiftData schemas of a folder of Swift sources without a compiler: every `.swift` file
/// below it is parsed with swift-syntax, its `@Model` classes, `VersionedSchema`s and
/// `SchemaMigrationPlan`s collected, and each schema's models converted to the Core Data model
/// SwiftData builds from them at run time (docs/SWIFTDATA.md), then checked by the validator the
/// XML reader runs.
package enum SwiftDataReader {
    /// The largest Swift file read: hand-written sources are far smaller, and a bound keeps a stray
    /// generated file from holding the whole tree in memory.
    static let maximumFileSize = 8 << 20
    /// The most Swift files read below one folder.
    static let maximumFileCount = 20_000

    /// Reads every Swift file below `folder`. A file that does not parse, a schema whose model the
    /// validator refuses, or a folder without Swift files is an error; what the source cannot tell is
    /// a warning in the history.
    package static func read(folder: String) throws(Diagnostic) -> SwiftDataHistory {
        try onLargeStack { () throws(Diagnostic) in try readOnThisThread(folder: folder) }
    }

    /// The stack the parse and the walks of the tree run on. Their recursion is bounded
    /// (`SwiftNestingGuard`, `SwiftTreeDepth`), but per level it is deep in a debug build, and the
    /// main thread's 8 MiB, which a command's other work shares, leaves little margin.
    static let stackSize = 512 << 20

    /// Runs `work` on a thread of `stackSize` bytes of stack (reserved, used only as it is touched) and waits for it.
    private static func onLargeStack(_ work: @escaping @Sendable () throws(Diagnostic) -> SwiftDataHistory) throws(Diagnostic)
        -> SwiftDataHistory
    {
        let box = ResultBox()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.result = Result { () throws(Diagnostic) in try work() }
            done.signal()
        }
        thread.stackSize = stackSize
        thread.start()
        done.wait()
        return try box.result!.get()
    }

    private static func readOnThisThread(folder: String) throws(Diagnostic) -> SwiftDataHistory {
        let files = try sourceFiles(in: folder)
        guard !files.isEmpty else {
            throw Diagnostic(path: folder, message: "no Swift source file below the folder (hidden folders and .build are skipped)")
        }
        var declarations = SwiftDeclarations()
        for path in files {
            let bytes = try RegularFile.bytes(at: path, limit: maximumFileSize + 1)
            guard bytes.count <= maximumFileSize else {
                throw Diagnostic(
                    path: path, message: "the file is over \(maximumFileSize >> 20) MiB; modeldiff reads Swift files up to that size")
            }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw Diagnostic(path: path, message: "the file is not UTF-8 text")
            }
            let file = try SwiftSourceFile(path: path, text: text)
            let collector = SwiftDeclarationCollector(file: file, adding: declarations)
            collector.walk(file.tree)
            declarations = collector.declarations
        }
        var assembler = SwiftDataHistoryAssembler(declarations: declarations)
        let schemas = try assembler.schemas()
        let live = assembler.liveModels()
        // Live classes and no schema: the classes are the model, so why they do not form one is the error.
        if schemas.isEmpty, assembler.unreadable.isEmpty, live == nil, let failure = assembler.liveModelsFailure { throw failure }
        let plans = assembler.plans()
        var seen: Set<Diagnostic> = []
        let warnings = assembler.warnings.filter { seen.insert($0).inserted }
        return SwiftDataHistory(
            folder: folder, schemas: schemas, unreadableSchemas: assembler.unreadable, liveModels: live, plans: plans, warnings: warnings)
    }

    /// Whether `path` is a folder of Swift sources: a directory that is not a model bundle
    /// (`.xcdatamodel`, `.xcdatamodeld`, `.momd`) and has a `.swift` file below it.
    package static func isSwiftSourceFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else { return false }
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        let suffix = URL(fileURLWithPath: trimmed).pathExtension.lowercased()
        guard !["xcdatamodel", "xcdatamodeld", "momd"].contains(suffix) else { return false }
        return (try? sourceFiles(in: path, stoppingAtFirst: true))?.isEmpty == false
    }

    /// The `.swift` files below `folder`, sorted by path, each named as the folder joined with its path
    /// inside it. Hidden entries and `.build*` folders are skipped, symbolic links below the folder are not followed.
    static func sourceFiles(in folder: String, stoppingAtFirst: Bool = false) throws(Diagnostic) -> [String] {
        // A symbolic link named as the folder is followed (`ln -s ../App/Models Models`); links below it are not.
        let root = URL(fileURLWithPath: folder).resolvingSymlinksInPath()
        let keys: [URLResourceKey] = [.isDirectoryKey, .isSymbolicLinkKey, .isRegularFileKey]
        guard
            let enumerator = FileManager.default.enumerator(
                at: root, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles, .skipsPackageDescendants])
        else {
            throw Diagnostic(path: folder, message: "cannot list the folder")
        }
        let prefix = root.standardizedFileURL.path
        var found: [String] = []
        for case let url as URL in enumerator {
            let name = url.lastPathComponent
            let values = try? url.resourceValues(forKeys: Set(keys))
            if values?.isSymbolicLink == true {
                enumerator.skipDescendants()
                continue
            }
            if values?.isDirectory == true {
                if name.hasPrefix(".") || name.hasPrefix(".build") || name == "DerivedData" { enumerator.skipDescendants() }
                continue
            }
            guard values?.isRegularFile == true, url.pathExtension == "swift" else { continue }
            let full = url.standardizedFileURL.path
            let inside = full.hasPrefix(prefix + "/") ? String(full.dropFirst(prefix.count + 1)) : name
            found.append(folder.hasSuffix("/") ? folder + inside : folder + "/" + inside)
            if stoppingAtFirst { return found }
            guard found.count <= maximumFileCount else {
                throw Diagnostic(
                    path: folder, message: "more than \(maximumFileCount) Swift files below the folder; modeldiff reads at most that many")
            }
        }
        return found.sorted()
    }
}

/// The result a thread hands back to the thread that waits for it.
private final class ResultBox: @unchecked Sendable {
    var result: Result<SwiftDataHistory, Diagnostic>?
}
