import Foundation
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore

/// An Apple-written store in `../shared/fixtures` with the model version that wrote it.
package struct StoreFixture: Sendable, CustomStringConvertible {
    package let store: URL
    package let model: URL

    package init(store: URL, model: URL) {
        self.store = store
        self.model = model
    }

    package var description: String { store.lastPathComponent }

    /// Every `.sqlite` row of apple-values.json, except the model known not to describe its store.
    package static let all: [StoreFixture] = AppleValues.all.filter { $0.artifact.hasSuffix(".sqlite") && !$0.isExpectedMismatch }.map {
        let caseFolder = Paths.fixtures.appendingPathComponent($0.case)
        return StoreFixture(store: caseFolder.appendingPathComponent($0.artifact), model: Paths.fixtures.appendingPathComponent($0.model))
    }

    /// A copy of the store (with its -wal and -shm) in a fresh temporary folder.
    package func copy() throws -> (folder: URL, store: URL) {
        let folder = try Paths.temporaryDirectory()
        for suffix in ["", "-wal", "-shm"] {
            let source = URL(fileURLWithPath: store.path + suffix)
            if FileManager.default.fileExists(atPath: source.path) {
                try FileManager.default.copyItem(at: source, to: folder.appendingPathComponent(store.lastPathComponent + suffix))
            }
        }
        return (folder, folder.appendingPathComponent(store.lastPathComponent))
    }
}

/// The schema of a store as comparable text: tables with columns, indexes, Z_PRIMARYKEY rows.
/// Persistent-history tables (A…, entities 16001+) and derived-attribute triggers are left out:
/// Core Data adds them only when the app turns those features on.
package func schemaSummary(_ store: PersistentStore) throws -> [String] {
    var lines: [String] = []
    for row in try store.database.rows(
        "SELECT type, name, sql FROM sqlite_master WHERE type IN ('table', 'index') AND sql IS NOT NULL ORDER BY type DESC, name")
    {
        guard case .text(let name) = row[1], case .text(let sql) = row[2], !name.hasPrefix("A"), !name.hasPrefix("Z_TRANSACTION") else {
            continue
        }
        lines.append(sql.replacingOccurrences(of: "  ", with: " "))
    }
    for entry in try store.primaryKeyTable() where entry.entity < 16000 {
        lines.append("Z_PRIMARYKEY \(entry.entity) \(entry.name) super \(entry.superEntity)")
    }
    return lines
}
