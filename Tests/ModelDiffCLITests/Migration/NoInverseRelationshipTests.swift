import Foundation
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore
import ModelDiffTestSupport
import Testing

private let noInverse = Paths.testModels.appendingPathComponent("NoInverse.xcdatamodeld")

private func version(_ name: String) throws -> Model {
    try ModelFile.load(path: noInverse.appendingPathComponent("\(name).xcdatamodel").path).model
}

/// Every link of every relationship of every object, one line per object and relationship, objects
/// and destinations named by entity and key (entity numbers change between versions, keys do not):
/// `Measurement 3 .accelerations: Acceleration 5, Acceleration 2` (in order for ordered ones).
private func links(_ path: String, model: Model) throws -> [String] {
    let store = try PersistentStore.open(path: path)
    let layout = try store.layout(for: model)
    let name = { (id: ObjectID) in "\(layout.orderedEntities[id.entity - 1]) \(id.primaryKey)" }
    var lines: [String] = []
    for entity in model.entities.sorted(by: { $0.name < $1.name }) {
        try store.forEachObject(of: entity.name, layout: layout, includingSubentities: false) { object in
            for relationship in model.allRelationships(of: entity).sorted(by: { $0.name < $1.name }) {
                var held: [String]
                if relationship.isToMany {
                    held = try store.relatedObjects(of: object.id, entity: entity.name, relationship: relationship.name, layout: layout)
                        .map(name)
                    if !relationship.isOrdered { held.sort() }
                } else {
                    held = (object.toOne[relationship.name] ?? nil).map { [name($0)] } ?? []
                }
                if !held.isEmpty { lines.append("\(name(object.id)) .\(relationship.name): " + held.joined(separator: ", ")) }
            }
        }
    }
    return lines
}

/// Core Data keeps a to-many without an inverse in its destination's table, as a to-one it adds
/// there (`Z<owner number><NAME>`, with `Z<n>_` and `Z_FOK_` columns when the owner has sub-entities
/// and when the to-many is ordered); a to-many that is its own inverse has a join table with a
/// `REFLEXIVE` column.
@Test func relationshipsWithoutInverseAreLaidOutInTheDestinationsTable() throws {
    let layout = StoreLayout(model: try version("V1"))
    let columns = { (table: String) in layout.tables.first { $0.name == table }?.columns.map(\.name) ?? [] }
    #expect(columns("ZACCELERATION") == ["Z_PK", "Z_ENT", "Z_OPT", "Z4ACCELERATIONS", "Z4_4ACCELERATIONS", "Z_FOK_4ACCELERATIONS", "ZX"])
    #expect(columns("ZGEOLOCATION") == ["Z_PK", "Z_ENT", "Z_OPT", "Z4GEOLOCATIONS", "Z4_4GEOLOCATIONS", "ZLATITUDE"])
    #expect(columns("ZTAG") == ["Z_PK", "Z_ENT", "Z_OPT", "Z2TAGS", "Z4TAGS", "Z4_4TAGS", "ZNAME", "ZRULE"])
    // Tag has a sub-entity (SmartTag), so the key of Tag.devices comes with the owner's entity column.
    #expect(columns("ZDEVICE") == ["Z_PK", "Z_ENT", "Z_OPT", "Z7DEVICES", "Z7_7DEVICES", "ZNAME"])
    #expect(columns("ZMEASUREMENT") == ["Z_PK", "Z_ENT", "Z_OPT", "ZDEVICE", "ZNAME", "ZAREA"])
    let friends = try #require(layout.joinTables.first)
    #expect(layout.joinTables.count == 1)
    #expect([friends.name, friends.sourceColumn, friends.destinationColumn] == ["Z_6FRIENDS", "Z_6FRIENDS", "REFLEXIVE"])
    #expect(layout.indexes.map(\.name).contains("ZACCELERATION_Z4ACCELERATIONS_INDEX"))
    // The next version adds an entity before them: the owner's number, and so the names, change.
    let next = StoreLayout(model: try version("V2"))
    #expect(next.tables.first { $0.name == "ZACCELERATION" }?.columns.map(\.name).contains("Z5ACCELERATIONS") == true)
}

/// Every kind of relationship without an inverse (to-one, to-many, ordered to-many, from an owner with
/// sub-entities, to-manys both ways between two entities: `Device.tags`, `Tag.devices`) and a to-many that is its own inverse: `store seed` writes each where
/// Core Data does, `store verify` passes, and `migrate` to the next version (a new entity that
/// renumbers the owners, a new attribute of the owner) keeps every link on both paths.
@Test func everyLinkWithoutAnInverseSurvivesMigrationOnBothPaths() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let seed = try runModeldiff(
        [
            "store", "seed", noInverse.appendingPathComponent("V1.xcdatamodel").path, "--objects", "6", "--seed", "3", "--output",
            "v1.sqlite",
        ],
        in: folder)
    #expect(seed.status == 0, "\(seed.stderr)")
    let verify = try runModeldiff(["store", "verify", "v1.sqlite", "--model", noInverse.path], in: folder)
    #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
    let source = try links(folder.appendingPathComponent("v1.sqlite").path, model: try version("V1"))
    for relationship in [".accelerations", ".geoLocations", ".tags", ".devices", ".device", ".friends"] {
        #expect(source.contains { $0.contains(relationship + ":") }, "the seeded store has no \(relationship) link")
    }
    for (output, extra, path) in [("fast.sqlite", [String](), " [SQL fast path]"), ("staged.sqlite", ["--no-fast-path"], "")] {
        let result = try runModeldiff(["migrate", "v1.sqlite", "--to", noInverse.path, "--output", output] + extra, in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("migrated v1.sqlite → \(output) (V1 → V2 (inferred)\(path))\n"), "\(result.stdout)")
        let migrated = try links(folder.appendingPathComponent(output).path, model: try version("V2"))
        #expect(
            migrated == source,
            "\(output): \(migrated.filter { !source.contains($0) }) instead of \(source.filter { !migrated.contains($0) })")
        let verify = try runModeldiff(["store", "verify", output, "--model", noInverse.path], in: folder)
        #expect(verify.status == 0, "\(output): \(verify.stdout)\(verify.stderr)")
    }
}

/// A column the layout does not account for (a to-many without an inverse that an older modeldiff
/// did not know, or any other) is an error of `store verify` when it holds data, and `migrate`
/// refuses the store, writing nothing: neither path would carry it.
@Test func dataInAColumnTheLayoutDoesNotExplainIsReportedAndRefused() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let seed = try runModeldiff(
        ["store", "seed", noInverse.appendingPathComponent("V1.xcdatamodel").path, "--objects", "4", "--output", "v1.sqlite"], in: folder)
    #expect(seed.status == 0, "\(seed.stderr)")
    let store = try PersistentStore.open(path: folder.appendingPathComponent("v1.sqlite").path, writable: true)
    try store.database.execute("ALTER TABLE ZACCELERATION ADD COLUMN ZEXTRA INTEGER")
    // Empty, it holds nothing to lose: still sound.
    #expect(try runModeldiff(["store", "verify", "v1.sqlite", "--model", noInverse.path], in: folder).status == 0)
    try store.database.execute("UPDATE ZACCELERATION SET ZEXTRA = 7")
    let verify = try runModeldiff(["store", "verify", "v1.sqlite", "--model", noInverse.path], in: folder)
    #expect(verify.status != 0)
    #expect((verify.stdout + verify.stderr).contains("column ZACCELERATION.ZEXTRA holds"), "\(verify.stdout)\(verify.stderr)")
    #expect((verify.stdout + verify.stderr).contains("values the model does not account for"))
    for extra in [[String](), ["--no-fast-path"]] {
        let result = try runModeldiff(["migrate", "v1.sqlite", "--to", noInverse.path, "--output", "out.sqlite"] + extra, in: folder)
        #expect(result.status == 2, "\(result.stdout)")
        #expect(result.stderr.contains("ZACCELERATION.ZEXTRA"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.sqlite").path))
    }
}
