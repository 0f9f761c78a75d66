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
                "cannot seed Account.profile: a required one-to-one needs as many Profile objects as there are on the other side",
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
                seeded.sqlite: error: cannot seed Account.profile: a required one-to-one needs as many Profile objects as there are on the \
                other side; make the counts equal in --objects\n
                """
        )
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
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
