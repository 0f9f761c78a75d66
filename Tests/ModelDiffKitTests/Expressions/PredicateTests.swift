import Foundation
@_spi(CLI) import ModelDiffKit
import ModelDiffTestSupport
import Testing

// Predicates in NSPredicate's format, each with the answer NSPredicate gives (Apple's "Predicate
// Format String Syntax" and the NSComparisonPredicate reference): the operand is the evaluated
// object (`SELF`), whose keys a fetch predicate reads bare.

private let tags = ["swift", "Core Data", "café"].map { TestObject(["name": .string($0)]) }
private let item = TestObject([
    "title": .string("Crème Brûlée"), "code": .string("AB-123"), "rating": .integer(4), "price": .double(9.5), "image": .null,
    "thumbnail": .data([1, 2]), "flag": .bool(true), "tags": .array(tags.map { .object($0) }), "empty": .array([]),
    "owner": .object(TestObject(["name": .string("Ada"), "age": .integer(36)])), "noOwner": .null,
])
// Computed: an EvaluationContext holds object references, so it is not Sendable and cannot be a global constant.
private var context: EvaluationContext {
    EvaluationContext(variables: ["limit": .integer(3)], evaluatedObject: .object(item))
}

private func holds(_ text: String) throws -> Bool {
    let predicate = try ExpressionParser.parse(text)
    guard case .bool(let value) = try predicate.evaluate(in: context) else { throw ExpressionError(column: 0, "not a truth value") }
    return value
}

@Test(arguments: [
    // nil comparisons
    ("image == nil", true), ("image != nil", false), ("thumbnail != nil", true), ("image == NULL", true), ("owner != nil", true),
    ("noOwner == nil", true), ("image < 3", false), ("image > 3", false), ("NOT (image > 3)", true),
    // comparisons, on numbers and strings
    ("rating == 4", true), ("rating = 4", true), ("rating != 4", false), ("rating <> 4", false), ("rating > 3 AND price < 10", true),
    ("rating >= 5 OR price <= 9.5", true), ("rating =< 4", true), ("rating => 5", false), ("price == 9.5", true), ("flag == YES", true),
    ("rating > $limit", true), ("owner.age > 30", true), ("owner.name == 'Ada'", true), ("noOwner.name == nil", true),
    ("code < 'B'", true), ("code > 'AB-1'", true),
    // string operators and their options
    ("code BEGINSWITH 'AB'", true), ("code BEGINSWITH 'ab'", false), ("code BEGINSWITH[c] 'ab'", true), ("code ENDSWITH '123'", true),
    ("code ENDSWITH '12'", false), ("code CONTAINS '-'", true), ("code CONTAINS[c] 'b-1'", true), ("title CONTAINS 'Brulee'", false),
    ("title CONTAINS[d] 'Brulee'", true), ("title ==[cd] 'creme brulee'", true), ("title ==[c] 'creme brulee'", false),
    ("title ==[c] 'CRÈME BRÛLÉE'", true), ("title BEGINSWITH[cd] 'CREME'", true), ("image BEGINSWITH 'a'", false),
    ("code beginswith 'AB'", true),
    // LIKE: * and ? over the whole string
    ("code LIKE 'AB-*'", true), ("code LIKE 'AB-???'", true), ("code LIKE 'AB-??'", false), ("code LIKE '*-1*3'", true),
    ("code LIKE 'ab*'", false), ("code LIKE[c] 'ab*'", true), ("title LIKE[cd] 'creme*'", true), ("code LIKE '*'", true),
    ("code LIKE 'AB'", false),
    // MATCHES: an ICU regular expression over the whole string
    ("code MATCHES '[A-Z]+-[0-9]+'", true), ("code MATCHES '[A-Z]+'", false), ("code MATCHES '[a-z]+-[0-9]+'", false),
    ("code MATCHES[c] '[a-z]+-[0-9]+'", true), ("code MATCHES 'AB|AB-123'", true), ("image MATCHES '.*'", false),
    // IN, BETWEEN
    ("rating IN {1, 2, 4}", true), ("rating IN {1, 2}", false), ("code IN {'x', 'AB-123'}", true), ("code IN[c] {'ab-123'}", true),
    ("'B-1' IN code", true), ("rating BETWEEN {1, 4}", true), ("rating BETWEEN {5, 10}", false), ("price BETWEEN {9.5, 9.5}", true),
    ("image BETWEEN {1, 2}", false), ("image IN {1, 2}", false),
    // CONTAINS on a collection, ANY / ALL / NONE over a to-many
    ("tags.name CONTAINS 'swift'", true), ("ANY tags.name == 'swift'", true), ("SOME tags.name BEGINSWITH 'Core'", true),
    ("ALL tags.name == 'swift'", false), ("ALL tags.name LIKE '*'", true), ("NONE tags.name == 'rust'", true),
    ("NONE tags.name ==[cd] 'CAFE'", false), ("ANY empty.name == 'x'", false), ("ALL empty.name == 'x'", true),
    ("NONE empty.name == 'x'", true), ("tags.@count == 3", true),
    // AND, OR, NOT, their precedence, and the constant predicates
    ("NOT rating == 4", false), ("NOT code BEGINSWITH 'X' AND rating == 4", true), ("! (rating == 4)", false),
    ("rating == 1 OR rating == 4 AND price > 100", false), ("(rating == 1 OR rating == 4) AND price < 100", true),
    ("rating == 4 && price < 10 || flag == NO", true), ("TRUEPREDICATE", true), ("FALSEPREDICATE", false),
    ("NOT FALSEPREDICATE", true),
])
func predicatesAnswerAsNSPredicate(_ text: String, _ expected: Bool) throws {
    #expect(try holds(text) == expected, "\(text)")
}

@Test(arguments: [
    "image != nil", "code BEGINSWITH[cd] \"ab\"", "ANY tags.name LIKE[c] \"s*\"", "NONE tags.name == \"x\"", "rating IN {1, 2}",
    "rating BETWEEN {1, 10}", "NOT code MATCHES \"[0-9]+\"", "NOT (rating == 1 AND price > 2)", "TRUEPREDICATE", "FALSEPREDICATE",
    "(NOT flag) == YES", "code CONTAINS[n] \"x\" OR rating <= 3", "TERNARY(title ENDSWITH[d] \"e\", 1, 2)", "-(NOT flag)",
])
func predicatesPrintWhatTheyParse(_ text: String) throws {
    let parsed = try ExpressionParser.parse(text)
    #expect(try ExpressionParser.parse(parsed.description) == parsed, "\(parsed.description)")
}

@Test func predicatesPrintInNSPredicateForm() throws {
    #expect(try ExpressionParser.parse("any tags.name beginswith[dc] 'a'").description == "ANY tags.name BEGINSWITH[cd] \"a\"")
    #expect(try ExpressionParser.parse("not rating == 4").description == "NOT rating == 4")
    #expect(try ExpressionParser.parse("rating ==[c] 4").description == "rating ==[c] 4")
}

@Test(arguments: [
    (
        "code BEGINSWITH[x] 'a'",
        "column 17: unknown comparison option 'x': write c (case-insensitive), d (diacritic-insensitive) or n (normalized)"
    ),
    ("code BEGINSWITH[c 'a'", "column 19: expected ']' to close the comparison options"),
    ("ANY tags.name", "column 1: ANY must be followed by a comparison, as in ANY tags.name == \"x\""),
    ("code LIKE", "column 10: unexpected end of expression"),
    ("rating BETWEEN", "column 15: unexpected end of expression"),
])
func predicateParseErrorsCarryTheColumn(_ text: String, _ message: String) {
    #expect(throws: ExpressionError.self) { try ExpressionParser.parse(text) }
    do {
        _ = try ExpressionParser.parse(text)
    } catch {
        #expect(error.description == message)
    }
}

@Test func predicateEvaluationErrors() {
    #expect(throws: ExpressionError(column: 0, "BEGINSWITH compares strings, not 4 and \"a\"")) { try holds("rating BEGINSWITH 'a'") }
    #expect(throws: ExpressionError(column: 0, "BETWEEN needs two bounds on its right, as in {1, 10}, not {1}")) {
        try holds("rating BETWEEN {1}")
    }
    #expect(throws: ExpressionError(column: 0, "ANY needs a collection on its left, not 4")) { try holds("ANY rating == 4") }
    #expect(throws: ExpressionError(column: 0, "MATCHES: \"(\" is not a regular expression ICU accepts")) { try holds("code MATCHES '('") }
    // An unbalanced ')' would escape the group that anchors the match: refused, not reinterpreted.
    #expect(throws: ExpressionError.self) { try holds("code MATCHES 'x)|(.*'") }
}

/// A pattern that backtracks exponentially ends within the time limit instead of hanging: with the
/// time-limit error, or with no match when ICU's own backtracking limit stops it first.
@Test(arguments: [26, 64])
func aHostileRegularExpressionIsBounded(length: Int) throws {
    let hostile = TestObject(["text": .string(String(repeating: "a", count: length) + "b")])
    let predicate = try ExpressionParser.parse("text MATCHES '(a+)+'")
    let start = Date()
    do {
        #expect(try predicate.evaluate(in: EvaluationContext(evaluatedObject: .object(hostile))).description == "NO")
    } catch let error as ExpressionError {
        #expect(error.message == "MATCHES \"(a+)+\" ran longer than 1 s on one string: simplify the regular expression")
    }
    #expect(Date().timeIntervalSince(start) < 10)
}

/// LIKE's matcher is linear-times-linear, whatever the pattern: no backtracking blow-up.
@Test func likeStaysFastOnHostilePatterns() throws {
    let long = TestObject(["text": .string(String(repeating: "a", count: 20_000))])
    let predicate = try ExpressionParser.parse("text LIKE '" + String(repeating: "*a", count: 30) + "b'")
    let start = Date()
    #expect(try predicate.evaluate(in: EvaluationContext(evaluatedObject: .object(long))).description == "NO")
    #expect(Date().timeIntervalSince(start) < 10)
    #expect(
        try ExpressionParser.parse("text LIKE 'a\\\\*'").evaluate(
            in: EvaluationContext(evaluatedObject: .object(TestObject(["text": .string("a*")])))
        ).description == "YES")
}

/// The predicate seeds of the FuzzExpression target (Fuzz/Seeds/FuzzExpression/) parse, and print to
/// text that parses back to the same predicate, which is what the fuzz target checks on every input.
@Test func theFuzzSeedsParseAndRoundTrip() throws {
    let folder = Paths.repository.appendingPathComponent("Fuzz/Seeds/FuzzExpression")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(names.count >= 10)
    for name in names {
        let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        let parsed = try ExpressionParser.parse(text)
        #expect(try ExpressionParser.parse(parsed.description) == parsed, "\(name): \(parsed.description)")
    }
}
