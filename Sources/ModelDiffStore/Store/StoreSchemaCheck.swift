@_spi(CLI) import ModelDiffKit

/// Whether a store has the tables and columns its entities need, before anything reads them.
///
/// `rowCounts()` skips a table that is not there and SQLite reports a missing column only when a
/// query names it, so without this a store missing `ZPOST` read as "Post: 0 rows" and passed
/// `store verify`. A store written by Core Data always has every table and column of its model.
@_spi(CLI) public enum StoreSchemaCheck {
    /// The tables of entities listed in `Z_PRIMARYKEY` that the file does not have, as messages.
    @_spi(CLI) public static func missingTables(in store: PersistentStore) throws(StoreFailure) -> [String] {
        let tables = try tableNames(in: store)
        return try store.primaryKeyTable().filter { $0.superEntity == 0 }.compactMap { entity in
            let table = tableName(root: entity.name, number: entity.entity)
            return tables.contains(table) ? nil : "table \(table) of entity \(entity.name) is missing"
        }
    }

    /// The tables and columns `layout` (the model that wrote the store) needs that the store lacks.
    @_spi(CLI) public static func missing(in store: PersistentStore, layout: StoreLayout) throws(StoreFailure) -> [String] {
        let tables = try tableNames(in: store)
        var problems: [String] = []
        for table in layout.tables {
            guard tables.contains(table.name) else {
                problems.append("table \(table.name) of entity \(table.rootEntity) is missing")
                continue
            }
            let columns = try columnNames(of: table.name, in: store)
            for column in table.columns where !columns.contains(column.name.uppercased()) {
                problems.append("column \(table.name).\(column.name) is missing")
            }
        }
        for join in layout.joinTables {
            guard tables.contains(join.name) else {
                problems.append("join table \(join.name) of \(join.relationship.entity).\(join.relationship.name) is missing")
                continue
            }
            let columns = try columnNames(of: join.name, in: store)
            for column in [join.sourceColumn, join.destinationColumn] + join.orderColumns.map(\.column)
            where !columns.contains(column.uppercased()) {
                problems.append("column \(join.name).\(column) is missing")
            }
        }
        return problems
    }

    /// A table, or a column of the layout's tables, that the layout does not account for.
    package struct Unaccounted: Sendable, Hashable {
        /// The table.
        package let table: String
        /// The column, or nil for the whole table.
        package let column: String?
        /// The column's values that are not NULL, or the table's rows.
        package let count: Int

        /// `column ZACCELERATION.ZEXTRA holds 4 values the model does not account for`, or, empty,
        /// `column ZACCELERATION.ZEXTRA is empty and the model does not account for it`.
        package var message: String {
            let name = column.map { "column \(table).\($0)" } ?? "table \(table)"
            guard count > 0 else { return "\(name) is empty and the model does not account for it" }
            return "\(name) holds \(count) \(column == nil ? "rows" : "values") the model does not account for"
        }
    }

    /// Tables Core Data keeps beside the model's, which no layout lists: its bookkeeping, persistent
    /// history (`ATRANSACTION`, `ACHANGE`, `ATRANSACTIONSTRING`, in two stores of `../shared`), CloudKit
    /// mirroring (`ANSCK…`) and ubiquity (`Y_UB…`) tables, and SQLite's own.
    static func isCoreDataOwn(_ table: String) -> Bool {
        ["Z_PRIMARYKEY", "Z_METADATA", "Z_MODELCACHE", "ATRANSACTION", "ACHANGE", "ATRANSACTIONSTRING"].contains(table)
            || ["SQLITE_", "ANSCK", "Y_UB"].contains { table.hasPrefix($0) }
    }

    /// Every table of the store and every column of the layout's entity and join tables that the
    /// layout does not account for, with how much data each holds: what a migration would not carry.
    /// A table the store lacks is `missing`'s to report.
    package static func unaccounted(in store: PersistentStore, layout: StoreLayout) throws(StoreFailure) -> [Unaccounted] {
        let known =
            layout.tables.map { ($0.name, Set($0.columns.map { $0.name.uppercased() })) }
            + layout.joinTables.map { join in
                (join.name, Set(([join.sourceColumn, join.destinationColumn] + join.orderColumns.map(\.column)).map { $0.uppercased() }))
            }
        let knownTables = Dictionary(known.map { ($0.0.uppercased(), $0.1) }, uniquingKeysWith: { a, _ in a })
        var found: [Unaccounted] = []
        let names = try store.database.rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").compactMap {
            $0.first?.string
        }
        for table in names {
            guard let columns = knownTables[table.uppercased()] else {
                guard !isCoreDataOwn(table.uppercased()) else { continue }
                let rows = try store.database.rows("SELECT COUNT(*) FROM \(SQL.quote(table))").first?.first?.int ?? 0
                found.append(Unaccounted(table: table, column: nil, count: rows))
                continue
            }
            for column in try store.columnNames(of: table) where !columns.contains(column.uppercased()) {
                let values =
                    try store.database.rows(
                        "SELECT COUNT(*) FROM \(SQL.quote(table)) WHERE \(SQL.quote(column)) IS NOT NULL"
                    ).first?.first?.int ?? 0
                found.append(Unaccounted(table: table, column: column, count: values))
            }
        }
        return found
    }

    /// The messages of `unaccounted` that hold data: a store's data modeldiff does not understand,
    /// which a migration would drop (`column ZACCELERATION.Z3ACCELERATIONS holds 3300 values the model
    /// does not account for`).
    package static func unaccountedData(in store: PersistentStore, layout: StoreLayout) throws(StoreFailure) -> [String] {
        try unaccounted(in: store, layout: layout).filter { $0.count > 0 }.map(\.message)
    }

    private static func tableNames(in store: PersistentStore) throws(StoreFailure) -> Set<String> {
        Set(try store.database.rows("SELECT name FROM sqlite_master WHERE type = 'table'").compactMap { $0.first?.string?.uppercased() })
    }

    /// Column names, upper-cased (SQLite matches them without regard to case); the name is bound, not spliced.
    private static func columnNames(of table: String, in store: PersistentStore) throws(StoreFailure) -> Set<String> {
        Set(try store.columnNames(of: table).map { $0.uppercased() })
    }
}
