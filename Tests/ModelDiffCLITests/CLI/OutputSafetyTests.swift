import Foundation
@_spi(CLI) import ModelDiffKit
import ModelDiffTestSupport
import Testing

/// A WAL store (db, -wal, -shm) and the bundle it migrates through.
private let bookmarks = StoreFixture.all.first { $0.store.lastPathComponent == "Bookmarks_V1.sqlite" }!
private let bookmarksBundle = bookmarks.model.deletingLastPathComponent().path

private func migrate(_ output: String, in folder: URL, environment: [String: String] = [:]) throws -> ProcessOutcome {
    try runProcess(
        [modeldiffBinary.path, "migrate", "Bookmarks_V1.sqlite", "--to", bookmarksBundle, "--output", output, "--overwrite"],
        in: folder, environment: ["TMPDIR": folder.path].merging(environment) { _, new in new })
}

/// The source itself under every name (relative, `./`, absolute, hard link, symbolic link) and its
/// companions: one line, exit 2, and not one byte or file changes.
@Test(arguments: [
    "Bookmarks_V1.sqlite", "./Bookmarks_V1.sqlite", "ABSOLUTE", "hard.sqlite", "link.sqlite", "Bookmarks_V1.sqlite-wal",
    "Bookmarks_V1.sqlite-shm",
])
func migrateRefusesAnOutputThatIsTheSource(_ name: String) throws {
    let (folder, store) = try bookmarks.copy()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.linkItem(atPath: store.path, toPath: folder.appendingPathComponent("hard.sqlite").path)
    try FileManager.default.createSymbolicLink(
        atPath: folder.appendingPathComponent("link.sqlite").path, withDestinationPath: "Bookmarks_V1.sqlite")
    let output = name == "ABSOLUTE" ? store.path : name
    let before = storeFileBytes(store.path)
    let contents = folderContents(folder)
    let result = try migrate(output, in: folder)
    #expect(result.status == 2)
    let companion = name.hasSuffix("-wal") ? "the store's -wal file" : name.hasSuffix("-shm") ? "the store's -shm file" : "the store itself"
    #expect(
        result.stderr
            == "\(output): error: the output is the same file as \(companion) (Bookmarks_V1.sqlite); the source is never written: choose another output\n"
    )
    #expect(storeFileBytes(store.path) == before)
    #expect(folderContents(folder) == contents)
}

/// What is not a regular file is refused and left as it is: a folder, a FIFO, a symbolic link (to
/// another file, which keeps its bytes), a character device.
@Test func migrateAndInferRefuseOutputsThatAreNotRegularFiles() throws {
    let (folder, store) = try bookmarks.copy()
    defer { try? FileManager.default.removeItem(at: folder) }
    let models = (bookmarksBundle as NSString).appendingPathComponent("BookmarksModel.xcdatamodel")
    let models2 = (bookmarksBundle as NSString).appendingPathComponent("BookmarksModel 2.xcdatamodel")
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("folder"), withIntermediateDirectories: false)
    #expect(mkfifo(folder.appendingPathComponent("fifo").path, 0o644) == 0)
    try Data("keep".utf8).write(to: folder.appendingPathComponent("target.txt"))
    try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link").path, withDestinationPath: "target.txt")
    let cases = [
        ("folder", "the output is a folder; give the path of a file to write"),
        ("fifo", "the output is a FIFO (named pipe), not a regular file; modeldiff only creates or replaces regular files"),
        ("link", "the output is a symbolic link (to target.txt); give the path of the file itself, or remove the link"),
        ("/dev/full", "the output is a character device, not a regular file; modeldiff only creates or replaces regular files"),
    ]
    let before = storeFileBytes(store.path)
    for (output, message) in cases {
        let migrated = try migrate(output, in: folder)
        #expect(migrated.status == 2 && migrated.stderr == "\(output): error: \(message)\n", "migrate → \(output)")
        let inferred = try runProcess([modeldiffBinary.path, "infer", models, models2, "--output", output], in: folder)
        #expect(inferred.status == 2 && inferred.stderr == "\(output): error: \(message)\n", "infer → \(output)")
    }
    var info = stat()
    #expect(stat("/dev/full", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
    #expect(lstat(folder.appendingPathComponent("fifo").path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    #expect(try String(contentsOf: folder.appendingPathComponent("target.txt"), encoding: .utf8) == "keep")
    #expect(storeFileBytes(store.path) == before)
    #expect(
        folderContents(folder) == [
            "Bookmarks_V1.sqlite", "Bookmarks_V1.sqlite-shm", "Bookmarks_V1.sqlite-wal", "fifo", "folder", "link", "target.txt",
        ])
    #expect(folderContents(folder.appendingPathComponent("folder")).isEmpty)
    // A regular file is still written.
    let written = try runProcess([modeldiffBinary.path, "infer", models, models2, "--output", "mapping.xml"], in: folder)
    #expect(written.status == 0, "\(written.stderr)")
    #expect(try String(contentsOf: folder.appendingPathComponent("mapping.xml"), encoding: .utf8).contains("<mapping"))
}

/// A missing $TMPDIR is not created: one line naming the store, exit 2.
@Test func migrateDoesNotCreateAMissingTemporaryFolder() throws {
    let (folder, store) = try bookmarks.copy()
    defer { try? FileManager.default.removeItem(at: folder) }
    let missing = folder.appendingPathComponent("no-such-tmp").path
    let result = try migrate("out.sqlite", in: folder, environment: ["TMPDIR": missing])
    #expect(result.status == 2)
    #expect(
        result.stderr
            == """
            Bookmarks_V1.sqlite: error: cannot make a private copy of the WAL store to read it: the temporary folder \(missing) does not exist \
            (set TMPDIR to an existing folder)\n
            """
    )
    #expect(!FileManager.default.fileExists(atPath: missing))
    #expect(folderContents(folder) == ["Bookmarks_V1.sqlite", "Bookmarks_V1.sqlite-shm", "Bookmarks_V1.sqlite-wal"])
    _ = store
}
