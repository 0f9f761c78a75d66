import Foundation
import ModelDiffTestSupport
import Testing

/// `--overwrite` replaces a file, or an `.xcmappingmodel` folder holding only `xcmapping.xml`; it
/// refuses, with one line and exit 2, every other folder, a folder holding an input, and a link, and
/// leaves them as they were (issue 32).
@Suite struct OverwriteScopeCLITests {
    /// `proj/Notes.xcdatamodeld` (a copy of the Notes bundle) and `proj/in.mapping.xml`, in a temporary folder.
    struct Project {
        let folder: URL
        var proj: String { folder.appendingPathComponent("proj").path }
        var bundle: String { proj + "/Notes.xcdatamodeld" }
        var old: String { bundle + "/Notes.xcdatamodel" }
        var new: String { bundle + "/Notes 2.xcdatamodel" }
        var mapping: String { proj + "/in.mapping.xml" }

        init() throws {
            folder = try Paths.temporaryDirectory()
            try FileManager.default.createDirectory(atPath: folder.appendingPathComponent("proj").path, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: Paths.testModels.appendingPathComponent("Notes.xcdatamodeld").path, toPath: bundle)
            let inferred = try runModeldiff(["infer", old, new, "--output", mapping])
            precondition(inferred.status == 0, inferred.stderr)
        }

        /// Every file under the folder, with its contents, to show that nothing changed.
        func snapshot() throws -> [String: Data] {
            var files: [String: Data] = [:]
            let walker = FileManager.default.enumerator(atPath: folder.path)
            while let path = walker?.nextObject() as? String {
                let full = folder.appendingPathComponent(path).path
                var isFolder: ObjCBool = false
                FileManager.default.fileExists(atPath: full, isDirectory: &isFolder)
                files[path] = isFolder.boolValue ? Data() : try Data(contentsOf: URL(fileURLWithPath: full))
            }
            return files
        }
    }

    private func expectRefused(_ arguments: [String], _ project: Project, saying message: String) throws {
        let before = try project.snapshot()
        let result = try runModeldiff(arguments, in: project.folder)
        #expect(result.status == 2, "\(arguments): \(result.stderr)")
        #expect(result.stderr.filter { $0 == "\n" }.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains(": error: \(message)"), "\(result.stderr)")
        #expect(try project.snapshot() == before, "\(arguments) changed the files")
    }

    @Test func aFolderHoldingTheInputsIsNeverReplaced() throws {
        let project = try Project()
        defer { try? FileManager.default.removeItem(at: project.folder) }
        // The folder holding the bundle, the bundle itself, the folder holding the mapping file.
        try expectRefused(
            ["infer", project.old, project.new, "--format", "xcode", "--output", project.proj, "--overwrite"], project,
            saying: "the output holds an input")
        try expectRefused(
            ["infer", project.old, project.new, "--format", "xcode", "--output", project.bundle, "--overwrite"], project,
            saying: "the output holds an input")
        try expectRefused(
            ["mapping", "convert", "proj/in.mapping.xml", "--to", "xcode", "--output", "proj", "--overwrite"], project,
            saying: "the output holds an input")
        try expectRefused(
            ["mapping", "convert", "proj/in.mapping.xml", "--to", "xcode", "--output", "proj/../proj/", "--overwrite"], project,
            saying: "the output holds an input")
        // A link to the folder holding the inputs.
        try FileManager.default.createSymbolicLink(atPath: project.folder.appendingPathComponent("link").path, withDestinationPath: "proj")
        try expectRefused(
            ["mapping", "convert", "proj/in.mapping.xml", "--to", "xcode", "--output", "link", "--overwrite"], project,
            saying: "the output holds an input")
    }

    @Test func onlyAnXcmappingmodelHoldingOnlyItsFileIsReplaced() throws {
        let project = try Project()
        defer { try? FileManager.default.removeItem(at: project.folder) }
        let other = project.folder.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: other.appendingPathComponent("notes.txt"))
        try expectRefused(
            ["infer", project.old, project.new, "--format", "xcode", "--output", "other", "--overwrite"], project,
            saying: "the output is a folder that is not an .xcmappingmodel holding only xcmapping.xml (it holds notes.txt)")
        // A package someone added a file to.
        let package = project.folder.appendingPathComponent("M.xcmappingmodel").path
        #expect(try runModeldiff(["infer", project.old, project.new, "--format", "xcode", "--output", package]).status == 0)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: package + "/README"))
        try expectRefused(
            ["infer", project.old, project.new, "--format", "xcode", "--output", package, "--overwrite"], project,
            saying: "the output is a folder that is not an .xcmappingmodel holding only xcmapping.xml")
        // Without the extra file it is replaced in place: the folder stays, nothing is left beside it.
        try FileManager.default.removeItem(atPath: package + "/README")
        try Data("old".utf8).write(to: URL(fileURLWithPath: package + "/xcmapping.xml"))
        let replaced = try runModeldiff(["infer", project.old, project.new, "--format", "xcode", "--output", package, "--overwrite"])
        #expect(replaced.status == 0, "\(replaced.stderr)")
        #expect(try String(contentsOfFile: package + "/xcmapping.xml", encoding: .utf8).hasPrefix("<?xml"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: project.folder.path).sorted() == ["M.xcmappingmodel", "other", "proj"])
    }

    @Test func aLinkIsRefusedAndNothingIsMovedAside() throws {
        let project = try Project()
        defer { try? FileManager.default.removeItem(at: project.folder) }
        let real = project.folder.appendingPathComponent("real.xcmappingmodel").path
        #expect(try runModeldiff(["infer", project.old, project.new, "--format", "xcode", "--output", real]).status == 0)
        try FileManager.default.createSymbolicLink(
            atPath: project.folder.appendingPathComponent("link.xcmappingmodel").path, withDestinationPath: "real.xcmappingmodel")
        for output in ["link.xcmappingmodel", "link.xcmappingmodel/"] {
            try expectRefused(
                ["infer", project.old, project.new, "--format", "xcode", "--output", output, "--overwrite"], project,
                saying: "the output is a symbolic link (to real.xcmappingmodel)")
        }
        // Through a linked folder above it, the package is replaced where it is, and nothing is left beside it.
        try FileManager.default.createSymbolicLink(atPath: project.folder.appendingPathComponent("dir").path, withDestinationPath: ".")
        let result = try runModeldiff(
            ["infer", project.old, project.new, "--format", "xcode", "--output", "dir/real.xcmappingmodel", "--overwrite"],
            in: project.folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: project.folder.path).sorted() == [
                "dir", "link.xcmappingmodel", "proj", "real.xcmappingmodel",
            ])
        #expect(try FileManager.default.contentsOfDirectory(atPath: real) == ["xcmapping.xml"])
    }

    /// File outputs: a folder, whatever it holds, is never replaced by a file.
    @Test func fileOutputsRefuseEveryFolder() throws {
        let project = try Project()
        defer { try? FileManager.default.removeItem(at: project.folder) }
        let commands: [[String]] = [
            ["infer", project.old, project.new, "--output", "proj", "--overwrite"],
            ["mapping", "convert", "proj/in.mapping.xml", "--to", "xml", "--output", "proj", "--overwrite"],
            ["store", "seed", project.new, "--objects", "1", "--output", "proj"],
        ]
        for arguments in commands { try expectRefused(arguments, project, saying: "the output is a folder") }
    }
}
