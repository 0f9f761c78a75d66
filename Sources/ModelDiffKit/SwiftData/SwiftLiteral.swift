import Foundation
import SwiftSyntax

/// A default value as Core Data's model writes it (`defaultValueString`, `defaultDateTimeInterval`),
/// read from a Swift literal; nil for any other initializer (`Date.now`, `UUID()`), which the model
/// holds as a default computed at launch (`LaunchDefault`).
struct SwiftLiteral {
    enum Value: Equatable {
        /// No default: `nil`, or an empty collection.
        case none
        case text(String)
        case dateInterval(String)
    }

    /// The literal's value for an attribute of `type`; nil when it is not a literal the reader evaluates.
    /// `enumeration` is the property's enum type, when it has one, to turn `.case` into its raw value.
    static func value(of expression: ExprSyntax, as type: AttributeType, enumeration: SwiftDeclarations.ValueType?) -> Value? {
        if expression.is(NilLiteralExprSyntax.self) { return Value.none }
        if let array = expression.as(ArrayExprSyntax.self), array.elements.isEmpty { return Value.none }
        if let dictionary = expression.as(DictionaryExprSyntax.self), case .colon = dictionary.content { return Value.none }
        if let enumeration, let name = caseName(expression, of: enumeration) {
            return rawValue(ofCase: name, in: enumeration).map(Value.text)
        }
        switch type {
        case .boolean:
            guard let literal = expression.as(BooleanLiteralExprSyntax.self) else { return nil }
            return .text(literal.literal.tokenKind == .keyword(.true) ? "YES" : "NO")
        case .string, .uri:
            guard let text = plainString(expression) else { return nil }
            // `URL(string: "…")!` is computed; a String default is the text itself.
            return type == .string ? .text(text) : nil
        case .integer16, .integer32, .integer64, .double, .float, .decimal:
            return number(expression, allowingFraction: !type.isInteger).map(Value.text)
        case .date:
            // `Date(timeIntervalSinceReferenceDate: 0)` is Core Data's own unit.
            guard let call = expression.as(FunctionCallExprSyntax.self), call.calledExpression.trimmedDescription == "Date",
                call.arguments.count == 1, let argument = call.arguments.first,
                argument.label?.text == "timeIntervalSinceReferenceDate", let seconds = number(argument.expression, allowingFraction: true)
            else { return nil }
            return .dateInterval(seconds)
        default:
            return nil
        }
    }

    /// The literal's Swift type, for a stored property written without one (`var count = 0`).
    static func inferredType(of expression: ExprSyntax) -> SwiftTypeReference? {
        if expression.is(StringLiteralExprSyntax.self) { return .named("String") }
        if expression.is(BooleanLiteralExprSyntax.self) { return .named("Bool") }
        if expression.is(IntegerLiteralExprSyntax.self) { return .named("Int") }
        if expression.is(FloatLiteralExprSyntax.self) { return .named("Double") }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            return inferredType(of: prefix.expression)
        }
        // `[String]()`, `[String: Int]()`, `Set<String>()`: the collection type called with no argument.
        if let call = expression.as(FunctionCallExprSyntax.self), call.arguments.isEmpty {
            if let array = call.calledExpression.as(ArrayExprSyntax.self), array.elements.count == 1,
                let element = array.elements.first.flatMap({ typeName($0.expression) })
            {
                return .array(.named(element))
            }
            if let dictionary = call.calledExpression.as(DictionaryExprSyntax.self), case .elements(let pairs) = dictionary.content,
                pairs.count == 1, let pair = pairs.first, let key = typeName(pair.key), let value = typeName(pair.value)
            {
                return .dictionary(.named(key), .named(value))
            }
            if let generic = call.calledExpression.as(GenericSpecializationExprSyntax.self),
                generic.expression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Set",
                generic.genericArgumentClause.arguments.count == 1, let argument = generic.genericArgumentClause.arguments.first,
                case .type(let type) = argument.argument
            {
                return .set(SwiftTypeReference(type))
            }
        }
        // `UUID()`, `Date(timeIntervalSinceNow: 0)`, `Address(street: "")`: the called type.
        if let call = expression.as(FunctionCallExprSyntax.self), let name = typeName(call.calledExpression) {
            return .named(name)
        }
        // `Date.now`, `Date.distantPast`: a static property of the type it names, by Swift's convention.
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base, let name = typeName(base),
            SwiftDataTypeMapping.scalarTypes[name] != nil
        {
            return .named(name)
        }
        return nil
    }

    /// A type name as an expression spells it (`UUID`, `Foundation.Date`, `Schema.Note`): a capitalized
    /// reference or a member of one.
    private static func typeName(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            return name.first?.isUppercase == true ? name : nil
        }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base, let baseName = typeName(base) {
            let name = member.declName.baseName.bare
            guard name.first?.isUppercase == true else { return nil }
            return ["Swift", "Foundation"].contains(baseName) ? name : "\(baseName).\(name)"
        }
        return nil
    }

    /// A string literal without interpolation.
    static func plainString(_ expression: ExprSyntax) -> String? {
        guard let literal = expression.as(StringLiteralExprSyntax.self) else { return nil }
        var text = ""
        for segment in literal.segments {
            guard let piece = segment.as(StringSegmentSyntax.self) else { return nil }
            text += piece.content.text
        }
        return unescaped(text)
    }

    /// The common escapes of a Swift string literal; a literal with any other stays as written.
    private static func unescaped(_ text: String) -> String? {
        guard text.contains("\\") else { return text }
        var result = ""
        var iterator = text.makeIterator()
        while let character = iterator.next() {
            guard character == "\\" else {
                result.append(character)
                continue
            }
            switch iterator.next() {
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "r": result.append("\r")
            case "0": result.append("\0")
            case "\\": result.append("\\")
            case "\"": result.append("\"")
            case "'": result.append("'")
            default: return nil
            }
        }
        return result
    }

    /// An integer or floating-point literal, possibly negative, with Swift's `_` separators removed.
    private static func number(_ expression: ExprSyntax, allowingFraction: Bool) -> String? {
        var sign = ""
        var expression = expression
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            sign = "-"
            expression = prefix.expression
        }
        if let integer = expression.as(IntegerLiteralExprSyntax.self) {
            return Self.integer(integer).map { sign + String($0) }
        }
        if allowingFraction, let float = expression.as(FloatLiteralExprSyntax.self) {
            let digits = float.literal.text.replacingOccurrences(of: "_", with: "")
            return Double(digits) == nil ? nil : sign + digits
        }
        return nil
    }

    /// An integer literal in any form Swift writes one: decimal, `0x`, `0o`, `0b`, with `_` separators.
    static func integer(_ literal: IntegerLiteralExprSyntax) -> Int64? {
        let digits = literal.literal.text.replacingOccurrences(of: "_", with: "")
        if let value = Int64(digits) { return value }
        for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] where digits.hasPrefix(prefix) {
            return Int64(digits.dropFirst(2), radix: radix)
        }
        return nil
    }

    /// `.high`, `Priority.high` or `Module.Priority.high` naming a case of `enumeration`.
    private static func caseName(_ expression: ExprSyntax, of enumeration: SwiftDeclarations.ValueType) -> String? {
        guard let member = expression.as(MemberAccessExprSyntax.self) else { return nil }
        let name = member.declName.baseName.bare
        if let base = member.base, base.trimmedDescription.split(separator: ".").last.map(String.init) != enumeration.name { return nil }
        return enumeration.cases.contains { $0.name == name } ? name : nil
    }

    /// A case's raw value: as written, else the case's name (String) or one more than the case before (integers).
    static func rawValue(ofCase name: String, in enumeration: SwiftDeclarations.ValueType) -> String? {
        guard let type = SwiftDataTypeMapping.rawValueType(of: enumeration) else { return nil }
        var next: Int64 = 0
        for element in enumeration.cases {
            var value: String?
            if let written = element.rawValue {
                value = type == .string ? plainString(written) : number(written, allowingFraction: !type.isInteger)
            } else if type == .string {
                value = element.name
            } else if type.isInteger {
                value = String(next)
            }
            if type.isInteger, let value, let number = Int64(value) { next = number + 1 }
            if element.name == name { return value }
        }
        return nil
    }
}
