import Foundation
@_spi(CLI) import ModelDiffStore
import ModelDiffTestSupport
import Testing

/// A to-one given an object its destination entity does not take (CareKit 2.0 → 2.1's shape, in
/// `TestModels/LinkedTasks`): V2 moves `Linkage.task` to `HealthTask`, a sibling of `Task` under `TaskBase`,
/// and the mapping beside the bundle still links it through the `Task` mapping, whose objects are Tasks.
/// Core Data's setter raises ("Unacceptable type of value for to-one relationship"). The fast path copied
/// the keys as they stood (links to Tasks, which `store verify` then refused) and the three-stage path
/// failed on the inverse, `no to-one relationship Task.linkage in the destination model`, naming the output
/// file. Both paths now refuse the step with Core Data's words, at the entity mapping's line.
@Suite struct UnacceptableToOneTests {
    private let folder = Paths.repository.appendingPathComponent("TestModels/LinkedTasks")
    private var bundle: URL { folder.appendingPathComponent("LinkedTasks.xcdatamodeld") }
    private var mapping: String { folder.appendingPathComponent("LinkedTasks1to2.mapping.xml").path }
    private let problem =
        "Linkage.task takes a HealthTask in the destination model, and the mapping gives it a Task (Core Data: Unacceptable type"
        + " of value for to-one relationship: property = \"task\"; desired type = HealthTask; given type = Task) (NSMigrationError"
        + " 134110; mapping LinkageToLinkage; entity Linkage; object 1/p1)"

    @Test func bothPathsRefuseTheStepAtTheMappingsLine() throws {
        let work = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let seed = try runModeldiff(
            ["store", "seed", bundle.appendingPathComponent("V1.xcdatamodel").path, "--objects", "3", "--output", "v1.sqlite"], in: work)
        #expect(seed.status == 0, "\(seed.stderr)")
        for extra in [[], ["--no-fast-path"]] {
            let result = try runModeldiff(
                [
                    "migrate", "v1.sqlite", "--from", bundle.appendingPathComponent("V1.xcdatamodel").path, "--to",
                    bundle.appendingPathComponent("V2.xcdatamodel").path, "--mapping", mapping, "--output", "out.sqlite",
                ] + extra, in: work)
            #expect(result.status == 2, "\(extra): \(result.stdout)")
            #expect(result.stderr == "\(mapping):9: error: migrating v1.sqlite failed: \(problem)\n", "\(extra)")
            #expect(folderContents(work) == ["v1.sqlite"], "\(extra)")
        }
    }

    @Test func testFailsTheStepWithCoreDatasWords() throws {
        let result = try runModeldiff(["test", bundle.path])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(
            result.stdout
                == "FAIL V1 → V2 (seeded store, mapping \(mapping))\n    migration failed: \(problem)\n0 passed, 1 failed\n")
    }
}
