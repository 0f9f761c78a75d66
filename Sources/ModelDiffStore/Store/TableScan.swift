@_spi(CLI) import ModelDiffKit

/// One pass over an entity table of a store: its rows, and how many of them need a closer look, a
/// `Z_ENT` that is not an entity of the table's hierarchy (`SourceSoundness`) or a value an attribute's
/// type cannot hold (`StoredValueCheck`). Both checks read every row, and the second every value: one
/// statement answers both, and the queries that word each problem run only on a table where it counts
/// a row. A table of one entity where it counts none holds that entity's objects only, one per row. A
/// migration may ask it to count NULLs in some columns too (`SQLFastPath.requiredSources`): where it counts
/// none, those columns hold no NULL.
struct TableScan: Sendable, Hashable {
    /// Every row of the table.
    let rows: Int
    /// The rows whose `Z_ENT` is not an entity of the table (for a table of one entity: any other
    /// value, NULL included), that hold a value an attribute column cannot hold, or a NULL in a column asked.
    let flagged: Int
}

extension PersistentStore {
    /// `table` of `layout` read once (`TableScan`): `SELECT COUNT(*), COUNT(CASE WHEN … THEN 1 END)`, whose
    /// condition is the one `strayEntityNumbers` or `strayRowCount` filters by, or `StoredValueCheck`'s of a column,
    /// or a NULL in one of `nulls` (columns a migration copies unchanged into a required attribute's column).
    func scan(_ table: StoreLayout.Table, layout: StoreLayout, nulls: [String] = []) throws(StoreFailure) -> TableScan {
        let numbers = table.entities.compactMap { layout.entityNumbers[$0] }
        let only = table.entities.count == 1 ? numbers.first : nil
        let conditions =
            [SQLFragment.strayEntity(only: only, entities: numbers)] + (StoredValueCheck.anyRefused(in: table).map { [$0] } ?? [])
            + nulls.map { SQLFragment.isNull(.column($0)) }
        let condition = SQL.joined(conditions, separator: .or)
        let counts = SQLFragment.countAndCount(where: condition)
        let row =
            try database.rows("SELECT \(SQL.joined([counts], separator: .comma).text) FROM \(SQL.quote(table.name))", counts.arguments)
            .first ?? []
        return TableScan(rows: row.first?.int ?? 0, flagged: row.count > 1 ? row[1].int : 0)
    }
}
