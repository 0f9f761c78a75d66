import Foundation
import Testing

@Test func inferWritesToStandardOutputOrAFile() throws {
    let old = "TestModels/Notes.xcdatamodeld/Notes.xcdatamodel"
    let new = "TestModels/Notes.xcdatamodeld/Notes 2.xcdatamodel"
    let printed = try runModeldiff(["infer", old, new])
    #expect(printed.status == 0)
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("map.xml").path
    let written = try runModeldiff(["infer", old, new, "--output", file])
    #expect(written.status == 0 && written.stdout.isEmpty)
    #expect(try String(contentsOfFile: file, encoding: .utf8) == printed.stdout)
    let valid = try runModeldiff(["mapping", "validate", file, "--from", old, "--to", new])
    #expect(valid.status == 0)
    #expect(valid.stdout == "\(file): valid (3 entity mappings)\n")
}

@Test func validateExitsTwoWithOneLinePerProblem() throws {
    let old = "TestModels/rules/type-change-incompatible/old.xml"
    let new = "TestModels/rules/type-change-incompatible/new.xml"
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("map.xml").path
    #expect(try runModeldiff(["infer", old, new, "--output", file]).status == 0)
    let result = try runModeldiff(["mapping", "validate", file, "--from", old, "--to", new])
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("\(file):13:33: error: mapping for Note.count is still a placeholder: "))
    #expect(result.stderr.split(separator: "\n").count == 1)
}
