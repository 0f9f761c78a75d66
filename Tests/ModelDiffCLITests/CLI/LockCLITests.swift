import Foundation
import ModelDiffTestSupport
import Testing

/// `modeldiff lock` and what `check` says when a shipped version changes (issue 16 item 11).
@Suite struct LockCLITests {
    /// A copy of the Notes bundle in a new folder.
    private func bundleCopy() throws -> URL {
        let folder = try Paths.temporaryDirectory()
        try FileManager.default.copyItem(
            at: Paths.testModels.appendingPathComponent("Notes.xcdatamodeld"), to: folder.appendingPathComponent("Notes.xcdatamodeld"))
        return folder
    }

    private func edit(_ folder: URL, _ version: String, _ change: (String) -> String) throws {
        let file = folder.appendingPathComponent("Notes.xcdatamodeld/\(version).xcdatamodel/contents")
        try change(try String(contentsOf: file, encoding: .utf8)).write(to: file, atomically: true, encoding: .utf8)
    }

    @Test func aLockedVersionEditedInPlaceFailsCheckAndACosmeticEditPasses() throws {
        let folder = try bundleCopy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let lock = try runModeldiff(["lock", "Notes.xcdatamodeld"], in: folder)
        #expect(lock.status == 0)
        #expect(lock.stdout == "Notes.modeldiff.lock: 2 versions locked, current Notes 2\n")
        #expect(try runModeldiff(["check", "Notes.xcdatamodeld"], in: folder).status == 0)
        // A class name is not part of any version hash: the shipped version still opens its stores.
        try edit(folder, "Notes") {
            $0.replacingOccurrences(of: #"representedClassName="Note""#, with: #"representedClassName="NoteObject""#)
        }
        #expect(try runModeldiff(["check", "Notes.xcdatamodeld"], in: folder).status == 0)
        try edit(folder, "Notes") {
            $0.replacingOccurrences(of: #"<attribute name="title""#, with: #"<attribute name="title" versionHashModifier="2""#)
        }
        let changed = try runModeldiff(["check", "Notes.xcdatamodeld"], in: folder)
        #expect(changed.status == 1)
        #expect(
            changed.stdout.hasPrefix(
                """
                Notes.xcdatamodeld/Notes.xcdatamodel/contents: error: version Notes has shipped (it is in the lock file), but the version \
                hashes of Note changed: stores written with it would no longer open (Core Data error 134100); undo the edit and add a new model \
                version instead [locked-version-changed]\n
                """
            ))
        let json = try runModeldiff(["check", "Notes.xcdatamodeld", "--format", "json"], in: folder)
        #expect(json.stdout.contains("\"code\" : \"locked-version-changed\""))
        let github = try runModeldiff(["check", "Notes.xcdatamodeld", "--format", "github"], in: folder)
        #expect(
            github.stdout.hasPrefix("::error file=Notes.modeldiff.lock")
                || github.stdout.hasPrefix("::error file=Notes.xcdatamodeld/Notes.xcdatamodel/contents,title=locked-version-changed::"))
    }

    @Test func aRemovedVersionAndACurrentVersionMovedBackFail() throws {
        let folder = try bundleCopy()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try runModeldiff(["lock", "Notes.xcdatamodeld"], in: folder).status == 0)
        let current = folder.appendingPathComponent("Notes.xcdatamodeld/.xccurrentversion")
        try String(contentsOf: current, encoding: .utf8).replacingOccurrences(of: "Notes 2.xcdatamodel", with: "Notes.xcdatamodel")
            .write(to: current, atomically: true, encoding: .utf8)
        let movedBack = try runModeldiff(["check", "Notes.xcdatamodeld"], in: folder)
        #expect(movedBack.status == 1)
        #expect(movedBack.stdout.contains("[current-version-moved-back]"))
        try FileManager.default.removeItem(at: folder.appendingPathComponent("Notes.xcdatamodeld/Notes 2.xcdatamodel"))
        let removed = try runModeldiff(["check", "Notes.xcdatamodeld"], in: folder)
        #expect(removed.status == 1)
        #expect(removed.stdout.contains("Notes.modeldiff.lock: error: version Notes 2 is in the lock file but no longer in the bundle"))
    }

    @Test func aBrokenLockFileIsOneLineAndExitTwo() throws {
        let folder = try bundleCopy()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "{\"versions\": 3}".write(to: folder.appendingPathComponent("Notes.modeldiff.lock"), atomically: true, encoding: .utf8)
        let result = try runModeldiff(["check", "Notes.xcdatamodeld"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("Notes.modeldiff.lock:1: error: not a modeldiff lock file: "))
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
    }
}
