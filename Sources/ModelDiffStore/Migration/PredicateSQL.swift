@_spi(CLI) import ModelDiffKit

/// A source expression's fetch predicate as a WHERE clause on the source table (`s`), for the SQL
/// fast path, made only when every part has an SQLite equivalent that selects exactly the objects
/// NSPredicate selects; anything else (strings, `[c]`, key paths through relationships, `ANY` …)
/// gives nil and the mapping takes the generic path, which evaluates the predicate per object.
///
/// What is translated, and why it is exact:
/// - `TRUEPREDICATE`, `FALSEPREDICATE`: 1, 0.
/// - `AND`, `OR`, `NOT`: every translated part is 0 or 1, never NULL, so SQL's three-valued logic
///   gives two-valued answers, as NSPredicate does.
/// - `key == nil`, `key != nil` on a stored attribute or to-one: `IS NULL`, `IS NOT NULL`.
/// - `key op number` (`==`, `!=`, `<`, `<=`, `>`, `>=`) on an integer, floating-point or Boolean
///   attribute, the number bound as a parameter: `==`/`!=` as `IS ?`/`IS NOT ?` (a nil value is not
///   equal to a number, true for `!=`), orders as `COALESCE(x < ?, 0)` (a nil value is false, as
///   NSPredicate answers). SQLite compares INTEGER and REAL by numeric value, as NSNumber does.
/// - `key op CAST(seconds, "NSDate")` on a Date attribute: the REAL seconds since 2001 it is stored as.
/// - `key op nil` with an order: false.
/// - `key == "text"`, `key != "text"` on a String attribute: `IS ?`/`IS NOT ?`. NSPredicate's `==`
///   without options is NSString's `isEqual:`, equal UTF-16 code units; SQLite's BINARY collation
///   (Core Data's columns declare none) compares the stored bytes, and two strings have the same
///   UTF-8 (or UTF-16) bytes exactly when they have the same code units: a precomposed "é" and
///   "e" + combining accent differ in both.
/// Other string comparisons stay on the generic path: SQLite orders bytes (code points) where
/// NSString's `compare:` orders by Unicode rules, and folds case for ASCII only.
enum PredicateSQL {
    /// The clause for `predicate` over objects of `entity` stored in `table`, or nil.
    static func clause(_ predicate: ValueExpression, entity: Entity, model: Model, table: StoreLayout.Table) -> SQLFragment? {
        switch predicate {
        case .predicate(let value): return .truth(value)
        case .not(let operand): return clause(operand, entity: entity, model: model, table: table).map(SQLFragment.not)
        case .binary(let op, let lhs, let rhs) where op == .and || op == .or:
            guard let a = clause(lhs, entity: entity, model: model, table: table),
                let b = clause(rhs, entity: entity, model: model, table: table)
            else { return nil }
            return .logical([a, b], and: op == .and)
        case .binary(let op, let lhs, let rhs):
            if let column = self.column(lhs, entity: entity, model: model, table: table), let constant = constant(rhs) {
                return comparison(column, op, constant)
            }
            if let column = self.column(rhs, entity: entity, model: model, table: table), let constant = constant(lhs),
                let flipped = flip(op)
            {
                return comparison(column, flipped, constant)
            }
            return nil
        default:
            return nil
        }
    }

    /// What a column holds, for the constants it may be compared with in SQL.
    private enum Holds { case number, date, string, other }

    /// A constant the comparison binds: a literal, or a date written `CAST(seconds, "NSDate")`.
    private enum Constant {
        case literal(ValueExpression.Constant)
        case date(Double)
    }

    private static func constant(_ expression: ValueExpression) -> Constant? {
        switch expression {
        case .constant(let constant): return .literal(constant)
        case .function("CAST", let arguments) where arguments.count == 2 && arguments[1] == .constant(.string("NSDate")):
            switch arguments[0] {
            case .constant(.integer(let n)): return .date(Double(n))
            case .constant(.double(let d)) where d.isFinite: return .date(d)
            default: return nil
            }
        default: return nil
        }
    }

    /// A stored column read by a bare key (`image`), with what it holds; nil for anything else.
    private static func column(_ expression: ValueExpression, entity: Entity, model: Model, table: StoreLayout.Table) -> (
        SQLFragment, holds: Holds
    )? {
        guard case .keyPath(.evaluatedObject, let components) = expression, components.count == 1,
            let owner = model.declaringEntity(ofProperty: components[0], in: entity)?.name,
            let column = table.column(entity: owner, property: components[0])
        else { return nil }
        switch column.kind {
        case .attribute(_, _, let type):
            let holds: Holds =
                type.isInteger || type == .double || type == .float || type == .boolean
                ? .number : type == .date ? .date : type == .string ? .string : .other
            return (.column(column.name, of: "s"), holds)
        case .toOne: return (.column(column.name, of: "s"), .other)
        default: return nil
        }
    }

    private static func comparison(_ column: (SQLFragment, holds: Holds), _ op: ValueExpression.Operator, _ constant: Constant)
        -> SQLFragment?
    {
        let value: SQLiteValue
        switch constant {
        case .literal(.null):
            switch op {
            case .equal: return .predicate(column.0, .isValue, .null)
            case .notEqual: return .predicate(column.0, .isNotValue, .null)
            default: return .truth(false)
            }
        case .literal(.integer(let n)) where column.holds == .number: value = .integer(n)
        case .literal(.double(let d)) where column.holds == .number && d.isFinite: value = .real(d)
        case .literal(.bool(let b)) where column.holds == .number: value = .integer(b ? 1 : 0)
        // A date is stored as seconds since 2001-01-01 (REAL), the number CAST(…, "NSDate") reads.
        case .date(let seconds) where column.holds == .date: value = .real(seconds)
        case .literal(.string(let text)) where column.holds == .string && (op == .equal || op == .notEqual): value = .text(text)
        default: return nil
        }
        switch op {
        case .equal: return .predicate(column.0, .isValue, value)
        case .notEqual: return .predicate(column.0, .isNotValue, value)
        case .less: return .predicate(column.0, .less, value)
        case .lessOrEqual: return .predicate(column.0, .lessOrEqual, value)
        case .greater: return .predicate(column.0, .greater, value)
        case .greaterOrEqual: return .predicate(column.0, .greaterOrEqual, value)
        default: return nil
        }
    }

    /// `constant op key` as `key op' constant`.
    private static func flip(_ op: ValueExpression.Operator) -> ValueExpression.Operator? {
        switch op {
        case .equal, .notEqual: op
        case .less: .greater
        case .lessOrEqual: .greaterOrEqual
        case .greater: .less
        case .greaterOrEqual: .lessOrEqual
        default: nil
        }
    }
}
