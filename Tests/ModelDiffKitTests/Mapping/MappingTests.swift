import Foundation
@_spi(CLI) import ModelDiffKit
import ModelDiffTestSupport
import Testing

private func load(_ path: String) throws -> Model { try ModelFile.load(path: Paths.repository.appendingPathComponent(path).path).model }

@Test func inferredMappingOfTheExampleMatchesItsGoldenFile() throws {
    let mapping = MappingInference.infer(
        from: try load("TestModels/Notes.xcdatamodeld/Notes.xcdatamodel"),
        to: try load("TestModels/Notes.xcdatamodeld/Notes 2.xcdatamodel"),
        names: ("Notes", "Notes 2"))
    let text = MappingXML.write(mapping)
    try expectGolden(text, named: "mapping/notes.xml")
    #expect(MappingXML.write(mapping) == text, "deterministic")
}

@Test func aChangeThatCannotBeInferredBecomesAPlaceholderThatValidationRejects() throws {
    let old = try load("TestModels/rules/attribute-type-incompatible/old.xml")
    let new = try load("TestModels/rules/attribute-type-incompatible/new.xml")
    let text = MappingXML.write(MappingInference.infer(from: old, to: new, names: ("old", "new")))
    try expectGolden(text, named: "mapping/type-change.xml")
    let reread = try MappingXML.read(Array(text.utf8), path: "type-change.xml")
    let problems = MappingValidation.problems(reread, path: "type-change.xml", text: text, source: old, destination: new)
    #expect(
        problems.map(\.description) == [
            """
            type-change.xml:28:33: error: mapping for Note.count is still a placeholder: `Note.count` changes from String to Integer 32, which \
            lightweight migration cannot convert (Core Data error 134190, \"Source and destination attribute types are incompatible\"): keep \
            the old attribute and add a new one, or write a custom mapping — `modeldiff infer` writes a starter
            """
        ])
}

@Test func inferredMappingsOfTheWholeCorpusRoundTrip() throws {
    var bundles = [Paths.models.appendingPathComponent("woocommerce-ios/WooCommerce.xcdatamodeld")]
    bundles += [
        "02-wibosco-CoreDataMigration-Example/CoreDataMigration_Example.xcdatamodeld",
        "06-CoreDataPlus-SampleModel/SampleModel.xcdatamodeld",
        "11-DDG-BookmarksModel/BookmarksModel.xcdatamodeld", "04-jeffreybergier-CoreDataMigrationTests/Model.xcdatamodeld",
    ].map { Paths.fixtures.appendingPathComponent($0) }
    var pairs = 0
    for url in bundles {
        let bundle = try ModelBundle.load(path: url.path)
        for (old, new) in zip(bundle.versions, bundle.versions.dropFirst()) {
            // Core Data's inference, and the file `modeldiff infer` writes (suspected renames as placeholders).
            for suggesting in [false, true] {
                let mapping = MappingInference.infer(
                    from: old.model, to: new.model, names: (old.name, new.name), suggestingRenames: suggesting)
                let text = MappingXML.write(mapping)
                let reread = try MappingXML.read(Array(text.utf8), path: "\(old.name)-\(new.name).xml")
                #expect(reread == mapping, "\(old.name) → \(new.name)")
                #expect(MappingXML.write(reread) == text)
            }
            pairs += 1
        }
    }
    #expect(pairs == 116 + 3 + 2 + 4 + 5)
}

@Test func developerCommentsSurviveReadingAndWriting() throws {
    let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- header -->
        <mappingModel formatVersion="1" source="a" destination="b">
            <!-- Notes keep their titles; see ticket 42 -->
            <entityMapping name="NoteToNote" type="transform" source="Note" destination="Note">
                <!-- trimmed on purpose -->
                <attribute name="title">uppercase:($source.title)</attribute>
            </entityMapping>
        </mappingModel>

        """
    let mapping = try MappingXML.read(Array(text.utf8), path: "m.xml")
    #expect(mapping.entityMappings[0].comments == [" Notes keep their titles; see ticket 42 "])
    #expect(mapping.entityMappings[0].attributeMappings[0].comments == [" trimmed on purpose "])
    #expect(MappingXML.write(mapping) == text)
}

@Test func validationFindsEveryKindOfProblem() throws {
    let old = try load("TestModels/Notes.xcdatamodeld/Notes.xcdatamodel")
    let new = try load("TestModels/Notes.xcdatamodeld/Notes 2.xcdatamodel")
    let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <mappingModel formatVersion="1">
            <entityMapping name="NoteToNote" type="transform" source="Note" destination="Note" sourceVersionHash="AAAA">
                <attribute name="title">($source.title</attribute>
                <attribute name="text">$source.bdy</attribute>
                <attribute name="color">$source.title</attribute>
                <attribute name="pinned">$sorce.pinned</attribute>
                <relationship name="folder">FUNCTION($manager, "destinationInstancesForEntityMappingName:sourceInstances:", "FolderToFoldr", \
        $source.folder)</relationship>
                <attribute name="createdAt" todo="fill me in"/>
            </entityMapping>
            <entityMapping name="GhostToGhost" type="transform" source="Ghost" destination="Folder"/>
        </mappingModel>
        """
    let mapping = try MappingXML.read(Array(text.utf8), path: "bad.xml")
    let problems = MappingValidation.problems(mapping, path: "bad.xml", text: text, source: old, destination: new)
    try expectGolden(problems.map(\.description).joined(separator: "\n") + "\n", named: "mapping/validation-problems.txt")
    #expect(problems.count == 8)
}

@Test func badMappingFilesAreOneDiagnostic() {
    #expect(
        throws: Diagnostic(
            path: "m.xml", line: 1, column: 1, message: "not a modeldiff mapping file: the root element is <model>, expected <mappingModel>"
        )
    ) {
        try MappingXML.read(Array("<model/>".utf8), path: "m.xml")
    }
    #expect(
        throws: Diagnostic(
            path: "m.xml", line: 2, column: 25,
            message: "entity mapping \"A\" has type \"move\"; expected one of undefined, custom, add, remove, copy, transform")
    ) {
        try MappingXML.read(
            Array("<mappingModel formatVersion=\"1\">\n<entityMapping name=\"A\" type=\"move\"/></mappingModel>".utf8), path: "m.xml")
    }
}

@Test func xcodesOwnMappingModelReadsIntoTheSameStructureAsInfer() throws {
    let folder = Paths.models.appendingPathComponent("woocommerce-ios")
    let old = try ModelFile.load(path: folder.appendingPathComponent("WooCommerce.xcdatamodeld/Model 9.xcdatamodel").path).model
    let new = try ModelFile.load(path: folder.appendingPathComponent("WooCommerce.xcdatamodeld/Model 10.xcdatamodel").path).model
    let xcode = try MappingFile.load(path: folder.appendingPathComponent("WooCommerceModelV9toV10.xcmappingmodel").path)
        .resolved(source: old, destination: new)
    #expect(xcode.sourceVersion == "Model 9")
    #expect(xcode.destinationVersion == "Model 10")
    let inferred = MappingInference.infer(from: old, to: new)
    var differences: [String] = []
    #expect(Set(xcode.entityMappings.map(\.name)) == Set(inferred.entityMappings.map(\.name)))
    for mine in inferred.entityMappings {
        guard let theirs = xcode.entityMapping(named: mine.name) else { continue }
        if mine.type != theirs.type {
            differences.append("\(mine.name): type \(theirs.type.rawValue) in Xcode's file, \(mine.type.rawValue) inferred")
        }
        let all = { (m: EntityMapping) in
            Dictionary((m.attributeMappings + m.relationshipMappings).map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        }
        let (a, b) = (all(theirs), all(mine))
        for name in Set(a.keys).union(b.keys).sorted() {
            let x = a[name]?.valueExpression ?? a[name].map { _ in "(none)" } ?? "(no mapping)"
            let y =
                b[name]?.placeholder.map { _ in "(placeholder)" } ?? b[name]?.valueExpression ?? b[name].map { _ in "(none)" }
                ?? "(no mapping)"
            if x != y { differences.append("\(mine.name).\(name): Xcode \(x); inferred \(y)") }
        }
    }
    try expectGolden(differences.joined(separator: "\n") + "\n", named: "mapping/xcode-v9-v10-differences.txt")
}

/// A file leaves out the source expression that fetches every object (it is filled in on reading),
/// and one an older modeldiff wrote with that expression spelt out reads to the same mapping.
@Test func theDefaultFetchIsLeftOutAndAnOlderFileWithItStillReads() throws {
    let notes = Paths.testModels.appendingPathComponent("Notes.xcdatamodeld")
    let old = try ModelFile.load(path: notes.appendingPathComponent("Notes.xcdatamodel").path).model
    let new = try ModelFile.load(path: notes.appendingPathComponent("Notes 2.xcdatamodel").path).model
    let mapping = MappingInference.infer(from: old, to: new, names: ("Notes", "Notes 2"))
    #expect(mapping.entityMapping(named: "NoteToNote")?.sourceExpression == EntityMapping.fetchAll("Note"))
    let text = MappingXML.write(mapping)
    #expect(!text.contains("<sourceExpression>"))
    #expect(try MappingXML.read(Array(text.utf8), path: "new.xml") == mapping)
    // As modeldiff wrote it before: every fetch spelt out.
    let older = text.replacingOccurrences(
        of: "<attribute name=\"createdAt\">",
        with:
            "<sourceExpression>\(XMLWriter.escape(EntityMapping.fetchAll("Note"), quote: false))</sourceExpression>\n        <attribute name=\"createdAt\">"
    )
    #expect(older != text)
    let reread = try MappingXML.read(Array(older.utf8), path: "older.xml")
    #expect(reread.entityMappings.map(\.sourceExpression) == mapping.entityMappings.map(\.sourceExpression))
    #expect(MappingXML.write(reread) == text)
    // A fetch with a predicate is written, and reads back as written.
    let filtered = older.replacingOccurrences(of: "&quot;TRUEPREDICATE&quot;", with: "&quot;title != nil&quot;").replacingOccurrences(
        of: "\"TRUEPREDICATE\"", with: "\"title != nil\"")
    let narrowed = try MappingXML.read(Array(filtered.utf8), path: "filtered.xml")
    #expect(narrowed.entityMapping(named: "NoteToNote")?.sourceExpression?.contains("\"title != nil\"") == true)
    #expect(MappingXML.write(narrowed).contains("<sourceExpression>FETCH("))
}

/// `modeldiff infer` writes a new property that `check` suspects is a rename as a placeholder whose
/// expression reads the suspected source; Core Data's inference (a migration without a file) leaves
/// it to its default value. wibosco's Post.color became hexColor without a renaming identifier.
@Test func aSuspectedRenameIsAPlaceholderNamingItsSource() throws {
    let bundle = Paths.fixtures.appendingPathComponent("02-wibosco-CoreDataMigration-Example/CoreDataMigration_Example.xcdatamodeld")
    let old = try ModelFile.load(path: bundle.appendingPathComponent("CoreDataMigration_Example.xcdatamodel").path).model
    let new = try ModelFile.load(path: bundle.appendingPathComponent("CoreDataMigration_Example 2.xcdatamodel").path).model
    let suggested = MappingInference.infer(from: old, to: new, suggestingRenames: true).entityMapping(named: "PostToPost")?
        .attributeMappings.first { $0.name == "hexColor" }
    #expect(suggested?.valueExpression == "$source.color")
    #expect(suggested?.placeholder?.hasPrefix("suspected rename of `color`") == true)
    let inferred = MappingInference.infer(from: old, to: new).entityMapping(named: "PostToPost")?.attributeMappings.first {
        $0.name == "hexColor"
    }
    #expect(inferred?.valueExpression == nil)
    #expect(inferred?.placeholder == nil)
}
