import Foundation

/// Turns an NSKeyedArchiver archive of an NSExpression (Xcode's `valueexpressiondata`) back into expression text.
package enum ArchivedExpression {
    package static func decode(base64: String, path: String, line: SourceLine) throws(Diagnostic) -> String {
        let fail = Diagnostic(path: path, line: line.value, message: "cannot decode an archived value expression")
        guard let data = Data(base64Encoded: base64, options: .ignoreUnknownCharacters) else { throw fail }
        let archive: KeyedArchive
        do {
            archive = try KeyedArchive(bytes: [UInt8](data), path: path)
        } catch {
            throw fail
        }
        guard case .uid? = archive.top["root"] else { throw fail }
        return try text(of: expression(archive.top["root"], in: archive, path: path, line: line).description, path: path, line: line)
    }

    /// `text`, an archived expression's, if a mapping file can hold it. A binary archive's strings may
    /// hold control characters; the mapping file is XML, which cannot hold them at all (not even as
    /// character references), so such an expression is refused rather than written as a broken file.
    package static func text(of text: String, path: String, line: SourceLine) throws(Diagnostic) -> String {
        guard let scalar = XMLText.firstCharacterXMLCannotHold(in: text) else { return text }
        throw Diagnostic(
            path: path, line: line.value,
            message: "the archived value expression holds U+\(HexDigits.padded(scalar)), which a mapping file (XML) cannot hold")
    }

    /// The expression an archived NSExpression describes; `path` and `line` place the errors.
    static func expression(_ value: PlistValue?, in archive: KeyedArchive, path: String, line: SourceLine) throws(Diagnostic)
        -> ValueExpression
    {
        try Reader(archive: archive, path: path, line: line).expression(value, depth: 0)
    }

    /// Reads one archive's objects; every error is the property mapping's line.
    struct Reader {
        let archive: KeyedArchive
        let path: String
        let line: SourceLine

        /// The error for anything that is not what Foundation's coders write.
        var malformed: Diagnostic { Diagnostic(path: path, line: line.value, message: "cannot decode an archived value expression") }

        func error(_ message: String) -> Diagnostic { Diagnostic(path: path, line: line.value, message: message) }

        /// The object `value` refers to, within the nesting limit (a malformed archive may loop).
        func node(_ value: PlistValue?, depth: Int) throws(Diagnostic) -> ArchivedObject {
            guard depth < 200, let node = archive.object(value) else { throw malformed }
            return node
        }

        func expression(_ value: PlistValue?, depth: Int) throws(Diagnostic) -> ValueExpression {
            let node = try self.node(value, depth: depth)
            switch node.className ?? "" {
            case "NSVariableExpression":
                guard let name = node.string("NSVariable") else { throw malformed }
                return .variable(name)
            case "NSSelfExpression":
                return .evaluatedObject
            case "NSKeyPathSpecifierExpression":
                guard let path = node.string("NSKeyPath") else { throw malformed }
                return .keyPath(base: .evaluatedObject, components: path.split(separator: ".").map(String.init))
            case "NSConstantValueExpression":
                return try constant(node)
            case "NSKeyPathExpression", "NSFunctionExpression":
                return try function(node, depth: depth)
            case "NSAggregateExpression":
                // Foundation's decoder takes an array, a set or an ordered set (all `NS.objects`).
                guard let items = archive.array(node.fields["NSCollection"]) else { throw malformed }
                var members: [ValueExpression] = []
                for item in items { members.append(try expression(item, depth: depth + 1)) }
                return .array(members)
            case "NSTernaryExpression":
                return .ternary(
                    try predicate(node.fields["NSPredicate"], depth: depth + 1),
                    try expression(node.fields["NSTrueExpression"], depth: depth + 1),
                    try expression(node.fields["NSFalseExpression"], depth: depth + 1))
            case "NSSubqueryExpression":
                guard let variable = node.string("NSVariable"), !variable.isEmpty else { throw malformed }
                return .subquery(
                    collection: try expression(node.fields["NSExpression"], depth: depth + 1), variable: variable,
                    predicate: try predicate(node.fields["NSSubpredicate"], depth: depth + 1))
            case "NSFetchRequestExpression":
                // As Xcode's source expressions are written (`EntityMapping.fetchAll`).
                return .function(
                    name: "FETCH",
                    arguments: [
                        try expression(node.fields["NSFRExpression"], depth: depth + 1),
                        try expression(node.fields["NSMOCExpression"], depth: depth + 1),
                        .constant(.bool(node.bool("NSCountOnlyFlag"))),
                    ])
            default:
                throw error("unsupported archived expression class \(node.className ?? "")")
            }
        }

        private func constant(_ node: ArchivedObject) throws(Diagnostic) -> ValueExpression {
            // A class (`NSConstantValueClassName`) is only a built-in function's operand, read below.
            if node.fields["NSConstantValueClassName"] != nil {
                throw error("unsupported archived constant: the class \(node.string("NSConstantValueClassName") ?? "?")")
            }
            switch node.value("NSConstantValue") {
            case .string(let text)?: return .constant(.string(text))
            case .integer(let n)?: return .constant(.integer(Int64(n)))
            case .real(let d)?: return .constant(.double(d))
            case .bool(let b)?: return .constant(.bool(b))
            default:
                if let text = node.string("NSConstantValue") { return .constant(.string(text)) }
                return .constant(.null)
            }
        }

        private func function(_ node: ArchivedObject, depth: Int) throws(Diagnostic) -> ValueExpression {
            guard let selector = node.string("NSSelectorName") else { throw malformed }
            let items = archive.array(node.fields["NSArguments"]) ?? []
            // A built-in function or operator: Foundation's `_NSPredicateUtilities` class as the operand.
            if let target = archive.object(node.fields["NSOperand"]), target.className == "NSConstantValueExpression",
                target.fields["NSConstantValueClassName"] != nil
            {
                guard target.string("NSConstantValueClassName") == BuiltinSelectors.utilitiesClass else {
                    throw error("unsupported archived built-in function \(selector)")
                }
                if selector == BuiltinSelectors.indexSelector, items.count == 2 {
                    return .index(try expression(items[0], depth: depth + 1), try index(items[1], depth: depth + 1))
                }
                var arguments: [ValueExpression] = []
                for item in items { arguments.append(try expression(item, depth: depth + 1)) }
                guard let builtin = BuiltinSelectors.expression(selector: selector, arguments: arguments) else {
                    throw error("unsupported archived built-in function \(selector)")
                }
                return builtin
            }
            var arguments: [ValueExpression] = []
            for item in items { arguments.append(try expression(item, depth: depth + 1)) }
            let operand = try expression(node.fields["NSOperand"], depth: depth + 1)
            if selector == "valueForKeyPath:", case .keyPath(.evaluatedObject, let components)? = arguments.first {
                return .keyPath(base: operand, components: components)
            }
            return .call(target: operand, selector: selector, arguments: arguments)
        }

        /// The index of `objectFrom:withIndex:`: an NSSymbolicExpression FIRST, LAST or SIZE (compared
        /// without case, as `+[_NSPredicateUtilities objectFrom:withIndex:]` compares), or a position.
        private func index(_ value: PlistValue?, depth: Int) throws(Diagnostic) -> ValueExpression.ArrayIndex {
            let node = try self.node(value, depth: depth)
            guard node.className == "NSSymbolicExpression" else { return .position(try expression(value, depth: depth)) }
            switch node.string("NSToken")?.uppercased() {
            case "FIRST": return .first
            case "LAST": return .last
            case "SIZE": return .size
            default: throw error("unsupported archived index \(node.string("NSToken") ?? "?")")
            }
        }
    }
}
