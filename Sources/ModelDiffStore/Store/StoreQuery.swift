@_spi(CLI) import ModelDiffKit

/// A read of a store's tables, worked out by the store so that callers outside it (the migration)
/// name tables, columns and entity numbers, never SQL. Every name is a quoted identifier and every
/// value a bound parameter (`SQL`, `SQLFragment`).
struct StoreQuery: Sendable {
    /// The statement; names quoted, values as `?`.
    fileprivate let sql: String
    /// The values bound when the query runs (a query may leave parameters for `cursor(_:binding:)`).
    fileprivate let arguments: [SQLiteValue]

    /// `columns` of the rows of `table` whose `Z_ENT` is the one parameter, in `Z_PK` order.
    static func entityRows(of table: String, columns: [String]) -> StoreQuery {
        StoreQuery(sql: "SELECT \(SQL.quote(columns)) FROM \(SQL.quote(table)) WHERE Z_ENT = ? ORDER BY Z_PK", arguments: [])
    }

    /// The links of a many-to-many as (owner key, target entity, target key): each row of `join`,
    /// whose `owner` column holds the owner's key and `target` column the partner's, with the
    /// partner's `Z_ENT` read from `targetTable`.
    static func joinLinks(_ join: String, owner: String, target: String, targetTable: String) -> StoreQuery {
        StoreQuery(
            sql:
                """
                SELECT \(SQL.column(owner, of: "j")), d.Z_ENT, d.Z_PK FROM \(SQL.quote(join)) j JOIN \(SQL.quote(targetTable)) d ON d.Z_PK = \
                \(SQL.column(target, of: "j"))
                """,
            arguments: [])
    }

    /// The links of a one-to-many as (owner key, target entity, target key): the rows of `table`
    /// whose inverse to-one `keyColumn` is set.
    static func inverseLinks(in table: String, keyColumn: String) -> StoreQuery {
        StoreQuery(
            sql: "SELECT \(SQL.quote(keyColumn)), Z_ENT, Z_PK FROM \(SQL.quote(table)) WHERE \(SQL.quote(keyColumn)) IS NOT NULL",
            arguments: [])
    }
}

extension PersistentStore {
    /// A cursor over `query`'s rows, with `values` bound after the query's own arguments: step it
    /// and read it column by column (`SQLiteStatement`).
    func cursor(_ query: StoreQuery, binding values: [SQLiteValue] = []) throws(StoreFailure) -> SQLiteStatement {
        let statement = try database.prepare(query.sql)
        try statement.bind(query.arguments + values)
        return statement
    }

    /// A cursor over every column of `table`, in the table's column order, for the rows of entity
    /// number `entity`, in `Z_PK` order (column indexes are those of `table.columns`).
    func rows(of table: StoreLayout.Table, entity: Int) throws(StoreFailure) -> SQLiteStatement {
        try cursor(.entityRows(of: table.name, columns: table.columns.map(\.name)), binding: [.integer(Int64(entity))])
    }

    /// How many rows of `table` have a `Z_ENT` that is none of `entities` (null included): rows no
    /// fetch of the hierarchy can see.
    func strayRowCount(table: String, entities: [Int]) throws(StoreFailure) -> Int {
        let numbers = entities.map { SQLiteValue.integer(Int64($0)) }
        return try database.rows(
            "SELECT COUNT(*) FROM \(SQL.quote(table)) WHERE Z_ENT IS NULL OR Z_ENT NOT IN (\(SQL.parameters(numbers.count)))", numbers
        ).first?.first?.int ?? 0
    }

    /// The `Z_ENT` values of `table` other than `entity`, with how many rows hold each (nil for NULL),
    /// in value order: the rows of a table of one entity that a strict reader would not take.
    func strayEntityNumbers(table: String, entity: Int) throws(StoreFailure) -> [(value: Int?, count: Int)] {
        try database.rows(
            "SELECT Z_ENT, COUNT(*) FROM \(SQL.quote(table)) WHERE Z_ENT IS NOT ? GROUP BY Z_ENT ORDER BY Z_ENT", [.integer(Int64(entity))]
        ).map { ($0[0] == .null ? nil : $0[0].int, $0[1].int) }
    }

    /// The `Z_PK` values of `table` that more than one row holds, in order. None when `Z_PK` is the
    /// table's rowid, as Core Data declares it: the scan is then not needed.
    func duplicatePrimaryKeys(table: String) throws(StoreFailure) -> [Int] {
        if try primaryKeyIsRowID(table: table) { return [] }
        return try database.rows("SELECT Z_PK FROM \(SQL.quote(table)) GROUP BY Z_PK HAVING COUNT(*) > 1 ORDER BY Z_PK").map { $0[0].int }
    }

    /// Whether `Z_PK` is `table`'s rowid (`Z_PK INTEGER PRIMARY KEY`, Core Data's declaration): its only
    /// primary-key column, declared `INTEGER`, with no index behind it (SQLite gives a primary key that is
    /// not the rowid, `INTEGER PRIMARY KEY DESC` or one of a `WITHOUT ROWID` table, an index of origin `pk`).
    /// A rowid is unique and never NULL in every row SQLite stores (sqlite.org/lang_createtable.html#rowid).
    func primaryKeyIsRowID(table: String) throws(StoreFailure) -> Bool {
        let keys = try database.rows("SELECT upper(name), upper(type) FROM pragma_table_info(?) WHERE pk > 0", [.text(table)])
        guard keys.count == 1, keys[0][0].string == "Z_PK", keys[0][1].string == "INTEGER" else { return false }
        return try primaryKeyIndex(table: table) == nil
    }

    /// The index SQLite keeps for `table`'s primary key when it is not the rowid (a join table's
    /// `PRIMARY KEY (Z_1A, Z_2B)`: `sqlite_autoindex_Z_1A_1`), nil when there is none.
    func primaryKeyIndex(table: String) throws(StoreFailure) -> String? {
        try database.rows("SELECT name FROM pragma_index_list(?) WHERE origin = 'pk'", [.text(table)]).first?.first?.string
    }

    /// The highest `Z_PK` of `table`, nil when it has no rows.
    func highestPrimaryKey(table: String) throws(StoreFailure) -> Int? {
        let value = try database.rows("SELECT MAX(Z_PK) FROM \(SQL.quote(table))").first?.first ?? .null
        return value == .null ? nil : value.int
    }

    /// How many rows of `table` hold a `keyColumn` naming a row of `target` whose `Z_ENT` is none of
    /// `entities` (the destination and its sub-entities): keys to an object of another entity.
    func keysToOtherEntities(table: String, keyColumn: String, target: String, entities: [Int]) throws(StoreFailure) -> Int {
        let numbers = entities.isEmpty ? [SQLiteValue.null] : entities.map { SQLiteValue.integer(Int64($0)) }
        return try database.rows(
            """
            SELECT COUNT(*) FROM \(SQL.quote(table)) t JOIN \(SQL.quote(target)) d ON d.Z_PK = \(SQL.column(keyColumn, of: "t")) \
            WHERE d.Z_ENT IS NULL OR d.Z_ENT NOT IN (\(SQL.parameters(numbers.count)))
            """, numbers
        ).first?.first?.int ?? 0
    }

    /// The tables of one entity in `layout` that hold rows of another `Z_ENT`, with that entity's
    /// number: what `readRowsAsTheirOneEntity` takes, as `SourceSoundness` finds it for a migration.
    func tablesHoldingOtherEntityNumbers(layout: StoreLayout) throws(StoreFailure) -> [String: Int] {
        var tables: [String: Int] = [:]
        for table in layout.tables where table.entities.count == 1 {
            guard let number = layout.entityNumbers[table.rootEntity] else { continue }
            if try !strayEntityNumbers(table: table.name, entity: number).isEmpty { tables[table.name] = number }
        }
        return tables
    }

    /// Makes this connection read every row of each table of `tables` as the entity number given for
    /// it, as Core Data reads a table of one entity (no `Z_ENT` restriction): a temporary view of the
    /// table's name, whose `Z_ENT` is that number, which unqualified names find before the table
    /// (SQLite searches `temp` first). The file is not written; the view lasts as long as the connection.
    func readRowsAsTheirOneEntity(_ tables: [String: Int]) throws(StoreFailure) {
        for (table, entity) in tables.sorted(by: { $0.key < $1.key }) {
            try database.execute(SQL.entityView(of: table, columns: try columnNames(of: table), entity: entity))
        }
    }

    /// What `keyCounts(in:_:)` counts in one table.
    enum KeyCount: Hashable {
        /// Every row.
        case rows
        /// The rows whose `column` holds a key (is not NULL); with `entity`, only the rows of that `Z_ENT`.
        case keys(String, entity: Int?)
        /// The rows whose two columns both hold a key (a join table's rows naming two objects).
        case pairs(String, String)
    }

    /// Each of `counts` in `table`, in that order, in one statement of one subquery each, which SQLite
    /// answers without looking a key up: every row from the table's page counts, the keys of a column from
    /// an index of it when there is one, the rows lacking one of two keys from the indexes of a join table.
    func keyCounts(in table: String, _ counts: [KeyCount]) throws(StoreFailure) -> [Int] {
        guard !counts.isEmpty else { return [] }
        let select = SQL.keyCounts(in: table, counts)
        let row = try database.rows("SELECT \(SQL.joined([select], separator: .comma).text)", select.arguments).first ?? []
        return counts.indices.map { $0 < row.count ? row[$0].int : 0 }
    }

    /// How many rows of `table` hold a key in `keyColumn` (are not NULL), and how many of those name no row of
    /// `target`, in one pass over the column's index (`danglingKeyCount`'s), or from the target's side
    /// (`keyColumnCountsFromTarget`) where that reads less.
    func keyColumnCounts(table: String, keyColumn: String, target: String) throws(StoreFailure) -> (keys: Int, dangling: Int) {
        if let counts = try keyColumnCountsFromTarget(table: table, keyColumn: keyColumn, target: target) { return counts }
        let row =
            try database.rows(
                """
                SELECT COUNT(*), COUNT(CASE WHEN \(SQL.column(keyColumn, of: "t")) NOT IN (SELECT Z_PK FROM \(SQL.quote(target))) \
                THEN 1 END) FROM \(SQL.quote(table)) t WHERE \(SQL.column(keyColumn, of: "t")) IS NOT NULL
                """
            ).first ?? []
        return (row.first?.int ?? 0, row.count > 1 ? row[1].int : 0)
    }

    /// `keyColumnCounts` read from the target's side: the keys are the rows less those whose key is NULL
    /// (SQLite counts a table's rows from its b-tree's pages, and finds the NULLs through the index), and the
    /// keys naming a row are counted by walking `target`'s rows and finding each one's keys through an index of
    /// `table` led by `keyColumn` (`CROSS JOIN` keeps that order): a seek per target row instead of a
    /// look-up per key. Used where the target has at most a quarter as many rows as the column has keys
    /// (a tag named by the join rows of many posts, an author by many posts' keys); nil elsewhere, and where
    /// no such index exists or `Z_PK` is not the target's rowid (one key could then name two rows).
    /// `t.key = d.Z_PK` compares as `key IN (SELECT Z_PK …)` does (the same affinity rules, and `Z_PK`, a
    /// rowid, is unique and never NULL), so a key names a row in one form exactly when it does in the other.
    private func keyColumnCountsFromTarget(
        table: String, keyColumn: String, target: String
    ) throws(StoreFailure) -> (keys: Int, dangling: Int)? {
        guard try primaryKeyIsRowID(table: target), try hasIndex(on: table, ledBy: keyColumn) else { return nil }
        let counts =
            try database.rows(
                """
                SELECT (SELECT COUNT(*) FROM \(SQL.quote(table))) \
                - (SELECT COUNT(*) FROM \(SQL.quote(table)) t WHERE \(SQL.column(keyColumn, of: "t")) IS NULL), \
                (SELECT COUNT(*) FROM \(SQL.quote(target)))
                """
            ).first ?? []
        guard counts.count == 2, counts[1].int * 4 <= counts[0].int else { return nil }
        let named =
            try database.rows(
                "SELECT COUNT(*) FROM \(SQL.quote(target)) d CROSS JOIN \(SQL.quote(table)) t WHERE \(SQL.column(keyColumn, of: "t")) = d.Z_PK"
            ).first?.first?.int ?? 0
        return (counts[0].int, counts[0].int - named)
    }

    /// Whether `table` has an index (not a partial one) whose first column is `column`.
    func hasIndex(on table: String, ledBy column: String) throws(StoreFailure) -> Bool {
        try !database.rows(
            """
            SELECT 1 FROM pragma_index_list(?) il JOIN pragma_index_info(il.name) ii \
            WHERE il.partial = 0 AND ii.seqno = 0 AND ii.name = ? COLLATE NOCASE LIMIT 1
            """, [.text(table), .text(column)]
        ).isEmpty
    }

    /// How many rows of `table` hold a `keyColumn` that names no row of `target` (nulls are no key):
    /// the test `store verify` makes and a migration nullifies, and the one the SQL fast path's copy
    /// repeats row by row (`SQLFragment.rowExists`).
    ///
    /// `NOT IN` the target's keys rather than a correlated `NOT EXISTS (… WHERE Z_PK = key)`: `Z_PK`
    /// is the target's rowid, so SQLite seeks each key with one cursor that moves forward through the
    /// target (the keys come in index order), where the correlated subquery starts a new search from
    /// the root for every row. `Z_PK`
    /// is never null, so the two select the same rows: both compare as `key = Z_PK` does, and they
    /// agreed on integer, real, text ('5', ' 5', '5e0', '+5', '5x'), blob and out-of-range keys in
    /// columns of each affinity. A null key is excluded first: `NULL NOT IN` an empty table is true,
    /// and a null is no key.
    func danglingKeyCount(table: String, keyColumn: String, target: String) throws(StoreFailure) -> Int {
        let rows = try database.rows(
            """
            SELECT COUNT(*) FROM \(SQL.quote(table)) t WHERE \(SQL.column(keyColumn, of: "t")) IS NOT NULL AND \
            \(SQL.column(keyColumn, of: "t")) NOT IN (SELECT Z_PK FROM \(SQL.quote(target)))
            """
        )
        return rows.first?.first?.int ?? 0
    }

    /// The first row of entity number `entity` in `table` (in no set order) for which `condition` holds.
    func firstObject(in table: String, entity: Int, where condition: SQLFragment) throws(StoreFailure) -> ObjectID? {
        let rows = try database.rows(
            "SELECT Z_PK, Z_ENT FROM \(SQL.quote(table)) WHERE Z_ENT = ? AND (\(SQL.joined([condition], separator: .or).text)) LIMIT 1",
            [.integer(Int64(entity))] + condition.arguments)
        return rows.first.map { ObjectID(entity: $0[1].int, primaryKey: Int64($0[0].int)) }
    }

    /// Every row of entity number `entity` in `table` for which `condition` holds, in primary key order.
    func objects(in table: String, entity: Int, where condition: SQLFragment) throws(StoreFailure) -> [ObjectID] {
        let rows = try database.rows(
            "SELECT Z_PK, Z_ENT FROM \(SQL.quote(table)) WHERE Z_ENT = ? AND (\(SQL.joined([condition], separator: .or).text)) ORDER BY Z_PK",
            [.integer(Int64(entity))] + condition.arguments)
        return rows.map { ObjectID(entity: $0[1].int, primaryKey: Int64($0[0].int)) }
    }

    /// Every group of rows of `entities` in `table` that share their values of `columns`: the lowest
    /// primary key of each and how many they are, by that key.
    func duplicates(in table: String, entities: [Int], columns: [String]) throws(StoreFailure) -> [(primaryKey: Int64, count: Int)] {
        let rows = try database.rows(
            """
            SELECT MIN(Z_PK), COUNT(*) FROM \(SQL.quote(table)) WHERE Z_ENT IN (\(SQL.parameters(entities.count))) GROUP BY \
            \(SQL.quote(columns)) HAVING COUNT(*) > 1 ORDER BY 1
            """,
            entities.map { .integer(Int64($0)) })
        return rows.map { (Int64($0[0].int), $0[1].int) }
    }

    /// The primary key and value of each row of entity number `entity` in `table` whose `column` is not null.
    func values(of column: String, in table: String, entity: Int) throws(StoreFailure) -> [(primaryKey: Int64, value: SQLiteValue)] {
        try database.rows(
            "SELECT Z_PK, \(SQL.quote(column)) FROM \(SQL.quote(table)) WHERE Z_ENT = ? AND \(SQL.quote(column)) IS NOT NULL",
            [.integer(Int64(entity))]
        )
        .map { (Int64($0[0].int), $0[1]) }
    }

    /// Some group of rows of `entities` in `table` that share their values of `columns`: the lowest
    /// primary key among them and how many they are; nil when every combination is unique.
    func firstDuplicate(in table: String, entities: [Int], columns: [String]) throws(StoreFailure) -> (primaryKey: Int64, count: Int)? {
        let rows = try database.rows(
            """
            SELECT MIN(Z_PK), COUNT(*) FROM \(SQL.quote(table)) WHERE Z_ENT IN (\(SQL.parameters(entities.count))) GROUP BY \
            \(SQL.quote(columns)) HAVING COUNT(*) > 1 LIMIT 1
            """,
            entities.map { .integer(Int64($0)) })
        return rows.first.map { (Int64($0[0].int), $0[1].int) }
    }

    /// The names of `table`'s columns in the file's order (a store written by another tool may order
    /// them differently from the layout); empty when there is no such table. The name is bound, not spliced.
    func columnNames(of table: String) throws(StoreFailure) -> [String] {
        try database.rows("SELECT name FROM pragma_table_info(?) ORDER BY cid", [.text(table)]).compactMap { $0.first?.string }
    }
}
