import Foundation
import Testing
import ModelDiffKit

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
            let byNumber = try store.database.rows("SELECT COUNT(*) FROM \(layout.table(for: entity)!.name) WHERE Z_ENT = \(layout.entityNumbers[entity]!)")
            let expected = counts[entity] ?? byNumber.first.map { if case .integer(let n) = $0[0] { Int(n) } else { 0 } } ?? 0
            #expect(read == expected, "\(entity)")
        }
    }
    #expect(try storeFiles(copy) == before, "reading leaves the store's files byte-identical")
}

/// The bytes of a store and its -wal and -shm (nil when absent).
func storeFiles(_ store: URL) throws -> [String: Data?] {
    var files: [String: Data?] = [:]
    for suffix in ["", "-wal", "-shm", "-journal"] {
        files[suffix] = FileManager.default.contents(atPath: store.path + suffix)
    }
    return files
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
            guard case .uuid(let uuid)? = object.attributes["uniqueID"] else { Issue.record("uniqueID is not a UUID"); continue }
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
    guard case .integer(let pk) = root[0] else { Issue.record("no favorites root"); return }
    let favorites = try store.relatedObjects(of: ObjectID(entity: 1, primaryKey: pk), entity: "BookmarkEntity", relationship: "favorites", layout: layout)
    let expected = try store.database.rows("SELECT Z_1FAVORITES FROM Z_1FAVORITES WHERE Z_1FAVORITEFOLDERS = ? ORDER BY Z_FOK_1FAVORITES", [.integer(pk)])
    #expect(favorites.map(\.primaryKey) == expected.map { if case .integer(let n) = $0[0] { n } else { -1 } })
    #expect(!favorites.isEmpty)
}
