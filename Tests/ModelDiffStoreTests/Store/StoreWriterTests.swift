import Foundation
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore
import ModelDiffTestSupport
import Testing

/// A store for `TestModels/Store/Library.xml` in a fresh folder: abstract `Item` with `Book` and
/// `Magazine`, an ordered one-to-many, an ordered many-to-many, a one-to-one, a to-one into a hierarchy.
private struct Library {
    let folder: URL
    let path: String
    let model: Model
    let layout: StoreLayout
    let store: PersistentStore

    init() throws {
        folder = try Paths.temporaryDirectory()
        path = folder.appendingPathComponent("Library.sqlite").path
        model = try ModelFile.load(path: Paths.testModels.appendingPathComponent("Store/Library.xml").path).model
        layout = StoreLayout(model: model)
        store = try PersistentStore.create(path: path, model: model)
    }

    func object(_ id: ObjectID) throws -> StoredObject { try #require(try store.object(id, layout: layout)) }

    func column(_ sql: String) throws -> [SQLiteValue] { try store.database.rows(sql).map { $0[0] } }
}

@Test func libraryLayoutFollowsCoreDataRules() throws {
    let library = try Library()
    defer { try? FileManager.default.removeItem(at: library.folder) }
    #expect(library.layout.orderedEntities == ["Author", "Cover", "Item", "Book", "Magazine", "Loan", "Shelf"])
    let schema = try library.column("SELECT sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY name").compactMap(\.text)
    // Integers and to-ones entity by entity, the hierarchy's order keys after them; then Double, Float
    // and Date together by name, Decimal, strings, UUID, Transformable, Binary (docs/STORE.md).
    #expect(
        schema.contains(
            """
            CREATE TABLE ZITEM ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZAVAILABLE INTEGER, ZYEAR INTEGER, ZPAGES INTEGER, \
            ZAUTHOR INTEGER, ZCOVER INTEGER, ZISSUE INTEGER, Z_FOK_AUTHOR INTEGER, ZACQUIREDAT TIMESTAMP, ZRATING FLOAT, ZWEIGHT FLOAT, ZPRICE \
            DECIMAL, ZTITLE VARCHAR, ZHOMEPAGE VARCHAR, ZBARCODE BLOB, ZSCAN BLOB )
            """
        ), "\(schema)")
    #expect(
        schema.contains(
            "CREATE TABLE ZLOAN ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZITEM INTEGER, Z3_ITEM INTEGER, ZDUE TIMESTAMP )")
    )
    #expect(
        schema.contains(
            "CREATE TABLE Z_3SHELVES ( Z_3ITEMS INTEGER, Z_7SHELVES INTEGER, Z_FOK_3ITEMS INTEGER, PRIMARY KEY (Z_3ITEMS, Z_7SHELVES) )"),
        "\(schema)")
    #expect(schema.contains("CREATE INDEX ZITEM_Z_ENT_INDEX ON ZITEM (Z_ENT)"))
    #expect(schema.contains("CREATE INDEX Z_3SHELVES_Z_7SHELVES_INDEX ON Z_3SHELVES (Z_7SHELVES, Z_3ITEMS)"))
    #expect(
        try library.store.primaryKeyTable().map { "\($0.entity) \($0.name) \($0.superEntity) \($0.max)" }
            == ["1 Author 0 0", "2 Cover 0 0", "3 Item 0 0", "4 Book 3 0", "5 Magazine 3 0", "6 Loan 0 0", "7 Shelf 0 0"])
}

@Test func writerKeepsInversesOrderKeysAndKeys() throws {
    let library = try Library()
    defer { try? FileManager.default.removeItem(at: library.folder) }
    let writer = try StoreWriter(store: library.store, layout: library.layout)
    let values: [String: StoreValue] = [
        "title": .string("The Dispossessed"), "available": .bool(true), "acquiredAt": .date(737057646.84), "barcode": .uuid(UUID()),
        "homepage": .uri("https://example.com/d"), "price": .decimal("12.5"), "rating": .double(4.75), "weight": .double(0.25),
        "scan": .data([0, 1, 2, 255]), "year": .integer(1974), "pages": .integer(387),
    ]
    let author = try writer.insert(entity: "Author", attributes: ["name": .string("Le Guin")])
    let dispossessed = try writer.insert(entity: "Book", attributes: values)
    let earthsea = try writer.insert(entity: "Book", attributes: ["title": .string("Earthsea"), "available": .bool(false)])
    let lathe = try writer.insert(entity: "Book", attributes: ["title": .string("The Lathe of Heaven")])
    let galaxy = try writer.insert(entity: "Magazine", attributes: ["title": .string("Galaxy"), "issue": .integer(1 << 40)])
    let red = try writer.insert(entity: "Cover", attributes: ["colour": .string("red")])
    let blue = try writer.insert(entity: "Cover", attributes: ["colour": .string("blue")])
    let shelf = try writer.insert(entity: "Shelf", attributes: ["label": .string("SF")])
    let loan = try writer.insert(entity: "Loan", values: [.date(100)])
    #expect(try writer.insertableAttributes(of: "Loan") == ["due"])

    // Every attribute type round-trips; sub-entities share their root's key sequence.
    #expect(try library.object(dispossessed).attributes == values)
    #expect(try library.object(earthsea).attributes["price"] == .null)
    #expect([dispossessed, earthsea, lathe, galaxy].map(\.primaryKey) == [1, 2, 3, 4])
    #expect([dispossessed.entity, galaxy.entity] == [Int](arrayLiteral: 4, 5))
    #expect(try library.object(galaxy).attributes["issue"] == .integer(1 << 40))
    #expect(try library.object(loan).attributes["due"] == .date(100))

    // Ordered one-to-many through the inverse's foreign key: 2048, 3072 …; a second call appends.
    try writer.addToMany(author, entity: "Author", relationship: "books", destinations: [earthsea, dispossessed])
    try writer.addToMany(author, entity: "Author", relationship: "books", destinations: [lathe])
    #expect(
        try library.store.relatedObjects(of: author, entity: "Author", relationship: "books", layout: library.layout) == [
            earthsea, dispossessed, lathe,
        ])
    #expect(
        try library.column("SELECT Z_FOK_AUTHOR FROM ZITEM WHERE ZAUTHOR = 1 ORDER BY Z_PK") == [
            .integer(3072), .integer(2048), .integer(4096),
        ])
    #expect(try library.object(lathe).toOne["author"] == .some(author))

    // One-to-one: both sides, and the previous partners let go.
    try writer.setToOne(dispossessed, entity: "Book", relationship: "cover", to: red)
    #expect(try library.object(red).toOne["book"] == .some(dispossessed))
    try writer.setToOne(earthsea, entity: "Book", relationship: "cover", to: red)
    #expect(try library.object(red).toOne["book"] == .some(earthsea))
    #expect(try library.object(dispossessed).toOne["cover"] == .some(nil), "the old owner of the red cover lets go")
    try writer.setToOne(blue, entity: "Cover", relationship: "book", to: earthsea)
    #expect(try library.object(earthsea).toOne["cover"] == .some(blue))
    #expect(try library.object(red).toOne["book"] == .some(nil), "the book's old cover lets go")
    try writer.setToOne(blue, entity: "Cover", relationship: "book", to: nil)
    #expect(try library.object(earthsea).toOne["cover"] == .some(nil), "clearing one side clears the other")

    // Ordered many-to-many through the join table, readable from both sides.
    try writer.addToMany(shelf, entity: "Shelf", relationship: "items", destinations: [galaxy, lathe])
    try writer.addToMany(dispossessed, entity: "Book", relationship: "shelves", destinations: [shelf])
    #expect(
        try library.store.relatedObjects(of: shelf, entity: "Shelf", relationship: "items", layout: library.layout) == [
            galaxy, lathe, dispossessed,
        ])
    #expect(try library.store.relatedObjects(of: lathe, entity: "Book", relationship: "shelves", layout: library.layout) == [shelf])
    #expect(
        try library.column("SELECT Z_FOK_3ITEMS FROM Z_3SHELVES ORDER BY Z_7SHELVES") == [.integer(4096), .integer(3072), .integer(2048)])

    // A to-one into a hierarchy records the destination's entity number beside its key.
    try writer.setToOne(loan, entity: "Loan", relationship: "item", to: galaxy)
    #expect(try library.object(loan).toOne["item"] == .some(galaxy))
    #expect(try library.column("SELECT Z3_ITEM FROM ZLOAN") == [.integer(5)])
    #expect(try library.store.relatedObjects(of: galaxy, entity: "Magazine", relationship: "loans", layout: library.layout) == [loan])

    // One save: new objects keep Z_OPT 1 however often they were related.
    #expect(try library.column("SELECT DISTINCT Z_OPT FROM ZITEM UNION SELECT DISTINCT Z_OPT FROM ZCOVER") == [.integer(1)])
    try writer.finish()
    #expect(try library.store.primaryKeyTable().map(\.max) == [1, 2, 4, 0, 0, 1, 1])
}

@Test func updatesBumpZOptOfExistingObjectsAndKeysNeverClash() throws {
    let library = try Library()
    defer { try? FileManager.default.removeItem(at: library.folder) }
    let first = try StoreWriter(store: library.store, layout: library.layout)
    let book = try first.insert(entity: "Book", attributes: ["title": .string("Old"), "pages": .integer(10)])
    let author = try first.insert(entity: "Author", attributes: ["name": .string("A")])
    // No finish(): Z_MAX stays 0, yet the next writer continues after the largest Z_PK.
    let second = try StoreWriter(store: library.store, layout: library.layout)
    let magazine = try second.insert(entity: "Magazine", attributes: ["title": .string("New")])
    #expect(magazine.primaryKey == 2)
    try second.update(book, entity: "Book", attributes: ["title": .string("Renamed")])
    let updated = try library.object(book)
    #expect(updated.attributes["title"] == .string("Renamed"))
    #expect(updated.attributes["pages"] == .integer(10), "attributes not named stay")
    #expect(updated.version == 2)
    try second.setToOne(book, entity: "Book", relationship: "author", to: author)
    #expect(try library.object(book).version == 3, "each change to an older object is a save")
    try second.update(magazine, entity: "Magazine", attributes: ["issue": .integer(7)])
    #expect(try library.object(magazine).version == 1, "an object this writer inserted is in the same save")
    #expect(throws: StoreFailure.self) {
        try second.update(ObjectID(entity: 4, primaryKey: 99), entity: "Book", attributes: ["title": .string("x")])
    }
    #expect(throws: StoreFailure.self) { try second.update(book, entity: "Book", attributes: ["issue": .integer(1)]) }
    #expect(throws: StoreFailure.self) { try second.insert(entity: "Loan", values: []) }
    try second.finish()
    #expect(try library.store.primaryKeyTable().first { $0.name == "Item" }?.max == 2)
}

/// `_PF_TigerHashCFString` as transcribed from the decompilation, pinned to the values a second,
/// independent transcription of the same code (a throwaway script, not kept) gave for the names whose
/// order keys share a table in the corpus; and the order Wire's `Message` gets from them.
@Test func theOrderKeysOfOneEntityFollowCoreDataPropertyDictionary() throws {
    #expect(PropertyDictionaryOrder.hash("favoriteFolder") == 11_979_466)
    #expect(PropertyDictionaryOrder.hash("parent") == 2_266_729_616)
    #expect(PropertyDictionaryOrder.hash("visibleInConversation") == 3_589_291_701)
    #expect(PropertyDictionaryOrder.hash("hiddenInConversation") == 1_214_707_250)
    // Name order would give Z_FOK_HIDDENINCONVERSATION first; Apple's 40 stores have it second.
    let bundle = try ModelBundle.load(
        path: Paths.models.appendingPathComponent("wire-ios-data-model/Resources/zmessaging.xcdatamodeld").path)
    let version = try #require(bundle.version(named: "zmessaging2.21.1"))
    let message = try #require(StoreLayout(model: version.model).table(for: "Message"))
    #expect(message.columns.map(\.name).filter { $0.hasPrefix("Z_FOK_") } == ["Z_FOK_VISIBLEINCONVERSATION", "Z_FOK_HIDDENINCONVERSATION"])
}
