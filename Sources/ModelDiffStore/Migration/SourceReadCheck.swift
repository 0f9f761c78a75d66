@_spi(CLI) import ModelDiffKit

/// What a source store must be for either path to read it as its model describes it, checked before
/// `SourceSoundness` and before either path runs, so that both refuse the same store with the same line:
///
/// - every table and column the source version's layout needs (a store whose metadata and tables
///   disagree would otherwise fail on SQLite's `no such column`, naming neither the store nor the table);
/// - no attribute value its type cannot hold (`StoredValueCheck`): the three-stage path would refuse it
///   object by object while the SQL fast path would copy it as it stands.
///
/// Each entity table is read once (`TableScan`) for the values and for the stray `Z_ENT`s soundness
/// looks for: `StoredValueCheck` scans again only a table where that pass counts a row.
enum SourceReadCheck {
    /// Throws NSMigrationManagerSourceStoreError, worded as `store verify` words each problem; else
    /// returns each entity table's `TableScan`, by table name, for `SourceSoundness` and `Conservation`.
    /// `nulls`: the columns of each table whose NULLs the pass counts as well (`SQLFastPath.requiredSources`).
    static func check(_ store: PersistentStore, layout: StoreLayout, nulls: [String: [String]] = [:]) throws -> [String: TableScan] {
        var problems = try StoreSchemaCheck.missing(in: store, layout: layout)
        var scans: [String: TableScan] = [:]
        if problems.isEmpty {
            for table in layout.tables { scans[table.name] = try store.scan(table, layout: layout, nulls: nulls[table.name] ?? []) }
            problems = try StoredValueCheck.mistyped(in: store, layout: layout, clean: Set(scans.filter { $0.value.flagged == 0 }.keys))
        }
        guard problems.isEmpty else {
            throw MigrationError(
                .sourceStore, "the source store is not sound: \(problems.joined(separator: "; ")) (see `modeldiff store verify`)")
        }
        return scans
    }
}
