import Foundation
@_spi(CLI) import ModelDiffKit
import ModelDiffTestSupport
import Testing

/// The `$classes` chain of an archived object, from its class description.
private func classes(_ node: ArchivedObject) -> [String] {
    guard case .dictionary(let info)? = node.archive.resolve(node.fields["$class"]), case .array(let names)? = info["$classes"] else {
        return []
    }
    return names.compactMap { if case .string(let name) = $0 { name } else { nil } }
}

/// The archive of `text`, parsed, as the reader sees it.
private func archived(_ text: String) throws -> ArchivedObject {
    try #require(try KeyedArchive(bytes: ExpressionArchiver.archive(ExpressionParser.parse(text)), path: "x").root)
}

/// `text` archived and read back.
private func roundTrip(_ text: String) throws -> String {
    let archive = try ExpressionArchiver.archive(ExpressionParser.parse(text))
    return try ArchivedExpression.decode(base64: Data(archive).base64EncodedString(), path: "x", line: .none)
}

/// Every form that gained an archive reads back as the expression that was written.
@Test func predicateBearingExpressionsRoundTrip() throws {
    for text in [
        "TERNARY($source.a == 1, 2, 3)", "TERNARY($source.a != nil AND $source.b < 2, \"x\", \"y\")",
        "TERNARY(NOT $source.flag == YES, 1, 0)", "TERNARY($source.name BEGINSWITH[cd] \"a\", 1, 0)",
        "TERNARY(ANY $source.tags.name ==[c] \"x\", 1, 0)", "TERNARY(ALL $source.items.price > 2, 1, 0)",
        "TERNARY($source.name ENDSWITH \"z\" OR $source.name CONTAINS[n] \"q\", 1, 0)", "TERNARY($source.name LIKE \"a*\", 1, 0)",
        "TERNARY($source.name MATCHES \"[a-z]+\", 1, 0)", "TERNARY($source.n IN {1, 2}, 1, 0)", "TERNARY($source.n BETWEEN {1, 5}, 1, 0)",
        "TERNARY($source.tags CONTAINS \"x\", 1, 0)", "TERNARY(TRUEPREDICATE, 1, 0)", "TERNARY(FALSEPREDICATE, 1, 0)",
        "TERNARY($source.a <= 1 AND $source.b >= 2 OR $source.c > 3, 1, 0)", "TERNARY($source.a <[d] \"b\", 1, 0)",
        "TERNARY(NOT ($source.a == 1 OR $source.b == 2), TERNARY($source.c == 3, 4, 5), 6)",
        "{1, 2}", "{$source.a, \"b\", {3}}", "{}",
        "SUBQUERY($source.items, $x, $x.price > 10)", "SUBQUERY($source.items, $x, $x.price > 10).@count",
        "count:(SUBQUERY($source.tags, $t, $t.name BEGINSWITH \"a\" AND $t.weight < 2))",
        "$source.items[FIRST]", "$source.items[LAST]", "$source.items[SIZE]", "$source.items[2]", "$source.items[$source.n + 1].name",
        "FETCH(FUNCTION($manager, \"fetchRequestForSourceEntityNamed:predicateString:\", \"Note\", \"TRUEPREDICATE\"), $manager.sourceContext, NO)",
    ] {
        #expect(try roundTrip(text) == (try ExpressionParser.parse(text).description), "\(text)")
    }
    // Foundation has no NONE modifier: NONE is archived as NOT of ANY, and reads back as that.
    #expect(
        try roundTrip("TERNARY(NONE $source.tags.name == \"x\", 1, 0)")
            == (try ExpressionParser.parse("TERNARY(NOT ANY $source.tags.name == \"x\", 1, 0)").description))
}

/// What has no NSExpression form is still refused: a minus sign before anything but a number, a
/// predicate as a value, a value as a predicate, BETWEEN with options.
@Test func expressionsWithoutAnArchiveAreRefused() throws {
    for refused in [
        "-$source.a", "$source.a == 1", "$source.a AND $source.b", "NOT $source.a == 1", "TRUEPREDICATE", "$source.name BEGINSWITH \"a\"",
        "TERNARY($source.flag, 1, 2)", "SUBQUERY($source.items, $x, $x.price)", "TERNARY($source.n BETWEEN[c] {1, 2}, 1, 0)",
        "TERNARY($source.a + 1, 1, 2)",
    ] {
        #expect(throws: ExpressionArchiveError.self, "\(refused)") { try ExpressionArchiver.archive(ExpressionParser.parse(refused)) }
    }
}

/// One archive per new kind against what Foundation's decompiled coders write: classes and their
/// superclasses, keys, `NSExpressionType` numbers, operator types and options (docs/MAPPING.md).
@Test func predicateArchivesHoldFoundationsClassesAndKeys() throws {
    // TERNARY: NSTernaryExpression (20) with NSPredicate, NSTrueExpression, NSFalseExpression.
    let ternary = try archived("TERNARY($source.a == 1, 2, 3)")
    #expect(classes(ternary) == ["NSTernaryExpression", "NSExpression", "NSObject"] && ternary.integer("NSExpressionType") == 20)
    #expect(Set(ternary.fields.keys) == ["$class", "NSExpressionType", "NSPredicate", "NSTrueExpression", "NSFalseExpression"])
    let comparison = try #require(ternary.object("NSPredicate"))
    // NSPredicate's coder writes nothing: a predicate has no NSExpressionType.
    #expect(classes(comparison) == ["NSComparisonPredicate", "NSPredicate", "NSObject"])
    #expect(Set(comparison.fields.keys) == ["$class", "NSLeftExpression", "NSRightExpression", "NSPredicateOperator"])
    #expect(comparison.object("NSLeftExpression")?.className == "NSKeyPathExpression")
    #expect(comparison.object("NSRightExpression")?.integer("NSExpressionType") == 0)
    let equality = try #require(comparison.object("NSPredicateOperator"))
    #expect(classes(equality) == ["NSEqualityPredicateOperator", "NSPredicateOperator", "NSObject"])
    #expect(equality.fields["NSOperatorType"] == .integer(4) && equality.fields["NSModifier"] == .integer(0))
    #expect(equality.fields["NSNegate"] == .bool(false) && equality.fields["NSOptions"] == .integer(0) && equality.fields.count == 5)
    #expect(ternary.object("NSTrueExpression")?.value("NSConstantValue") == .integer(2))

    // AND: NSCompoundPredicate, type 1, its subpredicates in an (immutable) NSArray.
    let and = try #require(
        try archived("TERNARY($source.a < 1 AND ANY $source.tags.name BEGINSWITH[cd] \"x\", 1, 0)").object("NSPredicate"))
    #expect(classes(and) == ["NSCompoundPredicate", "NSPredicate", "NSObject"] && and.fields["NSCompoundPredicateType"] == .integer(1))
    let subpredicates = try #require(and.archive.object(and.fields["NSSubpredicates"]))
    #expect(classes(subpredicates) == ["NSArray", "NSObject"])
    let parts = and.objects("NSSubpredicates")
    #expect(parts.count == 2)
    let less = try #require(parts.first?.object("NSPredicateOperator"))
    #expect(classes(less) == ["NSComparisonPredicateOperator", "NSPredicateOperator", "NSObject"])
    #expect(
        less.fields["NSOperatorType"] == .integer(0) && less.fields["NSVariant"] == .integer(0) && less.fields["NSOptions"] == .integer(0))
    let begins = try #require(parts.last?.object("NSPredicateOperator"))
    #expect(classes(begins) == ["NSSubstringPredicateOperator", "NSStringPredicateOperator", "NSPredicateOperator", "NSObject"])
    #expect(begins.fields["NSOperatorType"] == .integer(8) && begins.fields["NSModifier"] == .integer(2))
    #expect(begins.fields["NSFlags"] == .integer(3) && begins.fields["NSPosition"] == .integer(0) && begins.fields.count == 5)

    // NOT, LIKE, IN, BETWEEN, TRUEPREDICATE.
    let not = try #require(try archived("TERNARY(NOT $source.name LIKE[c] \"a*\", 1, 0)").object("NSPredicate"))
    #expect(not.fields["NSCompoundPredicateType"] == .integer(0) && not.objects("NSSubpredicates").count == 1)
    let like = try #require(not.objects("NSSubpredicates").first?.object("NSPredicateOperator"))
    #expect(
        classes(like) == [
            "NSLikePredicateOperator", "NSMatchingPredicateOperator", "NSStringPredicateOperator", "NSPredicateOperator", "NSObject",
        ])
    #expect(like.fields["NSOperatorType"] == .integer(7) && like.fields["NSFlags"] == .integer(1) && like.fields.count == 4)
    let contains = try #require(
        try archived("TERNARY($source.tags CONTAINS \"x\", 1, 0)").object("NSPredicate")?.object("NSPredicateOperator"))
    #expect(classes(contains) == ["NSInPredicateOperator", "NSPredicateOperator", "NSObject"])
    #expect(contains.fields["NSOperatorType"] == .integer(99) && contains.fields["NSFlags"] == .integer(0))
    let between = try #require(try archived("TERNARY($source.n BETWEEN {1, 5}, 1, 0)").object("NSPredicate")?.object("NSPredicateOperator"))
    #expect(classes(between) == ["NSBetweenPredicateOperator", "NSPredicateOperator", "NSObject"])
    #expect(Set(between.fields.keys) == ["$class", "NSOperatorType", "NSModifier"] && between.fields["NSOperatorType"] == .integer(100))
    let truth = try #require(try archived("TERNARY(TRUEPREDICATE, 1, 0)").object("NSPredicate"))
    #expect(classes(truth) == ["NSTruePredicate", "NSPredicate", "NSObject"] && Set(truth.fields.keys) == ["$class"])

    // An aggregate: NSAggregateExpression (14), its members under NSCollection.
    let aggregate = try archived("{1, $source.a}")
    #expect(classes(aggregate) == ["NSAggregateExpression", "NSExpression", "NSObject"] && aggregate.integer("NSExpressionType") == 14)
    #expect(aggregate.objects("NSCollection").map(\.className) == ["NSConstantValueExpression", "NSKeyPathExpression"])

    // SUBQUERY: NSSubqueryExpression (13), the variable's name as a string.
    let subquery = try archived("SUBQUERY($source.items, $x, $x.price > 10)")
    #expect(classes(subquery) == ["NSSubqueryExpression", "NSExpression", "NSObject"] && subquery.integer("NSExpressionType") == 13)
    #expect(subquery.value("NSVariable") == .string("x") && subquery.object("NSExpression")?.className == "NSKeyPathExpression")
    #expect(subquery.object("NSSubpredicate")?.object("NSPredicateOperator")?.fields["NSOperatorType"] == .integer(2))

    // An index: objectFrom:withIndex: on _NSPredicateUtilities; FIRST an NSSymbolicExpression (11).
    let first = try archived("$source.items[FIRST]")
    #expect(first.className == "NSFunctionExpression" && first.string("NSSelectorName") == "objectFrom:withIndex:")
    #expect(first.object("NSOperand")?.string("NSConstantValueClassName") == "_NSPredicateUtilities")
    let symbol = try #require(first.objects("NSArguments").last)
    #expect(classes(symbol) == ["NSSymbolicExpression", "NSExpression", "NSObject"] && symbol.integer("NSExpressionType") == 11)
    #expect(symbol.string("NSToken") == "FIRST")
    #expect(try archived("$source.items[2]").objects("NSArguments").last?.value("NSConstantValue") == .integer(2))

    // FETCH: Core Data's NSFetchRequestExpression (50).
    let fetch = try archived(
        "FETCH(FUNCTION($manager, \"fetchRequestForSourceEntityNamed:predicateString:\", \"N\", \"TRUEPREDICATE\"), $manager.sourceContext, YES)"
    )
    #expect(classes(fetch) == ["NSFetchRequestExpression", "NSExpression", "NSObject"] && fetch.integer("NSExpressionType") == 50)
    #expect(fetch.fields["NSCountOnlyFlag"] == .bool(true) && fetch.object("NSFRExpression")?.className == "NSFunctionExpression")
}

/// An NSTernaryExpression around a predicate built by hand, as Foundation could write it.
private func ternary(_ build: (inout KeyedArchiveBuilder) -> PlistValue) -> String {
    var builder = KeyedArchiveBuilder()
    let predicate = build(&builder)
    let one = builder.object(
        ["NSConstantValueExpression", "NSExpression", "NSObject"], ["NSExpressionType": .integer(0), "NSConstantValue": .integer(1)])
    let root = builder.object(
        ["NSTernaryExpression", "NSExpression", "NSObject"],
        ["NSExpressionType": .integer(20), "NSPredicate": predicate, "NSTrueExpression": one, "NSFalseExpression": one])
    return Data(builder.archive(root: root)).base64EncodedString()
}

private func comparisonPredicate(_ b: inout KeyedArchiveBuilder, _ op: [String: PlistValue], _ chain: [String]) -> PlistValue {
    let lhs = b.object(["NSSelfExpression", "NSExpression", "NSObject"], ["NSExpressionType": .integer(1)])
    let rhs = b.object(
        ["NSConstantValueExpression", "NSExpression", "NSObject"], ["NSExpressionType": .integer(0), "NSConstantValue": .integer(2)])
    let operatorObject = b.object(chain, op)
    return b.object(
        ["NSComparisonPredicate", "NSPredicate", "NSObject"],
        ["NSLeftExpression": lhs, "NSRightExpression": rhs, "NSPredicateOperator": operatorObject])
}

private let equalityChain = ["NSEqualityPredicateOperator", "NSPredicateOperator", "NSObject"]

/// The reader takes what Foundation writes for the same predicates (an AND of three, an empty OR)
/// and refuses, with the line, what neither writes: options our expressions cannot spell, an
/// operator whose keys contradict its type, an operator class another type gets.
@Test func archivedPredicatesAreReadAsFoundationWritesThem() throws {
    let equal: [String: PlistValue] = [
        "NSOperatorType": .integer(4), "NSModifier": .integer(0), "NSNegate": .bool(false), "NSOptions": .integer(0),
    ]
    let three = ternary { b in
        let items = (0..<3).map { _ in comparisonPredicate(&b, equal, equalityChain) }
        let array = b.object(["NSArray", "NSObject"], ["NS.objects": .array(items)])
        return b.object(
            ["NSCompoundPredicate", "NSPredicate", "NSObject"], ["NSSubpredicates": array, "NSCompoundPredicateType": .integer(1)])
    }
    #expect(try ArchivedExpression.decode(base64: three, path: "x", line: .none) == "TERNARY(SELF == 2 AND SELF == 2 AND SELF == 2, 1, 1)")
    let none = ternary { b in
        let array = b.object(["NSArray", "NSObject"], ["NS.objects": .array([])])
        return b.object(
            ["NSCompoundPredicate", "NSPredicate", "NSObject"], ["NSSubpredicates": array, "NSCompoundPredicateType": .integer(2)])
    }
    #expect(try ArchivedExpression.decode(base64: none, path: "x", line: .none) == "TERNARY(FALSEPREDICATE, 1, 1)")

    var locale = equal
    locale["NSOptions"] = .integer(8)  // [l]: Foundation's locale option
    var contradicting = equal
    contradicting["NSNegate"] = .bool(true)  // != with the type of ==
    for (fields, chain) in [
        (locale, equalityChain), (contradicting, equalityChain),
        (equal, ["NSComparisonPredicateOperator", "NSPredicateOperator", "NSObject"]),
        (
            ["NSOperatorType": .integer(1000), "NSModifier": .integer(0)],
            ["NSTokenMatchingPredicateOperator", "NSPredicateOperator", "NSObject"]
        ),
        (["NSOperatorType": .integer(4), "NSModifier": .integer(3), "NSNegate": .bool(false), "NSOptions": .integer(0)], equalityChain),
    ] {
        let base64 = ternary { b in comparisonPredicate(&b, fields, chain) }
        #expect(throws: Diagnostic.self, "\(fields)") {
            try ArchivedExpression.decode(base64: base64, path: "m.xcmappingmodel", line: SourceLine(7))
        }
        do {
            _ = try ArchivedExpression.decode(base64: base64, path: "m.xcmappingmodel", line: SourceLine(7))
        } catch {
            #expect(error.path == "m.xcmappingmodel" && error.line == 7)
        }
    }
}

/// The zero-padded code both the XML refusal and JSON's escape print.
@Test func hexDigitsArePaddedToFour() {
    #expect(HexDigits.padded("\u{16}") == "0016" && HexDigits.padded("\u{1F}", uppercase: false) == "001f")
    #expect(HexDigits.padded("\u{1F600}") == "1F600")
}
