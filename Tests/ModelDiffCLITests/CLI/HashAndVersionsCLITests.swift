import Foundation
import ModelDiffTestSupport
import Testing

@Test func hashPrintsApplesValuesAsJSON() throws {
    let model = Paths.fixtures.appendingPathComponent("07-CoreDataPlus-SampleModel3/SampleModel3.xcdatamodeld/SampleModel3_v3.xcdatamodel")
        .path
    let result = try runModeldiff(["hash", model, "--format", "json", "--properties"])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    try expectGolden(result.stdout, named: "cli/hash-samplemodel3-v3.json")
}

@Test func hashPrintsATextTable() throws {
    let result = try runModeldiff(["hash", "TestModels/Notes.xcdatamodeld"])
    #expect(result.status == 0)
    try expectGolden(result.stdout, named: "cli/hash-notes.txt")
}

@Test func versionsListsABundleInNaturalOrder() throws {
    let bundle = Paths.models.appendingPathComponent("woocommerce-ios/WooCommerce.xcdatamodeld").path
    let result = try runModeldiff(["versions", bundle])
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 117)
    #expect(Array(lines.prefix(3)) == ["  Model", "  Model 2", "  Model 3"])
    #expect(lines[9] == "  Model 10")
    #expect(lines.last == "* Model 117 (current)")
}

@Test func versionsAsJSON() throws {
    let result = try runModeldiff(["versions", "TestModels/Notes.xcdatamodeld", "--format", "json"])
    #expect(result.stdout == "{\n  \"current\" : \"Notes 2\",\n  \"versions\" : [\n    \"Notes\",\n    \"Notes 2\"\n  ]\n}\n")
}

@Test func badInputExitsWithTwoAndOneDiagnostic() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try "<model><entity name=\"A\"></model>".write(to: folder.appendingPathComponent("broken.xml"), atomically: true, encoding: .utf8)
    let result = try runModeldiff(["hash", "broken.xml"], in: folder)
    #expect(result.status == 2)
    #expect(result.stdout == "")
    #expect(result.stderr == "broken.xml:1:33: error: Opening and ending tag mismatch: entity line 1 and model\n")
}

@Test func aFileInTheWrongEncodingGivesOneLineAndNoLibxml2Chatter() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    // Labelled UTF-16, written in UTF-8 with stray bytes: libxml2's converter fails and would also
    // print "encoding error" and "I/O error" lines of its own.
    var bytes = Array("<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<model>".utf8)
    bytes += [0xFF, 0xFF, 0xFF, 0xFF] + Array("</model>\n".utf8)
    try Data(bytes).write(to: folder.appendingPathComponent("encoding.xml"))
    let result = try runModeldiff(["hash", "encoding.xml"], in: folder)
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == "encoding.xml:1:38: error: the file declares encoding UTF-16 but its bytes are UTF-8\n")
}
