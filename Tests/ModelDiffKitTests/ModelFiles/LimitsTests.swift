import Foundation
import Testing
import ModelDiffKit

@Test func deeplyNestedXMLIsAnErrorNotAStackOverflow() {
    let depth = 100_000
    let text = "<?xml version=\"1.0\"?>\n<model>" + String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth) + "</model>"
    #expect(throws: Diagnostic.self) { try ModelReader.read(Array(text.utf8), path: "deep.xml") }
}

@Test func aHugeAttributeValueIsRefusedByTheStrictParser() {
    // libxml2 caps attribute values (10 MB) unless XML_PARSE_HUGE, which modeldiff never passes.
    let value = String(repeating: "x", count: 11_000_000)
    let text = "<?xml version=\"1.0\"?>\n<model><entity name=\"\(value)\"/></model>"
    #expect(throws: Diagnostic.self) { try ModelReader.read(Array(text.utf8), path: "huge.xml") }
}

@Test func manyEntitiesStillRead() throws {
    let entities = (0..<20_000).map { "<entity name=\"E\($0)\"><attribute name=\"a\" attributeType=\"String\"/></entity>" }.joined()
    let text = "<?xml version=\"1.0\"?>\n<model type=\"com.apple.IDECoreDataModeler.DataModel\">\(entities)</model>"
    let loaded = try ModelReader.read(Array(text.utf8), path: "many.xml")
    #expect(loaded.model.entities.count == 20_000)
    #expect(loaded.model.versionHashes().entityVersionHashes.count == 20_000)
}

@Test func aBillionLaughsIsNotExpanded() throws {
    let text = """
        <?xml version="1.0"?>
        <!DOCTYPE model [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]>
        <model type="com.apple.IDECoreDataModeler.DataModel"><entity name="&d;"/></model>
        """
    // Without entity substitution the name holds no expanded text; either way nothing blows up.
    if let loaded = try? ModelReader.read(Array(text.utf8), path: "laughs.xml") {
        #expect((loaded.model.entities.first?.name.count ?? 0) < 1_000)
    }
}
