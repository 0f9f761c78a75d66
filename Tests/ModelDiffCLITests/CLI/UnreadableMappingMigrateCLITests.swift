import Foundation
import ModelDiffTestSupport
import Testing

/// A mapping file beside the bundle that cannot be read stops only a `migrate` one of whose steps it
/// may map (issue 47, item 3). Beside `Sessions.xcdatamodeld`: `Sessions1To3.mapping.xml` maps the jump,
/// `Sessions2To3.mapping.xml` is a Git LFS pointer whose name says it maps Sessions 2 → Sessions 3.
@Suite struct UnreadableMappingMigrateCLITests {
    static let source = Paths.repository.appendingPathComponent("TestModels/History/MappingsBeside")
    static let unreadable = "Start tag expected, '<' not found"

    /// A copy of the fixture's folder and a store seeded at `Sessions`, in a new folder.
    static func project() throws -> URL {
        let folder = try Paths.temporaryDirectory()
        try FileManager.default.copyItem(at: source, to: folder.appendingPathComponent("MappingsBeside"))
        let seed = try runModeldiff(
            ["store", "seed", "MappingsBeside/Sessions.xcdatamodeld/Sessions.xcdatamodel", "--objects", "3", "--output", "v1.sqlite"],
            in: folder)
        #expect(seed.status == 0, "\(seed.stderr)")
        return folder
    }

    @Test func aStepTheFileDoesNotMapGoesOnWithOneWarning() throws {
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runModeldiff(
            ["migrate", "v1.sqlite", "--to", "MappingsBeside/Sessions.xcdatamodeld", "--output", "v3.sqlite"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.hasPrefix("migrated v1.sqlite → v3.sqlite (Sessions → Sessions 3 with MappingsBeside/Sessions1To3.mapping.xml"),
            "\(result.stdout)")
        #expect(
            result.stderr == """
                MappingsBeside/Sessions2To3.mapping.xml:1:1: warning: this mapping model cannot be read (\(Self.unreadable)); \
                it maps Sessions 2 → Sessions 3, which this migration does not run, so it is not used

                """)
    }

    @Test func aStepTheFileMapsIsRefusedNamingTheFileAndTheStep() throws {
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runModeldiff(
            ["migrate", "v1.sqlite", "--to", "MappingsBeside/Sessions.xcdatamodeld", "--path", "consecutive", "--output", "v3.sqlite"],
            in: folder)
        #expect(result.status == 2)
        #expect(
            result.stderr == """
                MappingsBeside/Sessions2To3.mapping.xml:1:1: error: this mapping model cannot be read (\(Self.unreadable)), and it maps \
                Sessions 2 → Sessions 3, a step this migration runs; restore the file (a Git LFS pointer needs `git lfs pull`) or remove it

                """)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("v3.sqlite").path))
    }

    /// A file whose name and text name no step may map any: the migration is refused, naming its steps.
    @Test func aFileThatNamesNoStepMayMapAnyAndIsRefused() throws {
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let beside = folder.appendingPathComponent("MappingsBeside")
        try FileManager.default.moveItem(
            at: beside.appendingPathComponent("Sessions2To3.mapping.xml"), to: beside.appendingPathComponent("Release.mapping.xml"))
        let result = try runModeldiff(
            ["migrate", "v1.sqlite", "--to", "MappingsBeside/Sessions.xcdatamodeld", "--path", "consecutive", "--output", "v3.sqlite"],
            in: folder)
        #expect(result.status == 2)
        #expect(
            result.stderr == """
                MappingsBeside/Release.mapping.xml:1:1: error: this mapping model cannot be read (\(Self.unreadable)), and nothing in it \
                or its name says which step it maps, so it may be the mapping of any of the steps Sessions → Sessions 2, \
                Sessions 2 → Sessions 3, which this migration runs; restore the file (a Git LFS pointer needs `git lfs pull`) or remove it

                """)
    }

    /// A damaged mapping file whose readable part records entity version hashes maps the step whose versions have them.
    @Test func aDamagedFilesRecordedHashesNameItsStep() throws {
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let beside = folder.appendingPathComponent("MappingsBeside")
        try FileManager.default.removeItem(at: beside.appendingPathComponent("Sessions2To3.mapping.xml"))
        let jump = try String(contentsOf: beside.appendingPathComponent("Sessions1To3.mapping.xml"), encoding: .utf8)
        let cut = try #require(jump.range(of: "</entityMapping>"))
        try String(jump[..<cut.lowerBound]).write(
            to: beside.appendingPathComponent("Damaged.mapping.xml"), atomically: true, encoding: .utf8)
        let consecutive = try runModeldiff(
            ["migrate", "v1.sqlite", "--to", "MappingsBeside/Sessions.xcdatamodeld", "--path", "consecutive", "--output", "v3.sqlite"],
            in: folder)
        #expect(consecutive.status == 0, "\(consecutive.stderr)")
        #expect(consecutive.stderr.hasPrefix("MappingsBeside/Damaged.mapping.xml:"), "\(consecutive.stderr)")
        #expect(consecutive.stderr.hasSuffix("; it maps Sessions → Sessions 3, which this migration does not run, so it is not used\n"))
        #expect(consecutive.stderr.split(separator: "\n").count == 1)
    }
}
