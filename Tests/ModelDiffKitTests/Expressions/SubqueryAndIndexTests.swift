import Foundation
@_spi(CLI) import ModelDiffKit
import ModelDiffTestSupport
import Testing

// SUBQUERY, collection operators through a to-many, array indexes and NSString's literal `==`, each
// with the answer NSExpression / NSPredicate gives (docs/MAPPING.md, "Predicates", has the evidence).

private let lines = [("pen", 3, 1.5), ("ink", 2, nil), ("paper", 10, 0.25)].map { name, count, price in
    TestObject(["name": .string(name), "count": .integer(Int64(count)), "price": price.map { .double($0) } ?? .null])
}
private let order = TestObject([
    "lines": .array(lines.map { .object($0) }), "empty": .array([]), "missing": .null, "code": .string("B7"),
    "events": .array([.date(100), .null, .date(50)].map { .object(TestObject(["at": $0])) }),
    "tags": .array(["b", "a", "c"].map { .object(TestObject(["name": .string($0)])) }),
])
private var context: EvaluationContext { EvaluationContext(evaluatedObject: .object(order)) }

private func value(_ text: String) throws -> String { try ExpressionParser.parse(text).evaluate(in: context).description }

@Test(arguments: [
    // SUBQUERY: the elements whose predicate holds, $x and SELF bound to each; a nil collection has none.
    ("SUBQUERY(lines, $l, $l.count > 2).@count", "2"),
    ("SUBQUERY(lines, $l, $l.name BEGINSWITH 'p').@count > 0", "YES"),
    ("SUBQUERY(lines, $l, $l.name BEGINSWITH 'x').@count > 0", "NO"),
    ("SUBQUERY(lines, $l, count > 2 AND $l.price < 1).@count", "1"),
    ("SUBQUERY(lines, $l, $l.price == nil)[FIRST].name", "\"ink\""),
    ("SUBQUERY(missing, $l, $l.count > 2).@count", "0"),
    ("TERNARY(SUBQUERY(lines, $l, $l.price == nil).@count > 0, 'unpriced', 'priced')", "\"unpriced\""),
    ("SUBQUERY(SUBQUERY(lines, $l, $l.count > 2), $m, $m.price < 1)[FIRST].name", "\"paper\""),
    // @sum / @avg: nil counts as 0; integers sum to an integer; @avg of nothing is nil, @sum of nothing 0.
    ("lines.@sum.count", "15"), ("lines.@avg.count", "5.0"), ("lines.@sum.price", "1.75"), ("lines.@avg.price", "0.5833333333333334"),
    ("empty.@sum.count", "0"), ("empty.@avg.count", "nil"), ("missing.@sum.count", "nil"),
    // @min / @max: compare:, nils left out, the element itself (number, date, string); nil when none.
    ("lines.@max.count", "10"), ("lines.@min.price", "0.25"), ("events.@max.at", "date(100.0)"), ("events.@min.at", "date(50.0)"),
    ("tags.@max.name", "\"c\""), ("empty.@max.count", "nil"), ("lines.name.@count", "3"), ("lines.@count", "3"),
    // Indexes: FIRST, LAST, SIZE, a position; FIRST of nothing is nil.
    ("lines[FIRST].name", "\"pen\""), ("lines[LAST].name", "\"paper\""), ("lines[SIZE]", "3"), ("lines[1].name", "\"ink\""),
    ("lines[0 + 2].count", "10"), ("empty[FIRST]", "nil"), ("empty[SIZE]", "0"), ("missing[FIRST]", "nil"), ("{5, 6}[last]", "6"),
])
func subqueriesAggregatesAndIndexesAnswerAsNSExpression(_ text: String, _ expected: String) throws {
    #expect(try value(text) == expected, "\(text)")
}

@Test func anIndexPastTheEndAndASubqueryOverAValueAreErrors() {
    #expect(throws: ExpressionError(column: 0, "index 3 is beyond the 3 elements of the array")) { try value("lines[3]") }
    #expect(throws: ExpressionError(column: 0, "SUBQUERY needs a collection as its first argument, not \"B7\"")) {
        try value("SUBQUERY(code, $c, $c == 'B')")
    }
    #expect(throws: ExpressionError.self) { try ExpressionParser.parse("SUBQUERY(lines, l, l.count > 1)") }
    #expect(throws: ExpressionError.self) { try ExpressionParser.parse("lines[FIRST") }
}

/// NSString's `isEqualToString:` compares literally, code unit by code unit: a precomposed "é" (U+00E9)
/// is not "e" + U+0301, though Swift's `==` finds them equal. With options NSPredicate compares
/// literally too, folding what the options say: `[d]` strips both accents and finds them equal, `[c]`
/// does not. `compare:` without options, which `<`, `<=` … use, applies Unicode's rules (orderedSame).
@Test func stringEqualityIsNSStringsLiteralComparison() throws {
    let composed = "caf\u{E9}"
    let decomposed = "cafe\u{301}"
    #expect(composed == decomposed)  // Swift's canonical equivalence, which NSString's isEqual: does not have
    let object = TestObject(["name": .string(composed)])
    let context = EvaluationContext(evaluatedObject: .object(object))
    let holds = { (text: String) throws -> String in try ExpressionParser.parse(text).evaluate(in: context).description }
    #expect(try holds("name == \"\(decomposed)\"") == "NO")
    #expect(try holds("name != \"\(decomposed)\"") == "YES")
    #expect(try holds("name == \"\(composed)\"") == "YES")
    #expect(try holds("name IN {\"\(decomposed)\"}") == "NO")
    #expect(try holds("name ==[d] \"\(decomposed)\"") == "YES")
    #expect(try holds("name ==[c] \"\(decomposed)\"") == "NO")
    #expect(try holds("name <= \"\(decomposed)\" AND name >= \"\(decomposed)\"") == "YES")
    #expect(try holds("name < \"\(decomposed)\"") == "NO")
}

@Test(arguments: [
    "SUBQUERY(tags, $t, $t.name BEGINSWITH \"a\").@count > 0", "tags[FIRST].name == \"x\"", "tags[LAST]", "tags[SIZE] > 2",
    "tags[0]", "$source.lines[1 + 1].name", "SUBQUERY(tags, $t, NOT $t.flag)[SIZE]", "a - NOT b", "a - NOT NOT b - c",
    "-NOT a", "(NOT a).b", "(NOT a)[FIRST]", "(NOT a) - b", "x * NOT a == 1 AND y", "ANY (NOT a) == 1", "a == NOT b",
    "{1, 2}[SIZE]", "(-1)[0]", "(-2.5).x", "-1[0]", "SUBQUERY(SUBQUERY(a, $x, $x > 1), $y, $y < 3)", "#first[FIRST]",
])
func newFormsPrintWhatTheyParse(_ text: String) throws {
    let parsed = try ExpressionParser.parse(text)
    #expect(try ExpressionParser.parse(parsed.description) == parsed, "\(parsed.description)")
}

/// NOT at the end of the text needs no parentheses, so the printed text nests no deeper than the input.
@Test func notPrintsWithoutParenthesesWhereNothingFollowsIt() throws {
    #expect(try ExpressionParser.parse("a - !b").description == "a - NOT b")
    #expect(try ExpressionParser.parse("a - !!b - c").description == "a - NOT NOT b - c")
    #expect(try ExpressionParser.parse("(!a) - b").description == "(NOT a) - b")
    #expect(try ExpressionParser.parse("x * !a + 1").description == "x * NOT a + 1")
    #expect(try ExpressionParser.parse("(x * !a) + 1").description == "x * (NOT a) + 1")
}
