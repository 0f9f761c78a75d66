import Foundation
@_spi(CLI) import ModelDiffKit
import ModelDiffTestSupport
import Testing

/// An object for tests: a dictionary of keys, and FUNCTION selectors answered by a closure.
final class TestObject: ExpressionObject, @unchecked Sendable {
    let values: [String: ExpressionValue]
    let functions: [String: ([ExpressionValue]) -> ExpressionValue]

    init(_ values: [String: ExpressionValue], functions: [String: ([ExpressionValue]) -> ExpressionValue] = [:]) {
        self.values = values
        self.functions = functions
    }

    func value(forKey key: String) throws -> ExpressionValue { values[key] ?? .null }

    func perform(selector: String, arguments: [ExpressionValue]) throws -> ExpressionValue {
        guard let function = functions[selector] else { throw ExpressionError(column: 0, "unknown selector \(selector)") }
        return function(arguments)
    }
}

private let owner = TestObject(["name": .string("Ada")])
private let pages = (1...3).map { TestObject(["number": .integer(Int64($0)), "words": .integer(Int64($0 * 100))]) }
private let source = TestObject([
    "title": .string("Notes"), "amount": .integer(42), "temperature": .double(212), "owner": .object(owner),
    "pages": .array(pages.map { .object($0) }), "size": .integer(7), "price": .decimal("19.99"), "flag": .bool(true),
])
private let manager = TestObject(
    [:],
    functions: [
        "destinationInstancesForEntityMappingName:sourceInstances:": { arguments in
            guard case .string(let name) = arguments[0] else { return .null }
            return .array([.string(name), arguments[1]])
        }
    ])
// Computed: an EvaluationContext holds object references, so it is not Sendable and cannot be a global constant.
private var context: EvaluationContext {
    EvaluationContext(
        variables: ["source": .object(source), "manager": .object(manager)], evaluatedObject: .object(source))
}

private func value(_ text: String) throws -> String { try ExpressionParser.parse(text).evaluate(in: context).description }

@Test(arguments: [
    ("$source.amount", "42"),
    ("$source.owner.name", "\"Ada\""),
    ("title", "\"Notes\""),
    ("SELF.title", "\"Notes\""),
    ("$source.#size", "7"),
    ("($source.temperature - 32.0) / 1.8", "100.0"),
    ("1 + 2 * 3", "7"),
    ("(1 + 2) * 3", "9"),
    ("2 ** 3 ** 2", "512.0"),
    ("-$source.amount + 2", "-40"),
    ("7 / 2", "3"),
    ("7.0 / 2", "3.5"),
    ("1e3 + 0.5", "1000.5"),
    ("$source.pages.@count", "3"),
    ("$source.pages.@sum.words", "600"),
    ("$source.pages.@avg.number", "2.0"),
    ("$source.pages.@max.words", "300"),
    ("$source.pages.number", "{1, 2, 3}"),
    ("TERNARY($source.amount > 40, 'big', 'small')", "\"big\""),
    ("TERNARY($source.amount == 41 OR NOT $source.flag, 1, 0)", "0"),
    ("TERNARY($source.amount >= 42 AND $source.title != nil, YES, NO)", "YES"),
    ("uppercase:($source.title)", "\"NOTES\""),
    ("lowercase:('ABC')", "\"abc\""),
    ("abs:(-3)", "3.0"),
    ("{1, 'two', nil}", "{1, \"two\", nil}"),
    ("$source.price", "19.99"),
    (
        "FUNCTION($manager, \"destinationInstancesForEntityMappingName:sourceInstances:\", \"TradeToTrade\", $source.amount)",
        "{\"TradeToTrade\", 42}"
    ),
    ("\"say \\\"hi\\\"\"", "\"say \"hi\"\""),
])
func evaluates(_ text: String, _ expected: String) throws {
    #expect(try value(text) == expected)
}

@Test(arguments: [
    "$source.amount", "$source.owner.name", "($source.temperature - 32.0) / 1.8", "1 + 2 * 3", "(1 + 2) * 3", "2 ** 3 ** 2",
    "(2 ** 3) ** 2", "$source.#size", "$source.pages.@sum.words", "TERNARY($source.amount > 40, \"big\", \"small\")",
    "FUNCTION($manager, \"destinationInstancesForEntityMappingName:sourceInstances:\", \"FolderToFolder\", $source.folder)",
    "uppercase:($source.title)", "now()", "{1, 2.5, \"x\", nil, YES}", "NOT ($source.a == 1 OR $source.b < 2)", "1 - (2 - 3)",
    "-$source.amount",
])
func printsWhatItParses(_ text: String) throws {
    let parsed = try ExpressionParser.parse(text)
    #expect(try ExpressionParser.parse(parsed.description) == parsed)
}

@Test func canonicalText() throws {
    #expect(try ExpressionParser.parse("( $source.temperature-32.0 )/1.8").description == "($source.temperature - 32.0) / 1.8")
    #expect(try ExpressionParser.parse("$source.#size").description == "$source.#size")
    #expect(try ExpressionParser.parse("FUNCTION($manager,'sel:',1)").description == "FUNCTION($manager, \"sel:\", 1)")
}

@Test(arguments: [
    ("$source.", "column 9: expected a key after '.'"),
    ("($source.amount", "column 16: expected ')' to close '('"),
    ("uppercase:($source.title", "column 25: expected ')' after arguments"),
    ("$source.size", "column 9: 'size' is a reserved word: escape it as #size"),
    ("1 +", "column 4: unexpected end of expression"),
    ("1 2", "column 3: unexpected a number after the expression"),
    ("'open", "column 1: unterminated string"),
    ("$source.a ^ 2", "column 11: unexpected character '^'"),
    ("frobnicate:(1)", "column 1: unknown function frobnicate:"),
    ("FUNCTION($manager)", "column 9: FUNCTION takes a target, a selector string and arguments"),
    ("", "column 1: empty expression"),
])
func parseErrorsCarryTheColumn(_ text: String, _ message: String) {
    #expect(throws: ExpressionError.self) { try ExpressionParser.parse(text) }
    do {
        _ = try ExpressionParser.parse(text)
    } catch {
        #expect(error.description == message)
    }
}

@Test func evaluationErrors() {
    #expect(throws: ExpressionError(column: 0, "unknown variable $sorce")) {
        try ExpressionParser.parse("$sorce.title").evaluate(in: context)
    }
    #expect(throws: ExpressionError(column: 0, "cannot apply + to nil and 1")) {
        try ExpressionParser.parse("$source.missing + 1").evaluate(in: context)
    }
    #expect(throws: ExpressionError(column: 0, "unknown selector frob:")) {
        try ExpressionParser.parse("FUNCTION($manager, 'frob:', 1)").evaluate(in: context)
    }
    #expect(throws: ExpressionError(column: 0, "division by zero")) { try ExpressionParser.parse("1 / 0").evaluate(in: context) }
}

@Test func deepNestingIsAnErrorNotACrash() {
    let deep = String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000)
    #expect(throws: ExpressionError.self) { try ExpressionParser.parse(deep) }
    let chain = Array(repeating: "1", count: 10_000).joined(separator: " ** ")
    #expect(throws: ExpressionError.self) { try ExpressionParser.parse(chain) }
    let fine = String(repeating: "(", count: 100) + "1" + String(repeating: ")", count: 100)
    #expect(throws: Never.self) { try ExpressionParser.parse(fine) }
}

@Test func sourceKeyPathsForValidation() throws {
    let expression = try ExpressionParser.parse("TERNARY($source.a > 1, $source.owner.name, uppercase:($destination.x))")
    #expect(expression.keyPaths(from: "source") == [["a"], ["owner", "name"]])
    #expect(expression.variables == ["source", "destination"])
}
