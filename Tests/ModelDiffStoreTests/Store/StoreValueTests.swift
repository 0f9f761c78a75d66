import Foundation
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore
import ModelDiffTestSupport
import Testing

/// Every Apple-written store, including the one whose model XML lost `minCount`/`optional` in
/// Xcode's conversion: those flags change the hashes, not the tables, so it is read all the same.
let everyAppleStore: [StoreFixture] = AppleValues.all.filter { $0.artifact.hasSuffix(".sqlite") }.map {
    StoreFixture(
        store: Paths.fixtures.appendingPathComponent($0.case).appendingPathComponent($0.artifact),
        model: Paths.fixtures.appendingPathComponent($0.model))
}

@Test func everyAppleStoreIsListed() {
    #expect(everyAppleStore.count == 24)
}

/// Reads every object of every entity through `forEachObject` and compares each attribute and
/// to-one with the raw row that `SELECT *` returns, decoded here by the column's declared meaning.
@Test(arguments: everyAppleStore)
func everyValueMatchesTheRawRow(_ fixture: StoreFixture) throws {
    let (folder, copy) = try fixture.copy()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = try PersistentStore.open(path: copy.path)
    let model = try ModelFile.load(path: fixture.model.path).model
    let layout = StoreLayout(model: model)
    var checkedValues = 0
    for table in layout.tables {
        let names = try store.database.rows("SELECT name FROM pragma_table_info('\(table.name)') ORDER BY cid").map { $0[0].text ?? "" }
        var raw: [Int64: [String: SQLiteValue]] = [:]
        for row in try store.database.rows("SELECT * FROM \(table.name)") {
            raw[row[0].integer ?? -1] = Dictionary(uniqueKeysWithValues: zip(names, row))
        }
        var seen: Set<Int64> = []
        for entity in table.entities {
            let declared = try #require(model.entity(named: entity))
            try store.forEachObject(of: entity, layout: layout, includingSubentities: false) { object in
                seen.insert(object.id.primaryKey)
                let row = try #require(raw[object.id.primaryKey], "\(entity) \(object.id)")
                #expect(row["Z_ENT"]?.integer == Int64(object.id.entity))
                #expect(row["Z_OPT"]?.integer == object.version)
                for attribute in model.allAttributes(of: declared) where !attribute.isTransient {
                    let column = try #require(row["Z" + attribute.name.uppercased()], "column of \(entity).\(attribute.name)")
                    #expect(
                        object.attributes[attribute.name] == expectedValue(column, attribute.type),
                        "\(entity).\(attribute.name) of \(object.id)")
                    checkedValues += 1
                }
                for relationship in model.allRelationships(of: declared) where !relationship.isToMany && !relationship.isTransient {
                    let key = try #require(row["Z" + relationship.name.uppercased()], "column of \(entity).\(relationship.name)")
                    let actual = try #require(object.toOne[relationship.name], "\(entity).\(relationship.name) is read")
                    #expect(actual?.primaryKey == key.integer, "\(entity).\(relationship.name) of \(object.id)")
                    if let actual, let destination = relationship.destinationEntity {
                        // The destination's entity number: from `Z<n>_NAME` when the destination has
                        // sub-entities, else the destination entity's own number.
                        let extra = row.first {
                            $0.key.hasSuffix("_" + relationship.name.uppercased()) && $0.key.first == "Z"
                                && $0.key.dropFirst().first?.isNumber == true
                        }
                        #expect(Int64(actual.entity) == (extra?.value.integer ?? Int64(layout.entityNumbers[destination] ?? -1)))
                    }
                }
            }
        }
        // Rows whose Z_ENT is not a model entity (none in the fixtures) would be missed; say so.
        #expect(seen == Set(raw.keys), "\(table.name): every row is read exactly once")
    }
    #expect(checkedValues > 0)
}

/// What an attribute of `type` holds, decoded from SQLite's raw value independently of `StoreValue`.
private func expectedValue(_ raw: SQLiteValue, _ type: AttributeType) -> StoreValue {
    switch (type, raw) {
    case (_, .null): return .null
    case (.boolean, .integer(let n)): return .bool(n != 0)
    case (.integer16, .integer(let n)), (.integer32, .integer(let n)), (.integer64, .integer(let n)): return .integer(n)
    case (.double, .real(let d)), (.float, .real(let d)): return .double(d)
    case (.double, .integer(let n)), (.float, .integer(let n)): return .double(Double(n))
    case (.decimal, .real(let d)): return .decimal("\(d)")
    case (.decimal, .integer(let n)): return .decimal("\(n)")
    case (.decimal, .text(let t)): return .decimal(t)
    case (.date, .real(let d)): return .date(d)
    case (.date, .integer(let n)): return .date(Double(n))
    case (.string, .text(let t)): return .string(t)
    case (.uri, .text(let t)): return .uri(t)
    case (.uuid, .blob(let b)) where b.count == 16: return .uuid(UUID(uuidString: hexUUID(b))!)
    case (_, .blob(let b)): return .data(b)
    default:
        Issue.record("unexpected storage \(raw) for \(type)")
        return .null
    }
}

/// `8-4-4-4-12` hex text of 16 bytes.
private func hexUUID(_ bytes: [UInt8]) -> String {
    let hex = bytes.map { String(format: "%02X", $0) }.joined()
    let parts = [hex.prefix(8), hex.dropFirst(8).prefix(4), hex.dropFirst(12).prefix(4), hex.dropFirst(16).prefix(4), hex.dropFirst(20)]
    return parts.joined(separator: "-")
}

extension SQLiteValue {
    /// The value if it is an integer.
    var integer: Int64? { if case .integer(let n) = self { n } else { nil } }
    /// The value if it is text.
    var text: String? { if case .text(let t) = self { t } else { nil } }
}
