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
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let code = String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        throw Diagnostic(
            path: path, line: line.value, message: "the archived value expression holds U+\(code), which a mapping file (XML) cannot hold")
    }

    /// The expression an archived NSExpression describes; `path` and `line` place the errors.
    static func expression(_ value: PlistValue?, in archive: KeyedArchive, path: String, line: SourceLine) throws(Diagnostic)
        -> ValueExpression
    {
        let fail = Diagnostic(path: path, line: line.value, message: "cannot decode an archived value expression")
        func expression(_ value: PlistValue?, depth: Int) throws(Diagnostic) -> ValueExpression {
            guard depth < 200, let node = archive.object(value) else { throw fail }
            switch node.className ?? "" {
            case "NSVariableExpression":
                guard let name = node.string("NSVariable") else { throw fail }
                return .variable(name)
            case "NSSelfExpression":
                return .evaluatedObject
            case "NSKeyPathSpecifierExpression":
                guard let path = node.string("NSKeyPath") else { throw fail }
                return .keyPath(base: .evaluatedObject, components: path.split(separator: ".").map(String.init))
            case "NSConstantValueExpression":
                // A class (`NSConstantValueClassName`) is only a built-in function's operand, read below.
                if node.fields["NSConstantValueClassName"] != nil {
                    throw Diagnostic(
                        path: path, line: line.value,
                        message: "unsupported archived constant: the class \(node.string("NSConstantValueClassName") ?? "?")")
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
            case "NSKeyPathExpression", "NSFunctionExpression":
                guard let selector = node.string("NSSelectorName") else { throw fail }
                var arguments: [ValueExpression] = []
                for item in archive.array(node.fields["NSArguments"]) ?? [] { arguments.append(try expression(item, depth: depth + 1)) }
                // A built-in function or operator: Foundation's `_NSPredicateUtilities` class as the operand.
                if let target = archive.object(node.fields["NSOperand"]), target.className == "NSConstantValueExpression",
                    target.fields["NSConstantValueClassName"] != nil
                {
                    guard target.string("NSConstantValueClassName") == BuiltinSelectors.utilitiesClass,
                        let builtin = BuiltinSelectors.expression(selector: selector, arguments: arguments)
                    else {
                        throw Diagnostic(path: path, line: line.value, message: "unsupported archived built-in function \(selector)")
                    }
                    return builtin
                }
                let operand = try expression(node.fields["NSOperand"], depth: depth + 1)
                if selector == "valueForKeyPath:", case .keyPath(.evaluatedObject, let components)? = arguments.first {
                    return .keyPath(base: operand, components: components)
                }
                return .call(target: operand, selector: selector, arguments: arguments)
            default:
                throw Diagnostic(path: path, line: line.value, message: "unsupported archived expression class \(node.className ?? "")")
            }
        }
        return try expression(value, depth: 0)
    }
}
