import ModelDiffTestSupport
import Testing

@Test func helpPrintsTheAbstract() throws {
    let result = try runModeldiff(["--help"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("Read, hash, diff and migrate Core Data models"))
}
