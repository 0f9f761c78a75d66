@_spi(CLI) import ModelDiffKit

/// SQL text built from names: the one place where a name from a model becomes SQL.
///
/// A model file is data, never code. Every table, column, index and schema name reaches SQLite
/// through `quote` (directly or through the helpers below, which call it), and every value through a
/// bound parameter (`?`), never spliced into the text. `SQLSourceTests` reads `Sources/` and fails when
/// a string literal holding SQL interpolates anything but a call of these functions.
enum SQL {
    /// `name` as an SQLite identifier. A plain name (ASCII letters, digits and `_`, not starting with
    /// a digit, not an SQLite keyword) is one identifier token as it stands and is written bare, so
    /// a store's schema reads exactly as Core Data writes it (`CREATE TABLE ZPOST ( Z_PK INTEGER …`).
    /// Any other name goes in double quotes, each `"` inside doubled: SQLite's tokenizer then reads
    /// everything up to the closing quote as the name, `;`, `'`, spaces, keywords and non-ASCII
    /// letters included (sqlite.org/lang_keywords.html). A NUL would end the C string early:
    /// `SQLiteDatabase.prepare` refuses SQL containing one.
    static func quote(_ name: String) -> String {
        if isPlain(name) { return name }
        return "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Whether `name` is read by SQLite as exactly one identifier without quotes.
    static func isPlain(_ name: String) -> Bool {
        guard let first = name.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return false }
        let plain = name.utf8.allSatisfy { byte in
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
        }
        return plain && !SQLiteDatabase.isKeyword(name)
    }

    /// Quoted names separated by commas, each qualified by `alias` when given (`s."ZTITLE", s."ZBODY"`).
    static func quote(_ names: [String], alias: String? = nil) -> String {
        let prefix = alias.map { quote($0) + "." } ?? ""
        return names.map { prefix + quote($0) }.joined(separator: ", ")
    }

    /// A column qualified by a table alias: `t."ZTITLE"`.
    static func column(_ name: String, of alias: String) -> String { quote(alias) + "." + quote(name) }

    /// `count` parameters separated by commas (`?, ?, ?`), for an `IN` list or a `VALUES` row.
    static func parameters(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ", ")
    }

    /// `count` rows of `width` parameters each (`(?, ?), (?, ?)`), for a multi-row `VALUES`.
    static func parameterRows(_ count: Int, width: Int) -> String {
        Array(repeating: "(" + parameters(width) + ")", count: count).joined(separator: ", ")
    }

    /// An `UPDATE`'s assignments, one parameter per column (`"ZA" = ?, "ZB" = ?`).
    static func assignments(_ columns: [String]) -> String {
        columns.map { quote($0) + " = ?" }.joined(separator: ", ")
    }

    /// Columns set to NULL, each preceded by a comma (`, "Z5_OWNER" = NULL`), or nothing.
    static func nullAssignments(_ columns: [String]) -> String {
        columns.map { ", " + quote($0) + " = NULL" }.joined()
    }

    /// The `SET` term bumping `Z_OPT` only for rows older than a writer (its parameter: the
    /// largest key that existed before), as a save increments the optimistic-locking counter.
    static func optimisticLockBump() -> String { "Z_OPT = Z_OPT + (Z_PK <= ?)" }

    /// An index's columns as Core Data declares them (`"ZA" COLLATE BINARY ASC, "ZB" COLLATE BINARY DESC`).
    static func indexColumns(_ columns: [(name: String, descending: Bool)]) -> String {
        columns.map { quote($0.name) + " COLLATE BINARY " + ($0.descending ? "DESC" : "ASC") }.joined(separator: ", ")
    }

    /// A temporary view named `table` that shows `main.table`'s `columns` with `Z_ENT` the constant
    /// `entity` (an integer, so no name or text of the store reaches the SQL unquoted): how a
    /// connection reads a table of one entity as Core Data does (`readRowsAsTheirOneEntity`).
    static func entityView(of table: String, columns: [String], entity: Int) -> String {
        let selected = columns.map { $0.uppercased() == "Z_ENT" ? "\(entity) AS Z_ENT" : quote($0) }.joined(separator: ", ")
        return "CREATE TEMP VIEW \(quote(table)) AS SELECT \(selected) FROM main.\(quote(table))"
    }

    /// Column definitions (`"Z_PK" INTEGER PRIMARY KEY, "ZTITLE" VARCHAR`). The types are
    /// `StoreLayout`'s own constants, never text from a model: anything else is a programming error.
    static func columnDefinitions(_ columns: [(name: String, type: String)]) -> String {
        columns.map { column in
            precondition(column.type.allSatisfy { $0.isASCII && ($0.isUppercase || $0 == " ") }, "not an SQL type: \(column.type)")
            return quote(column.name) + " " + column.type
        }.joined(separator: ", ")
    }

    /// Fragments joined by `separator`, their parameters in order.
    /// The four counts of one relationship's links (`Conservation.LinkTally`), as four result columns: the
    /// rows read (those whose owner, the row `owner.alias`, is of entity number `owner.entity`, when given);
    /// of those, the ones whose target (the row `target`) exists; whose target's `Z_ENT` is one of `exact`;
    /// one of `inexact`.
    static func linkTallies(owner: (alias: String, entity: Int)?, target: String, exact: [Int], inexact: [Int]) -> [SQLFragment] {
        let ownerCondition = owner.map { SQL.column("Z_ENT", of: $0.alias) + " = ?" }
        let ownerArguments: [SQLiteValue] = owner.map { [.integer(Int64($0.entity))] } ?? []
        func count(_ condition: String?, _ arguments: [SQLiteValue] = []) -> SQLFragment {
            let conditions = [ownerCondition, condition].compactMap { $0 }
            guard !conditions.isEmpty else { return SQLFragment("COUNT(*)") }
            return SQLFragment("COUNT(CASE WHEN " + conditions.joined(separator: " AND ") + " THEN 1 END)", ownerArguments + arguments)
        }
        let entity = SQL.column("Z_ENT", of: target)
        return [
            count(nil), count(SQL.column("Z_PK", of: target) + " IS NOT NULL"),
            count(entity + " IN (" + SQL.parameters(exact.count) + ")", exact.map { .integer(Int64($0)) }),
            count(entity + " IN (" + SQL.parameters(inexact.count) + ")", inexact.map { .integer(Int64($0)) }),
        ]
    }

    /// The counts of `PersistentStore.keyCounts(in:_:)` in `table`, one scalar subquery per item, in order.
    static func keyCounts(in table: String, _ counts: [PersistentStore.KeyCount]) -> SQLFragment {
        let rows = "(SELECT COUNT(*) FROM " + quote(table) + ")"
        return joined(
            counts.map { count in
                switch count {
                case .rows: SQLFragment(rows)
                // Every row less those without a key: SQLite counts a table's rows from its b-tree's pages and
                // finds the NULLs through an index of the column, where `COUNT(column)` reads every row.
                case .keys(let column, nil):
                    SQLFragment(rows + " - (SELECT COUNT(*) FROM " + quote(table) + " WHERE " + quote(column) + " IS NULL)")
                case .keys(let column, let entity?):
                    SQLFragment(
                        "(SELECT COUNT(" + quote(column) + ") FROM " + quote(table) + " WHERE Z_ENT = ?)", [.integer(Int64(entity))])
                case .pairs(let a, let b):
                    SQLFragment(
                        rows + " - (SELECT COUNT(*) FROM " + quote(table) + " WHERE " + quote(a) + " IS NULL OR " + quote(b) + " IS NULL)")
                }
            }, separator: .comma)
    }

    /// `LEFT JOIN table alias ON alias.Z_PK = row.column`: the row of `table` a key names, or NULLs.
    static func rowNamed(by column: String, of row: String, in table: String, as alias: String) -> SQLFragment {
        SQLFragment(
            "LEFT JOIN " + SQL.quote(table) + " " + SQL.quote(alias) + " ON " + SQL.column("Z_PK", of: alias) + " = "
                + SQL.column(column, of: row))
    }

    /// ` INDEXED BY "index"`: a table read through that index; empty for none.
    static func indexedBy(_ index: String?) -> String { index.map { " INDEXED BY " + quote($0) } ?? "" }

    static func joined(_ fragments: [SQLFragment], separator: SQLFragment.Separator) -> SQLFragment {
        SQLFragment(fragments.map(\.text).joined(separator: separator.rawValue), fragments.flatMap(\.arguments))
    }
}

/// A piece of SQL whose names are quoted and whose values are parameters, with the values to bind
/// to them in order. Only the functions in this file make one, so its text holds nothing else.
struct SQLFragment: Sendable, Hashable {
    /// The SQL text.
    let text: String
    /// The values of its `?` parameters, in order.
    let arguments: [SQLiteValue]

    fileprivate init(_ text: String, _ arguments: [SQLiteValue] = []) {
        self.text = text
        self.arguments = arguments
    }

    /// What `SQL.joined` puts between fragments.
    enum Separator: String {
        case comma = ", "
        case or = " OR "
        case and = " AND "
        case space = " "
    }

    /// A column, qualified by `alias` when given.
    static func column(_ name: String, of alias: String? = nil) -> SQLFragment {
        SQLFragment(alias.map { SQL.column(name, of: $0) } ?? SQL.quote(name))
    }

    /// A bound value.
    static func value(_ value: SQLiteValue) -> SQLFragment { SQLFragment("?", [value]) }

    /// SQL's NULL.
    static let null = SQLFragment("NULL")

    /// `length(x)`: a text's length in characters.
    static func length(_ x: SQLFragment) -> SQLFragment { SQLFragment("length(" + x.text + ")", x.arguments) }

    /// `IFNULL(x, y)`: `x`, or `y` where it is NULL.
    static func ifNull(_ x: SQLFragment, _ y: SQLFragment) -> SQLFragment {
        SQLFragment("IFNULL(" + x.text + ", " + y.text + ")", x.arguments + y.arguments)
    }

    /// `x IS NULL`.
    static func isNull(_ x: SQLFragment) -> SQLFragment { SQLFragment(x.text + " IS NULL", x.arguments) }

    /// A comparison with a bound value (`x < ?`).
    static func compare(_ x: SQLFragment, _ operation: Comparison, _ value: SQLiteValue) -> SQLFragment {
        SQLFragment(x.text + " " + operation.rawValue + " ?", x.arguments + [value])
    }

    /// The comparisons `compare` makes.
    enum Comparison: String {
        case less = "<"
        case greater = ">"
    }

    /// The SQL condition true for a value of `column` that an attribute of `type` cannot hold; nil for
    /// types whose values are not stored (Undefined, Object ID, Composite), which are not checked.
    ///
    /// Written as comparisons with the empty text `''` and the empty blob `X''` rather than `typeof()`,
    /// which is a function call per row and column: SQLite orders the storage classes NULL < INTEGER and
    /// REAL < TEXT < BLOB, and neither literal changes class under any column affinity (numeric affinity
    /// leaves `''`, not a number, as text; text affinity leaves a blob a blob), so `x >= ''` holds for text
    /// and blobs, `x >= X''` for blobs, `x < X''` for numbers and text, `x < ''` for numbers, and NULL
    /// gives NULL, which `SUM` and `WHERE` skip (sqlite.org/datatype3.html, "Comparison Expressions").
    static func refusedValue(of column: String, type: AttributeType) -> SQLFragment? {
        let quoted = SQL.quote(column)
        switch type {
        case .integer16, .integer32, .integer64:
            // A real is converted toward zero; one past Int64's range cannot be (`storedValue(for:)`). No `abs`:
            // SQLite evaluates both sides of AND, and abs(-9223372036854775808) fails with "integer overflow".
            // The range is compared first so that `typeof` runs only for the rare value outside it.
            return SQLFragment("(\(quoted) >= '' OR ((\(quoted) >= 9.2e18 OR \(quoted) <= -9.2e18) AND typeof(\(quoted)) = 'real'))")
        case .boolean, .double, .float, .date: return SQLFragment("(\(quoted) >= '')")
        case .decimal, .string: return SQLFragment("(\(quoted) >= X'')")
        case .uri: return SQLFragment("(\(quoted) < '' OR \(quoted) >= X'')")
        case .binary, .transformable, .uuid: return SQLFragment("(\(quoted) < X'')")
        case .undefined, .objectID, .composite: return nil
        }
    }

    /// `SUM(x)`.
    static func sum(_ x: SQLFragment) -> SQLFragment { SQLFragment("SUM(" + x.text + ")", x.arguments) }

    /// The condition true for a row of a table whose `Z_ENT` is not one of its entities: for a table of
    /// one entity (`only`), any other value, NULL included (`Z_ENT IS NOT ?`); else NULL or a number
    /// outside `entities` (`Z_ENT IS NULL OR Z_ENT NOT IN (…)`).
    static func strayEntity(only: Int?, entities: [Int]) -> SQLFragment {
        if let only { return SQLFragment("Z_ENT IS NOT ?", [.integer(Int64(only))]) }
        return SQLFragment("(Z_ENT IS NULL OR Z_ENT NOT IN (" + SQL.parameters(entities.count) + "))", entities.map { .integer(Int64($0)) })
    }

    /// `COUNT(*), COUNT(CASE WHEN condition THEN 1 END)`: every row, and the rows for which `condition` holds.
    static func countAndCount(where condition: SQLFragment) -> SQLFragment {
        SQLFragment("COUNT(*), COUNT(CASE WHEN " + condition.text + " THEN 1 END)", condition.arguments)
    }

    /// `EXISTS (SELECT 1 FROM table d WHERE d.Z_PK = key AND d.Z_ENT IN (…))`: whether `key` names a row
    /// of one of `entities` (entity numbers) in `table`.
    static func rowExists(key: SQLFragment, in table: String, entities: [Int]) -> SQLFragment {
        SQLFragment(
            "EXISTS (SELECT 1 FROM " + SQL.quote(table) + " d WHERE d.Z_PK = " + key.text + " AND d.Z_ENT IN ("
                + SQL.parameters(entities.count) + "))",
            key.arguments + entities.map { .integer(Int64($0)) })
    }

    /// `1`: true, for a condition that holds for every row.
    static let always = SQLFragment("1")

    /// `EXISTS (SELECT 1 FROM table d WHERE d.Z_PK = key)`: whether `key` names a row of `table`
    /// (`schema.table` when a schema is given, as the SQL fast path reads the attached source).
    static func rowExists(key: SQLFragment, in table: String, schema: String? = nil) -> SQLFragment {
        let name = (schema.map { SQL.quote($0) + "." } ?? "") + SQL.quote(table)
        return SQLFragment("EXISTS (SELECT 1 FROM " + name + " d WHERE d.Z_PK = " + key.text + ")", key.arguments)
    }

    /// A fetch predicate's comparison of a column with a bound value, false (0) rather than NULL when
    /// the column is NULL, as NSPredicate answers: `x IS ?`, `x IS NOT ?` (NULL-safe), or
    /// `COALESCE(x < ?, 0)` for an order (see `PredicateSQL`).
    static func predicate(_ x: SQLFragment, _ operation: PredicateOperation, _ value: SQLiteValue) -> SQLFragment {
        switch operation {
        case .isValue, .isNotValue, .equal: SQLFragment(x.text + " " + operation.rawValue + " ?", x.arguments + [value])
        default: SQLFragment("COALESCE(" + x.text + " " + operation.rawValue + " ?, 0)", x.arguments + [value])
        }
    }

    /// The operations `predicate` makes.
    /// (`equal` is plain `x = ?`, for a column that is never NULL, as `Z_ENT`.)
    enum PredicateOperation: String {
        case isValue = "IS"
        case isNotValue = "IS NOT"
        case equal = "="
        case less = "<"
        case lessOrEqual = "<="
        case greater = ">"
        case greaterOrEqual = ">="
    }

    /// Parts joined by AND or OR, in parentheses.
    static func logical(_ parts: [SQLFragment], and: Bool) -> SQLFragment {
        parenthesized(SQLFragment(parts.map(\.text).joined(separator: and ? " AND " : " OR "), parts.flatMap(\.arguments)))
    }

    /// `NOT (x)`.
    static func not(_ x: SQLFragment) -> SQLFragment { SQLFragment("NOT (" + x.text + ")", x.arguments) }

    /// `CASE WHEN condition THEN x END`: `x` where `condition` holds, else NULL.
    static func when(_ condition: SQLFragment, then x: SQLFragment) -> SQLFragment {
        SQLFragment("CASE WHEN " + condition.text + " THEN " + x.text + " END", condition.arguments + x.arguments)
    }

    /// A constant truth value (TRUEPREDICATE, FALSEPREDICATE).
    static func truth(_ value: Bool) -> SQLFragment { SQLFragment(value ? "1" : "0") }

    /// `x` in parentheses.
    static func parenthesized(_ x: SQLFragment) -> SQLFragment { SQLFragment("(" + x.text + ")", x.arguments) }

    /// A number as 0 or 1, NULL staying NULL (a numeric attribute becoming a Boolean).
    static func boolean(_ x: SQLFragment) -> SQLFragment {
        SQLFragment("CASE WHEN \(x.text) IS NULL THEN NULL WHEN \(x.text) != 0 THEN 1 ELSE 0 END", x.arguments + x.arguments)
    }

    /// A Boolean column copied to a Boolean column: an integer as 0 or 1, what Core Data writes for a
    /// Boolean (it reads any integer but 0 as YES, `StoreValue(_:type:)`), so a 7 left by another
    /// writer becomes 1 as it does through the three-stage path; NULL and a real stay as they are,
    /// as that path reads and writes them.
    static func storedBoolean(_ x: SQLFragment) -> SQLFragment {
        SQLFragment(
            "CASE WHEN typeof(\(x.text)) = 'integer' THEN (\(x.text) != 0) ELSE \(x.text) END", x.arguments + x.arguments + x.arguments)
    }

    /// `CAST(x AS INTEGER)` or `CAST(x AS REAL)`.
    static func cast(_ x: SQLFragment, to type: CastType) -> SQLFragment {
        SQLFragment("CAST(" + x.text + " AS " + type.rawValue + ")", x.arguments)
    }

    /// The types `cast` converts to.
    enum CastType: String {
        case integer = "INTEGER"
        case real = "REAL"
    }

    /// `CASE x WHEN ? THEN ? … END`: each key replaced by its value, anything else by NULL.
    static func map(_ x: SQLFragment, _ pairs: [(Int64, Int64)]) -> SQLFragment {
        guard !pairs.isEmpty else { return .null }
        let cases = Array(repeating: "WHEN ? THEN ?", count: pairs.count).joined(separator: " ")
        return SQLFragment(
            "CASE " + x.text + " " + cases + " END", x.arguments + pairs.flatMap { [SQLiteValue.integer($0.0), .integer($0.1)] })
    }
}
