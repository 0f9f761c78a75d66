import Foundation
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore
import ModelDiffTestSupport
import Testing

/// Three sibling sub-entities that each declare `text` (the third as Binary) and two that declare
/// `delivered`, as in Wire's model: one table, columns numbered in entity order (`ZTEXT`, `ZTEXT1`,
/// `ZTEXT2`), each entity's values read and migrated through its own column.
private func siblingModel(extra: String = "") -> String {
    """
    <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
    <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
        <entity name="Message" representedClassName="Message" syncable="YES">
            <attribute name="nonce" optional="YES" attributeType="String"/>\(extra)
        </entity>
        <entity name="AssetMessage" parentEntity="Message" syncable="YES">
            <attribute name="delivered" attributeType="Boolean" defaultValueString="NO"/>
            <attribute name="text" optional="YES" attributeType="String"/>
        </entity>
        <entity name="ClientMessage" parentEntity="Message" syncable="YES">
            <attribute name="delivered" attributeType="Boolean" defaultValueString="NO"/>
            <attribute name="text" optional="YES" attributeType="String"/>
        </entity>
        <entity name="DataMessage" parentEntity="Message" syncable="YES">
            <attribute name="text" optional="YES" attributeType="Binary"/>
        </entity>
    </model>
    """
}

private func loadModel(_ xml: String) throws -> Model {
    try ModelReader.read(Array(xml.utf8), path: "Siblings.xml").model
}

@Test func siblingAttributesOfOneNameGetNumberedColumns() throws {
    let layout = StoreLayout(model: try loadModel(siblingModel()))
    let table = try #require(layout.table(for: "Message"))
    #expect(table.columns.map(\.name) == ["Z_PK", "Z_ENT", "Z_OPT", "ZDELIVERED", "ZDELIVERED1", "ZNONCE", "ZTEXT", "ZTEXT1", "ZTEXT2"])
    #expect(layout.column(entity: "AssetMessage", property: "text")?.name == "ZTEXT")
    #expect(layout.column(entity: "ClientMessage", property: "text")?.name == "ZTEXT1")
    #expect(layout.column(entity: "DataMessage", property: "text")?.name == "ZTEXT2")
    #expect(layout.column(entity: "ClientMessage", property: "delivered")?.name == "ZDELIVERED1")
    #expect(layout.column(entity: "DataMessage", property: "nonce")?.name == "ZNONCE")
}

@Test func siblingAttributesMigrateThroughTheirOwnColumnsOnBothPaths() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let old = try loadModel(siblingModel())
    let new = try loadModel(siblingModel(extra: "\n        <attribute name=\"sentAt\" optional=\"YES\" attributeType=\"Date\"/>"))
    let sourcePath = folder.appendingPathComponent("source.sqlite").path
    let source = try PersistentStore.create(path: sourcePath, model: old)
    let writer = try StoreWriter(store: source, layout: StoreLayout(model: old))
    try source.database.execute("BEGIN")
    try writer.insert(entity: "AssetMessage", attributes: ["delivered": .bool(true), "text": .string("asset"), "nonce": .string("a")])
    try writer.insert(entity: "ClientMessage", attributes: ["delivered": .bool(false), "text": .string("client"), "nonce": .string("c")])
    try writer.insert(entity: "DataMessage", attributes: ["text": .data([1, 2, 3]), "nonce": .string("d")])
    try writer.finish()
    try source.database.execute("COMMIT")

    let mapping = MappingInference.infer(from: old, to: new)
    let layout = StoreLayout(model: new)
    var results: [[String]] = []
    for usesFastPath in [true, false] {
        let output = folder.appendingPathComponent("out-\(usesFastPath).sqlite").path
        let manager = MigrationManager(sourceModel: old, destinationModel: new)
        manager.usesStoreSpecificMigrationManager = usesFastPath
        try manager.migrateStore(from: sourcePath, to: output, mapping: mapping)
        #expect(manager.usedFastPath == usesFastPath)
        let store = try PersistentStore.open(path: output)
        #expect(try StoreVerification(store: store, model: new).problems.isEmpty)
        var seen: [String] = []
        for entity in ["AssetMessage", "ClientMessage", "DataMessage"] {
            try store.forEachObject(of: entity, layout: layout, includingSubentities: false) { object in
                seen.append(
                    "\(entity) " + object.attributes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " "))
            }
        }
        // The raw row: each sibling's value sits in its own column, the others' are null.
        #expect(
            try store.database.rows("SELECT ZTEXT, ZTEXT1, ZDELIVERED, ZDELIVERED1 FROM ZMESSAGE ORDER BY Z_ENT") == [
                [.text("asset"), .null, .integer(1), .null], [.null, .text("client"), .null, .integer(0)], [.null, .null, .null, .null],
            ])
        results.append(seen)
    }
    #expect(results[0] == results[1], "\(results)")
    #expect(
        results[0] == [
            #"AssetMessage delivered=bool(true) nonce=string("a") sentAt=null text=string("asset")"#,
            #"ClientMessage delivered=bool(false) nonce=string("c") sentAt=null text=string("client")"#,
            #"DataMessage nonce=string("d") sentAt=null text=data([1, 2, 3])"#,
        ])
}
