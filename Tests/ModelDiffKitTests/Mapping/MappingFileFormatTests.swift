import Foundation
@_spi(CLI) import ModelDiffKit
import ModelDiffTestSupport
import Testing

private func load(_ path: String) throws -> Model { try ModelFile.load(path: Paths.repository.appendingPathComponent(path).path).model }

@Test func commentsAnywhereInAnEntityMappingSurviveReadingAndWriting() throws {
    // The writer's own layout, so the text must come back byte for byte.
    let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- header -->
        <mappingModel formatVersion="1" source="a" destination="b">
            <entityMapping name="NoteToNote" type="transform" source="Note" destination="Note">
                <!-- only notes that still have a title -->
                <sourceExpression>FETCH(FUNCTION($manager, "fetchRequestForSourceEntityNamed:predicateString:", "Note", "title != nil"), \
        $manager.sourceContext, NO)</sourceExpression>
                <attribute name="title">$source.title<!-- kept as is --></attribute>
                <attribute name="body"><!-- left empty on purpose --></attribute>
                <!-- end of the Note mapping -->
            </entityMapping>
            <!-- end of the file -->
        </mappingModel>

        """
    let mapping = try MappingXML.read(Array(text.utf8), path: "m.xml")
    let note = mapping.entityMappings[0]
    #expect(note.sourceExpressionComments == [" only notes that still have a title "])
    #expect(note.attributeMappings.map(\.trailingComments) == [[" kept as is "], [" left empty on purpose "]])
    #expect(note.attributeMappings[1].valueExpression == nil)
    #expect(note.trailingComments == [" end of the Note mapping "])
    #expect(mapping.trailingComments == [" end of the file "])
    #expect(MappingXML.write(mapping) == text)
}

@Test func commentsInsideAnExpressionMoveAfterItAndStayThere() throws {
    let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <mappingModel formatVersion="1">
            <entityMapping name="NoteToNote" type="transform" source="Note" destination="Note">
                <attribute name="title"><!-- why --> $source.title </attribute>
                <attribute name="body">
                    <valueExpression><!-- a --> $source.body</valueExpression>
                    <!-- b -->
                    <userInfo>
                        <entry key="k" value="v"/>
                    </userInfo>
                </attribute>
            </entityMapping>
        </mappingModel>
        """
    let first = try MappingXML.read(Array(text.utf8), path: "m.xml")
    let attributes = first.entityMappings[0].attributeMappings
    #expect(attributes[0].valueExpression == "$source.title" && attributes[0].trailingComments == [" why "])
    #expect(attributes[1].valueExpression == "$source.body" && attributes[1].trailingComments == [" a ", " b "])
    #expect(attributes[1].userInfo == ["k": "v"])
    let written = MappingXML.write(first)
    #expect(written.contains(#"<attribute name="title">$source.title<!-- why --></attribute>"#))
    let second = try MappingXML.read(Array(written.utf8), path: "m.xml")
    #expect(second == first)
    #expect(MappingXML.write(second) == written)
}

@Test func aCommentEndingInADashIsStillWellFormed() throws {
    let mapping = MappingModel(sourceVersion: nil, destinationVersion: nil, entityMappings: [], comments: [" a -- b -"])
    let text = MappingXML.write(mapping)
    #expect(text.contains("<!-- a - - b - -->"))
    #expect(try MappingXML.read(Array(text.utf8), path: "m.xml").comments == [" a - - b - "])
}

@Test func misspeltAttributesAndElementsStopTheReadAtTheirPlace() {
    let policy = """
        <mappingModel formatVersion="1">
            <entityMapping name="NoteToNote" type="custom"
                source="Note" destination="Note" polcy="TrimPolicy"/>
        </mappingModel>
        """
    #expect(
        throws: Diagnostic(
            path: "m.xml", line: 3, column: 42,
            message:
                "<entityMapping> has no attribute \"polcy\"; expected name, type, source, destination, sourceVersionHash, destinationVersionHash, policy"
        )
    ) {
        try MappingXML.read(Array(policy.utf8), path: "m.xml")
    }
    let todo = """
        <mappingModel formatVersion="1">
            <entityMapping name="NoteToNote" type="transform" source="Note" destination="Note">
                <attribute name="count" todos="later"/>
            </entityMapping>
        </mappingModel>
        """
    #expect(throws: Diagnostic(path: "m.xml", line: 3, column: 33, message: "<attribute> has no attribute \"todos\"; expected name, todo"))
    {
        try MappingXML.read(Array(todo.utf8), path: "m.xml")
    }
    // The same file with Windows line ends: libxml2 counts lines by their line feeds, and so does the
    // column search (a carriage return before each line feed changes no column on that line).
    #expect(throws: Diagnostic(path: "m.xml", line: 3, column: 33, message: "<attribute> has no attribute \"todos\"; expected name, todo"))
    {
        try MappingXML.read(Array(todo.replacingOccurrences(of: "\n", with: "\r\n").utf8), path: "m.xml")
    }
    let child = """
        <mappingModel formatVersion="1">
            <entityMapping name="NoteToNote" type="transform" source="Note" destination="Note">
                <attribute name="count"><value>$source.count</value></attribute>
            </entityMapping>
        </mappingModel>
        """
    #expect(
        throws: Diagnostic(
            path: "m.xml", line: 3, column: 33,
            message: "unexpected <value> in the attribute mapping \"count\"; expected <valueExpression> and <userInfo>")
    ) {
        try MappingXML.read(Array(child.utf8), path: "m.xml")
    }
    #expect(
        throws: Diagnostic(
            path: "m.xml", line: 1, column: 15, message: "unsupported mapping file format version \"2\"; this modeldiff reads version 1")
    ) {
        try MappingXML.read(Array(#"<mappingModel formatVersion="2"/>"#.utf8), path: "m.xml")
    }
}

@Test func inferenceIsDeterministicAcrossSeparateReads() throws {
    let paths = ("TestModels/Notes.xcdatamodeld/Notes.xcdatamodel", "TestModels/Notes.xcdatamodeld/Notes 2.xcdatamodel")
    let first = MappingXML.write(MappingInference.infer(from: try load(paths.0), to: try load(paths.1), names: ("Notes", "Notes 2")))
    let second = MappingXML.write(MappingInference.infer(from: try load(paths.0), to: try load(paths.1), names: ("Notes", "Notes 2")))
    #expect(Array(first.utf8) == Array(second.utf8))
}

@Test func aNewRequiredAttributeBecomesAPlaceholderThatNamesTheRemovedLookAlike() throws {
    let folder = Paths.models.appendingPathComponent("woocommerce-ios/WooCommerce.xcdatamodeld")
    let old = try ModelFile.load(path: folder.appendingPathComponent("Model 9.xcdatamodel").path).model
    let new = try ModelFile.load(path: folder.appendingPathComponent("Model 10.xcdatamodel").path).model
    let order = try #require(MappingInference.infer(from: old, to: new).entityMapping(named: "OrderToOrder"))
    let statusKey = try #require(order.attributeMappings.first { $0.name == "statusKey" })
    #expect(statusKey.valueExpression == nil)
    #expect(statusKey.placeholder?.hasPrefix("`Order.statusKey` is a new required attribute without a default value") == true)
    #expect(
        statusKey.comments == [
            """
             TODO Order.statusKey: the old version has no value for it; if it is the removed status renamed, write $source.status as the \
            element's text, otherwise a value expression giving a String; then remove the todo attribute and run modeldiff mapping validate 
            """
        ])
}

@Test func xcodesMappingModelRoundTripsThroughTheFileFormatAndValidates() throws {
    let folder = Paths.models.appendingPathComponent("woocommerce-ios")
    let old = try ModelFile.load(path: folder.appendingPathComponent("WooCommerce.xcdatamodeld/Model 9.xcdatamodel").path).model
    let new = try ModelFile.load(path: folder.appendingPathComponent("WooCommerce.xcdatamodeld/Model 10.xcdatamodel").path).model
    let file = try MappingFile.load(path: folder.appendingPathComponent("WooCommerceModelV9toV10.xcmappingmodel").path)
    #expect(file.mapping.entityMappings.count == 17)
    let resolved = file.resolved(source: old, destination: new)
    #expect(MappingValidation.problems(resolved, path: file.path, text: file.text, source: old, destination: new).isEmpty)
    let text = MappingXML.write(resolved)
    let reread = try MappingXML.read(Array(text.utf8), path: "v9-v10.xml")
    #expect(reread == resolved)
    #expect(MappingValidation.problems(reread, path: "v9-v10.xml", text: text, source: old, destination: new).isEmpty)
}
