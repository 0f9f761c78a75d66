@_spi(CLI) import ModelDiffKit

/// Attribute values whose SQLite storage class the attribute's type cannot hold: `'not a date'` in a
/// Date column, text in an Integer column, a blob in a String column.
///
/// The rule is what a migration can carry: a value is refused when the three-stage path's conversion
/// (`StoreValue` read as the attribute's type, then stored as that type) refuses it, so the SQL fast
/// path, which copies columns inside SQLite, refuses the same values, and `store verify` reports them.
/// Classes SQLite's affinity produces from a sound value are accepted: an integer in a Date (TIMESTAMP,
/// NUMERIC affinity) or Decimal column, a real in an Integer column (INTEGER affinity keeps 1.5 as a
/// real), text in a Decimal column. The 108 stores in ../shared (Wire's 82, the fixtures, Xcode Server)
/// hold integers, reals and nulls in INTEGER, FLOAT, DECIMAL and TIMESTAMP columns (244 whole-number
/// dates, in 80 of Wire's stores and Xcode Server's), text and nulls in VARCHAR columns, blobs and
/// nulls in BLOB columns: none is refused.
package enum StoredValueCheck {
    /// The problems of `store`, laid out by `layout`, one per attribute whose column holds such values
    /// (`Post.createdAt: 1 rows hold a value a Date attribute cannot hold (the first: Z_PK 3, text "not a date")`).
    /// One scan per table counts every column; a column with a count is queried once more for its first row.
    /// `clean` names tables a `TableScan` found no such value in: they are not scanned again.
    package static func mistyped(
        in store: PersistentStore, layout: StoreLayout, clean: Set<String> = []
    ) throws(StoreFailure) -> [String] {
        var problems: [String] = []
        for table in layout.tables where !clean.contains(table.name) {
            let checked = checkedColumns(of: table)
            guard !checked.isEmpty else { continue }
            let counts =
                try store.database.rows(
                    "SELECT \(SQL.joined(checked.map { SQLFragment.sum($0.refused) }, separator: .comma).text) FROM \(SQL.quote(table.name))"
                ).first ?? []
            for (index, attribute) in checked.enumerated() where index < counts.count && counts[index].int > 0 {
                let first = try store.database.rows(
                    """
                    SELECT Z_PK, typeof(\(SQL.quote(attribute.column))),
                        CASE typeof(\(SQL.quote(attribute.column))) WHEN 'blob' THEN length(\(SQL.quote(attribute.column)))
                        WHEN 'text' THEN substr(\(SQL.quote(attribute.column)), 1, 41) ELSE \(SQL.quote(attribute.column)) END
                    FROM \(SQL.quote(table.name)) WHERE \(SQL.joined([attribute.refused], separator: .and).text) ORDER BY Z_PK LIMIT 1
                    """
                ).first
                let found =
                    first.map { ", the first: Z_PK \($0[0].int), \(describe(storageClass: $0[1].string ?? "?", value: $0[2]))" } ?? ""
                let kind = attribute.type.xcodeName
                problems.append(
                    "\(attribute.label): \(counts[index].int) rows hold a value a \(kind) attribute cannot hold (in \(table.name)\(found))")
            }
        }
        return problems
    }

    /// The attribute columns of `table` whose values are checked, each with the condition true for a value
    /// its type cannot hold.
    private static func checkedColumns(
        of table: StoreLayout.Table
    ) -> [(column: String, label: String, type: AttributeType, refused: SQLFragment)] {
        table.columns.compactMap { column in
            guard case .attribute(let owner, let name, let type) = column.kind,
                let refused = SQLFragment.refusedValue(of: column.name, type: type)
            else { return nil }
            return (column.name, "\(owner).\(name)", type, refused)
        }
    }

    /// The condition true for a row of `table` holding a value one of its attribute columns cannot hold,
    /// nil when no column is checked: what `TableScan` counts in the same pass as the stray `Z_ENT`s.
    static func anyRefused(in table: StoreLayout.Table) -> SQLFragment? {
        let conditions = checkedColumns(of: table).map(\.refused)
        return conditions.isEmpty ? nil : SQL.joined(conditions, separator: .or)
    }

    /// `text "not a date"` (cut at 40 characters), `a blob of 16 bytes`, `integer 5`, `real 1e+300`.
    private static func describe(storageClass: String, value: SQLiteValue) -> String {
        switch (storageClass, value) {
        case ("blob", .integer(let length)): return "a blob of \(length) bytes"
        case ("text", .text(let text)): return "text \"\(text.count > 40 ? String(text.prefix(40)) + "…" : text)\""
        case (_, .integer(let n)): return "integer \(n)"
        case (_, .real(let d)): return "real \(d)"
        default: return storageClass
        }
    }
}
