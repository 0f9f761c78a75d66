import Foundation
@_spi(CLI) import ModelDiffKit
import ModelDiffTestSupport
import Testing

@_spi(CLI) @testable import ModelDiffStore

/// `StoreWriter.BulkInsert` writes its rows many per statement: every row queued goes in, under the
/// keys it was given, with its own values and the values set for every row, a short last batch
/// included; and the writer's keys go on after them.
@Test(arguments: [true, false])
func bulkInsertWritesEveryQueuedRowUnderItsKey(batched: Bool) throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let model = try ModelFile.load(path: Paths.testModels.appendingPathComponent("Store/Library.xml").path).model
    let layout = StoreLayout(model: model)
    let store = try PersistentStore.create(path: folder.appendingPathComponent("Library.sqlite").path, model: model)
    let writer = try StoreWriter(store: store, layout: layout)
    // Magazine keeps its rows in Item's table, with Book's: one key counter for both.
    let first = try writer.insert(entity: "Book", attributes: ["title": .string("first")])
    let insert = try StoreWriter.BulkInsert(writer: writer, entity: "Magazine", batched: batched)
    let title = try #require(insert.index(of: "title"))
    let issue = try #require(insert.index(of: "issue"))
    try insert.setEveryRow(.text("shared"), attribute: try #require(insert.index(of: "homepage")))
    // Two full statements and a short one; rows set only some of their values.
    let count = 2 * StoreWriter.BulkInsert.rowsPerStatement + 6
    var ids: [ObjectID] = []
    for row in 0..<count {
        try insert.set(.text("magazine \(row)"), attribute: title)
        try insert.set(row % 3 == 0 ? .null : .integer(Int64(row)), attribute: issue)
        ids.append(try insert.insert())
    }
    try insert.flush()
    insert.finish()
    let last = try writer.insert(entity: "Book", attributes: ["title": .string("last")])
    try writer.finish()

    let number = Int64(try #require(layout.entityNumbers["Magazine"]))
    #expect(ids.map(\.primaryKey) == Array(first.primaryKey + 1...first.primaryKey + Int64(count)))
    #expect(last.primaryKey == first.primaryKey + Int64(count) + 1)
    let rows = try store.database.rows(
        "SELECT Z_PK, Z_ENT, Z_OPT, ZTITLE, ZISSUE, ZHOMEPAGE FROM ZITEM WHERE Z_ENT = ? ORDER BY Z_PK", [.integer(number)])
    #expect(rows.count == count)
    for (row, values) in rows.enumerated() {
        let expected: [SQLiteValue] = [
            .integer(ids[row].primaryKey), .integer(number), .integer(1), .text("magazine \(row)"),
            row % 3 == 0 ? .null : .integer(Int64(row)), .text("shared"),
        ]
        #expect(values == expected, "row \(row)")
    }
    #expect(try store.database.rows("SELECT COUNT(*) FROM ZITEM").first?.first == .integer(Int64(count + 2)))
}
