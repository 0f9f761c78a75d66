@_spi(CLI) import ModelDiffKit

/// The SQL of a layout: `StoreLayout` (in ModelDiffKit) holds names only, and the store writes them
/// through `SQL.quote`, whose plain-identifier rule asks SQLite for its keywords.
extension StoreLayout {
    /// `CREATE INDEX` statements, in Core Data's order: the entity tables' indexes, then each join table's.
    package var indexStatements: [String] { indexes.map(\.statement) + joinTables.map(\.indexStatement) }

    /// The statements that create an empty store's schema, bookkeeping tables included.
    public var createStatements: [String] {
        var statements = [
            "CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER)",
            "CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB)",
            "CREATE TABLE Z_MODELCACHE (Z_CONTENT BLOB)",
        ]
        for table in tables {
            statements.append(
                "CREATE TABLE \(SQL.quote(table.name)) ( \(SQL.columnDefinitions(table.columns.map { ($0.name, $0.sqlType) })) )")
        }
        for join in joinTables {
            let columns = ([join.sourceColumn, join.destinationColumn] + join.orderColumns.map(\.column)).map {
                (name: $0, type: "INTEGER")
            }
            statements.append(
                """
                CREATE TABLE \(SQL.quote(join.name)) ( \(SQL.columnDefinitions(columns)), PRIMARY KEY \
                (\(SQL.quote([join.sourceColumn, join.destinationColumn]))) )
                """
            )
        }
        return statements + indexStatements
    }
}

extension StoreLayout.Index {
    /// `CREATE [UNIQUE] INDEX <name> ON <table> (<columns>)`: a fetch index or uniqueness constraint
    /// names each column's collation and order, a key index lists bare columns.
    var statement: String {
        switch kind {
        case .key: "CREATE INDEX \(SQL.quote(name)) ON \(SQL.quote(table)) (\(SQL.quote(columns.map(\.name))))"
        case .fetch: "CREATE INDEX \(SQL.quote(name)) ON \(SQL.quote(table)) (\(SQL.indexColumns(columns)))"
        case .unique: "CREATE UNIQUE INDEX \(SQL.quote(name)) ON \(SQL.quote(table)) (\(SQL.indexColumns(columns)))"
        }
    }
}

extension StoreLayout.JoinTable {
    /// `CREATE INDEX <TABLE>_<destination>_INDEX ON <TABLE> (<destination>, <source>)`.
    var indexStatement: String {
        "CREATE INDEX \(SQL.quote(name + "_" + destinationColumn + "_INDEX")) ON \(SQL.quote(name)) (\(SQL.quote([destinationColumn, sourceColumn])))"
    }
}
