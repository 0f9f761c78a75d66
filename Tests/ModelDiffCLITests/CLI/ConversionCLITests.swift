import Foundation
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore
import ModelDiffTestSupport
import Testing

private let items = Paths.testModels.appendingPathComponent("conversions")

/// An Items 1 store whose `code` strings are what people type: a number, padding and a suffix, no number, nil.
private func makeItemsStore(in folder: URL) throws {
    let model = try ModelFile.load(path: items.appendingPathComponent("Items1.xml").path).model
    let store = try PersistentStore.create(path: folder.appendingPathComponent("items.sqlite").path, model: model)
    let writer = try StoreWriter(store: store, layout: StoreLayout(model: model))
    try store.database.execute("BEGIN")
    for (title, code) in [("a", StoreValue.string("42")), ("b", .string("  -7 units")), ("c", .string("n/a")), ("d", .null)] {
        _ = try writer.insert(entity: "Item", attributes: ["title": .string(title), "code": code])
    }
    try writer.finish()
    try store.database.execute("COMMIT")
}

/// `infer` suggests the conversion a String → Integer 64 change needs; the developer writes it in
/// place of the placeholder, `mapping validate` accepts it, and `migrate` converts the real values
/// on the three-stage path, as NSString's integerValue does.
@Test func theConversionInferSuggestsValidatesAndMigratesRealValues() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try makeItemsStore(in: folder)
    let (v1, v2) = (items.appendingPathComponent("Items1.xml").path, items.appendingPathComponent("Items2.xml").path)
    #expect(try runModeldiff(["infer", v1, v2, "--output", "map.xml"], in: folder).status == 0)
    let map = folder.appendingPathComponent("map.xml")
    let inferred = try String(contentsOf: map, encoding: .utf8)
    let suggestion = "FUNCTION($source.code, \"integerValue\")"
    #expect(
        inferred.contains(
            """
            <!-- TODO Item.code: write a value expression that turns the old String value $source.code into Integer 64 as the element's text, \
            such as \(suggestion) (which reads the whole number the text starts with, 0 when it starts with none), then remove the todo \
            attribute and run modeldiff mapping validate -->
            """
        ))

    // Written as is, the old value is a String, which the Integer 64 attribute cannot hold: refused before any store is read.
    let placeholder = try #require(inferred.range(of: #"<attribute name="code" todo="[^"]*"/>"#, options: .regularExpression))
    let line = inferred[..<placeholder.lowerBound].filter { $0 == "\n" }.count + 1
    try inferred.replacingCharacters(in: placeholder, with: #"<attribute name="code">$source.code</attribute>"#).write(
        to: map, atomically: true, encoding: .utf8)
    let unconverted = try runModeldiff(["mapping", "validate", "map.xml", "--from", v1, "--to", v2], in: folder)
    #expect(unconverted.status == 2)
    #expect(
        unconverted.stderr
            == """
            map.xml:\(line):32: error: Item.code: the expression gives a String, which an Integer 64 attribute cannot hold; convert it, as in \
            \(suggestion)\n
            """
    )

    try inferred.replacingCharacters(in: placeholder, with: "<attribute name=\"code\">\(suggestion)</attribute>").write(
        to: map, atomically: true, encoding: .utf8)
    let valid = try runModeldiff(["mapping", "validate", "map.xml", "--from", v1, "--to", v2], in: folder)
    #expect(valid.status == 0 && valid.stderr.isEmpty, "\(valid.stderr)")
    #expect(valid.stdout == "map.xml: valid (1 entity mapping)\n")

    let migrated = try runModeldiff(
        ["migrate", "items.sqlite", "--from", v1, "--to", v2, "--mapping", "map.xml", "--output", "out.sqlite", "--no-fast-path"],
        in: folder)
    #expect(migrated.status == 0, "\(migrated.stderr)")
    #expect(migrated.stdout.hasPrefix("migrated items.sqlite → out.sqlite (Items1 → Items2 with map.xml)\n"), "\(migrated.stdout)")
    let store = try PersistentStore.open(path: folder.appendingPathComponent("out.sqlite").path)
    #expect(
        try store.database.rows("SELECT ZTITLE, ZCODE FROM ZITEM ORDER BY ZTITLE") == [
            [.text("a"), .integer(42)], [.text("b"), .integer(-7)], [.text("c"), .integer(0)], [.text("d"), .null],
        ])
}
