import Foundation
@_spi(CLI) import ModelDiffStore
import ModelDiffTestSupport
import Testing

private let bundle = "TestModels/RetargetedRelationship.xcdatamodeld"

/// A relationship re-targeted to an unrelated entity (issue 46 item 4): `Album.cover` points to `Artwork`
/// in V1 and V2 and to `Image` in V3. Core Data's inferred mapping is
/// `FUNCTION($manager, "destinationInstancesForSourceRelationshipNamed:sourceInstances:", "cover", $source.cover)`,
/// which finds no entity mapping from Artwork to Image: a store without covers migrates, one with a
/// cover cannot keep it. The stores are written by `store seed` and SQL: one of V1 and one of V2 with
/// every cover NULL, and one of V2 where one album (Z_PK 2) links the first artwork.
@Suite struct RetargetedRelationshipTests {
    private func stores() throws -> URL {
        let folder = try Paths.temporaryDirectory()
        for (version, name) in [("V1", "v1.sqlite"), ("V2", "empty.sqlite"), ("V2", "linked.sqlite")] {
            let seed = try runModeldiff(
                [
                    "store", "seed", Paths.repository.appendingPathComponent("\(bundle)/\(version).xcdatamodel").path, "--objects", "3",
                    "--output", name,
                ],
                in: folder)
            #expect(seed.status == 0, "\(seed.stderr)")
            let database = try PersistentStore.open(path: folder.appendingPathComponent(name).path, writable: true).database
            try database.execute("UPDATE ZALBUM SET ZCOVER = NULL")
            if name == "linked.sqlite" {
                try database.execute("UPDATE ZALBUM SET ZCOVER = (SELECT MIN(Z_PK) FROM ZARTWORK) WHERE Z_PK = 2")
            }
        }
        return folder
    }

    private var path: String { Paths.repository.appendingPathComponent(bundle).path }

    /// check: a warning (Core Data infers the step), naming the data that fails it; the bundle is inferable.
    @Test func checkWarnsAndCallsTheStepInferable() throws {
        let check = try runModeldiff(["check", bundle, "--path", "consecutive"])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(
            check.stdout.contains(
                """
                V3.xcdatamodel/contents:6: warning: `Album.cover` now points to `Image` instead of `Artwork`: Core Data infers the step: \
                a store where no `Album` has a cover migrates, and migrating one where any does fails
                """), "\(check.stdout)")
        #expect(check.stdout.contains("overall: inferable"), "\(check.stdout)")
    }

    /// infer writes the mapping Core Data infers, without a placeholder, and `mapping validate` accepts it;
    /// plan keeps the three versions in one lightweight stage.
    @Test func inferWritesCoreDatasMappingAndPlanKeepsTheStepLightweight() throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let infer = try runModeldiff(["infer", "\(path)/V2.xcdatamodel", "\(path)/V3.xcdatamodel", "--output", "map.xml"], in: folder)
        #expect(infer.status == 0, "\(infer.stderr)")
        let text = try String(contentsOf: folder.appendingPathComponent("map.xml"), encoding: .utf8)
        #expect(
            text.contains(
                #"<relationship name="cover">FUNCTION($manager, "destinationInstancesForSourceRelationshipNamed:sourceInstances:", "#
                    + #""cover", $source.cover)</relationship>"#
            ), "\(text)")
        let validate = try runModeldiff(
            ["mapping", "validate", "map.xml", "--from", "\(path)/V2.xcdatamodel", "--to", "\(path)/V3.xcdatamodel"], in: folder)
        #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")
        let plan = try runModeldiff(["plan", bundle])
        #expect(plan.status == 0, "\(plan.stderr)")
        #expect(plan.stdout.contains("NSLightweightMigrationStage([v1.versionChecksum, v2.versionChecksum, v3.versionChecksum])"))
    }

    /// migrate: the store without covers migrates on both paths (and verifies); the store with one is
    /// refused on both paths and with --dry-run, naming the album, and no output is written.
    @Test func migrateCarriesAStoreWithoutLinksAndRefusesOneWithALink() throws {
        let folder = try stores()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (store, version) in [("v1.sqlite", "V1"), ("empty.sqlite", "V2")] {
            for (output, extra) in [("fast-\(store)", [String]()), ("staged-\(store)", ["--no-fast-path"])] {
                let result = try runModeldiff(["migrate", store, "--to", path, "--output", output] + extra, in: folder)
                #expect(result.status == 0, "\(result.stderr)")
                #expect(result.stdout.hasPrefix("migrated \(store) → \(output) (\(version) → V3 (inferred))\n"), "\(result.stdout)")
                let verify = try runModeldiff(["store", "verify", output, "--model", path], in: folder)
                #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
            }
        }
        let message = """
            Album (Z_PK 2) links Artwork (Z_PK 1) through cover, but Album.cover now points to Image, and no entity mapping makes one \
            of a Artwork (it becomes Artwork)
            """
        let dryRun = try runModeldiff(["migrate", "linked.sqlite", "--to", path, "--dry-run"], in: folder)
        #expect(dryRun.status == 1, "\(dryRun.stdout)\(dryRun.stderr)")
        #expect(dryRun.stdout.contains("Album 1/p2: " + message), "\(dryRun.stdout)")
        for extra in [[String](), ["--no-fast-path"]] {
            let result = try runModeldiff(["migrate", "linked.sqlite", "--to", path, "--output", "out.sqlite"] + extra, in: folder)
            #expect(result.status == 2, "\(result.stdout)")
            #expect(result.stderr.hasPrefix("linked.sqlite: error: migration failed: " + message), "\(result.stderr)")
            #expect(result.stderr.contains("(NSMigrationError 134110; mapping AlbumToAlbum; entity Album; object "), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.sqlite").path))
        }
    }

    /// test: the store without covers passes its steps, the one with a cover fails V2 → V3 naming the album.
    @Test func testPassesTheStoreWithoutLinksAndFailsTheOneWithALink() throws {
        let folder = try stores()
        defer { try? FileManager.default.removeItem(at: folder) }
        let empty = try runModeldiff(
            ["test", path, "--store", "v1.sqlite", "--store", "empty.sqlite", "--path", "consecutive"], in: folder)
        #expect(empty.stdout.contains("PASS V1 → V2 (v1.sqlite, inferred mapping)\n"), "\(empty.stdout)")
        #expect(empty.stdout.contains("PASS V2 → V3 (empty.sqlite, inferred mapping)\n"), "\(empty.stdout)")
        let linked = try runModeldiff(["test", path, "--store", "linked.sqlite", "--path", "consecutive"], in: folder)
        #expect(linked.status == 1)
        #expect(
            linked.stdout.contains(
                "FAIL V2 → V3 (linked.sqlite, inferred mapping)\n    migration failed: Album (Z_PK 2) links Artwork (Z_PK 1) through cover"),
            "\(linked.stdout)")
    }
}
