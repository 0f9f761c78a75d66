import Foundation
import ModelDiffTestSupport
import Testing

/// A to-many whose destination hierarchy loses a sub-entity: the links to the removed objects go with
/// them. `migrate` says so ("links of … to objects the mapping removes") and `test` counts the loss once,
/// as the entity's `entity-removed` line, never as links the migration failed to keep (it reported
/// "Folder.items: 2 links, but Folder.items held 4", as on Apptentive's v1 fixture store).
@Test func linksToARemovedEntityGoWithItsObjects() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let bundle = Paths.testModels.appendingPathComponent("Store/Folders.xcdatamodeld")
    let result = try runModeldiff(["test", bundle.path, "--objects", "3"], in: folder)
    #expect(result.status == 1)
    #expect(
        result.stdout
            == """
            FAIL Folders → Folders 2 (seeded store, inferred mapping)
                Sketch: 3 objects are lost: Folders 2 removes the entity [entity-removed]
            0 passed, 1 failed

            """)
    let version = bundle.appendingPathComponent("Folders.xcdatamodel").path
    let seeded = try runModeldiff(["store", "seed", version, "--objects", "3", "--output", "folders.sqlite"], in: folder)
    #expect(seeded.status == 0, "\(seeded.stderr)")
    let migrated = try runModeldiff(["migrate", "folders.sqlite", "--to", bundle.path, "--output", "out.sqlite"], in: folder)
    #expect(migrated.status == 0, "\(migrated.stderr)")
    #expect(migrated.stdout.contains("  Sketch: 3 objects dropped (the entity is not in Folders 2)\n"), "\(migrated.stdout)")
    #expect(migrated.stdout.contains("links of Folder.items to objects the mapping removes)"), "\(migrated.stdout)")
}
