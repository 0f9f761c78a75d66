import Foundation
import ModelDiffTestSupport
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
    let old = "TestModels/rules/attribute-type-incompatible/old.xml"
    let new = "TestModels/rules/attribute-type-incompatible/new.xml"
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("map.xml").path
    #expect(try runModeldiff(["infer", old, new, "--output", file]).status == 0)
    let result = try runModeldiff(["mapping", "validate", file, "--from", old, "--to", new])
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("\(file):28:33: error: mapping for Note.count is still a placeholder: "))
    #expect(result.stderr.split(separator: "\n").count == 1)
}

@Test func validateAcceptsAFilledInPlaceholderAndRejectsAMisspeltAttribute() throws {
    let old = "TestModels/rules/attribute-type-incompatible/old.xml"
    let new = "TestModels/rules/attribute-type-incompatible/new.xml"
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
    #expect(
        rejected.stderr
            == """
            \(typo):10:93: error: <entityMapping> has no attribute \"polcy\"; expected name, type, source, destination, sourceVersionHash, \
            destinationVersionHash, policy\n
            """
    )
}

/// `infer OLD NEW` on two versions of one bundle uses the bundle's history, as `check` and `migrate`
/// do: Wire's `localMessageDestructionTimeout` carries the renaming identifier of its 2.52 name, which
/// 2.8 does not have, so Core Data treats it as new (default value), not as a typo to fix. The same two
/// files outside their bundle have no history, and the identifier gets a placeholder.
@Test func inferUsesTheBundlesHistoryForRenamingIdentifiers() throws {
    let bundle = Paths.models.appendingPathComponent("wire-ios-data-model/Resources/zmessaging.xcdatamodeld")
    let (old, new) = (
        bundle.appendingPathComponent("zmessaging2.8.xcdatamodel"), bundle.appendingPathComponent("zmessaging2.101.0.xcdatamodel")
    )
    let inBundle = try runModeldiff(["infer", old.path, new.path])
    #expect(inBundle.status == 0, "\(inBundle.stderr)")
    #expect(
        inBundle.stdout.contains(
            """
            <!-- new attribute: its renaming identifier messageDestructionTimeout names no attribute of the old version, so its default value applies -->
                    <attribute name="localMessageDestructionTimeout"/>
            """))
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.copyItem(at: old.appendingPathComponent("contents"), to: folder.appendingPathComponent("old.xml"))
    try FileManager.default.copyItem(at: new.appendingPathComponent("contents"), to: folder.appendingPathComponent("new.xml"))
    let alone = try runModeldiff(["infer", "old.xml", "new.xml"], in: folder)
    #expect(alone.stdout.contains("<attribute name=\"localMessageDestructionTimeout\" todo=\""), "\(alone.stdout)")
}
