import Foundation
@_spi(CLI) import ModelDiffKit
import ModelDiffTestSupport
import Testing

// The printer's parentheses around NOT and ANY/ALL/NONE: NOT takes everything after it down to the
// comparisons wherever it stands, so it needs them exactly when an operator its operand would take
// follows it. Printing adds no others, so the printed text never nests deeper than the input and a
// round trip of accepted input is never refused by the parser's depth guard (docs/MAPPING.md).

@Test(arguments: [
    // A NOT that is a binary operator's right operand, with AND/OR after it: no parentheses.
    ("a - !!x OR c", "a - NOT NOT x OR c"),
    ("a - !x AND c", "a - NOT x AND c"),
    ("a == !b OR c", "a == NOT b OR c"),
    ("x * !a", "x * NOT a"),
    // … with an operator after it that NOT's operand would take: parentheses.
    ("(x * !a) + 1", "x * (NOT a) + 1"),
    ("(a - !b) - c", "a - (NOT b) - c"),
    ("(a == !b) == c", "a == (NOT b) == c"),
    // A NOT that its operand reaches past: the input's tree, printed as it parses.
    ("x * !a + 1", "x * NOT a + 1"),
    ("a - !b - c", "a - NOT b - c"),
    // A NOT that is a left operand.
    ("(!a) - b", "(NOT a) - b"),
    ("(!a) == b", "(NOT a) == b"),
    ("(!a) AND b", "NOT a AND b"),
    ("(!a) OR b AND c", "NOT a OR b AND c"),
    ("(!a).b", "(NOT a).b"),
    ("(!a)[FIRST]", "(NOT a)[FIRST]"),
    // Chains.
    ("!!!x", "NOT NOT NOT x"),
    ("!(!(!x))", "NOT NOT NOT x"),
    ("!!!x == 1", "NOT NOT NOT x == 1"),
    ("-!x", "-NOT x"),
    ("(-!x) + 1", "-(NOT x) + 1"),
    // Inside TERNARY, FUNCTION, built-in functions, aggregates and SUBQUERY.
    ("TERNARY(!a, !b, c - !d)", "TERNARY(NOT a, NOT b, c - NOT d)"),
    ("TERNARY((!a) == b, 1, 2) + 3", "TERNARY((NOT a) == b, 1, 2) + 3"),
    ("FUNCTION($source, 'f:g:', !a, b - !c)", "FUNCTION($source, \"f:g:\", NOT a, b - NOT c)"),
    ("uppercase:(!a)", "uppercase:(NOT a)"),
    ("{!a, b - !c OR d}", "{NOT a, b - NOT c OR d}"),
    ("SUBQUERY(tags, $t, !$t.flag OR $t.x)", "SUBQUERY(tags, $t, NOT $t.flag OR $t.x)"),
    // ANY/ALL/NONE: a prefix whose right side takes what binds tighter than the comparisons.
    ("ANY tags.name == !x OR y", "ANY tags.name == NOT x OR y"),
    ("ANY tags.name == x == y", "ANY tags.name == x == y"),
    ("(ANY tags.name == x) + 1", "(ANY tags.name == x) + 1"),
    ("a == (ANY tags.name == x)", "a == ANY tags.name == x"),
    ("-(ANY tags.name == x)", "-ANY tags.name == x"),
    // Comparisons group to the left, as the parser reads them: no parentheses added.
    ("a BEGINSWITH[c] b BEGINSWITH[c] c", "a BEGINSWITH[c] b BEGINSWITH[c] c"),
    ("a ==[c] (b ==[c] c)", "a ==[c] (b ==[c] c)"),
])
func notPrintsWithExactlyTheParenthesesItNeeds(_ input: String, _ printed: String) throws {
    let parsed = try ExpressionParser.parse(input)
    #expect(parsed.description == printed)
    #expect(try ExpressionParser.parse(printed) == parsed, "\(printed)")
}

/// The deepest input of a shape the parser accepts prints to text it accepts again: printing adds no
/// nesting. Each shape is grown until the depth guard refuses it, and the last accepted size is printed.
@Test(arguments: ["a - !", "a * !!", "a == !", "(a - !x) - ", "ANY t == !", "!(", "-!", "a BEGINSWITH[c] "])
func theDeepestAcceptedInputRoundTrips(_ link: String) throws {
    func input(_ count: Int) -> String {
        let text = String(repeating: link, count: count) + "x OR c"
        return link.hasSuffix("(") ? text + String(repeating: ")", count: count) : text
    }
    // The largest count the parser accepts, by bisection (acceptance is monotonic in the count).
    var (accepted, refused) = (0, 2 * ExpressionParser.maximumDepth)
    while refused - accepted > 1 {
        let middle = (accepted + refused) / 2
        if (try? ExpressionParser.parse(input(middle))) != nil { accepted = middle } else { refused = middle }
    }
    #expect(accepted > 10, "\(link)")
    let parsed = try ExpressionParser.parse(input(accepted))
    let reparsed = try ExpressionParser.parse(parsed.description)
    #expect(reparsed == parsed)
    #expect(reparsed.description == parsed.description)
}
