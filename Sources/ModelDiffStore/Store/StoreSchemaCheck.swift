import ModelDiffKit

/// Whether a store has the tables and columns its entities need, before anything reads them.
///
/// `rowCounts()` skips a table that is not there and SQLite reports a missing column only when a
/// query names it, so without this a store missing `ZPOST` read as "Post: 0 rows" and passed
/// `store verify`. A store written by Core Data always has every table and column of its model.
package enum StoreSchemaCheck {
    /// The tables of entities listed in `Z_PRIMARYKEY` that the file does not have, as messages.
    package static func missingTables(in store: PersistentStore) throws(StoreFailure) -> [String] {
        let tables = try tableNames(in: store)
        return try store.primaryKeyTable().filter { $0.superEntity == 0 }.compactMap { entity in
            let table = tableName(root: entity.name, number: entity.entity)
            return tables.contains(table) ? nil : "table \(table) of entity \(entity.name) is missing"
        }
    }

    /// The tables and columns `layout` (the model that wrote the store) needs that the store lacks.
    package static func missing(in store: PersistentStore, layout: StoreLayout) throws(StoreFailure) -> [String] {
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

    /// The columns of the layout's tables that the layout does not account for and that hold data, as
    /// messages (`column ZACCELERATION.Z3ACCELERATIONS holds 3300 values the model does not account
    /// for`): a store's data modeldiff does not understand, which a migration would drop. A table the
    /// store lacks is `missing`'s to report.
    package static func unaccountedData(in store: PersistentStore, layout: StoreLayout) throws(StoreFailure) -> [String] {
        let tables = try tableNames(in: store)
        let known =
            layout.tables.map { ($0.name, Set($0.columns.map { $0.name.uppercased() })) }
            + layout.joinTables.map { join in
                (join.name, Set(([join.sourceColumn, join.destinationColumn] + join.orderColumns.map(\.column)).map { $0.uppercased() }))
            }
        var problems: [String] = []
        for (table, columns) in known where tables.contains(table.uppercased()) {
            for column in try store.columnNames(of: table) where !columns.contains(column.uppercased()) {
                let rows =
                    try store.database.rows(
                        "SELECT COUNT(*) FROM \(SQL.quote(table)) WHERE \(SQL.quote(column)) IS NOT NULL"
                    ).first?.first?.int ?? 0
                if rows > 0 { problems.append("column \(table).\(column) holds \(rows) values the model does not account for") }
            }
        }
        return problems
    }

    private static func tableNames(in store: PersistentStore) throws(StoreFailure) -> Set<String> {
        Set(try store.database.rows("SELECT name FROM sqlite_master WHERE type = 'table'").compactMap { $0.first?.string?.uppercased() })
    }

    /// Column names, upper-cased (SQLite matches them without regard to case); the name is bound, not spliced.
    private static func columnNames(of table: String, in store: PersistentStore) throws(StoreFailure) -> Set<String> {
        Set(try store.columnNames(of: table).map { $0.uppercased() })
    }
}
