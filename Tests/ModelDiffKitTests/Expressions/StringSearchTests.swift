import Foundation
@_spi(CLI) import ModelDiffKit
import ModelDiffTestSupport
import Testing

// NSPredicate's string operators with the NSString calls and flags Foundation's predicate operators
// pass (docs/MAPPING.md, "String comparisons"): strings where canonical equivalence, literal search,
// case, diacritic and width folding, and NFKC normalization give different answers.

private let precomposed = "caf\u{E9}"  // "café", é as one scalar
private let decomposed = "cafe\u{301}"  // "café", e + combining acute accent
private let object = TestObject([
    "pre": .string(precomposed), "de": .string(decomposed), "street": .string("Stra\u{DF}e"), "wide": .string("\u{FF21}\u{FF22}"),
    "ligature": .string("\u{FB01}le"), "lines": .string("a\nb"), "empty": .string(""),
])

private func holds(_ text: String) throws -> Bool {
    let value = try ExpressionParser.parse(text).evaluate(in: EvaluationContext(evaluatedObject: .object(object)))
    guard case .bool(let truth) = value else { throw ExpressionError(column: 0, "not a truth value") }
    return truth
}

@Test(arguments: [
    // BEGINSWITH / ENDSWITH / CONTAINS: rangeOfString without NSLiteralSearch, so canonically
    // equivalent strings match and a base letter does not match inside a composed character.
    ("pre ENDSWITH 'e\u{301}'", true), ("de ENDSWITH '\u{E9}'", true), ("de CONTAINS 'caf\u{E9}'", true),
    ("de CONTAINS 'cafe'", false), ("pre BEGINSWITH 'cafe'", false), ("pre BEGINSWITH 'caf'", true),
    // [n] is a literal search: code units only.
    ("pre ENDSWITH[n] 'e\u{301}'", false), ("de CONTAINS[n] 'cafe'", true), ("de ENDSWITH[n] 'e\u{301}'", true),
    // [n] supersedes [c] and [d].
    ("pre BEGINSWITH[cn] 'CAF'", false), ("pre ENDSWITH[dn] 'e'", false),
    // [c] and [d] fold case and diacritics, and width with either.
    ("pre BEGINSWITH[c] 'CAF\u{C9}'", true), ("de ENDSWITH[d] 'fe'", true), ("pre CONTAINS[cd] 'AFE'", true),
    ("wide CONTAINS 'AB'", false), ("wide CONTAINS[c] 'ab'", true), ("wide BEGINSWITH[d] 'AB'", true),
    // An empty string is found nowhere (rangeOfString answers NSNotFound for it).
    ("pre BEGINSWITH ''", false), ("pre CONTAINS ''", false), ("empty ENDSWITH ''", false), ("'' IN pre", false),
    // == without options is isEqual: (code units); with options a literal comparison with them.
    ("pre == 'caf\u{E9}'", true), ("pre == 'cafe\u{301}'", false), ("pre ==[d] 'cafe\u{301}'", true),
    ("pre ==[cd] 'CAFE'", true), ("wide ==[c] 'ab'", true), ("wide ==[n] 'AB'", false),
    // MATCHES and LIKE fold and NFKC-normalize both sides; ICU's `.` is one scalar and matches a newline.
    ("de MATCHES 'caf\u{E9}'", true), ("pre MATCHES[d] 'caf\u{E9}'", true), ("pre MATCHES[c] 'CAF\u{C9}'", true),
    ("pre MATCHES[n] 'cafe\u{301}'", false), ("lines MATCHES 'a.b'", true), ("lines MATCHES 'a$\\\\nb'", true),
    ("pre MATCHES ''", false), ("empty MATCHES ''", false), ("empty MATCHES '.*'", true), ("ligature MATCHES 'fi.*'", true),
    ("ligature LIKE 'fi*'", true), ("ligature LIKE[n] 'fi*'", false), ("de LIKE 'caf?'", true), ("de LIKE[n] 'caf?'", false),
    ("pre LIKE[d] '*e'", true), ("lines LIKE 'a?b'", true), ("wide LIKE 'AB'", true), ("wide LIKE[c] 'ab'", true),
])
func stringSearchAnswersAsNSPredicate(_ predicate: String, _ expected: Bool) throws {
    #expect(try holds(predicate) == expected, "\(predicate)")
}

/// ß against "ss", and case-insensitive equality of the two é's: the answers CoreFoundation's string
/// comparison gives under the flags NSPredicate passes (the same CFString code as on Apple's
/// platforms). Case folding maps ß to "ss" in a literal comparison too, but a literal comparison
/// does not decompose: `==[c]` tells a precomposed é from e + U+0301, `==[d]` strips the accent of both.
@Test func sharpSAndTheTwoAccentsFollowCoreFoundationsFolding() throws {
    #expect(try holds("street ==[c] 'STRASSE'") == true)
    #expect(try holds("street CONTAINS[c] 'SS'") == true)
    #expect(try holds("street ==[n] 'Strasse'") == false)
    #expect(try holds("street BEGINSWITH 'Strass'") == false)
    #expect(try holds("pre ==[c] 'CAFE\u{301}'") == false)
    #expect(try holds("pre ==[d] 'cafe\u{301}'") == true)
    #expect(try holds("pre !=[c] 'cafe\u{301}'") == true)
}

/// A LIKE pattern ending in an unescaped backslash is refused, as Foundation refuses it.
@Test func likeRefusesATrailingBackslash() throws {
    #expect(throws: ExpressionError.self) { try holds("pre LIKE 'caf\\\\'") }
    #expect(try holds("pre LIKE 'caf\\\\\\\\'") == false)
}
