import Foundation
@_spi(CLI) import ModelDiffKit
import ModelDiffTestSupport
import Testing

private func problems(_ text: String) throws -> [String] {
    let load = { (path: String) in try ModelFile.load(path: Paths.repository.appendingPathComponent(path).path).model }
    let old = try load("TestModels/Notes.xcdatamodeld/Notes.xcdatamodel")
    let new = try load("TestModels/Notes.xcdatamodeld/Notes 2.xcdatamodel")
    let mapping = try MappingXML.read(Array(text.utf8), path: "m.xml")
    return MappingValidation.problems(mapping, path: "m.xml", text: text, source: old, destination: new).map(\.description)
}

/// The two mappings every Notes 1 → 2 file needs besides the one under test.
private let otherMappings = """
        <entityMapping name="FolderToFolder" type="copy" source="Folder" destination="Folder"/>
        <entityMapping name="AddTag" type="add" destination="Tag"/>
    """

@Test func duplicateMappingsAndWrongKindsAreReportedAtTheirNames() throws {
    let text = """
        <mappingModel formatVersion="1">
        \(otherMappings)
            <entityMapping name="NoteToNote" type="transform" source="Note" destination="Note">
                <attribute name="title">$source.title</attribute>
                <attribute name="title">$source.body</attribute>
                <attribute name="folder">$source.folder</attribute>
                <relationship name="pinned"/>
            </entityMapping>
            <entityMapping name="AddTag" type="add" destination="Tag"/>
        </mappingModel>
        """
    #expect(
        try problems(text) == [
            "m.xml:6:20: error: Note.title is mapped twice in \"NoteToNote\": keep one mapping",
            "m.xml:7:9: error: Note.folder is a relationship in the new version: map it in <relationship>, not <attribute>",
            "m.xml:8:9: error: Note.pinned is an attribute in the new version: map it in <attribute>, not <relationship>",
            "m.xml:10:20: error: another entity mapping is also named \"AddTag\": names must be unique, FUNCTION($manager, …) finds mappings by name",
        ])
}

@Test func anExpressionErrorOnALaterLineOfAWrappedEscapedExpressionPointsAtItsCharacter() throws {
    // `<` is written `&lt;` in the file: the column counts the characters as they stand in the file.
    let text = """
        <mappingModel formatVersion="1">
        \(otherMappings)
            <entityMapping name="NoteToNote" type="transform" source="Note" destination="Note">
                <attribute name="title">TERNARY($source.title.length &lt; 3,
                    "untitled",
                    $source.title +)</attribute>
            </entityMapping>
        </mappingModel>
        """
    #expect(try problems(text) == ["m.xml:7:28: error: Note.title: unexpected ')'"])
    let escaped = """
        <mappingModel formatVersion="1">
        \(otherMappings)
            <entityMapping name="NoteToNote" type="transform" source="Note" destination="Note">
                <attribute name="title">TERNARY("a" &lt; "b", $source.titel, "")</attribute>
            </entityMapping>
        </mappingModel>
        """
    #expect(try problems(escaped) == ["m.xml:5:55: error: Note.title: $source.titel is not a property of Note in the old version"])
}

@Test func keyPathsFollowRelationshipsOfTheOldModelAndStopAtAttributes() throws {
    let text = """
        <mappingModel formatVersion="1">
        \(otherMappings)
            <entityMapping name="NoteToNote" type="transform" source="Note" destination="Note">
                <attribute name="title">$source.folder.name</attribute>
                <attribute name="text">$source.folder.label</attribute>
                <attribute name="pinned">$source.folder.notes.@count + $source.title.length</attribute>
            </entityMapping>
        </mappingModel>
        """
    #expect(try problems(text) == ["m.xml:6:32: error: Note.text: $source.folder.label is not a property of Folder in the old version"])
}

@Test func anInferredMappingOfTheExampleIsValid() throws {
    let load = { (path: String) in try ModelFile.load(path: Paths.repository.appendingPathComponent(path).path).model }
    let mapping = MappingInference.infer(
        from: try load("TestModels/Notes.xcdatamodeld/Notes.xcdatamodel"), to: try load("TestModels/Notes.xcdatamodeld/Notes 2.xcdatamodel")
    )
    #expect(try problems(MappingXML.write(mapping)).isEmpty)
}

@Test func aSourceExpressionsPredicateIsCheckedAgainstTheOldModel() throws {
    let text = """
        <mappingModel formatVersion="1">
        \(otherMappings)
            <entityMapping name="NoteToNote" type="copy" source="Note" destination="Note">
                <sourceExpression>FETCH(FUNCTION($manager, "fetchRequestForSourceEntityNamed:predicateString:", "Note", "title != nil AND titel != nil"), \
        $manager.sourceContext, NO)</sourceExpression>
            </entityMapping>
        </mappingModel>
        """
    let found = try problems(text)
    #expect(
        found.contains(
            "m.xml:5:131: error: source expression of \"NoteToNote\": predicate: titel is not a property of Note in the old version"),
        "\(found)")
    #expect(!found.contains { $0.contains("title is") }, "\(found)")
}

@Test func mappingTypesThatContradictTheModelsAreErrors() throws {
    let text = """
        <mappingModel formatVersion="1">
            <entityMapping name="FolderToFolder" type="undefined" source="Folder" destination="Folder"/>
            <entityMapping name="AddTag" type="add" source="Note" destination="Tag"/>
            <entityMapping name="RemoveNote" type="remove" source="Note"/>
            <entityMapping name="NoteToNote" type="copy" source="Note" destination="Note"/>
        </mappingModel>
        """
    #expect(
        try problems(text) == [
            """
            m.xml:2:42: error: entity mapping \"FolderToFolder\" has type undefined, which Core Data's migration manager cannot run (Xcode \
            decides an Undefined mapping's type when it compiles); use custom, add, remove, copy or transform
            """,
            """
            m.xml:3:45: error: entity mapping \"AddTag\" of type add names source entity \"Note\": an add mapping creates objects from nothing; \
            use copy or transform to carry \"Note\" over
            """,
            """
            m.xml:4:38: error: entity mapping \"RemoveNote\" removes \"Note\", which the new version keeps: its objects would be dropped; use \
            copy or transform
            """,
        ])
}

@Test func expressionFormsCoreDataWouldNotRunAreErrors() throws {
    let text = """
        <mappingModel formatVersion="1">
        \(otherMappings)
            <entityMapping name="NoteToNote" type="transform" source="Note" destination="Note">
                <attribute name="title">FETCH(FUNCTION($manager, "fetchRequestForSourceEntityNamed:predicateString:", "Note", "TRUEPREDICATE"), \
        $manager.sourceContext, NO)</attribute>
                <attribute name="text">TERNARY($source.title, "a", "b")</attribute>
                <attribute name="createdAt">$manager.secretKey</attribute>
                <relationship name="folder">TERNARY($source.title == "x", nil, nil)</relationship>
            </entityMapping>
        </mappingModel>
        """
    #expect(
        try problems(text) == [
            "m.xml:5:33: error: Note.title: FETCH runs a fetch request, which only an entity mapping's source expression may do",
            "m.xml:6:32: error: Note.text: the first argument of TERNARY must be a predicate (a comparison, AND, OR, NOT, TRUEPREDICATE or a Boolean)",
            """
            m.xml:7:37: error: Note.createdAt: the migration manager has no key \"secretKey\"; it answers currentEntityMapping, \
            destinationContext, destinationModel, mappingModel, migrationProgress, sourceContext, sourceModel, userInfo, \
            usesStoreSpecificMigrationManager
            """,
        ])
}

@Test func anEntityOfBothVersionsThatNoMappingCarriesOverIsAWarningAndANewOneIsFine() throws {
    let text = """
        <mappingModel formatVersion="1">
            <entityMapping name="NoteToNote" type="copy" source="Note" destination="Note"/>
        </mappingModel>
        """
    // Tag is new in Notes 2 (it starts empty); Folder is in both, and its objects would be dropped.
    #expect(
        try problems(text) == [
            """
            m.xml:1:1: warning: no entity mapping carries \"Folder\" over to \"Folder\": its objects are dropped (add a copy or transform \
            mapping to keep them)
            """
        ])
}

/// Xcode's mapping model V9 → V10 of WooCommerce, edited in memory the way a damaged file would be.
private func xcodeMappingDiagnostic(_ edit: (String) -> String) throws -> String {
    let file = Paths.models.appendingPathComponent("woocommerce-ios/WooCommerceModelV9toV10.xcmappingmodel/xcmapping.xml")
    let text = edit(try String(contentsOf: file, encoding: .utf8))
    do {
        _ = try XcodeMappingImport.read(Array(text.utf8), path: "xcmapping.xml")
        return "no error"
    } catch {
        return error.description
    }
}

@Test func aDamagedXcodeMappingModelIsAnErrorNotASmallerMapping() throws {
    #expect(try xcodeMappingDiagnostic { $0 } == "no error")
    // A dangling reference: entity mapping z209 gone from the model's list target.
    #expect(
        try xcodeMappingDiagnostic { $0.replacingOccurrences(of: "idrefs=\"z209 z113", with: "idrefs=\"z999 z113") }
            == "xcmapping.xml:727: error: entitymappings of object \"z246\" names object \"z999\", which the file does not have")
    // A cycle: an entity mapping listing the mapping model among its attribute mappings.
    #expect(
        try xcodeMappingDiagnostic { $0.replacingOccurrences(of: "idrefs=\"z213 z244 z214\"", with: "idrefs=\"z213 z246 z214\"") }
            == """
            xcmapping.xml:93: error: attributemappings of object \"z113\" names object \"z246\", a XDDEVMAPPINGMODEL (line 727), where a \
            XDDEVATTRIBUTEMAPPING belongs
            """
    )
    #expect(
        try xcodeMappingDiagnostic { $0.replacingOccurrences(of: "idrefs=\"z213 z244 z214\"", with: "idrefs=\"z213 z244 z213\"") }
            == "xcmapping.xml:93: error: attributemappings of object \"z113\" names object \"z213\" twice")
    #expect(
        try xcodeMappingDiagnostic {
            $0.replacingOccurrences(
                of: "<attribute name=\"sourcemodeldata\" type=\"binary\">YnBsaXN0MDDUAAEAAgAD",
                with: "<attribute name=\"sourcemodeldata\" type=\"binary\">R0FSQkFHRUdBUkJBR0VHQVJC")
        }
        .hasPrefix("xcmapping.xml:729: error: sourcemodeldata is not an archived model: "))
    #expect(
        try xcodeMappingDiagnostic {
            $0.replacingOccurrences(
                of:
                    """
                    <attribute name=\"mappingtypename\" type=\"string\">Undefined</attribute>\n        <attribute name=\"mappingnumber\" \
                    type=\"int16\">2</attribute>
                    """,
                with:
                    """
                    <attribute name=\"mappingtypename\" type=\"string\">Move</attribute>\n        <attribute name=\"mappingnumber\" \
                    type=\"int16\">2</attribute>
                    """
            )
        }
            == "xcmapping.xml:95: error: mappingtypename \"Move\" is not one of Xcode's (Undefined, Custom, Add, Remove, Copy, Transform)")
    #expect(
        try xcodeMappingDiagnostic {
            $0.replacingOccurrences(
                of: "<attribute name=\"mappingnumber\" type=\"int16\">2</attribute>",
                with: "<attribute name=\"mappingnumber\" type=\"int16\">two</attribute>")
        }
            == "xcmapping.xml:96: error: mappingnumber \"two\" is not a whole number")
}

/// A relationship mapping whose whole expression is a key path to source relationships gives
/// objects of the old store, which Core Data refuses in a new relationship: an error at the key path
/// with the lookup to write, naming the entity mapping that carries those objects when there is one.
/// An expression whose type shows only when it runs is left to the migration.
@Test func aRelationshipMappingToSourceObjectsIsAnErrorWithTheLookupToWrite() throws {
    let text = """
        <mappingModel formatVersion="1">
            <entityMapping name="AddTag" type="add" destination="Tag"/>
            <entityMapping name="FoldersToFolders" type="transform" source="Folder" destination="Folder">
                <relationship name="notes">TERNARY($source.name == "x", nil, $source.notes)</relationship>
            </entityMapping>
            <entityMapping name="NoteToNote" type="transform" source="Note" destination="Note">
                <relationship name="folder">
                    $source.folder.notes.folder</relationship>
            </entityMapping>
        </mappingModel>
        """
    #expect(
        try problems(text) == [
            """
            m.xml:8:13: error: Note.folder is given Folder objects of the source store by $source.folder.notes.folder, which Core Data refuses \
            (objects from another context); relate the objects migrated from them with FUNCTION($manager, \
            \"destinationInstancesForEntityMappingNamed:sourceInstances:\", \"FoldersToFolders\", $source.folder.notes.folder)
            """
        ])
    let unmapped = """
        <mappingModel formatVersion="1">
            <entityMapping name="AddTag" type="add" destination="Tag"/>
            <entityMapping name="NoteToNote" type="transform" source="Note" destination="Note">
                <relationship name="folder">$source.folder</relationship>
            </entityMapping>
        </mappingModel>
        """
    #expect(
        try problems(unmapped) == [
            """
            m.xml:1:1: warning: no entity mapping carries \"Folder\" over to \"Folder\": its objects are dropped (add a copy or transform \
            mapping to keep them)
            """,
            """
            m.xml:4:37: error: Note.folder is given Folder objects of the source store by $source.folder, which Core Data refuses (objects from \
            another context); no entity mapping carries Folder objects over: add one and relate its objects with FUNCTION($manager, \
            \"destinationInstancesForEntityMappingNamed:sourceInstances:\", \"<entity mapping>\", $source.folder)
            """,
        ])
}

/// A SUBQUERY's variable is an element of its collection (its keys are checked against that entity), its
/// first argument must be a collection, and `[FIRST]`/`[LAST]`/`[n]` need an ordered to-many: Notes'
/// `Folder.notes` is unordered (a set has no first element), while `[SIZE]` (its count) is fine.
@Test func subqueriesAndIndexesAreCheckedAgainstTheOldModel() throws {
    let mapping = { (predicate: String) in
        """
        <mappingModel formatVersion="1">
            <entityMapping name="FolderToFolder" type="copy" source="Folder" destination="Folder">
                <sourceExpression>FETCH(FUNCTION($manager, "fetchRequestForSourceEntityNamed:predicateString:", "Folder", "\(predicate)"), \
        $manager.sourceContext, NO)</sourceExpression>
            </entityMapping>
            <entityMapping name="NoteToNote" type="copy" source="Note" destination="Note"/>
            <entityMapping name="AddTag" type="add" destination="Tag"/>
        </mappingModel>
        """
    }
    #expect(try problems(mapping("SUBQUERY(notes, $n, $n.title BEGINSWITH 'a' AND body != nil).@count > 0 AND notes[SIZE] > 1")) == [])
    // In a value expression too: a TERNARY whose condition is a SUBQUERY over $source's to-many.
    let ternary = mapping("TRUEPREDICATE").replacingOccurrences(
        of: #"type="copy" source="Folder" destination="Folder">"#,
        with:
            #"""
            type="copy" source="Folder" destination="Folder"><attribute name="name">TERNARY(SUBQUERY($source.notes, $n, $n.titel == "a").@count > 0, "a", \#
            $source.name)</attribute>
            """#
    )
    let inValue = try problems(ternary).map { $0.replacingOccurrences(of: #"^m\.xml:\d+:\d+: "#, with: "", options: .regularExpression) }
    #expect(inValue == ["error: Folder.name: $n.titel is not a property of Note in the old version"], "\(inValue)")
    let found = try problems(
        mapping("SUBQUERY(notes, $n, $n.titel == 'a').@count > 0 OR notes[FIRST].title == 'x' OR SUBQUERY(name, $x, $x == 'a').@count > 0"))
    // Each problem points at its place in the predicate, which starts at column 116 of line 3.
    let what = { (column: Int) in "m.xml:3:\(115 + column): error: source expression of \"FolderToFolder\": predicate: " }
    #expect(
        found == [
            what(21) + "$n.titel is not a property of Note in the old version",
            what(52)
                + """
                notes[…] reads an element by its position, but notes is an unordered to-many (a set has no first, last or n-th element): make \
                it ordered, or use SUBQUERY, @min or @max
                """,
            what(90) + "SUBQUERY's first argument must be a to-many key path or a collection, but name is a String",
        ], "\(found)")
}
