import Foundation
import ModelDiffTestSupport
import Testing

/// Where a file is expected (a model, `.modeldiff.yml`, a lock, a store, its `-wal` and `-shm`, a
/// mapping), a FIFO, `/dev/zero` or a folder is one line and exit 2, never a wait (issue 32 item 5).
/// Each run is killed after 20 s, so a regression fails instead of hanging the suite.

private let fifoMessage = "is a FIFO (named pipe), not a regular file"
private let deviceMessage = "is a character device, not a regular file"

/// Runs the binary with `arguments` in `folder` and expects the one line `expected`, exit 2.
private func expectRefused(
    _ arguments: [String], in folder: URL, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let result = try runProcess([modeldiffBinary.path] + arguments, in: folder, killAfter: 20)
    #expect(!result.signaled, "\(arguments) was killed after \(result.seconds) s", sourceLocation: sourceLocation)
    #expect(result.status == 2, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
    #expect(result.stderr == expected + "\n", "\(arguments)", sourceLocation: sourceLocation)
}

/// A new folder with a FIFO at each of `names`.
private func folderWithFIFOs(_ names: [String]) throws -> URL {
    let folder = try Paths.temporaryDirectory()
    for name in names { #expect(mkfifo(folder.appendingPathComponent(name).path, 0o644) == 0) }
    return folder
}

@Test func aModelOrMappingThatIsAFIFOOrADeviceIsRefused() throws {
    let folder = try folderWithFIFOs(["model.xml", "model.mom", "map.mapping.xml", "map.cdm"])
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("zero.xml").path, withDestinationPath: "/dev/zero")
    try expectRefused(["hash", "model.xml"], in: folder, "model.xml: error: \(fifoMessage)")
    try expectRefused(["hash", "model.mom"], in: folder, "model.mom: error: \(fifoMessage)")
    try expectRefused(["hash", "zero.xml"], in: folder, "zero.xml: error: \(deviceMessage)")
    for mapping in ["map.mapping.xml", "map.cdm"] {
        try expectRefused(
            ["mapping", "convert", mapping, "--to", "xml", "--output", "out.xml"], in: folder, "\(mapping): error: \(fifoMessage)")
    }
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.xml").path))
}

@Test func aConfigurationThatIsAFIFOIsRefused() throws {
    let folder = try folderWithFIFOs([".modeldiff.yml"])
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.copyItem(
        at: Paths.testModels.appendingPathComponent("Notes.xcdatamodeld"), to: folder.appendingPathComponent("Notes.xcdatamodeld"))
    try expectRefused(["check", "Notes.xcdatamodeld"], in: folder, ".modeldiff.yml: error: \(fifoMessage)")
}

/// A lock file that is not a regular file is an error, not a bundle without a lock.
@Test func aLockFileThatIsAFIFOADeviceOrAFolderIsAnError() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.copyItem(
        at: Paths.testModels.appendingPathComponent("Notes.xcdatamodeld"), to: folder.appendingPathComponent("Notes.xcdatamodeld"))
    let lock = folder.appendingPathComponent("Notes.modeldiff.lock")
    #expect(mkfifo(lock.path, 0o644) == 0)
    try expectRefused(["check", "Notes.xcdatamodeld"], in: folder, "Notes.modeldiff.lock: error: \(fifoMessage)")
    try FileManager.default.removeItem(at: lock)
    try FileManager.default.createSymbolicLink(atPath: lock.path, withDestinationPath: "/dev/zero")
    try expectRefused(["check", "Notes.xcdatamodeld"], in: folder, "Notes.modeldiff.lock: error: \(deviceMessage)")
    try FileManager.default.removeItem(at: lock)
    try FileManager.default.createDirectory(at: lock, withIntermediateDirectories: false)
    try expectRefused(["check", "Notes.xcdatamodeld"], in: folder, "Notes.modeldiff.lock: error: is a folder, not a file")
}

/// A store, or its `-wal` or `-shm`, that is a FIFO or `/dev/zero`: `store info`, `store verify` and
/// `migrate` refuse it with one line and leave no output.
@Test func aStoreOrItsWALOrSHMThatIsNotARegularFileIsRefused() throws {
    let fixture = try #require(StoreFixture.all.first { $0.store.lastPathComponent == "SampleModel_V1.sqlite" })
    let bundle = fixture.model.deletingLastPathComponent().path
    let (folder, store) = try fixture.copy()
    defer { try? FileManager.default.removeItem(at: folder) }
    let name = store.lastPathComponent
    #expect(mkfifo(folder.appendingPathComponent("fifo.sqlite").path, 0o644) == 0)
    try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("zero.sqlite").path, withDestinationPath: "/dev/zero")
    for (input, message) in [("fifo.sqlite", fifoMessage), ("zero.sqlite", deviceMessage)] {
        try expectRefused(["store", "info", input], in: folder, "\(input): error: \(message)")
        try expectRefused(["store", "verify", input, "--model", bundle], in: folder, "\(input): error: \(message)")
        try expectRefused(["migrate", input, "--to", bundle, "--output", "out.sqlite"], in: folder, "\(input): error: \(message)")
    }
    for companion in ["-wal", "-shm"] {
        let path = folder.appendingPathComponent(name + companion).path
        try? FileManager.default.removeItem(atPath: path)
        #expect(mkfifo(path, 0o644) == 0)
        try expectRefused(["store", "info", name], in: folder, "\(name)\(companion): error: \(fifoMessage)")
        try expectRefused(
            ["migrate", name, "--to", bundle, "--output", "out.sqlite"], in: folder, "\(name)\(companion): error: \(fifoMessage)")
        try FileManager.default.removeItem(atPath: path)
    }
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.sqlite").path))
}
