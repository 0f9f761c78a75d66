import Foundation
import ModelDiffTestSupport
import Testing

@_spi(CLI) @testable import ModelDiffKit
@_spi(CLI) @testable import ModelDiffStore

/// Library messages state facts; the CLI names the flag that gave the value (issue 17): the seed's
/// counts (`--objects`) and the folders searched for mapping models (`--mappings`).
@Suite struct FlagHintCLITests {
    private let constraints = Paths.testModels.appendingPathComponent("Seed/Constraints.xml")
    private let notes = Paths.testModels.appendingPathComponent("Notes.xcdatamodeld")

    @Test func seedCountsAreATypedFactInTheLibrary() throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let model = try ModelFile.load(path: constraints.path).model
        let path = folder.appendingPathComponent("seeded.sqlite").path
        let entities = ["Account", "Article", "Group", "Photo", "Post", "Profile"]
        #expect(throws: SeedCountError(path: path, problem: .unknownEntity("Nope", entities: entities))) {
            try StoreSeed(defaultCount: 5, counts: ["Nope": 3]).write(model: model, to: path)
        }
        #expect(throws: SeedCountError(path: path, problem: .abstractEntity("Post"))) {
            try StoreSeed(defaultCount: 5, counts: ["Post": 3]).write(model: model, to: path)
        }
        // A required one-to-one pairs every object: three accounts cannot each have one of one profile.
        let unequal = SeedCountError(
            path: path,
            problem: .unsatisfiable(
                "cannot seed Account.profile: a required one-to-one pairs each object with its own, but there are 3 Account objects and 1 Profile object",
                remedy: .equalize))
        #expect(throws: unequal) { try StoreSeed(defaultCount: 0, counts: ["Account": 3, "Profile": 1]).write(model: model, to: path) }
        #expect(!unequal.description.contains("--"))
        #expect(!FileManager.default.fileExists(atPath: path), "nothing is left behind")
    }

    @Test func theCLINamesObjectsForTheSeedsCounts() throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runModeldiff(
            ["store", "seed", constraints.path, "--objects", "Account=3,Profile=1", "--output", "seeded.sqlite"], in: folder)
        #expect(result.status == 2)
        #expect(
            result.stderr
                == """
                seeded.sqlite: error: cannot seed Account.profile: a required one-to-one pairs each object with its own, but there are \
                3 Account objects and 1 Profile object; make the counts equal in --objects\n
                """
        )
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    /// `Item.cover` / `Cover.item` are a required one-to-one and `Item` has the sub-entities `Book` and
    /// `Film`, whose objects need a cover too: the error counts each side with its sub-entities, and
    /// the counts it asks for seed a store that verifies. `Film.poster` / `Poster.film`, declared on a
    /// sub-entity, pairs with the sub-entity's objects only.
    @Test func aRequiredOneToOneIntoAHierarchyNamesTheTotalsThatSeedIt() throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let model = Paths.testModels.appendingPathComponent("Seed/OneToOneHierarchy.xml").path
        let refused = try runModeldiff(["store", "seed", model, "--objects", "2", "--output", "items.sqlite"], in: folder)
        #expect(refused.status == 2)
        #expect(
            refused.stderr
                == """
                items.sqlite: error: cannot seed Cover.item: a required one-to-one pairs each object with its own, but there are \
                2 Cover objects and 6 Item objects (Book 2, Film 2, Item 2); make the counts equal in --objects\n
                """)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        let seeded = try runModeldiff(["store", "seed", model, "--objects", "2,Cover=6", "--output", "items.sqlite"], in: folder)
        #expect(seeded.status == 0, "\(seeded.stderr)")
        let verify = try runModeldiff(["store", "verify", "items.sqlite", "--model", model], in: folder)
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        let store = try PersistentStore.open(path: folder.appendingPathComponent("items.sqlite").path)
        let paired = try store.database.rows("SELECT COUNT(DISTINCT ZITEM) FROM ZCOVER WHERE ZITEM IS NOT NULL").first?.first
        #expect(paired == .integer(6), "every item, book and film has its own cover")
    }

    @Test func aMappingFolderThatIsNoneIsAFactInTheLibraryAndNamesTheFlagInTheCLI() throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("nowhere").path
        #expect(throws: Diagnostic(path: missing, message: "not a folder")) {
            try MappingDiscovery.files(besides: notes.path, in: [missing])
        }
        for command in ["check", "log"] {
            let result = try runModeldiff([command, notes.path, "--mappings", "nowhere"], in: folder)
            #expect(result.status == 2, "\(command)")
            #expect(result.stderr == "nowhere: error: --mappings names no folder\n", "\(command)")
        }
    }
}
