import Foundation
@_spi(CLI) import ModelDiffKit
import ModelDiffTestSupport
import Testing

private let owner = TestObject(["name": .string("Ada")])
private let source = TestObject([
    "title": .string("Notes"), "code": .string("42"), "amount": .integer(42), "price": .decimal("19.99"), "owner": .object(owner),
    "missing": .null,
])
// Computed: an EvaluationContext holds object references, so it is not Sendable and cannot be a global constant.
private var context: EvaluationContext {
    EvaluationContext(variables: ["source": .object(source)], evaluatedObject: .object(source))
}

private func value(_ text: String) throws -> String { try ExpressionParser.parse(text).evaluate(in: context).description }

private func failure(_ text: String) -> String? {
    do {
        _ = try ExpressionParser.parse(text).evaluate(in: context)
        return nil
    } catch let error as ExpressionError {
        return error.description
    } catch {
        return "\(error)"
    }
}

/// NSString methods, with the results Apple's NSString reference gives.
@Test(arguments: [
    // integerValue: leading whitespace, optional sign, digits; stops at the first non-digit; 0 without digits.
    ("FUNCTION(\"12abc\", \"integerValue\")", "12"),
    ("FUNCTION(\"abc\", \"integerValue\")", "0"),
    ("FUNCTION(\"  -42\", \"integerValue\")", "-42"),
    ("FUNCTION(\"+7\", \"integerValue\")", "7"),
    ("FUNCTION(\"12.9\", \"integerValue\")", "12"),
    ("FUNCTION(\"\", \"integerValue\")", "0"),
    ("FUNCTION(\"99999999999999999999\", \"integerValue\")", "9223372036854775807"),
    ("FUNCTION(\"-99999999999999999999\", \"longLongValue\")", "-9223372036854775808"),
    ("FUNCTION(\"3000000000\", \"intValue\")", "2147483647"),
    // doubleValue: the longest floating-point text after whitespace; 0 without one; HUGE_VAL on overflow.
    ("FUNCTION(\" 2.5kg\", \"doubleValue\")", "2.5"),
    ("FUNCTION(\"abc\", \"doubleValue\")", "0.0"),
    ("FUNCTION(\"-1.5e3\", \"doubleValue\")", "-1500.0"),
    ("FUNCTION(\".5\", \"doubleValue\")", "0.5"),
    ("FUNCTION(\"7.\", \"doubleValue\")", "7.0"),
    ("FUNCTION(\"1e\", \"doubleValue\")", "1.0"),
    ("FUNCTION(\"1e999\", \"doubleValue\")", "inf"),
    // boolValue: Y, y, T, t or 1-9 after whitespace and an optional sign followed by zeros.
    ("FUNCTION(\"YES\", \"boolValue\")", "YES"),
    ("FUNCTION(\"true\", \"boolValue\")", "YES"),
    ("FUNCTION(\"no\", \"boolValue\")", "NO"),
    ("FUNCTION(\"-01\", \"boolValue\")", "YES"),
    ("FUNCTION(\" 20\", \"boolValue\")", "YES"),
    ("FUNCTION(\"000\", \"boolValue\")", "NO"),
    ("FUNCTION(\"0ab\", \"boolValue\")", "NO"),
    ("FUNCTION(\"+aeb\", \"boolValue\")", "NO"),
    ("FUNCTION(\"\", \"boolValue\")", "NO"),
    // length counts UTF-16 code units.
    ("FUNCTION(\"é😀\", \"length\")", "3"),
    ("length:(\"😀\")", "2"),
    ("$source.title.length", "5"),
    ("FUNCTION(\"abc\", \"description\")", "\"abc\""),
    ("FUNCTION(\"Straße\", \"uppercaseString\")", "\"STRASSE\""),
    ("FUNCTION(\"ÀB\", \"lowercaseString\")", "\"àb\""),
    ("$source.title.uppercaseString", "\"NOTES\""),
    ("FUNCTION($source.title, \"stringByAppendingString:\", \"!\")", "\"Notes!\""),
    ("FUNCTION(\"a,,b\", \"componentsSeparatedByString:\", \",\")", "{\"a\", \"\", \"b\"}"),
    ("FUNCTION(\"a,b\", \"componentsSeparatedByString:\", \"\")", "{\"a,b\"}"),
    ("FUNCTION(\"abc\", \"hasPrefix:\", \"ab\")", "YES"),
    ("FUNCTION(\"abc\", \"hasPrefix:\", \"\")", "NO"),
    ("FUNCTION(\"abc\", \"hasSuffix:\", \"bc\")", "YES"),
    ("FUNCTION(\"abc\", \"containsString:\", \"b\")", "YES"),
    ("FUNCTION(\"abc\", \"isEqualToString:\", \"abc\")", "YES"),
    ("$source.code.integerValue + 1", "43"),
])
func stringMethods(_ text: String, _ expected: String) throws {
    #expect(try value(text) == expected, "\(text)")
}

/// NSNumber and NSDate methods, and messages to nil.
@Test(arguments: [
    ("FUNCTION(3.0, \"stringValue\")", "\"3\""),
    ("FUNCTION(2.5, \"stringValue\")", "\"2.5\""),
    ("FUNCTION(0.1, \"description\")", "\"0.1\""),
    ("FUNCTION(42, \"description\")", "\"42\""),
    ("FUNCTION(-7, \"stringValue\")", "\"-7\""),
    ("FUNCTION(YES, \"stringValue\")", "\"1\""),
    ("FUNCTION($source.price, \"stringValue\")", "\"19.99\""),
    ("FUNCTION($source.price, \"doubleValue\")", "19.99"),
    ("FUNCTION($source.amount, \"doubleValue\")", "42.0"),
    ("FUNCTION(2.7, \"integerValue\")", "2"),
    ("FUNCTION(-2.7, \"integerValue\")", "-2"),
    ("FUNCTION(0, \"boolValue\")", "NO"),
    ("FUNCTION(-3, \"boolValue\")", "YES"),
    ("$source.amount.stringValue", "\"42\""),
    ("FUNCTION(CAST(0, \"NSDate\"), \"timeIntervalSince1970\")", "978307200.0"),
    ("FUNCTION(CAST(0, \"NSDate\"), \"description\")", "\"2001-01-01 00:00:00 +0000\""),
    ("FUNCTION(CAST(90.5, \"NSDate\"), \"timeIntervalSinceReferenceDate\")", "90.5"),
    ("FUNCTION($source.missing, \"integerValue\")", "nil"),
    ("FUNCTION($source, \"valueForKey:\", \"title\")", "\"Notes\""),
    ("FUNCTION($source, \"valueForKeyPath:\", \"owner.name\")", "\"Ada\""),
    ("FUNCTION($source.title, \"valueForKey:\", \"length\")", "5"),
])
func numberAndDateMethods(_ text: String, _ expected: String) throws {
    #expect(try value(text) == expected, "\(text)")
}

/// CAST(value, "NSNumber" | "NSString" | "NSDate").
@Test(arguments: [
    ("CAST(\"42\", \"NSNumber\")", "42"),
    ("CAST($source.code, \"NSNumber\")", "42"),
    ("CAST(\" -2.5\", \"NSNumber\")", "-2.5"),
    ("CAST(\"12abc\", \"NSNumber\")", "12"),
    ("CAST(\"1e3\", \"NSNumber\")", "1000.0"),
    ("CAST(\"abc\", \"NSNumber\")", "0"),
    ("CAST(7, \"NSNumber\")", "7"),
    ("CAST(CAST(90.5, \"NSDate\"), \"NSNumber\")", "90.5"),
    ("CAST(3.0, \"NSString\")", "\"3\""),
    ("CAST(2.5, \"NSString\")", "\"2.5\""),
    ("CAST(42, \"NSString\")", "\"42\""),
    ("CAST(YES, \"NSString\")", "\"1\""),
    ("CAST(\"x\", \"NSString\")", "\"x\""),
    ("CAST(0, \"NSDate\")", "date(0.0)"),
    ("CAST(86400, \"NSDate\")", "date(86400.0)"),
    ("CAST(CAST(86400, \"NSDate\"), \"NSString\")", "\"2001-01-02 00:00:00 +0000\""),
    ("CAST(CAST(-1, \"NSDate\"), \"NSString\")", "\"2000-12-31 23:59:59 +0000\""),
    ("CAST(CAST(CAST(\"60\", \"NSNumber\"), \"NSDate\"), \"NSString\")", "\"2001-01-01 00:01:00 +0000\""),
    ("CAST(nil, \"NSNumber\")", "nil"),
    ("CAST($source.missing, \"NSString\")", "nil"),
])
func casts(_ text: String, _ expected: String) throws {
    #expect(try value(text) == expected, "\(text)")
}

@Test func castAndFunctionPrintAsTheyParse() throws {
    for text in [
        "CAST($source.code, \"NSNumber\")", "CAST(CAST(1, \"NSDate\"), \"NSString\")", "FUNCTION($source.code, \"integerValue\")",
        "FUNCTION($source, \"valueForKey:\", \"code\")",
    ] {
        #expect(try ExpressionParser.parse(text).description == text)
    }
    #expect(try ExpressionParser.parse("cast(1, 'NSString')").description == "CAST(1, \"NSString\")")
}

@Test func foundationMethodErrorsAreErrors() throws {
    #expect(
        failure("FUNCTION(\"abc\", \"stringValue\")")
            == "NSString does not respond to stringValue (Foundation raises \"unrecognized selector\")")
    #expect(
        failure("FUNCTION(42, \"lowercaseString\")")
            == "NSNumber does not respond to lowercaseString (Foundation raises \"unrecognized selector\")")
    #expect(failure("FUNCTION(\"abc\", \"stringByAppendingString:\")") == "stringByAppendingString: takes 1 argument, not 0")
    #expect(failure("FUNCTION(\"abc\", \"stringByAppendingString:\", 1)") == "stringByAppendingString: needs a string argument, not 1")
    #expect(failure("FUNCTION(1e300, \"integerValue\")") == "integerValue of 1e+300: the number does not fit a 64-bit integer")
    #expect(failure("$source.title.foo") == "\"Notes\" has no key foo")
    #expect(
        failure("CAST(\"2020\", \"NSDate\")")
            == "CAST of a string to NSDate: Foundation does not document the rule; write CAST(CAST(x, \"NSNumber\"), \"NSDate\")")
    #expect(failure("CAST(\"x\", \"NSData\")") == "column 1: CAST's type must be \"NSNumber\", \"NSString\", \"NSDate\"")
    #expect(failure("1 + CAST(\"x\")") == "column 5: CAST takes a value and a type name, as in CAST($source.code, \"NSNumber\")")
    // The function form is the same call, checked the same way (FuzzExpression's finding).
    #expect(failure("Ft+CAST:(t, \"QO\")") == "column 4: CAST's type must be \"NSNumber\", \"NSString\", \"NSDate\"")
    #expect(try ExpressionParser.parse("CAST:(\"42\", \"NSNumber\")") == ExpressionParser.parse("CAST(\"42\", \"NSNumber\")"))
}
