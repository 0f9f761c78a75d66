import Foundation
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore
import Testing

/// The layout of a store created for the current version (what every migration must produce).
package let wireCurrentLayout: [String] = {
    guard let model = Wire.bundle?.current.model, let folder = try? Paths.temporaryDirectory() else { return [] }
    defer { try? FileManager.default.removeItem(at: folder) }
    guard let store = try? PersistentStore.create(path: folder.appendingPathComponent("current.sqlite").path, model: model) else {
        return []
    }
    return (try? schemaSummary(store)) ?? []
}()

/// Every object of every entity as sorted "key=value" text (attributes and to-one presence), by entity.
package func storeContents(_ store: PersistentStore, layout: StoreLayout) throws -> [String: [String]] {
    var contents: [String: [String]] = [:]
    for entity in layout.orderedEntities {
        var rows: [String] = []
        try store.forEachObject(of: entity, layout: layout, includingSubentities: false) { rows.append(objectText($0)) }
        contents[entity] = rows.sorted()
    }
    return contents
}

/// One object as "key=value" text: its attributes and which to-ones it holds (not their keys, which
/// the two paths may number differently).
package func objectText(_ object: StoredObject) -> String {
    object.attributes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "|")
        + " to-ones " + object.toOne.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value != nil)" }.joined(separator: ",")
}
/// Every join table's rows, by table, each as "owner → destination" with both objects as
/// `objectText` and, for each ordered side, the destination's rank in its owner's list.
///
/// Objects are named by their contents because the paths number them differently (the fast path
/// keeps the source's keys, the three-stage path numbers new objects mapping by mapping). Orders are
/// compared as ranks, not keys: the fast path copies the source's keys as they are (Core Data's
/// keys have gaps where objects were removed or inserted: 2048, 3072, 5120 in `store2-99-0`), while
/// the three-stage path, like Core Data's stage 3 setting each ordered set on new objects, hands out
/// fresh keys 2048, 3072, 4096 …; Core Data reads a list by its keys' order only.
package func joinTableContents(_ store: PersistentStore, layout: StoreLayout) throws -> [String: [String]] {
    let tables = Set(
        layout.joinTables.flatMap { [$0.relationship.entity, $0.inverse.entity] }.compactMap { layout.table(for: $0)?.name })
    var names: [String: [Int64: String]] = [:]
    for entity in layout.orderedEntities {
        guard let table = layout.table(for: entity)?.name, tables.contains(table) else { continue }
        try store.forEachObject(of: entity, layout: layout, includingSubentities: false) { object in
            names[table, default: [:]][object.id.primaryKey] = "\(entity)(\(objectText(object)))"
        }
    }
    var contents: [String: [String]] = [:]
    for join in layout.joinTables {
        let owners = names[layout.table(for: join.relationship.entity)?.name ?? ""] ?? [:]
        let destinations = names[layout.table(for: join.inverse.entity)?.name ?? ""] ?? [:]
        let columns = [join.sourceColumn, join.destinationColumn] + join.orderColumns.map(\.column)
        let rows = try store.database.rows("SELECT \(columns.map { "\"\($0)\"" }.joined(separator: ", ")) FROM \"\(join.name)\"")
        func key(_ value: SQLiteValue) -> Int64 { if case .integer(let key) = value { key } else { -1 } }
        let pairs = rows.map { "\(owners[key($0[0])] ?? "missing \($0[0])") → \(destinations[key($0[1])] ?? "missing \($0[1])")" }
        var texts = pairs
        for (offset, order) in join.orderColumns.enumerated() {
            // The column orders `order.relationship`'s lists: their owners are the objects of its side.
            let owner = order.relationship == join.relationship.name ? 0 : 1
            let lists = Dictionary(grouping: rows.indices) { key(rows[$0][owner]) }
            for list in lists.values {
                let ranked = list.sorted { (key(rows[$0][2 + offset]), pairs[$0]) < (key(rows[$1][2 + offset]), pairs[$1]) }
                for (rank, index) in ranked.enumerated() { texts[index] += " \(order.column)#\(rank + 1)" }
            }
        }
        contents[join.name] = texts.sorted()
    }
    return contents
}
/// The bytes of a store and its -wal and -shm (nil when absent).
package func storeFiles(_ store: URL) throws -> [String: Data?] {
    var files: [String: Data?] = [:]
    for suffix in ["", "-wal", "-shm", "-journal"] {
        files[suffix] = FileManager.default.contents(atPath: store.path + suffix)
    }
    return files
}
