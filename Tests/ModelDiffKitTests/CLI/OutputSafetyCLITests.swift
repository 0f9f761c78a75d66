import Foundation
import Testing

/// Where `migrate`, `infer` and `store seed` may write (issue 14 item 2, issue 23 items 1–2): never the
/// source under any name, never one of its companion files, never a device, FIFO, folder or link.
@Suite struct OutputSafetyCLITests {
    private let notes = Paths.testModels.appendingPathComponent("Notes.xcdatamodeld")

    /// A seeded Notes store in a new folder, and its bytes.
    private func source() throws -> (URL, [String: Data?]) {
        let folder = try Paths.temporaryDirectory()
        let seeded = try runModeldiff(["store", "seed", notes.appendingPathComponent("Notes.xcdatamodel").path, "--objects", "5", "--output", "src.sqlite"], in: folder)
        #expect(seeded.status == 0)
        return (folder, storeFileBytes(folder.appendingPathComponent("src.sqlite").path))
    }

    @Test func theSourceUnderAnyNameIsRefused() throws {
        let (folder, before) = try source()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.linkItem(atPath: folder.appendingPathComponent("src.sqlite").path, toPath: folder.appendingPathComponent("hard.sqlite").path)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("soft.sqlite").path, withDestinationPath: "src.sqlite")
        let cases = [
            "src.sqlite": "the output is the store being read (src.sqlite) or one of its files: give another output; what modeldiff reads is never written",
            "./src.sqlite": "the output is the store being read (src.sqlite) or one of its files: give another output; what modeldiff reads is never written",
            folder.appendingPathComponent("src.sqlite").path: "the output is the store being read (src.sqlite) or one of its files: give another output; what modeldiff reads is never written",
            "hard.sqlite": "the output is the store being read (src.sqlite) or one of its files: give another output; what modeldiff reads is never written",
            "soft.sqlite": "the output is a symbolic link to the store being read (src.sqlite): give another output",
            "src.sqlite-journal": "the output would be the -journal file of the store being read (src.sqlite), which SQLite reads as part of it: give another output",
            "./src.sqlite-wal": "the output would be the -wal file of the store being read (src.sqlite), which SQLite reads as part of it: give another output",
        ]
        for (output, message) in cases {
            for extra in [["--overwrite"], ["--overwrite", "--no-fast-path"]] {
                let result = try runModeldiff(["migrate", "src.sqlite", "--to", notes.path, "--output", output] + extra, in: folder)
                #expect(result.status == 2, "\(output)")
                #expect(result.stderr == "\(output): error: \(message)\n")
            }
        }
        #expect(storeFileBytes(folder.appendingPathComponent("src.sqlite").path) == before)
        #expect(folderContents(folder) == ["hard.sqlite", "soft.sqlite", "src.sqlite"])
    }

    @Test func devicesFIFOsFoldersAndLinksAreNotReplaced() throws {
        let (folder, _) = try source()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(mkfifo(folder.appendingPathComponent("pipe").path, 0o600) == 0)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("dir"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("elsewhere").path, withDestinationPath: "/tmp/modeldiff-elsewhere")
        let notAFile = "the output is not a regular file (a device, a FIFO or a socket); modeldiff writes a new file and renames it into place, so give a file path"
        let expectations = [
            ("/dev/full", notAFile), ("pipe", notAFile),
            ("dir", "the output is a folder; give a file name (for example dir/out)"),
            ("elsewhere", "the output is a symbolic link; give the path of the file itself, or a new path"),
        ]
        let old = notes.appendingPathComponent("Notes.xcdatamodel").path
        let new = notes.appendingPathComponent("Notes 2.xcdatamodel").path
        for (output, message) in expectations {
            let migrate = try runModeldiff(["migrate", "src.sqlite", "--to", notes.path, "--output", output, "--overwrite"], in: folder)
            #expect(migrate.status == 2)
            #expect(migrate.stderr == "\(output): error: \(message)\n")
            let infer = try runModeldiff(["infer", old, new, "--output", output], in: folder)
            #expect(infer.status == 2)
            #expect(infer.stderr == "\(output): error: \(message)\n")
        }
        var info = stat()
        #expect(lstat("/dev/full", &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR)
        #expect(lstat(folder.appendingPathComponent("pipe").path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)
        // infer never writes over a model it reads.
        let copy = folder.appendingPathComponent("v1.xml")
        try FileManager.default.copyItem(atPath: old + "/contents", toPath: copy.path)
        let overModel = try runModeldiff(["infer", "v1.xml", new, "--output", "v1.xml"], in: folder)
        #expect(overModel.status == 2)
        #expect(overModel.stderr.hasPrefix("v1.xml: error: the output is a model being read"))
        #expect(try Data(contentsOf: copy) == (try Data(contentsOf: URL(fileURLWithPath: old + "/contents"))))
    }

    @Test func aFullOrClosedStandardOutputIsOneLineAndExitTwo() throws {
        for redirect in ["> /dev/full", ">&-"] {
            let result = try runProcess(["/bin/sh", "-c", "exec \"$0\" hash TestModels/Notes.xcdatamodeld \(redirect)", modeldiffBinary.path], in: Paths.repository)
            #expect(!result.signaled)
            #expect(result.status == 2)
            #expect(result.stderr.hasPrefix("error: cannot write to standard output: "))
            #expect(result.stderr.filter { $0 == "\n" }.count == 1)
        }
    }

    /// Usage errors exit 2, like every other trouble (ArgumentParser's own status is 64); help exits 0.
    @Test(arguments: [
        ["check", "--bogus", "TestModels/Notes.xcdatamodeld"], ["nosuchcommand", "x", "y", "z"], ["check"],
        ["check", "TestModels/Notes.xcdatamodeld", "--format", "yaml"], ["migrate", "a.sqlite", "--to", "b", "--output", "c", "--lock-timeout", "-1"],
        ["migrate", "a.sqlite", "--to", "b", "--output", "c", "--lock-timeout", "nan"],
    ])
    func usageErrorsExitTwo(arguments: [String]) throws {
        let result = try runModeldiff(arguments)
        #expect(result.status == 2, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains("Usage: modeldiff") || result.stderr.contains("Error:"), "\(result.stderr)")
        #expect(try runModeldiff(["check", "--help"]).status == 0)
    }
}
