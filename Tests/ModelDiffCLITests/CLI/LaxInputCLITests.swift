import Foundation
import ModelDiffTestSupport
import Testing

/// Inputs issue 32 found accepted too laxly, each refused with its line through the built binary.

/// `check.mappings` names folders inside the configuration's folder: `/etc` is not joined to it, and
/// `../../../../../` does not walk the filesystem; both are refused at their line and column.
@Test(arguments: [("[/etc]", "/etc"), ("[Mappings, ../../../../../]", "../../../../../"), ("../outside", "../outside")])
func mappingFoldersOutsideTheConfigurationsFolderAreRefused(list: String, name: String) throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.copyItem(
        at: Paths.testModels.appendingPathComponent("Notes.xcdatamodeld"), to: folder.appendingPathComponent("Notes.xcdatamodeld"))
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("Mappings"), withIntermediateDirectories: true)
    try "check:\n  mappings: \(list)\n".write(to: folder.appendingPathComponent(".modeldiff.yml"), atomically: true, encoding: .utf8)
    let result = try runModeldiff(["check", "Notes.xcdatamodeld"], in: folder)
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    let column = "  mappings: \(list)".range(of: name).map {
        "  mappings: \(list)".distance(from: "  mappings: \(list)".startIndex, to: $0.lowerBound) + 1
    }
    #expect(
        result.stderr
            == ".modeldiff.yml:2:\(column ?? 0): error: check.mappings names \"\(name)\", which is not inside the configuration's folder; "
            + "name a folder relative to it, inside it\n"
    )
    // A folder inside is still taken.
    try "check:\n  mappings: [Mappings, ./Mappings/../Mappings]\n".write(
        to: folder.appendingPathComponent(".modeldiff.yml"), atomically: true, encoding: .utf8)
    let inside = try runModeldiff(["check", "Notes.xcdatamodeld"], in: folder)
    #expect(inside.status == 0, "\(inside.stderr)")
}

/// `store info`, `store verify` and `test` stopped by SIGTERM or Ctrl-C while they hold the private
/// copy of a WAL store remove it: nothing of the user's data is left in `$TMPDIR`.
@Test(arguments: ["TERM", "INT"]) func aStoreReaderStoppedBySIGTERMLeavesNoCopyInTMPDIR(signal: String) throws {
    let fixture = try #require(StoreFixture.all.first { FileManager.default.fileExists(atPath: $0.store.path + "-wal") })
    let (folder, store) = try fixture.copy()
    defer { try? FileManager.default.removeItem(at: folder) }
    let temporary = folder.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    let environment = ["TMPDIR": temporary.path, "MODELDIFF_TEST_KILL_AT": "read-snapshot:1:\(signal)"]
    for arguments in [["store", "info", store.path], ["store", "verify", store.path, "--model", fixture.model.path]] {
        let result = try runProcess([modeldiffBinary.path] + arguments, in: folder, environment: environment, killAfter: 60)
        #expect(!result.signaled && result.status == 130, "\(arguments): \(result.status) \(result.stderr)")
        #expect(folderContents(temporary).isEmpty, "\(arguments): \(folderContents(temporary))")
    }
}
