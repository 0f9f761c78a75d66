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

@Test func validateAcceptsAFilledInPlaceholderAndRejectsAMisspeltAttribute() throws {
    let old = "TestModels/rules/type-change-incompatible/old.xml"
    let new = "TestModels/rules/type-change-incompatible/new.xml"
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("map.xml").path
    #expect(try runModeldiff(["infer", old, new, "--output", file]).status == 0)
    // What a developer does: write an expression in place of the placeholder.
    let inferred = try String(contentsOfFile: file, encoding: .utf8)
    let placeholder = try #require(inferred.range(of: #"<attribute name="count" todo="[^"]*"/>"#, options: .regularExpression))
    try inferred.replacingCharacters(in: placeholder, with: #"<attribute name="count">$source.count.length</attribute>"#)
        .write(toFile: file, atomically: true, encoding: .utf8)
    let filled = try runModeldiff(["mapping", "validate", file, "--from", old, "--to", new])
    #expect(filled.status == 0 && filled.stdout == "\(file): valid (1 entity mapping)\n" && filled.stderr.isEmpty)

    let people = "TestModels/People/"
    let typo = folder.appendingPathComponent("typo.xml").path
    try String(contentsOfFile: people + "People1to2.mapping.xml", encoding: .utf8).replacingOccurrences(of: " policy=", with: " polcy=")
        .write(toFile: typo, atomically: true, encoding: .utf8)
    let rejected = try runModeldiff(["mapping", "validate", typo, "--from", people + "People1.xml", "--to", people + "People2.xml"])
    #expect(rejected.status == 2 && rejected.stdout.isEmpty)
    #expect(rejected.stderr == "\(typo):10:93: error: <entityMapping> has no attribute \"polcy\"; expected name, type, source, destination, sourceVersionHash, destinationVersionHash, policy\n")
}
