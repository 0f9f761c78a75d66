import Foundation
@_spi(CLI) import ModelDiffKit
import ModelDiffTestSupport
import Testing

/// A rollback-journal store (90 KB, 1001 posts): read in place, so only the output is written.
private let posts = AppleStorePair.all.first { $0.from.store.lastPathComponent == "CoreDataMigration_Example_1.sqlite" }!

private func migrateArguments(output: String, fastPath: Bool) -> [String] {
    [
        modeldiffBinary.path, "migrate", "CoreDataMigration_Example_1.sqlite", "--from", posts.from.model.path, "--to", posts.to.model.path,
        "--output", output,
    ]
        + (fastPath ? [] : ["--no-fast-path"])
}

/// A file-size limit (RLIMIT_FSIZE) stops the output from growing past 32 KB: one line naming the
/// output, exit 2, nothing left behind. The shell does not ignore SIGXFSZ: the binary must, or the
/// signal kills it (exit 153, no message, a partial file left).
@Test(arguments: [true, false])
func migrateFailsCleanlyAtAFileSizeLimit(fastPath: Bool) throws {
    let (folder, store) = try posts.from.copy()
    defer { try? FileManager.default.removeItem(at: folder) }
    let before = storeFileBytes(store.path)
    // The child starts with SIGXFSZ at its default (a test runner that ignored it would pass it on
    // and hide the defect): bit 24 of SigIgn is signal 25, SIGXFSZ on Linux.
    let ignored = try runProcess(["/bin/sh", "-c", "grep SigIgn /proc/self/status"], in: folder)
    let mask = UInt64(ignored.stdout.split(separator: "\t").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "", radix: 16)
    #expect(mask.map { $0 & (1 << (SIGXFSZ - 1)) == 0 } ?? true, "SIGXFSZ is ignored in the child: \(ignored.stdout)")
    let result = try runProcess(
        ["/bin/sh", "-c", "ulimit -f 64; exec \"$0\" \"$@\""] + migrateArguments(output: "out.sqlite", fastPath: fastPath),
        in: folder, environment: ["TMPDIR": folder.path])
    #expect(result.status == 2)
    #expect(result.stderr == "out.sqlite: error: cannot write: the file-size limit was reached (disk I/O error)\n")
    #expect(folderContents(folder) == ["CoreDataMigration_Example_1.sqlite"])
    #expect(storeFileBytes(store.path) == before)
}

/// A tiny tmpfs, when this machine lets the tests mount one (root in a container that allows it).
private enum TinyDisk {
    /// Why the tmpfs variant cannot run here, or nil when it can.
    static let unavailableReason: String? = {
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("modeldiff-mount-probe-\(getpid())")
        defer { try? FileManager.default.removeItem(at: probe) }
        do {
            try mount(at: probe, size: "64k")
            unmount(probe)
            return nil
        } catch {
            return "cannot mount a tmpfs here (\(error)); the RLIMIT_FSIZE test covers the same code"
        }
    }()

    struct MountFailed: Error, CustomStringConvertible { let description: String }

    static func mount(at folder: URL, size: String) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let result = try runProcess(
            ["/bin/mount", "-t", "tmpfs", "-o", "size=\(size)", "tmpfs", folder.path], in: FileManager.default.temporaryDirectory)
        if result.status != 0 {
            throw MountFailed(
                description: "mount exited \(result.status): \(result.stderr.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
    }

    static func unmount(_ folder: URL) {
        _ = try? runProcess(["/bin/umount", folder.path], in: FileManager.default.temporaryDirectory)
    }
}

/// A full disk (ENOSPC from a 40 KB tmpfs holding the output): the same clean failure.
@Test(.enabled(if: TinyDisk.unavailableReason == nil, Comment(rawValue: TinyDisk.unavailableReason ?? "")), arguments: [true, false])
func migrateFailsCleanlyOnAFullDisk(fastPath: Bool) throws {
    let (folder, store) = try posts.from.copy()
    defer { try? FileManager.default.removeItem(at: folder) }
    let disk = folder.appendingPathComponent("disk")
    try TinyDisk.mount(at: disk, size: "40k")
    defer { TinyDisk.unmount(disk) }
    let before = storeFileBytes(store.path)
    let result = try runProcess(
        migrateArguments(output: "disk/out.sqlite", fastPath: fastPath), in: folder, environment: ["TMPDIR": folder.path])
    #expect(result.status == 2)
    #expect(result.stderr == "disk/out.sqlite: error: cannot write: the disk is full (database or disk is full)\n")
    #expect(folderContents(disk).isEmpty)
    #expect(folderContents(folder) == ["CoreDataMigration_Example_1.sqlite", "disk"])
    #expect(storeFileBytes(store.path) == before)
}
