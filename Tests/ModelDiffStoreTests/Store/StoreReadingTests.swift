import Foundation
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore
import ModelDiffTestSupport
import Testing

@Test(arguments: StoreFixture.all)
func everyObjectOfEveryEntityIsRead(_ fixture: StoreFixture) throws {
    let (folder, copy) = try fixture.copy()
    defer { try? FileManager.default.removeItem(at: folder) }
    let before = try storeFiles(copy)
    do {
        let store = try PersistentStore.open(path: copy.path)
        let model = try ModelFile.load(path: fixture.model.path).model
        let layout = StoreLayout(model: model)
        let counts = Dictionary(try store.rowCounts().map { ($0.entity, $0.count) }, uniquingKeysWith: { a, _ in a })
        for entity in layout.orderedEntities {
            var read = 0
            var lastKey: Int64 = 0
            try store.forEachObject(of: entity, layout: layout, includingSubentities: false) { object in
                read += 1
                #expect(object.id.primaryKey > lastKey, "primary-key order")
                lastKey = object.id.primaryKey
                #expect(object.entity == entity)
                let attributes = model.allAttributes(of: model.entity(named: entity)!).filter { !$0.isTransient }
                #expect(Set(object.attributes.keys) == Set(attributes.map(\.name)))
            }
            // Renamed entities keep their old Z_PRIMARYKEY name (see StoreLayoutTests); count by number then.
            let byNumber = try store.database.rows(
                "SELECT COUNT(*) FROM \(layout.table(for: entity)!.name) WHERE Z_ENT = \(layout.entityNumbers[entity]!)")
            let expected = counts[entity] ?? byNumber.first.map { if case .integer(let n) = $0[0] { Int(n) } else { 0 } } ?? 0
            #expect(read == expected, "\(entity)")
        }
    }
    #expect(try storeFiles(copy) == before, "reading leaves the store's files byte-identical")
}

@Test func valuesAreTypedAsTheModelSays() throws {
    let fixture = try #require(StoreFixture.all.first { $0.store.lastPathComponent == "SampleModel2_V1.sqlite" })
    let (folder, copy) = try fixture.copy()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = try PersistentStore.open(path: copy.path)
    let layout = StoreLayout(model: try ModelFile.load(path: fixture.model.path).model)
    var books: [StoredObject] = []
    try store.forEachObject(of: "Book", layout: layout) { books.append($0) }
    let raw = try store.database.rows("SELECT Z_PK, ZTITLE, ZPUBLISHEDAT, ZUNIQUEID, ZAUTHOR FROM ZBOOK ORDER BY Z_PK")
    #expect(books.count == raw.count)
    for (object, row) in zip(books, raw) {
        #expect(object.id.primaryKey == { if case .integer(let n) = row[0] { n } else { -1 } }())
        if case .text(let title) = row[1] { #expect(object.attributes["title"] == .string(title)) }
        if case .real(let date) = row[2] { #expect(object.attributes["publishedAt"] == .date(date)) }
        if case .blob(let bytes) = row[3] {
            guard case .uuid(let uuid)? = object.attributes["uniqueID"] else {
                Issue.record("uniqueID is not a UUID")
                continue
            }
            #expect(withUnsafeBytes(of: uuid.uuid) { Array($0) } == bytes)
        }
        if case .integer(let author) = row[4] { #expect(object.toOne["author"]??.primaryKey == author) }
    }
    // A to-many read through the inverse's foreign key: every page of the first book points back to it.
    let first = try #require(books.first)
    let pages = try store.relatedObjects(of: first.id, entity: "Book", relationship: "pages", layout: layout)
    let count = try store.database.rows("SELECT COUNT(*) FROM ZPAGE WHERE ZBOOK = ?", [.integer(first.id.primaryKey)])
    #expect(pages.count == { if case .integer(let n) = count[0][0] { Int(n) } else { -1 } }())
}

@Test func orderedManyToManyIsReadThroughTheJoinTableInOrder() throws {
    let fixture = try #require(StoreFixture.all.first { $0.store.lastPathComponent == "Bookmarks_V5.sqlite" })
    let (folder, copy) = try fixture.copy()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = try PersistentStore.open(path: copy.path)
    let layout = StoreLayout(model: try ModelFile.load(path: fixture.model.path).model)
    let root = try #require(try store.database.rows("SELECT Z_PK FROM ZBOOKMARKENTITY WHERE ZUUID = 'favorites_root'").first)
    guard case .integer(let pk) = root[0] else {
        Issue.record("no favorites root")
        return
    }
    let favorites = try store.relatedObjects(
        of: ObjectID(entity: 1, primaryKey: pk), entity: "BookmarkEntity", relationship: "favorites", layout: layout)
    let expected = try store.database.rows(
        "SELECT Z_1FAVORITES FROM Z_1FAVORITES WHERE Z_1FAVORITEFOLDERS = ? ORDER BY Z_FOK_1FAVORITES", [.integer(pk)])
    #expect(favorites.map(\.primaryKey) == expected.map { if case .integer(let n) = $0[0] { n } else { -1 } })
    #expect(!favorites.isEmpty)
}

@Test(arguments: everyAppleStore)
func rowsStreamTheSameValuesAsObjects(_ fixture: StoreFixture) throws {
    let (folder, copy) = try fixture.copy()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = try PersistentStore.open(path: copy.path)
    let model = try ModelFile.load(path: fixture.model.path).model
    let layout = StoreLayout(model: model)
    for root in layout.tables.map(\.rootEntity) {
        let entity = try #require(model.entity(named: root))
        let attributes = model.allAttributes(of: entity).filter { !$0.isTransient }.map(\.name)
        let toOnes = model.allRelationships(of: entity).filter { !$0.isToMany && !$0.isTransient }.map(\.name)
        var objects: [StoredObject] = []
        try store.forEachObject(of: root, layout: layout) { objects.append($0) }
        var rows: [ObjectRow] = []
        try store.forEachRow(of: root, layout: layout, attributes: attributes.reversed(), toOne: toOnes) { rows.append($0) }
        #expect(rows.map(\.id) == objects.map(\.id), "\(root): sub-entities included, in primary-key order")
        for (row, object) in zip(rows, objects) {
            #expect(row.values == attributes.reversed().map { object.attributes[$0] ?? .null })
            #expect(row.toOne == toOnes.map { object.toOne[$0] ?? nil })
            #expect(row.version == object.version)
        }
    }
    let first = try #require(layout.tables.first)
    #expect(throws: StoreFailure.self) {
        try store.forEachRow(of: first.rootEntity, layout: layout, attributes: ["noSuchAttribute"]) { _ in }
    }
}

/// A store whose latest writes live only in its -wal (the writer is still open, as when an app is
/// running): reading a copy of both files sees them; the main file alone does not.
@Test func writesStillInTheWALAreRead() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let model = try ModelFile.load(path: Paths.testModels.appendingPathComponent("Store/Library.xml").path).model
    let layout = StoreLayout(model: model)
    let live = folder.appendingPathComponent("live.sqlite").path
    do {
        let store = try PersistentStore.create(path: live, model: model)
        try store.database.execute("PRAGMA journal_mode = WAL")
        try store.database.execute("PRAGMA wal_autocheckpoint = 0")
        let writer = try StoreWriter(store: store, layout: layout)
        try store.database.execute("BEGIN")
        for index in 0..<50 { _ = try writer.insert(entity: "Shelf", attributes: ["label": .string("shelf \(index)")]) }
        try writer.finish()
        try store.database.execute("COMMIT")
        // Copy while the writer is open, so nothing has been checkpointed into the main file.
        for (source, target) in [("", "copy.sqlite"), ("-wal", "copy.sqlite-wal"), ("", "alone.sqlite")] {
            try FileManager.default.copyItem(atPath: live + source, toPath: folder.appendingPathComponent(target).path)
        }
    }
    let copy = folder.appendingPathComponent("copy.sqlite")
    let before = try storeFiles(copy)
    #expect((before["-wal"] ?? nil).map(\.count) ?? 0 > 0)
    var labels: [StoreValue] = []
    do {
        let store = try PersistentStore.open(path: copy.path)
        try store.forEachRow(of: "Shelf", layout: layout, attributes: ["label"]) { labels.append($0.values[0]) }
        #expect(try store.primaryKeyTable().first { $0.name == "Shelf" }?.max == 50)
    }
    #expect(labels.count == 50)
    #expect(labels.last == .string("shelf 49"))
    #expect(try storeFiles(copy) == before, "the -wal is read, not checkpointed or truncated")
    let alone = try PersistentStore.open(path: folder.appendingPathComponent("alone.sqlite").path)
    var count = 0
    try alone.forEachObject(of: "Shelf", layout: layout) { _ in count += 1 }
    #expect(count == 0, "the main file alone has none of them: the -wal matters")
}
