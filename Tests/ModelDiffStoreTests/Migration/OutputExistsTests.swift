import Foundation
import ModelDiffTestSupport
import Testing

@_spi(CLI) @testable import ModelDiffKit
@_spi(CLI) @testable import ModelDiffStore

/// An output that is already there is a fact the library states (`OutputExists`), without the flag a
/// command line would name; the CLI tests check that `migrate` and `infer --format xcode` still add
/// "; pass --overwrite to replace it".
@Suite struct OutputExistsErrors {
    @Test func aMigrationIntoAnExistingOutputThrowsOutputExistsAndLeavesItAlone() throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let notes = Paths.testModels.appendingPathComponent("Notes.xcdatamodeld")
        let source = folder.appendingPathComponent("Notes.sqlite").path
        _ = try PersistentStore.create(
            path: source, model: try ModelFile.load(path: notes.appendingPathComponent("Notes.xcdatamodel").path).model)
        let steps = try StoreMigration.steps(for: try PersistentStore.open(path: source), bundle: try ModelBundle.load(path: notes.path))
        let output = folder.appendingPathComponent("out.sqlite").path
        try Data("keep".utf8).write(to: URL(fileURLWithPath: output))
        #expect(throws: OutputExists(path: output)) { try StoreMigration.run(steps, source: source, output: output) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == Data("keep".utf8))
        #expect(OutputExists(path: output).description == "\(output): the output already exists")
    }

    @Test func anXcodeMappingFolderIsNotReplacedWithoutOverwrite() throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("A.xcmappingmodel").path
        try XcodeMappingPackage.write("<first/>", to: output, overwrite: false, notSameAs: [])
        #expect(throws: OutputExists(path: output)) {
            try XcodeMappingPackage.write("<second/>", to: output, overwrite: false, notSameAs: [])
        }
        #expect(try String(contentsOfFile: output + "/xcmapping.xml", encoding: .utf8) == "<first/>")
        try XcodeMappingPackage.write("<second/>", to: output, overwrite: true, notSameAs: [])
        #expect(try String(contentsOfFile: output + "/xcmapping.xml", encoding: .utf8) == "<second/>")
    }
}
