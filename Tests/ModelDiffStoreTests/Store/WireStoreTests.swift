import Foundation
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore
import ModelDiffTestSupport
import Testing

@Test func wireHasEightyTwoStoresAndItsBundleLoads() throws {
    #expect(Wire.stores.count == 82)
    let bundle = try #require(Wire.bundle)
    #expect(bundle.versions.count == 90)
    #expect(bundle.currentVersionName == "zmessaging2.101.0")
}

/// Every store: its version found by hashes, `store verify` sound with it, every object of every
/// entity read, and every attribute value equal to its raw row decoded by the column's own type.
@Test(.tags(.slow), .notInFastTier) func everyWireStoreNamesItsVersionVerifiesAndReadsBack() throws {
    var matched = 0
    for url in Wire.stores {
        let name = url.lastPathComponent
        let store = try PersistentStore.open(path: url.path)
        guard let version = Wire.version(of: store) else {
            #expect(Wire.unmatched[name] != nil, "\(name) matches no version")
            continue
        }
        matched += 1
        #expect(Wire.unmatched[name] == nil, "\(name) matches \(version.name)")
        let verification = try StoreVerification(store: store, model: version.model)
        #expect(verification.problems == (Wire.unsound[name] ?? []), "\(name)")

        let layout = try store.layout(for: version.model)
        for table in layout.tables {
            // The raw rows of the whole table, by primary key.
            let raw = Dictionary(
                uniqueKeysWithValues: try store.database.rows(
                    "SELECT \(table.columns.map(\.name).joined(separator: ", ")) FROM \(table.name)"
                ).map { row in
                    guard case .integer(let key) = row[0] else { return (Int64(-1), row) }
                    return (key, row)
                })
            var read = 0
            var mismatches: [String] = []
            for entity in table.entities {
                try store.forEachObject(of: entity, layout: layout, includingSubentities: false) { object in
                    read += 1
                    guard let row = raw[object.id.primaryKey] else { return mismatches.append("\(entity) \(object.id) has no row") }
                    // Each attribute of the entity (inherited ones included) from its own column.
                    for (index, column) in table.columns.enumerated() {
                        guard case .attribute(_, let attribute, let type) = column.kind,
                            layout.column(entity: entity, property: attribute) == column
                        else { continue }
                        if object.attributes[attribute] != StoreValue(row[index], type: type) {
                            mismatches.append("\(entity) \(object.id.primaryKey).\(attribute)")
                        }
                    }
                }
            }
            #expect(mismatches.prefix(5) == [], "\(name): \(mismatches.count) values differ from their rows")
            #expect(read == raw.count, "\(name): every row of \(table.name) is an object of its hierarchy")
        }
    }
    #expect(matched == Wire.stores.count - Wire.unmatched.count)
}
