import Foundation
@_spi(CLI) import ModelDiffKit
import ModelDiffTestSupport
import Testing

@Test func deeplyNestedXMLIsAnErrorNotAStackOverflow() {
    let depth = 100_000
    let text =
        "<?xml version=\"1.0\"?>\n<model>" + String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth) + "</model>"
    #expect(throws: Diagnostic.self) { try ModelReader.read(Array(text.utf8), path: "deep.xml") }
}

@Test func aHundredMegabyteAttributeValueIsRefusedByTheStrictParser() {
    // libxml2 caps attribute values (10 MB) unless XML_PARSE_HUGE, which modeldiff never passes.
    let value = String(repeating: "x", count: 100_000_000)
    let text = "<?xml version=\"1.0\"?>\n<model><entity name=\"\(value)\"/></model>"
    #expect(throws: Diagnostic.self) { try ModelReader.read(Array(text.utf8), path: "huge.xml") }
}

@Test func manyEntitiesStillRead() throws {
    let entities = (0..<20_000).map { "<entity name=\"E\($0)\"><attribute name=\"a\" attributeType=\"String\"/></entity>" }.joined()
    let text = "<?xml version=\"1.0\"?>\n<model type=\"com.apple.IDECoreDataModeler.DataModel\">\(entities)</model>"
    let loaded = try ModelReader.read(Array(text.utf8), path: "many.xml")
    #expect(loaded.model.entities.count == 20_000)
    #expect(loaded.model.versionHashes().entityVersionHashes.count == 20_000)
    #expect(StoreLayout(model: loaded.model).tables.count == 20_000)
}

@Test func aBillionLaughsIsNotExpanded() throws {
    let text = """
        <?xml version="1.0"?>
        <!DOCTYPE model [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d \
        "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]>
        <model type="com.apple.IDECoreDataModeler.DataModel"><entity name="&d;"/></model>
        """
    // Without entity substitution the name holds no expanded text; either way nothing blows up.
    if let loaded = try? ModelReader.read(Array(text.utf8), path: "laughs.xml") {
        #expect((loaded.model.entities.first?.name.count ?? 0) < 1_000)
    }
}

@Test func aThousandLevelsOfInheritanceReadHashAndLayOutAndOneMoreIsAnError() throws {
    func chain(_ depth: Int) -> [UInt8] {
        // Children before parents, so no walk up the chain can lean on file order.
        let entities = (0...depth).reversed().map {
            $0 == 0 ? "<entity name=\"E0\"/>" : "<entity name=\"E\($0)\" parentEntity=\"E\($0 - 1)\"/>"
        }.joined()
        return Array("<?xml version=\"1.0\"?>\n<model type=\"com.apple.IDECoreDataModeler.DataModel\">\(entities)</model>".utf8)
    }
    let loaded = try ModelReader.read(chain(1_000), path: "chain.xml")
    #expect(loaded.model.versionHashes().entityVersionHashes.count == 1_001)
    let layout = StoreLayout(model: loaded.model)
    #expect(layout.tables.count == 1 && layout.orderedEntities.prefix(3) == ["E0", "E1", "E2"])
    #expect(
        throws: Diagnostic(
            path: "chain.xml", line: 2, message: "entity \"E1001\" has 1001 ancestors; modeldiff reads at most 1000 levels of inheritance")
    ) {
        try ModelReader.read(chain(1_001), path: "chain.xml")
    }
}

@Test func aSelfInverseRelationshipIsNotACycle() throws {
    // Person.spouse is its own inverse, which Core Data allows; nothing may loop on it.
    let text = """
        <?xml version="1.0"?>
        <model type="com.apple.IDECoreDataModeler.DataModel">
            <entity name="Person">
                <relationship name="spouse" maxCount="1" destinationEntity="Person" inverseName="spouse" inverseEntity="Person"/>
            </entity>
        </model>
        """
    let loaded = try ModelReader.read(Array(text.utf8), path: "spouse.xml")
    #expect(loaded.model.versionHashes().entityVersionHashes.count == 1)
    #expect(StoreLayout(model: loaded.model).tables.first?.columns.contains { $0.name == "ZSPOUSE" } == true)
}

@Test func anInverseCycleThroughThreeEntitiesIsAnError() throws {
    let text = """
        <?xml version="1.0"?>
        <model type="com.apple.IDECoreDataModeler.DataModel">
            <entity name="A">
                <relationship name="b" maxCount="1" destinationEntity="B" inverseName="c" inverseEntity="B"/>
            </entity>
            <entity name="B">
                <relationship name="c" maxCount="1" destinationEntity="C" inverseName="a" inverseEntity="C"/>
            </entity>
            <entity name="C">
                <relationship name="a" maxCount="1" destinationEntity="A" inverseName="b" inverseEntity="A"/>
            </entity>
        </model>
        """
    #expect(throws: Diagnostic.self) { try ModelReader.read(Array(text.utf8), path: "cycle.xml") }
}

@Test func anExternalDTDOverTheNetworkIsNeverFetched() throws {
    // A listening socket on the loopback: had the reader fetched the DTD, a connection would be waiting.
    #if canImport(Glibc)
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
        let listener = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    #expect(listener >= 0)
    defer { close(listener) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            _ = bind(listener, $0, length)
            _ = getsockname(listener, $0, &length)
        }
    }
    #expect(listen(listener, 4) == 0)
    let port = UInt16(bigEndian: address.sin_port)
    let text = """
        <?xml version="1.0"?>
        <!DOCTYPE model SYSTEM "http://127.0.0.1:\(port)/model.dtd" [<!ENTITY % remote SYSTEM "http://127.0.0.1:\(port)/remote.ent"> %remote;]>
        <model type="com.apple.IDECoreDataModeler.DataModel"><entity name="E"/></model>
        """
    _ = try? ModelReader.read(Array(text.utf8), path: "remote.xml")
    _ = try? MappingXML.read(Array(text.utf8), path: "remote.xml")
    _ = fcntl(listener, F_SETFL, fcntl(listener, F_GETFL) | O_NONBLOCK)
    let connection = accept(listener, nil, nil)
    #expect(connection < 0, "the reader connected to the network")
    if connection >= 0 { close(connection) }
}

@Test func anExternalDTDOnDiskIsNeverLoaded() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let dtd = folder.appendingPathComponent("model.dtd")
    try "<!ENTITY secret \"leaked\">".write(to: dtd, atomically: true, encoding: .utf8)
    let text = """
        <?xml version="1.0"?>
        <!DOCTYPE model SYSTEM "\(dtd.absoluteString)">
        <model type="com.apple.IDECoreDataModeler.DataModel"><entity name="E&secret;"/></model>
        """
    if let loaded = try? ModelReader.read(Array(text.utf8), path: "dtd.xml") {
        #expect(!(loaded.model.entities.first?.name.contains("leaked") ?? false))
    }
}

@Test func aMappingFileNestedTooDeeplyIsAnError() {
    let depth = 100_000
    let text =
        "<?xml version=\"1.0\"?>\n<mappingModel formatVersion=\"1\">" + String(repeating: "<a>", count: depth)
        + String(repeating: "</a>", count: depth) + "</mappingModel>"
    #expect(throws: Diagnostic.self) { try MappingXML.read(Array(text.utf8), path: "deep.mapping.xml") }
}

@Test func anExpressionNestedTenThousandDeepInAMappingFileIsAnError() throws {
    let deep = String(repeating: "(", count: 10_000) + "$source.title" + String(repeating: ")", count: 10_000)
    let text = """
        <?xml version="1.0"?>
        <mappingModel formatVersion="1" source="Notes" destination="Notes 2">
            <entityMapping name="NoteToNote" type="transform" source="Note" destination="Note">
                <attribute name="title">\(deep)</attribute>
            </entityMapping>
        </mappingModel>
        """
    // The file reads (expressions stay text until used); parsing the expression is the error.
    let mapping = try MappingXML.read(Array(text.utf8), path: "deep-expression.mapping.xml")
    let expression = try #require(mapping.entityMappings.first?.attributeMappings.first?.valueExpression)
    #expect(throws: ExpressionError.self) { try ExpressionParser.parse(expression) }
}
