import Foundation

/// The NSString, NSNumber and NSDate methods a value expression calls through
/// `FUNCTION(value, "selector", arguments…)` or reads as a key (`$source.code.integerValue`, which
/// key-value coding answers by calling the method), with Foundation's results.
///
/// Sources: Apple's NSString reference (`integerValue`, `intValue`, `longLongValue`, `doubleValue`,
/// `boolValue`, `length`, `lowercaseString`, `uppercaseString`, `stringByAppendingString:`,
/// `componentsSeparatedByString:`), the NSNumber reference (`stringValue`, `description`,
/// `…Value`) and the NSDate reference (`timeIntervalSinceReferenceDate`, a reference date of
/// 2001-01-01 00:00:00 UTC). A selector none of these answers is an error, as Foundation raises
/// "unrecognized selector sent to instance".
enum FoundationMethods {
    /// The receiver classes a method belongs to, as the validation names them.
    enum Receiver: String, Sendable {
        case string = "NSString"
        case number = "NSNumber"
        case date = "NSDate"
        case object = "a managed object"
    }

    /// The NSString methods, by selector (the number of colons is the number of arguments).
    static let stringSelectors: Set<String> = [
        "length", "integerValue", "intValue", "longLongValue", "doubleValue", "floatValue", "boolValue", "description",
        "lowercaseString", "uppercaseString", "stringByAppendingString:", "componentsSeparatedByString:", "hasPrefix:",
        "hasSuffix:", "containsString:", "isEqualToString:",
    ]
    /// The NSNumber methods (Boolean and decimal values are NSNumbers too).
    static let numberSelectors: Set<String> = [
        "integerValue", "intValue", "longLongValue", "doubleValue", "floatValue", "boolValue", "stringValue", "description",
    ]
    /// The NSDate methods.
    static let dateSelectors: Set<String> = ["timeIntervalSinceReferenceDate", "timeIntervalSince1970", "description"]
    /// The key-value coding methods of a migrated object (NSManagedObject): `FUNCTION($source,
    /// "valueForKey:", "title")` is the form Core Data's compiled mapping models use.
    static let objectSelectors: Set<String> = ["valueForKey:", "valueForKeyPath:"]

    /// Every selector known here, for a receiver whose class the validation cannot tell.
    static let allSelectors = stringSelectors.union(numberSelectors).union(dateSelectors).union(objectSelectors)

    /// The selectors a receiver answers.
    static func selectors(of receiver: Receiver) -> Set<String> {
        switch receiver {
        case .string: stringSelectors
        case .number: numberSelectors
        case .date: dateSelectors
        case .object: objectSelectors
        }
    }

    /// The number of arguments a selector takes: one per colon, as in Objective-C.
    static func arity(of selector: String) -> Int { selector.filter { $0 == ":" }.count }

    /// The class a value is an instance of in Foundation; nil for nil, arrays, data and UUIDs.
    static func receiver(of value: ExpressionValue) -> Receiver? {
        switch value {
        case .string: .string
        case .integer, .double, .bool, .decimal: .number
        case .date: .date
        case .object: .object
        default: nil
        }
    }

    /// Calls `selector` on a string, number or date.
    static func perform(_ selector: String, on value: ExpressionValue, arguments: [ExpressionValue]) throws -> ExpressionValue {
        let receiver = value
        guard let kind = Self.receiver(of: receiver), kind != .object, selectors(of: kind).contains(selector) else {
            let name = Self.receiver(of: receiver)?.rawValue ?? "\(receiver)"
            throw ExpressionError(column: 0, "\(name) does not respond to \(selector) (Foundation raises \"unrecognized selector\")")
        }
        guard arguments.count == arity(of: selector) else {
            throw ExpressionError(
                column: 0, "\(selector) takes \(arity(of: selector)) argument\(arity(of: selector) == 1 ? "" : "s"), not \(arguments.count)"
            )
        }
        switch receiver {
        case .string(let text): return try string(text, selector, arguments)
        case .date(let seconds):
            switch selector {
            case "timeIntervalSinceReferenceDate": return .double(seconds)
            case "timeIntervalSince1970": return .double(seconds + Date.timeIntervalBetween1970AndReferenceDate)
            default: return .string(dateDescription(seconds))
            }
        default: return try number(receiver, selector)
        }
    }

    private static func string(_ text: String, _ selector: String, _ arguments: [ExpressionValue]) throws -> ExpressionValue {
        func argument() throws -> String {
            // Foundation raises NSInvalidArgumentException for a nil argument, and treats any other
            // object as a string it is not: both are errors here.
            guard case .string(let value) = arguments[0] else {
                throw ExpressionError(column: 0, "\(selector) needs a string argument, not \(arguments[0])")
            }
            return value
        }
        switch selector {
        case "length": return .integer(Int64(text.utf16.count))
        case "integerValue", "longLongValue": return .integer(scanInteger(text))
        case "intValue": return .integer(Int64(Int32(clamping: scanInteger(text))))
        case "doubleValue": return .double(scanDouble(text))
        case "floatValue": return .double(Double(Float(scanDouble(text))))
        case "boolValue": return .bool(scanBool(text))
        case "description": return .string(text)
        // The canonical, non-localized case mappings (NSString reference), as Swift's are.
        case "lowercaseString": return .string(text.lowercased())
        case "uppercaseString": return .string(text.uppercased())
        case "stringByAppendingString:": return .string(text + (try argument()))
        case "componentsSeparatedByString:": return .array(components(of: text, separatedBy: try argument()).map { .string($0) })
        case "hasPrefix:":
            let prefix = try argument()
            // NSString returns NO for an empty prefix or suffix, unlike Swift.
            return .bool(!prefix.isEmpty && text.unicodeScalars.starts(with: prefix.unicodeScalars))
        case "hasSuffix:":
            let suffix = try argument()
            return .bool(!suffix.isEmpty && text.unicodeScalars.reversed().starts(with: suffix.unicodeScalars.reversed()))
        case "containsString:":
            let needle = try argument()
            return .bool(!needle.isEmpty && components(of: text, separatedBy: needle).count > 1)
        default:  // isEqualToString:
            return .bool(text.unicodeScalars.elementsEqual(try argument().unicodeScalars))
        }
    }

    private static func number(_ value: ExpressionValue, _ selector: String) throws -> ExpressionValue {
        switch selector {
        case "boolValue": return .bool((value.number ?? 0) != 0)
        case "stringValue", "description": return .string(numberDescription(value) ?? "")
        case "doubleValue": return .double(value.number ?? 0)
        case "floatValue": return .double(Double(Float(value.number ?? 0)))
        default:
            let integer: Int64
            switch value {
            case .integer(let n): integer = n
            case .bool(let b): integer = b ? 1 : 0
            default:
                // A C conversion truncates toward zero; outside Int64 (or NaN) it is undefined in C, so
                // that is an error here rather than a guess.
                let d = value.number ?? 0
                guard d.isFinite, d > -9.223372036854775808e18, d < 9.223372036854775808e18 else {
                    throw ExpressionError(column: 0, "\(selector) of \(value): the number does not fit a 64-bit integer")
                }
                integer = Int64(d.rounded(.towardZero))
            }
            return .integer(selector == "intValue" ? Int64(Int32(truncatingIfNeeded: integer)) : integer)
        }
    }

    /// `CAST(value, "type")` (NSExpression's `castObject:toType:`), for the types NSExpression casts to:
    /// `NSString`, `NSNumber` and `NSDate`.
    ///
    /// NSExpression's reference lists `castObject:toType:` (`CAST(ele, 'NSNumber')`) without spelling
    /// out each conversion; these rules are the ones modeldiff implements, and where Foundation's
    /// exact result is not documented it says so:
    /// - to `NSNumber`: a number stays itself; a date gives its seconds since 2001-01-01 (the
    ///   reference date, as `CAST(x, "NSDate")` reads them back); a string gives the number its
    ///   leading text spells (as ``scanDouble(_:)``), an integer when that text has no fraction or
    ///   exponent and fits 64 bits: `"42"` → 42, `"2.5"` → 2.5, `" 12abc"` → 12. What Foundation
    ///   gives for a string that starts with no number (`"abc"`) is not documented; here it is 0, as
    ///   `doubleValue` gives. Use `FUNCTION(x, "integerValue")` where its documented rule matters.
    /// - to `NSString`: a string stays itself; a number gives its `description` (3.0 → `"3"`, YES →
    ///   `"1"`); a date its `description` (`"2001-01-01 00:00:00 +0000"`).
    /// - to `NSDate`: a number is that many seconds since 2001-01-01 00:00:00 UTC; a date stays
    ///   itself. A string is an error: Foundation's rule for it is not documented, so write
    ///   `CAST(CAST(x, "NSNumber"), "NSDate")`.
    /// - nil stays nil.
    static func cast(_ value: ExpressionValue, to type: String) throws -> ExpressionValue {
        if case .null = value { return .null }
        switch (type, value) {
        case ("NSString", .string): return value
        case ("NSString", .date(let seconds)): return .string(dateDescription(seconds))
        case ("NSString", _): if let text = numberDescription(value) { return .string(text) }
        case ("NSNumber", .integer), ("NSNumber", .double), ("NSNumber", .bool), ("NSNumber", .decimal): return value
        case ("NSNumber", .date(let seconds)): return .double(seconds)
        case ("NSNumber", .string(let text)): return scanNumber(text)
        case ("NSDate", .date): return value
        case ("NSDate", .integer), ("NSDate", .double), ("NSDate", .decimal):
            if let seconds = value.number { return .date(seconds) }
        case ("NSDate", .string):
            throw ExpressionError(
                column: 0,
                "CAST of a string to NSDate: Foundation does not document the rule; write CAST(CAST(x, \"NSNumber\"), \"NSDate\")")
        default: break
        }
        throw ExpressionError(column: 0, "CAST cannot turn \(value) into \(type)")
    }

    /// The types `CAST` accepts.
    static let castTypes: [String] = ["NSNumber", "NSString", "NSDate"]

    // MARK: Scanning

    /// Whitespace as Core Foundation's scanner skips it: Unicode white space, newlines included.
    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isWhitespace }

    /// NSString `integerValue` / `longLongValue`: skips leading whitespace, reads an optional sign
    /// and then decimal digits, and stops at the first other character (`"12abc"` → 12, `"abc"` →
    /// 0, `"12.9"` → 12); `LLONG_MAX` / `LLONG_MIN` on overflow (NSString reference). Core
    /// Foundation's scanner (`__CFStringScanInteger` in CFStringScanner.c) also skips whitespace
    /// between the sign and the digits, so `"- 5"` → -5 here too.
    static func scanInteger(_ text: String) -> Int64 {
        var scalars = text.unicodeScalars.drop(while: isSpace)
        var negative = false
        if let sign = scalars.first, sign == "-" || sign == "+" {
            negative = sign == "-"
            scalars = scalars.dropFirst().drop(while: isSpace)
        }
        var result: Int64 = 0
        for scalar in scalars {
            guard ("0"..."9").contains(scalar) else { break }
            let digit = Int64(scalar.value - 48)
            let (times, overflow1) = result.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
            if overflow1 || overflow2 { return negative ? .min : .max }
            result = next
        }
        return result
    }

    /// The number text at the start of a string: whitespace, an optional sign, digits with an
    /// optional fraction (or a fraction alone), an optional exponent. Nil when there is none.
    private static func leadingNumber(_ text: String) -> (text: String, isInteger: Bool)? {
        let scalars = Array(text.unicodeScalars.drop(while: isSpace))
        func isDigit(_ i: Int) -> Bool { i < scalars.count && ("0"..."9").contains(scalars[i]) }
        var i = 0
        if i < scalars.count, scalars[i] == "+" || scalars[i] == "-" { i += 1 }
        let integerStart = i
        while isDigit(i) { i += 1 }
        var digits = i - integerStart
        var isInteger = true
        if i < scalars.count, scalars[i] == ".", isDigit(i + 1) || digits > 0 {
            isInteger = false
            i += 1
            let fractionStart = i
            while isDigit(i) { i += 1 }
            digits += i - fractionStart
        }
        guard digits > 0 else { return nil }
        if i < scalars.count, scalars[i] == "e" || scalars[i] == "E" {
            var j = i + 1
            if j < scalars.count, scalars[j] == "+" || scalars[j] == "-" { j += 1 }
            if isDigit(j) {
                while isDigit(j) { j += 1 }
                i = j
                isInteger = false
            }
        }
        return (String(String.UnicodeScalarView(scalars[0..<i])), isInteger)
    }

    /// NSString `doubleValue`: skips leading whitespace and reads the longest floating-point text
    /// (sign, digits, fraction, exponent); 0.0 when the string does not begin with one,
    /// `HUGE_VAL` / `-HUGE_VAL` on overflow, 0.0 on underflow (NSString reference): `"2.5kg"` → 2.5,
    /// `"abc"` → 0. `inf`, `nan` and hexadecimal text, which `strtod` reads, are not numbers here:
    /// the reference does not say NSString reads them.
    static func scanDouble(_ text: String) -> Double {
        guard let number = leadingNumber(text) else { return 0 }
        return Double(number.text) ?? 0
    }

    /// The number a string spells for `CAST(text, "NSNumber")`: an integer when the leading number
    /// text is a whole number that fits 64 bits, else a double (see ``cast(_:to:)``).
    static func scanNumber(_ text: String) -> ExpressionValue {
        guard let number = leadingNumber(text) else { return .integer(0) }
        if number.isInteger, let n = Int64(number.text.hasPrefix("+") ? String(number.text.dropFirst()) : number.text) {
            return .integer(n)
        }
        return .double(Double(number.text) ?? 0)
    }

    /// NSString `boolValue`: skips leading whitespace, then an optional `-`/`+` sign followed by
    /// zeros, and is true when the next character is one of `Y`, `y`, `T`, `t` or a digit 1-9
    /// (trailing characters are ignored); false otherwise (NSString reference): `"YES"`, `"true"`,
    /// `"-01"` and `" 20"` are true; `"NO"`, `"0"`, `"000"` and `""` are false.
    static func scanBool(_ text: String) -> Bool {
        var scalars = text.unicodeScalars.drop(while: isSpace)
        if let sign = scalars.first, sign == "-" || sign == "+" { scalars = scalars.dropFirst() }
        scalars = scalars.drop(while: { $0 == "0" })
        guard let first = scalars.first else { return false }
        return "YyTt".unicodeScalars.contains(first) || ("1"..."9").contains(first)
    }

    /// NSString `componentsSeparatedByString:`: the pieces between occurrences of `separator`,
    /// empty pieces kept (`"a,,b"` → `a`, ``, `b`); an empty separator occurs nowhere, so the result
    /// is the whole string. The search compares Unicode scalars (a literal search); NSString's
    /// default search also treats canonically equivalent sequences (a precomposed `é` and `e` with
    /// a combining accent) as equal, which this does not.
    static func components(of text: String, separatedBy separator: String) -> [String] {
        let scalars = Array(text.unicodeScalars)
        let needle = Array(separator.unicodeScalars)
        guard !needle.isEmpty else { return [text] }
        var pieces: [String] = []
        var start = 0
        var i = 0
        while i + needle.count <= scalars.count {
            if scalars[i..<(i + needle.count)].elementsEqual(needle) {
                pieces.append(String(String.UnicodeScalarView(scalars[start..<i])))
                i += needle.count
                start = i
            } else {
                i += 1
            }
        }
        pieces.append(String(String.UnicodeScalarView(scalars[start...])))
        return pieces
    }

    // MARK: Descriptions

    /// NSNumber `description` / `stringValue`: an integer in decimal, a Boolean as `1` or `0`, a
    /// decimal as its text, a double without a fraction as a whole number (3.0 → `"3"`) and any
    /// other double in its shortest round-trip form (2.5 → `"2.5"`, 0.1 → `"0.1"`). Nil for a value
    /// that is no number.
    ///
    /// Not documented by Apple, and uncertain here: the exact text for doubles of 1e15 and more
    /// (printed with an exponent here, `1e+16`) and the digits Foundation versions print for
    /// fractions (older releases printed 17 significant digits, `0.10000000000000001`).
    static func numberDescription(_ value: ExpressionValue) -> String? {
        switch value {
        case .integer(let n): return String(n)
        case .bool(let b): return b ? "1" : "0"
        case .decimal(let text): return text
        case .double(let d):
            if d.isNaN { return "nan" }
            if d.isInfinite { return d < 0 ? "-inf" : "inf" }
            if d == d.rounded(), abs(d) < 1e15 { return (d.sign == .minus && d == 0 ? "-" : "") + String(Int64(d)) }
            return d.description
        default: return nil
        }
    }

    /// NSDate `description`: the date in UTC as `yyyy-MM-dd HH:mm:ss +0000`, whole seconds
    /// (NSDate reference: "a string representation of the date"; the format is the one
    /// Foundation prints, `2001-01-01 00:00:00 +0000` for the reference date).
    static func dateDescription(_ seconds: Double) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        let date = Date(timeIntervalSinceReferenceDate: seconds.rounded(.down))
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ n: Int?) -> String {
            let n = n ?? 0
            return n < 10 ? "0\(n)" : "\(n)"
        }
        let year = c.year ?? 0
        let yearText = year < 1000 ? String(repeating: "0", count: 4 - String(year).count) + String(year) : String(year)
        return "\(yearText)-\(two(c.month))-\(two(c.day)) \(two(c.hour)):\(two(c.minute)):\(two(c.second)) +0000"
    }
}
