import Foundation
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore
import ModelDiffTestSupport
import Testing

/// Two sibling sub-entities, `Cat` and `Dog`, each declare `name` and `age` in their root's one
/// table, so the columns are numbered in entity order (`ZNAME`, `ZNAME1`). Version 2 adds a sibling,
/// `Bird`, that sorts before them and declares `name` too: every column moves (`Bird` takes `ZNAME`,
/// `Cat` `ZNAME1`, `Dog` `ZNAME2`). A lookup by column or property name that ignores the owning
/// entity puts a cat's name in a bird's column; `migrate` must put each value in its entity's own
/// column on the SQL fast path and on the generic path alike.
private func animals(withBird: Bool) -> String {
    let bird =
        withBird
        ? """
            <entity name="Bird" parentEntity="Animal" syncable="YES">
                <attribute name="name" optional="YES" attributeType="String"/>
            </entity>
        """ : ""
    return """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
            <entity name="Animal" representedClassName="Animal" syncable="YES">
                <attribute name="legs" attributeType="Integer 16" defaultValueString="4" usesScalarValueType="YES"/>
            </entity>
        \(bird)
            <entity name="Cat" parentEntity="Animal" syncable="YES">
                <attribute name="age" attributeType="Integer 32" defaultValueString="0" usesScalarValueType="YES"/>
                <attribute name="name" optional="YES" attributeType="String"/>
            </entity>
            <entity name="Dog" parentEntity="Animal" syncable="YES">
                <attribute name="age" attributeType="Integer 32" defaultValueString="0" usesScalarValueType="YES"/>
                <attribute name="name" optional="YES" attributeType="String"/>
            </entity>
        </model>
        """
}

/// Writes `Animals.xcdatamodeld` with both versions (version 2 current) and a version-1 store holding
/// cats and dogs in interleaved keys; returns the bundle's path.
private func makeAnimals(in folder: URL) throws -> String {
    let bundle = folder.appendingPathComponent("Animals.xcdatamodeld")
    for (version, withBird) in [("Animals", false), ("Animals 2", true)] {
        let model = bundle.appendingPathComponent("\(version).xcdatamodel")
        try FileManager.default.createDirectory(at: model, withIntermediateDirectories: true)
        try animals(withBird: withBird).write(to: model.appendingPathComponent("contents"), atomically: true, encoding: .utf8)
    }
    try """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0"><dict><key>_XCCurrentVersionName</key><string>Animals 2.xcdatamodel</string></dict></plist>
    """.write(to: bundle.appendingPathComponent(".xccurrentversion"), atomically: true, encoding: .utf8)
    let model = try ModelFile.load(path: bundle.appendingPathComponent("Animals.xcdatamodel").path).model
    let store = try PersistentStore.create(path: folder.appendingPathComponent("animals.sqlite").path, model: model)
    let writer = try StoreWriter(store: store, layout: StoreLayout(model: model))
    try store.database.execute("BEGIN")
    // StoreWriter writes what it is given (no defaults): every non-optional value is named.
    _ = try writer.insert(entity: "Cat", attributes: ["name": .string("Tom"), "age": .integer(3), "legs": .integer(4)])
    _ = try writer.insert(entity: "Dog", attributes: ["name": .string("Rex"), "age": .integer(7), "legs": .integer(3)])
    _ = try writer.insert(entity: "Cat", attributes: ["name": .string("Felix"), "age": .integer(11), "legs": .integer(4)])
    _ = try writer.insert(entity: "Dog", attributes: ["age": .integer(2), "legs": .integer(4)])
    try writer.finish()
    try store.database.execute("COMMIT")
    return bundle.path
}

@Test func siblingsOfOneAttributeNameMigrateIntoTheirOwnColumnsOnBothPaths() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let bundle = try makeAnimals(in: folder)
    // The source's own columns, to be sure the store holds what the test means.
    let source = try PersistentStore.open(path: folder.appendingPathComponent("animals.sqlite").path)
    #expect(
        try source.database.rows("SELECT Z_ENT, ZLEGS, ZNAME, ZAGE, ZNAME1, ZAGE1 FROM ZANIMAL ORDER BY Z_PK") == [
            [.integer(2), .integer(4), .text("Tom"), .integer(3), .null, .null],
            [.integer(3), .integer(3), .null, .null, .text("Rex"), .integer(7)],
            [.integer(2), .integer(4), .text("Felix"), .integer(11), .null, .null],
            [.integer(3), .integer(4), .null, .null, .null, .integer(2)],
        ])
    for (output, flags, path) in [("fast.sqlite", [String](), " [SQL fast path]"), ("generic.sqlite", ["--no-fast-path"], "")] {
        let result = try runModeldiff(["migrate", "animals.sqlite", "--to", bundle, "--output", output] + flags, in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.hasPrefix("migrated animals.sqlite → \(output) (Animals → Animals 2 (inferred)\(path))\n"), "\(result.stdout)")
        let migrated = try PersistentStore.open(path: folder.appendingPathComponent(output).path)
        // Version 2 numbers Animal 1, Bird 2, Cat 3, Dog 4; Bird's column comes first.
        // The generic path hands out new keys mapping by mapping (all cats, then all dogs), the fast
        // path keeps them: within one entity both keep the source's order.
        let rows = try migrated.database.rows("SELECT Z_ENT, ZLEGS, ZNAME, ZNAME1, ZAGE, ZNAME2, ZAGE1 FROM ZANIMAL ORDER BY Z_ENT, Z_PK")
        #expect(
            rows == [
                [.integer(3), .integer(4), .null, .text("Tom"), .integer(3), .null, .null],
                [.integer(3), .integer(4), .null, .text("Felix"), .integer(11), .null, .null],
                [.integer(4), .integer(3), .null, .null, .null, .text("Rex"), .integer(7)],
                [.integer(4), .integer(4), .null, .null, .null, .null, .integer(2)],
            ], "\(output): \(rows)")
        let verify = try runModeldiff(["store", "verify", output, "--model", bundle], in: folder)
        #expect(verify.status == 0, "\(output): \(verify.stdout)\(verify.stderr)")
    }
}
