import Foundation
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore
import ModelDiffTestSupport
import Testing

/// The attack through the built binary: a `--to` model whose entity names are SQL. Before
/// names were quoted, the first deleted every Post of the source and the second created PWNED.DB in
/// the working directory.
private let hostileEntities = [
    "X (A); ATTACH DATABASE 'SRC.SQLITE' AS S; DELETE FROM S.ZPOST; CREATE TABLE ZY",
    "X (A); ATTACH DATABASE 'PWNED.DB' AS P; CREATE TABLE P.Y (A); CREATE TABLE ZY",
]

private func modelXML(_ extraEntities: [String]) -> String {
    let entities = (["Post"] + extraEntities).map { name in
        let escaped = name.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(
            of: "'", with: "&apos;")
        return
            "    <entity name=\"\(escaped)\" syncable=\"YES\">\n        <attribute name=\"title\" optional=\"YES\" attributeType=\"String\"/>\n    </entity>\n"
    }.joined()
    return
        """
        <?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n<model type=\"com.apple.IDECoreDataModeler.DataModel\" \
        documentVersion=\"1.0\">\n\(entities)</model>\n
        """
}

@Test(arguments: [[], ["--no-fast-path"]])
func aHostileToModelNeitherChangesTheSourceNorWritesElsewhere(options: [String]) throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try modelXML([]).write(to: folder.appendingPathComponent("v1.xml"), atomically: true, encoding: .utf8)
    try modelXML(hostileEntities).write(to: folder.appendingPathComponent("v2.xml"), atomically: true, encoding: .utf8)
    let model = try ModelFile.load(path: folder.appendingPathComponent("v1.xml").path).model
    let source = folder.appendingPathComponent("SRC.SQLITE")
    let store = try PersistentStore.create(path: source.path, model: model)
    let writer = try StoreWriter(store: store, layout: StoreLayout(model: model))
    try store.database.execute("BEGIN")
    for index in 0..<20 { _ = try writer.insert(entity: "Post", attributes: ["title": .string("post \(index)")]) }
    try writer.finish()
    try store.database.execute("COMMIT")
    let before = try Data(contentsOf: source)

    let result = try runModeldiff(
        ["migrate", "SRC.SQLITE", "--from", "v1.xml", "--to", "v2.xml", "--output", "out.sqlite"] + options, in: folder)
    // The reader refuses a name Core Data does not allow before any store is opened (defence in
    // depth: `HostileNameMigrationTests` shows the quoting holds for such names built in Swift).
    #expect(result.status == 2, "\(result.stderr)")
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    #expect(result.stderr.hasPrefix("v2.xml:"), "\(result.stderr)")
    #expect(try Data(contentsOf: source) == before)
    let expected = ["SRC.SQLITE", "v1.xml", "v2.xml"]
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == expected)
}
