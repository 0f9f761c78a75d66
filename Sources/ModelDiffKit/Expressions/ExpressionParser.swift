/// Parses NSExpression-format text into a `ValueExpression`.
public struct ExpressionParser {
    /// How deeply expressions may nest before parsing stops with an error instead of exhausting the stack.
    ///
    /// This bounds the height of the tree the parser returns, not only the parser's own recursion: a
    /// left-associative chain (`a + a + a …`) is parsed in a loop but builds a tree as deep as it is long,
    /// and the printer, the type checks and the evaluator all walk the tree recursively. Every link of a
    /// chain therefore counts as one level, so no walk of a parsed expression can exhaust the stack.
    /// A chain counts the height of the tree it has built so far, not the number of its operators, so
    /// the count does not depend on how the text groups its left side: `(a - b) - c` counts as
    /// `a - b - c`, which is how the printer writes it (printing never adds to the count).
    package static let maximumDepth = 500

    /// The longest expression text, in characters, that is parsed.
    ///
    /// A value expression is evaluated once per object, so a constant of megabytes is copied into every
    /// row (a 9 MB string literal over 8,000 objects is 72 GB) and looks like a hang. Value expressions
    /// written by people or by Xcode are well under a kilobyte; longer text is refused before lexing.
    package static let maximumLength = 100_000

    private let tokens: [ExpressionLexer.Token]
    private var index = 0
    private var depth = 0

    private init(tokens: [ExpressionLexer.Token]) { self.tokens = tokens }

    /// Parses a whole expression; trailing text is an error.
    public static func parse(_ text: String) throws(ExpressionError) -> ValueExpression {
        guard text.utf8.count <= maximumLength || text.count <= maximumLength else {
            throw ExpressionError(column: 1, "expression longer than \(maximumLength) characters")
        }
        var parser = ExpressionParser(tokens: try ExpressionLexer.tokens(text))
        if case .end = parser.current.kind { throw ExpressionError(column: 1, "empty expression") }
        let expression = try parser.expression(minimumPrecedence: 1)
        guard case .end = parser.current.kind else {
            throw ExpressionError(column: parser.current.column, "unexpected \(parser.describe(parser.current)) after the expression")
        }
        return expression
    }

    private var current: ExpressionLexer.Token { tokens[index] }

    private mutating func advance() { if index < tokens.count - 1 { index += 1 } }

    private func isSymbol(_ symbol: String) -> Bool { current.kind == .symbol(symbol) }

    private func keyword(_ token: ExpressionLexer.Token) -> String? {
        if case .identifier(let name) = token.kind { return name.uppercased() }
        return nil
    }

    private mutating func expect(_ symbol: String, _ context: String) throws(ExpressionError) {
        guard isSymbol(symbol) else { throw ExpressionError(column: current.column, "expected '\(symbol)' \(context)") }
        advance()
    }

    private func binaryOperator() -> ValueExpression.Operator? {
        switch current.kind {
        case .symbol("+"): .add
        case .symbol("-"): .subtract
        case .symbol("*"): .multiply
        case .symbol("/"): .divide
        case .symbol("**"): .power
        case .symbol("=="): .equal
        case .symbol("!="): .notEqual
        case .symbol("<"): .less
        case .symbol("<="): .lessOrEqual
        case .symbol(">"): .greater
        case .symbol(">="): .greaterOrEqual
        case .symbol("&&"): .and
        case .symbol("||"): .or
        case .identifier(let name) where name.uppercased() == "AND": .and
        case .identifier(let name) where name.uppercased() == "OR": .or
        default: nil
        }
    }

    private mutating func expression(minimumPrecedence: Int) throws(ExpressionError) -> ValueExpression {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else {
            throw ExpressionError(column: current.column, "expression nested deeper than \(Self.maximumDepth) levels")
        }
        var left = try unary()
        // The levels this chain adds: the height of the tree built so far, plus the link being parsed.
        var links = 0
        defer { depth -= links }
        while true {
            let comparison = comparisonOperator()
            let op = comparison == nil ? binaryOperator() : nil
            guard comparison != nil ? Self.comparisonPrecedence >= minimumPrecedence : (op?.precedence ?? 0) >= minimumPrecedence else {
                break
            }
            // Each link makes the tree one level deeper on the left (see `maximumDepth`); the left
            // side counts with its whole height, whatever parentheses it was written in.
            let counted = links == 0 ? Self.height(left) + 1 : links + 1
            depth += counted - links
            links = counted
            guard depth <= Self.maximumDepth else {
                throw ExpressionError(
                    column: current.column,
                    "expression nested deeper than \(Self.maximumDepth) levels (a chain of operators counts one level per operator)")
            }
            advance()
            let right: ValueExpression
            if let comparison {
                let options = try comparisonOptions()
                right = try expression(minimumPrecedence: Self.comparisonPrecedence + 1)
                left = Self.comparison(comparison, .direct, options, left, right)
            } else if let op {
                // `**` groups to the right; everything else to the left.
                right = try expression(minimumPrecedence: op == .power ? op.precedence : op.precedence + 1)
                left = .binary(op, left, right)
            } else {
                break
            }
            // The new node's height: one above the taller of its two sides.
            let height = max(links, Self.height(right) + 1)
            depth += height - links
            links = height
        }
        return left
    }

    /// The height of a parsed tree (a leaf is 0), which the recursive walks of it reach.
    private static func height(_ expression: ValueExpression) -> Int {
        switch expression {
        case .constant, .variable, .evaluatedObject, .predicate: return 0
        case .keyPath(let base, _), .negate(let base), .not(let base): return height(base) + 1
        case .binary(_, let a, let b): return max(height(a), height(b)) + 1
        case .ternary(let p, let a, let b): return max(height(p), height(a), height(b)) + 1
        case .function(_, let arguments), .array(let arguments): return (arguments.map(height).max() ?? 0) + 1
        case .call(let target, _, let arguments): return (([target] + arguments).map(height).max() ?? 0) + 1
        case .comparison(let c): return max(height(c.lhs), height(c.rhs)) + 1
        case .subquery(let collection, _, let predicate): return max(height(collection), height(predicate)) + 1
        case .index(let base, .position(let position)): return max(height(base), height(position)) + 1
        case .index(let base, _): return height(base) + 1
        }
    }

    /// The binding strength of comparisons (`==`, `BEGINSWITH` …): above AND, below arithmetic.
    static let comparisonPrecedence = 4

    /// The comparison operator at the current token, when it is one.
    private func comparisonOperator() -> Comparison.Operator? {
        switch current.kind {
        case .symbol(let symbol): return Comparison.Operator(rawValue: symbol)
        case .identifier(let name): return Comparison.Operator(rawValue: name.uppercased())  // BEGINSWITH, IN …
        default: return nil
        }
    }

    /// `[c]`, `[d]`, `[cd]`, `[n]` after a comparison operator.
    private mutating func comparisonOptions() throws(ExpressionError) -> Comparison.Options {
        guard isSymbol("[") else { return [] }
        advance()
        guard case .identifier(let letters) = current.kind else {
            throw ExpressionError(column: current.column, "expected comparison options (c, d, n) after '['")
        }
        var options: Comparison.Options = []
        for letter in letters {
            switch letter {
            case "c": options.insert(.caseInsensitive)
            case "d": options.insert(.diacriticInsensitive)
            case "n": options.insert(.normalized)
            default:
                throw ExpressionError(
                    column: current.column,
                    "unknown comparison option '\(letter)': write c (case-insensitive), d (diacritic-insensitive) or n (normalized)")
            }
        }
        advance()
        try expect("]", "to close the comparison options")
        return options
    }

    /// A comparison: `==`, `<` … without options or modifier stay the arithmetic form NSExpression has.
    private static func comparison(
        _ op: Comparison.Operator, _ modifier: Comparison.Modifier, _ options: Comparison.Options, _ lhs: ValueExpression,
        _ rhs: ValueExpression
    ) -> ValueExpression {
        if modifier == .direct, options.isEmpty, let binary = ValueExpression.Operator(rawValue: op.rawValue) {
            return .binary(binary, lhs, rhs)
        }
        return .comparison(Comparison(op, modifier: modifier, options: options, lhs, rhs))
    }

    private mutating func unary() throws(ExpressionError) -> ValueExpression {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else {
            throw ExpressionError(column: current.column, "expression nested deeper than \(Self.maximumDepth) levels")
        }
        if isSymbol("-") {
            advance()
            let operand = try unary()
            if case .constant(.integer(let n)) = operand { return .constant(.integer(-n)) }
            if case .constant(.double(let d)) = operand { return .constant(.double(-d)) }
            return .negate(operand)
        }
        if isSymbol("!") || keyword(current) == "NOT" {
            // NOT negates the whole comparison after it (`NOT name BEGINSWITH "a"`), as in NSPredicate.
            advance()
            return .not(try expression(minimumPrecedence: Self.comparisonPrecedence))
        }
        if let word = keyword(current), let modifier = Self.modifiers[word] {
            // `ANY tags.name == "x"`: the modifier applies to the comparison that follows.
            let column = current.column
            advance()
            let lhs = try expression(minimumPrecedence: Self.comparisonPrecedence + 1)
            guard let op = comparisonOperator() else {
                throw ExpressionError(column: column, "\(word) must be followed by a comparison, as in \(word) tags.name == \"x\"")
            }
            advance()
            let options = try comparisonOptions()
            let rhs = try expression(minimumPrecedence: Self.comparisonPrecedence + 1)
            return Self.comparison(op, modifier, options, lhs, rhs)
        }
        return try postfix(try primary())
    }

    /// NSPredicate's aggregate modifiers; SOME is ANY.
    private static let modifiers: [String: Comparison.Modifier] = ["ANY": .any, "SOME": .any, "ALL": .all, "NONE": .none]

    /// Key paths (`.name`, `.@count`) and subscripts (`[FIRST]`, `[0]`) after a primary, left to right.
    private mutating func postfix(_ base: ValueExpression) throws(ExpressionError) -> ValueExpression {
        var result = base
        // Each subscript makes the tree one level deeper, as a chain link does (see `maximumDepth`).
        var links = 0
        defer { depth -= links }
        while true {
            if isSymbol(".") {
                result = try keyPath(after: result)
            } else if isSymbol("[") {
                links += 1
                depth += 1
                guard depth <= Self.maximumDepth else {
                    throw ExpressionError(column: current.column, "expression nested deeper than \(Self.maximumDepth) levels")
                }
                advance()
                result = .index(result, try arrayIndex())
                try expect("]", "to close the index")
            } else {
                return result
            }
        }
    }

    /// `.key.key…` after `base`.
    private mutating func keyPath(after base: ValueExpression) throws(ExpressionError) -> ValueExpression {
        var components: [String] = []
        while isSymbol(".") {
            advance()
            switch current.kind {
            case .identifier(let name):
                if reservedWords.contains(name.uppercased()) {
                    throw ExpressionError(column: current.column, "'\(name)' is a reserved word: escape it as #\(name)")
                }
                components.append(name)
            case .escaped(let name): components.append(name)
            case .collectionOperator(let name): components.append("@" + name)
            default: throw ExpressionError(column: current.column, "expected a key after '.'")
            }
            advance()
        }
        if case .keyPath(let inner, let existing) = base { return .keyPath(base: inner, components: existing + components) }
        return .keyPath(base: base, components: components)
    }

    /// What stands inside `[…]` after a collection: FIRST, LAST, SIZE or a position.
    private mutating func arrayIndex() throws(ExpressionError) -> ValueExpression.ArrayIndex {
        if case .identifier(let name) = current.kind, tokens[min(index + 1, tokens.count - 1)].kind == .symbol("]") {
            switch name.uppercased() {
            case "FIRST":
                advance()
                return .first
            case "LAST":
                advance()
                return .last
            case "SIZE":
                advance()
                return .size
            default: break
            }
        }
        return .position(try expression(minimumPrecedence: 1))
    }

    private mutating func arguments(_ context: String) throws(ExpressionError) -> [ValueExpression] {
        try expect("(", context)
        var result: [ValueExpression] = []
        if isSymbol(")") {
            advance()
            return result
        }
        while true {
            result.append(try expression(minimumPrecedence: 1))
            if isSymbol(",") {
                advance()
                continue
            }
            try expect(")", "after arguments")
            return result
        }
    }

    private mutating func primary() throws(ExpressionError) -> ValueExpression {
        let token = current
        switch token.kind {
        case .integer(let value):
            advance()
            return .constant(.integer(value))
        case .double(let value):
            advance()
            return .constant(.double(value))
        case .string(let value):
            advance()
            return .constant(.string(value))
        case .variable(let name):
            advance()
            return .variable(name)
        case .escaped(let name):
            advance()
            return .keyPath(base: .evaluatedObject, components: [name])
        case .collectionOperator(let name):
            advance()
            return .keyPath(base: .evaluatedObject, components: ["@" + name])
        case .symbol("("):
            advance()
            let inner = try expression(minimumPrecedence: 1)
            try expect(")", "to close '('")
            return inner
        case .symbol("{"):
            advance()
            var items: [ValueExpression] = []
            if !isSymbol("}") {
                while true {
                    items.append(try expression(minimumPrecedence: 1))
                    if isSymbol(",") {
                        advance()
                        continue
                    }
                    break
                }
            }
            try expect("}", "to close '{'")
            return .array(items)
        case .identifier(let name):
            advance()
            switch name.uppercased() {
            case "YES", "TRUE": return .constant(.bool(true))
            case "NO", "FALSE": return .constant(.bool(false))
            case "NIL", "NULL": return .constant(.null)
            case "SELF": return .evaluatedObject
            case "TRUEPREDICATE": return .predicate(true)
            case "FALSEPREDICATE": return .predicate(false)
            case "FUNCTION":
                let column = current.column
                let arguments = try arguments("after FUNCTION")
                guard arguments.count >= 2, case .constant(.string(let selector)) = arguments[1] else {
                    throw ExpressionError(column: column, "FUNCTION takes a target, a selector string and arguments")
                }
                return .call(target: arguments[0], selector: selector, arguments: Array(arguments.dropFirst(2)))
            case "CAST" where isSymbol("("), "CAST:" where isSymbol("("):
                // CAST(value, "NSNumber"): NSExpression's castObject:toType:, to the types it casts to.
                // The function form `CAST:(…)` is the same call and is checked the same way (a fuzz
                // finding: it bypassed the type check, so its printed form did not parse again).
                let column = token.column
                let arguments = try arguments("after CAST")
                guard arguments.count == 2 else {
                    throw ExpressionError(column: column, "CAST takes a value and a type name, as in CAST($source.code, \"NSNumber\")")
                }
                guard case .constant(.string(let type)) = arguments[1], FoundationMethods.castTypes.contains(type) else {
                    throw ExpressionError(
                        column: column, "CAST's type must be \(FoundationMethods.castTypes.map { "\"\($0)\"" }.joined(separator: ", "))")
                }
                return .function(name: "CAST", arguments: arguments)
            case "SUBQUERY" where isSymbol("("):
                return try subquery()
            case "TERNARY":
                let column = current.column
                let arguments = try arguments("after TERNARY")
                guard arguments.count == 3 else { throw ExpressionError(column: column, "TERNARY takes a predicate and two values") }
                return .ternary(arguments[0], arguments[1], arguments[2])
            default:
                if name.hasSuffix(":") || isSymbol("(") {
                    let function = name.hasSuffix(":") ? String(name.dropLast()) : name
                    guard BuiltinFunctions.names.contains(function) else {
                        throw ExpressionError(column: token.column, "unknown function \(name)")
                    }
                    return .function(name: function, arguments: try arguments("after \(name)"))
                }
                if reservedWords.contains(name.uppercased()) {
                    throw ExpressionError(column: token.column, "'\(name)' is a reserved word: escape it as #\(name)")
                }
                return .keyPath(base: .evaluatedObject, components: [name])
            }
        case .end:
            throw ExpressionError(column: token.column, "unexpected end of expression")
        case .symbol(let symbol):
            throw ExpressionError(column: token.column, "unexpected '\(symbol)'")
        }
    }

    /// `SUBQUERY(collection, $x, predicate)`, after the word.
    private mutating func subquery() throws(ExpressionError) -> ValueExpression {
        try expect("(", "after SUBQUERY")
        let collection = try expression(minimumPrecedence: 1)
        try expect(",", "after SUBQUERY's collection")
        guard case .variable(let variable) = current.kind else {
            throw ExpressionError(
                column: current.column,
                "SUBQUERY's second argument is the variable each element is bound to, as in SUBQUERY(tags, $t, $t.name == \"x\")")
        }
        advance()
        try expect(",", "after SUBQUERY's variable")
        let predicate = try expression(minimumPrecedence: 1)
        try expect(")", "to close SUBQUERY")
        return .subquery(collection: collection, variable: variable, predicate: predicate)
    }

    private func describe(_ token: ExpressionLexer.Token) -> String {
        switch token.kind {
        case .symbol(let s): "'\(s)'"
        case .identifier(let s): "'\(s)'"
        case .variable(let s): "'$\(s)'"
        case .string: "a string"
        case .integer, .double: "a number"
        default: "text"
        }
    }
}
