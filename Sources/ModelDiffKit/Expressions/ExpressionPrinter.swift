extension ValueExpression: CustomStringConvertible {
    /// The expression in canonical NSExpression format; parsing it gives the same expression back.
    public var description: String { printed(parentPrecedence: 0, following: 0) }

    /// The expression's text where the enclosing operator binds with `parentPrecedence`.
    /// `following` is the precedence of the operator that comes right after the text (a binary or
    /// comparison operator; 10 for a `.key` or `[…]`), 0 when nothing does (the end, `)`, `,`).
    ///
    /// Parentheses are printed only where re-parsing would otherwise give another tree, so the
    /// printed text nests no deeper than any input that gives the same tree: the parser refuses
    /// input nested deeper than `ExpressionParser.maximumDepth`, and a round trip must not.
    private func printed(parentPrecedence: Int, following: Int) -> String {
        switch self {
        case .constant(let constant):
            switch constant {
            case .integer(let n): return String(n)
            case .double(let d): return d == d.rounded() && abs(d) < 1e15 ? String(format: "%.1f", d) : "\(d)"
            case .string(let s): return quoted(s)
            case .bool(let b): return b ? "YES" : "NO"
            case .null: return "nil"
            }
        case .variable(let name): return "$" + name
        case .evaluatedObject: return "SELF"
        case .keyPath(let base, let components):
            // A reserved word, or a key starting with a digit (`#2024`), would lex as something else unescaped.
            let path = components.map { reservedWords.contains($0.uppercased()) || startsWithDigit($0) ? "#" + $0 : $0 }
            if case .evaluatedObject = base { return path.joined(separator: ".") }
            return base.printedAsBase + "." + path.joined(separator: ".")
        case .binary(let op, let lhs, let rhs):
            let parenthesized = op.precedence < parentPrecedence
            let text =
                lhs.printed(parentPrecedence: op == .power ? op.precedence + 1 : op.precedence, following: op.precedence)
                + " \(op.rawValue) "
                + rhs.printed(parentPrecedence: op == .power ? op.precedence : op.precedence + 1, following: parenthesized ? 0 : following)
            return parenthesized ? "(\(text))" : text
        case .negate(let operand):
            // The sign takes a unary operand (`-a + b` is `(-a) + b`); a NOT or ANY after it still
            // reaches as far right as it would anywhere, which `following` decides.
            return "-" + operand.printed(parentPrecedence: 9, following: following)
        case .not(let operand):
            // NOT is a prefix that takes everything after it down to the comparisons (NSPredicate's
            // `NOT name BEGINSWITH "a"`): the parser reads its operand at the comparisons' precedence,
            // wherever the NOT stands (`a - NOT b` is `a - (NOT b)`). So it needs parentheses exactly
            // when an operator its operand would take follows it (`(NOT a) + b`, `(NOT a) == b`,
            // `(NOT a).key`), and nowhere else: not at the end of the text, not before AND/OR
            // (`a - NOT b OR c`), not inside another NOT, whatever operator it is the operand of.
            let parenthesized = following >= ExpressionParser.comparisonPrecedence
            let text =
                "NOT " + operand.printed(parentPrecedence: ExpressionParser.comparisonPrecedence, following: parenthesized ? 0 : following)
            return parenthesized ? "(\(text))" : text
        case .predicate(let value): return value ? "TRUEPREDICATE" : "FALSEPREDICATE"
        case .comparison(let c):
            var options = ""
            if c.options.contains(.caseInsensitive) { options += "c" }
            if c.options.contains(.diacriticInsensitive) { options += "d" }
            if c.options.contains(.normalized) { options += "n" }
            let operand = ExpressionParser.comparisonPrecedence + 1
            let parenthesized: Bool
            if c.modifier == .direct {
                // Comparisons group to the left, as the parser reads `a ==[c] b ==[c] c`.
                parenthesized = ExpressionParser.comparisonPrecedence < parentPrecedence
            } else {
                // `ANY lhs op rhs` is read as a prefix (like NOT): its right side takes any operator
                // tighter than the comparisons that follows it, and nothing else reaches into it.
                parenthesized = following > ExpressionParser.comparisonPrecedence
            }
            let lhs = c.lhs.printed(
                parentPrecedence: c.modifier == .direct ? ExpressionParser.comparisonPrecedence : operand,
                following: ExpressionParser.comparisonPrecedence)
            var text =
                lhs + " \(c.op.rawValue)" + (options.isEmpty ? "" : "[\(options)]") + " "
                + c.rhs.printed(parentPrecedence: operand, following: parenthesized ? 0 : following)
            if c.modifier != .direct { text = c.modifier.rawValue + " " + text }
            return parenthesized ? "(\(text))" : text
        case .ternary(let p, let a, let b): return "TERNARY(\(p), \(a), \(b))"
        case .function("CAST", let arguments):
            return "CAST(" + arguments.map(\.description).joined(separator: ", ") + ")"
        case .function(let name, let arguments):
            return arguments.isEmpty ? "\(name)()" : "\(name):(\(arguments.map(\.description).joined(separator: ", ")))"
        case .call(let target, let selector, let arguments):
            let all = [target.description, ValueExpression.constant(.string(selector)).description] + arguments.map(\.description)
            return "FUNCTION(\(all.joined(separator: ", ")))"
        case .array(let items): return "{" + items.map(\.description).joined(separator: ", ") + "}"
        case .subquery(let collection, let variable, let predicate): return "SUBQUERY(\(collection), $\(variable), \(predicate))"
        case .index(let base, let index):
            let inside =
                switch index {
                case .first: "FIRST"
                case .last: "LAST"
                case .size: "SIZE"
                case .position(let position): position.description
                }
            return base.printedAsBase + "[\(inside)]"
        }
    }

    /// The expression before `.key` or `[…]`: a negative number in parentheses, since `-1[0]` is
    /// `-(1[0])` (the sign is an operator that takes the whole postfix expression).
    private var printedAsBase: String {
        switch self {
        case .constant(.integer(let n)) where n < 0: "(\(n))"
        case .constant(.double(let d)) where d.sign == .minus: "(\(printed(parentPrecedence: 0, following: 0)))"
        default: printed(parentPrecedence: 10, following: 10)
        }
    }

    /// The key paths the expression reads from a variable (`source` → `["title", "owner.name"]`), for validation.
    package func keyPaths(from variable: String) -> [[String]] {
        switch self {
        case .keyPath(.variable(let name), let components) where name == variable: return [components]
        case .keyPath(let base, _): return base.keyPaths(from: variable)
        case .binary(_, let a, let b): return a.keyPaths(from: variable) + b.keyPaths(from: variable)
        case .negate(let a), .not(let a): return a.keyPaths(from: variable)
        case .ternary(let p, let a, let b): return p.keyPaths(from: variable) + a.keyPaths(from: variable) + b.keyPaths(from: variable)
        case .function(_, let arguments), .array(let arguments): return arguments.flatMap { $0.keyPaths(from: variable) }
        case .call(let target, _, let arguments): return ([target] + arguments).flatMap { $0.keyPaths(from: variable) }
        case .comparison(let c): return c.lhs.keyPaths(from: variable) + c.rhs.keyPaths(from: variable)
        case .subquery(let collection, let bound, let predicate):
            // Inside the subquery its variable is the element, not the outer variable of that name.
            return collection.keyPaths(from: variable) + (bound == variable ? [] : predicate.keyPaths(from: variable))
        case .index(let base, let index):
            if case .position(let position) = index { return base.keyPaths(from: variable) + position.keyPaths(from: variable) }
            return base.keyPaths(from: variable)
        default: return []
        }
    }

    /// The variables the expression names.
    package var variables: Set<String> {
        switch self {
        case .variable(let name): return [name]
        case .keyPath(let base, _), .negate(let base), .not(let base): return base.variables
        case .binary(_, let a, let b): return a.variables.union(b.variables)
        case .ternary(let p, let a, let b): return p.variables.union(a.variables).union(b.variables)
        case .function(_, let arguments), .array(let arguments): return arguments.reduce(into: []) { $0.formUnion($1.variables) }
        case .call(let target, _, let arguments): return ([target] + arguments).reduce(into: []) { $0.formUnion($1.variables) }
        case .comparison(let c): return c.lhs.variables.union(c.rhs.variables)
        case .subquery(let collection, let bound, let predicate):
            return collection.variables.union(predicate.variables.subtracting([bound]))
        case .index(let base, let index):
            if case .position(let position) = index { return base.variables.union(position.variables) }
            return base.variables
        default: return []
        }
    }
}

/// Whether a key starts with an ASCII digit, by scalar: `3` and a combining mark are one Character.
private func startsWithDigit(_ key: String) -> Bool {
    key.unicodeScalars.first.map { ("0"..."9").contains($0) } ?? false
}

/// A string literal the lexer reads back to `text`. Escapes go scalar by scalar: a backslash
/// followed by a combining mark is one Character, which a Character-wise replace would miss.
private func quoted(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    result.append("\"")
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\\": result.append(contentsOf: "\\\\".unicodeScalars)
        case "\"": result.append(contentsOf: "\\\"".unicodeScalars)
        case "\n": result.append(contentsOf: "\\n".unicodeScalars)
        case "\r": result.append(contentsOf: "\\r".unicodeScalars)
        case "\t": result.append(contentsOf: "\\t".unicodeScalars)
        default: result.append(scalar)
        }
    }
    result.append("\"")
    return String(result)
}
