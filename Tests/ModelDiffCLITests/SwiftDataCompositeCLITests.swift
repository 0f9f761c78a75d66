import Foundation
@_spi(CLI) import ModelDiffStore
import ModelDiffTestSupport
import Testing

/// Issue 45 item 12: a required attribute whose type is a Codable struct is a Composite attribute, which Core
/// Data stores as one column per element, named from the element's own name, and none for the composite
/// (docs/STORE.md, "Composite attributes"). `store seed`, `store verify`, `test` and `migrate` lay it out so,
/// on a SwiftData folder and on an Xcode model with nested composites and a shared column name.
@Suite struct SwiftDataCompositeCLITests {
    static let folder = "TestModels/SwiftData/CodableStruct"
    static let bundle = "TestModels/Composites.xcdatamodeld"

    /// The columns of `table`, in `CREATE TABLE` order.
    static func columns(_ path: String, _ table: String) throws -> [String] {
        let store = try PersistentStore.open(path: path)
        return try store.database.rows("PRAGMA table_info(\(table))").map { if case .text(let name) = $0[1] { name } else { "" } }
    }

    /// `SELECT Z_PK, <columns> FROM table ORDER BY Z_PK`, each row's values as text (`NULL` for null).
    static func rows(_ path: String, _ table: String, _ columns: [String]) throws -> [[String]] {
        let store = try PersistentStore.open(path: path)
        return try store.database.rows("SELECT Z_PK, \(columns.joined(separator: ", ")) FROM \(table) ORDER BY Z_PK").map { row in
            row.map { value in
                switch value {
                case .null: "NULL"
                case .integer(let n): "\(n)"
                case .real(let d): "\(d)"
                case .text(let t): t
                case .blob(let b): "\(b.count) bytes"
                }
            }
        }
    }

    @Test func aCodableStructIsSeededVerifiedTestedAndMigratedInItsElementColumns() throws {
        let temporary = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: temporary) }
        let folder = Paths.repository.appendingPathComponent(Self.folder).path
        let seed = try runModeldiff(
            ["store", "seed", folder + "/ItemSchemaV1", "--objects", "9", "--output", "items.sqlite"], in: temporary)
        #expect(seed.status == 0, "\(seed.stderr)")
        #expect(seed.stderr == "", "\(seed.stderr)")
        let items = temporary.appendingPathComponent("items.sqlite").path
        // `center: Point` is `ZX` and `ZY` (Double, FLOAT), made where the walk by name reaches `center`.
        #expect(try Self.columns(items, "ZITEMMODEL") == ["Z_PK", "Z_ENT", "Z_OPT", "ZX", "ZY", "ZNAME"])
        let seeded = try Self.rows(items, "ZITEMMODEL", ["ZX", "ZY"])
        #expect(seeded.count == 9)
        #expect(seeded.allSatisfy { !$0.contains("NULL") }, "\(seeded)")
        let verify = try runModeldiff(["store", "verify", "items.sqlite", "--model", folder + "/ItemSchemaV1"], in: temporary)
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        let test = try runModeldiff(["test", Self.folder])
        #expect(test.status == 0, "\(test.stdout)\(test.stderr)")
        for (name, flags) in [("out.sqlite", [String]()), ("slow.sqlite", ["--no-fast-path"])] {
            let migrate = try runModeldiff(["migrate", "items.sqlite", "--to", folder, "--output", name] + flags, in: temporary)
            #expect(migrate.status == 0, "\(name): \(migrate.stderr)")
            let out = temporary.appendingPathComponent(name).path
            #expect(try Self.columns(out, "ZITEMMODEL") == ["Z_PK", "Z_ENT", "Z_OPT", "ZX", "ZY", "ZNAME", "ZNOTE"])
            #expect(try Self.rows(out, "ZITEMMODEL", ["ZX", "ZY"]) == seeded, "\(name)")
            let verified = try runModeldiff(["store", "verify", name, "--model", folder], in: temporary)
            #expect(verified.status == 0, "\(name): \(verified.stdout)\(verified.stderr)")
        }
    }

    @Test func nestedCompositesAndASharedNameFollowCoreDatasWalk() throws {
        let temporary = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: temporary) }
        let bundle = Paths.repository.appendingPathComponent(Self.bundle).path
        let check = try runModeldiff(["check", Self.bundle])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        // The names assumed where an element shares its column name, said once per name and version.
        let warning =
            "\(Self.bundle)/V1.xcdatamodel/contents:4: warning: Place.center.x and Place.frame.origin.x and Place.x share the column "
            + "name ZX in ZPLACE: assumed numbered in the order Core Data's attribute walk makes them (by name, a composite's elements "
            + "where it stands): Place.center.x is ZX, Place.frame.origin.x is ZX1, Place.x is ZX2; no Apple-written store with a "
            + "Composite attribute confirms it\n"
        #expect(check.stderr.contains(warning), "\(check.stderr)")
        let seed = try runModeldiff(
            ["store", "seed", bundle + "/V1.xcdatamodel", "--objects", "16", "--output", "v1.sqlite"], in: temporary)
        #expect(seed.status == 0, "\(seed.stderr)")
        let v1 = temporary.appendingPathComponent("v1.sqlite").path
        // Creation order: center (x, y), frame (origin (x, y), width, name), label, x; then sorted by type.
        #expect(
            try Self.columns(v1, "ZPLACE") == ["Z_PK", "Z_ENT", "Z_OPT", "ZX2", "ZX", "ZY", "ZX1", "ZY1", "ZWIDTH", "ZNAME", "ZLABEL"])
        let seeded = try Self.rows(v1, "ZPLACE", ["ZX", "ZY", "ZX1", "ZY1", "ZWIDTH", "ZNAME", "ZX2"])
        #expect(seeded.allSatisfy { !$0[1...2].contains("NULL") && $0[7] != "NULL" }, "center and x are required: \(seeded)")
        // `frame` is optional: one object in eight has no frame, every element NULL.
        #expect(seeded.contains { Array($0[3...5]) == ["NULL", "NULL", "NULL"] }, "\(seeded)")
        #expect(seeded.contains { !$0[3...5].contains("NULL") }, "\(seeded)")
        let verify = try runModeldiff(["store", "verify", "v1.sqlite", "--model", bundle + "/V1.xcdatamodel"], in: temporary)
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        let test = try runModeldiff(["test", Self.bundle])
        #expect(test.status == 0, "\(test.stdout)\(test.stderr)")
        // V2 adds `anchor: Point` before `center`, which takes ZX and ZY; center moves to ZX1, ZY1; frame's columns go.
        for (name, flags) in [("out.sqlite", [String]()), ("slow.sqlite", ["--no-fast-path"])] {
            let migrate = try runModeldiff(["migrate", "v1.sqlite", "--to", bundle, "--output", name] + flags, in: temporary)
            #expect(migrate.status == 0, "\(name): \(migrate.stderr)")
            let out = temporary.appendingPathComponent(name).path
            #expect(try Self.columns(out, "ZPLACE") == ["Z_PK", "Z_ENT", "Z_OPT", "ZX2", "ZX", "ZY", "ZX1", "ZY1", "ZLABEL"])
            let migrated = try Self.rows(out, "ZPLACE", ["ZX", "ZY", "ZX1", "ZY1", "ZX2"])
            #expect(migrated.map { [$0[0], $0[3], $0[4], $0[5]] } == seeded.map { [$0[0], $0[1], $0[2], $0[7]] }, "\(name)")
            #expect(migrated.allSatisfy { $0[1] == "0.0" && $0[2] == "0.0" }, "anchor takes its elements' defaults: \(migrated)")
            let verified = try runModeldiff(["store", "verify", name, "--model", bundle], in: temporary)
            #expect(verified.status == 0, "\(name): \(verified.stdout)\(verified.stderr)")
        }
    }

    @Test func everyOtherCommandReadsTheComposite() throws {
        let check = try runModeldiff(["check", Self.folder])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let dump = try runModeldiff(["textconv", Self.folder])
        #expect(dump.status == 0, "\(dump.stderr)")
        #expect(dump.stdout.contains("  ItemModel.center attribute: Composite, composite Point\n"), "\(dump.stdout)")
        #expect(dump.stdout.contains("composite Point\n  Point.x: Double\n  Point.y: Double\n"), "\(dump.stdout)")
        let hash = try runModeldiff(["hash", "--all-versions", Self.folder])
        #expect(hash.status == 0, "\(hash.stderr)")
    }
}
