import Foundation
@_spi(CLI) import ModelDiffStore
import ModelDiffTestSupport
import Testing

/// "A model file is data, never code": every name reaches SQL through `SQL.quote` (Store/SQLIdentifier.swift)
/// and every value through a bound parameter. These tests read `Sources/` and fail on a string literal
/// that holds SQL and interpolates anything but a call of `SQL`'s functions.
enum SQLSource {
    /// Words that make a string literal SQL (upper case, as the project writes SQL).
    static let keyword = try! NSRegularExpression(
        pattern:
            #"\b(SELECT|INSERT|UPDATE|DELETE|CREATE|DROP|ALTER|ATTACH|DETACH|PRAGMA|FROM|INTO|WHERE|VALUES|SET|JOIN|ORDER BY|GROUP BY)\b"#)

    /// The functions of `SQL` that return quoted names, parameters or fixed SQL only.
    static let helpers: Set<String> = [
        "quote", "column", "parameters", "parameterRows", "assignments", "nullAssignments", "optimisticLockBump",
        "indexColumns", "columnDefinitions", "joined", "indexedBy",
    ]

    /// The file defining `SQL`: the only one allowed to build SQL from names.
    static let quotingFile = "Store/SQLIdentifier.swift"

    /// Whether `expression` is one call of a helper (`SQL.quote(x)`, `SQL.joined(…).text`).
    static func isHelperCall(_ expression: String) -> Bool {
        let scalars = Array(expression.unicodeScalars)
        guard expression.hasPrefix("SQL."), let open = scalars.firstIndex(of: "(") else { return false }
        let name = String(String.UnicodeScalarView(scalars[4..<open]))
        guard helpers.contains(name) else { return false }
        // The call's parentheses must close at the end (or before `.text`): nothing may follow.
        var depth = 0
        var inString = false
        for index in open..<scalars.count {
            let scalar = scalars[index]
            if scalar == "\"" { inString.toggle() }
            if inString { continue }
            if scalar == "(" { depth += 1 }
            if scalar == ")" {
                depth -= 1
                if depth == 0 {
                    let rest = String(String.UnicodeScalarView(scalars[(index + 1)...]))
                    return rest.isEmpty || rest == ".text"
                }
            }
        }
        return false
    }

    /// The literals in `source` that hold SQL and interpolate something other than a helper call,
    /// or have something other than a helper call or another literal appended with `+`.
    static func findings(in source: String) -> [StringLiteral] {
        StringLiteralScanner.literals(in: source).filter { literal in
            let text = literal.text
            guard keyword.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil else { return false }
            return literal.interpolations.contains { !isHelperCall($0) } || !appendsOnlyHelpers(literal.following)
        }
    }

    /// Whether the code after a literal appends nothing, or a helper call or another literal.
    static func appendsOnlyHelpers(_ following: String) -> Bool {
        let rest = following.drop { $0 == " " }
        guard rest.hasPrefix("+") else { return true }
        let appended = rest.dropFirst().drop { $0 == " " }
        return appended.hasPrefix("SQL.") || appended.hasPrefix("\"")
    }
}

@Test func theCheckFindsStringBuiltSQL() {
    #expect(SQLSource.findings(in: #"let sql = "SELECT * FROM \(table)""#).count == 1)
    #expect(SQLSource.findings(in: #"let sql = "SELECT * FROM " + table"#).count == 1)
    #expect(SQLSource.findings(in: #"let sql = "DROP TABLE " + SQL.quote(table)"#).isEmpty)
    #expect(SQLSource.findings(in: #"db.execute("DELETE FROM \(SQL.quote(t)) WHERE Z_PK = \(key)")"#).count == 1)
    #expect(SQLSource.findings(in: #"x("INSERT INTO \(SQL.quote(a)) (\(names.joined(separator: ", ")))")"#).count == 1)
    #expect(SQLSource.findings(in: #"x("UPDATE \(SQL.quote(a) + suffix) SET a = 1")"#).count == 1)
    #expect(SQLSource.findings(in: #"x("UPDATE \(SQL.quote(a)).\(b) SET a = 1")"#).count == 1)
    #expect(SQLSource.findings(in: "x(\"\"\"\n  SELECT \\(columns)\n  FROM t\n\"\"\")").count == 1)
    // A literal nested in an interpolation is checked too.
    #expect(SQLSource.findings(in: #"x("\(f("DROP TABLE \(t)"))")"#).count == 1)
    #expect(SQLSource.findings(in: #"let sql = "SELECT * FROM \(SQL.quote(table)) WHERE Z_ENT IN (\(SQL.parameters(n)))""#).isEmpty)
    #expect(SQLSource.findings(in: #"x("SELECT \(SQL.joined(values, separator: .comma).text) FROM t")"#).isEmpty)
    #expect(SQLSource.findings(in: #"throw Failure("no entity \(name) in the model") // SELECT \(x)"#).isEmpty)
}

@Test func noSourceFileBuildsSQLFromUnquotedText() throws {
    let root = Paths.repository.appendingPathComponent("Sources")
    let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)!.compactMap { $0 as? URL }.filter {
        $0.pathExtension == "swift"
    }
    #expect(files.count > 50)
    var findings: [String] = []
    var checked = 0
    for file in files where !file.path.hasSuffix(SQLSource.quotingFile) {
        let source = try String(contentsOf: file, encoding: .utf8)
        checked += StringLiteralScanner.literals(in: source).count
        for literal in SQLSource.findings(in: source) {
            findings.append("\(file.path.dropFirst(root.path.count + 1)):\(literal.line): \(literal.text)")
        }
    }
    #expect(checked > 1000)
    #expect(findings.isEmpty, "string-built SQL outside SQL.quote and its helpers:\n\(findings.joined(separator: "\n"))")
}
