import Foundation
@_spi(CLI) import ModelDiffKit
import ModelDiffTestSupport
import Testing

private let woo = "../shared/models/woocommerce-ios/WooCommerce.xcdatamodeld"

/// `infer --format xcode` writes the folder Xcode opens; `mapping convert` goes both ways and back to the same bytes.
@Test func inferWritesAnXcodeMappingModelAndConvertGoesBothWays() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let old = "\(woo)/Model 9.xcdatamodel"
    let new = "\(woo)/Model 10.xcdatamodel"
    let package = folder.appendingPathComponent("Woo9to10.xcmappingmodel").path
    let written = try runModeldiff(["infer", old, new, "--format", "xcode", "--output", package])
    #expect(written.status == 0)
    // The one placeholder (status renamed statusKey) has no place in Xcode's file: one warning.
    #expect(written.stderr.hasPrefix("\(package): warning: OrderToOrder.statusKey: a placeholder ("))
    #expect(written.stderr.split(separator: "\n").count == 1)
    let xml = try String(contentsOfFile: package + "/xcmapping.xml", encoding: .utf8)
    #expect(
        xml.hasPrefix("<?xml version=\"1.0\" standalone=\"yes\"?>\n<!DOCTYPE database SYSTEM \"file:///System/Library/DTDs/CoreData.dtd\">")
    )
    #expect(xml.contains("<attribute name=\"sourcemodelpath\" type=\"string\">WooCommerce.xcdatamodeld/Model 9.xcdatamodel</attribute>"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: package) == ["xcmapping.xml"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["Woo9to10.xcmappingmodel"])

    // An existing output is refused without --overwrite and left alone.
    let again = try runModeldiff(["infer", old, new, "--format", "xcode", "--output", package])
    #expect(again.status == 2)
    #expect(again.stderr.hasSuffix("\(package): error: the output exists; pass --overwrite to replace it\n"))
    #expect(try runModeldiff(["infer", old, new, "--format", "xcode", "--output", package, "--overwrite"]).status == 0)
    #expect(try String(contentsOfFile: package + "/xcmapping.xml", encoding: .utf8) == xml)

    // Xcode → our XML → Xcode gives the same bytes (the models decide what Undefined means).
    let text = folder.appendingPathComponent("Woo9to10.xml").path
    let toXML = try runModeldiff(["mapping", "convert", package, "--to", "xml", "--output", text, "--old-model", old, "--new-model", new])
    #expect(toXML.status == 0 && toXML.stderr.isEmpty)
    #expect(try String(contentsOfFile: text, encoding: .utf8).contains("name=\"NoteToNote\" type=\"copy\""))
    let back = folder.appendingPathComponent("Back.xcmappingmodel").path
    let toXcode = try runModeldiff(["mapping", "convert", text, "--to", "xcode", "--output", back, "--old-model", old, "--new-model", new])
    #expect(toXcode.status == 0 && toXcode.stderr.isEmpty)
    #expect(try String(contentsOfFile: back + "/xcmapping.xml", encoding: .utf8) == xml)
    #expect(try runModeldiff(["mapping", "convert", text, "--to", "xml", "--output", text]).status == 2)
    // Without the models, Undefined between two entities reads as transform.
    let alone = folder.appendingPathComponent("Alone.xml").path
    #expect(try runModeldiff(["mapping", "convert", package, "--to", "xml", "--output", alone]).status == 0)
    #expect(try String(contentsOfFile: alone, encoding: .utf8).contains("name=\"NoteToNote\" type=\"transform\""))

    // Xcode's own file converts to XML that validates like the file itself.
    let xcodes = folder.appendingPathComponent("Xcode.xml").path
    let converted = try runModeldiff([
        "mapping", "convert", "../shared/models/woocommerce-ios/WooCommerceModelV9toV10.xcmappingmodel", "--to", "xml", "--output", xcodes,
        "--old-model", old, "--new-model", new,
    ])
    #expect(converted.status == 0)
    let valid = try runModeldiff(["mapping", "validate", xcodes, "--from", old, "--to", new])
    #expect(valid.status == 0)
    #expect(valid.stdout == "\(xcodes): valid (17 entity mappings)\n")
}

/// An expression Xcode's archive cannot hold is one error line with the file and line, exit 2, nothing written.
@Test func convertRefusesAnExpressionItCannotArchive() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("m.xml")
    try """
    <mappingModel formatVersion="1">
      <entityMapping name="NoteToNote" type="transform" source="Note" destination="Note">
        <attribute name="count">-$source.count</attribute>
      </entityMapping>
    </mappingModel>
    """.write(to: file, atomically: true, encoding: .utf8)
    let output = folder.appendingPathComponent("M.xcmappingmodel").path
    let result = try runModeldiff(["mapping", "convert", file.path, "--to", "xcode", "--output", output])
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("\(file.path):3:"))
    #expect(
        result.stderr.contains(
            "error: NoteToNote.count: `-$source.count` has no archived form modeldiff writes"))
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(!FileManager.default.fileExists(atPath: output))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["m.xml"])
}

/// TERNARY with a predicate, an aggregate, SUBQUERY and an index go to Xcode's file and back to the same mapping.
@Test func convertArchivesPredicatesAggregatesAndSubqueries() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let expressions = [
        "TERNARY($source.count &gt; 0 AND $source.title BEGINSWITH[c] \"a\", $source.count, 0)",
        "TERNARY(NOT $source.title IN {\"a\", \"b\"} OR ANY $source.tags.name ==[cd] \"x\", 1, 2)",
        "count:(SUBQUERY($source.tags, $t, $t.name LIKE \"a*\" AND $t.weight &lt;= 2))",
        "{1, $source.count}", "$source.tags[LAST]",
    ]
    let file = folder.appendingPathComponent("m.xml")
    let attributes = expressions.enumerated().map { "    <attribute name=\"a\($0.offset)\">\($0.element)</attribute>" }
    try
        ([
            "<mappingModel formatVersion=\"1\">",
            "  <entityMapping name=\"NoteToNote\" type=\"transform\" source=\"Note\" destination=\"Note\">",
        ]
        + attributes + ["  </entityMapping>", "</mappingModel>"]).joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
    let package = folder.appendingPathComponent("M.xcmappingmodel").path
    let toXcode = try runModeldiff(["mapping", "convert", file.path, "--to", "xcode", "--output", package])
    #expect(toXcode.status == 0 && toXcode.stderr.isEmpty, "\(toXcode.stderr)")
    let xml = try String(contentsOfFile: package + "/xcmapping.xml", encoding: .utf8)
    #expect(xml.components(separatedBy: "valueexpressiondata").count == expressions.count + 1)
    let back = folder.appendingPathComponent("Back.xml").path
    let toXML = try runModeldiff(["mapping", "convert", package, "--to", "xml", "--output", back])
    #expect(toXML.status == 0 && toXML.stderr.isEmpty, "\(toXML.stderr)")
    let original = try MappingXML.read(Array(try Data(contentsOf: file)), path: file.path)
    let reread = try MappingXML.read(Array(try Data(contentsOf: URL(fileURLWithPath: back))), path: back)
    let values = { (mapping: MappingModel) in
        mapping.entityMappings.flatMap(\.attributeMappings).sorted { $0.name < $1.name }.map {
            try? ExpressionParser.parse($0.valueExpression ?? "")
        }
    }
    #expect(values(reread) == values(original) && values(original).allSatisfy { $0 != nil } && values(original).count == expressions.count)
    // And to Xcode again: the same bytes.
    let again = folder.appendingPathComponent("Again.xcmappingmodel").path
    #expect(try runModeldiff(["mapping", "convert", back, "--to", "xcode", "--output", again]).status == 0)
    #expect(try String(contentsOfFile: again + "/xcmapping.xml", encoding: .utf8) == xml)
}

/// Inside a project, `infer --format xcode` records the model paths as Xcode does: relative to the
/// folder of the `.xcodeproj` (WooCommerce's own paths, from its repository's layout).
@Test func inferRecordsModelPathsRelativeToTheProject() throws {
    let project = try WooCommerceProject()
    defer { project.remove() }
    let package = project.root.appendingPathComponent("Woo9to10.xcmappingmodel").path
    let written = try runModeldiff(["infer", project.old, project.new, "--format", "xcode", "--output", package])
    #expect(written.status == 0)
    let xml = try String(contentsOfFile: package + "/xcmapping.xml", encoding: .utf8)
    let xcodes = try String(
        contentsOfFile: "../shared/models/woocommerce-ios/WooCommerceModelV9toV10.xcmappingmodel/xcmapping.xml", encoding: .utf8)
    for line in xcodes.split(separator: "\n") where line.contains("modelpath") {
        #expect(xml.contains(line), "\(line)")
    }
    #expect(
        xml.contains(
            "<attribute name=\"sourcemodelpath\" type=\"string\">Storage/Model/WooCommerce.xcdatamodeld/Model 9.xcdatamodel</attribute>"))
}
