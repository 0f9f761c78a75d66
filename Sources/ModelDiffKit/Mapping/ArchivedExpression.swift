import Foundation

/// Turns an NSKeyedArchiver archive of an NSExpression (Xcode's `valueexpressiondata`) back into expression text.
enum ArchivedExpression {
    static func decode(base64: String, path: String, line: SourceLine) throws(Diagnostic) -> String {
        let fail = Diagnostic(path: path, line: line.value, message: "cannot decode an archived value expression")
        guard let data = Data(base64Encoded: base64, options: .ignoreUnknownCharacters) else { throw fail }
        guard case .dictionary(let archive) = try BinaryPropertyList.decode([UInt8](data), path: path),
            case .array(let objects)? = archive["$objects"], case .dictionary(let top)? = archive["$top"], case .uid(let root)? = top["root"]
        else { throw fail }
        func object(_ value: PlistValue?) -> PlistValue? {
            if case .uid(let index)? = value, index < objects.count { return objects[index] }
            return value
        }
        func className(_ dictionary: [String: PlistValue]) -> String {
            guard case .dictionary(let info)? = object(dictionary["$class"]), case .string(let name)? = info["$classname"] else { return "" }
            return name
        }
        func expression(_ value: PlistValue?, depth: Int) throws(Diagnostic) -> Expression {
            guard depth < 200, case .dictionary(let node)? = object(value) else { throw fail }
            switch className(node) {
            case "NSVariableExpression":
                guard case .string(let name)? = object(node["NSVariable"]) else { throw fail }
                return .variable(name)
            case "NSSelfExpression":
                return .evaluatedObject
            case "NSKeyPathSpecifierExpression":
                guard case .string(let path)? = object(node["NSKeyPath"]) else { throw fail }
                return .keyPath(base: .evaluatedObject, components: path.split(separator: ".").map(String.init))
            case "NSConstantValueExpression":
                switch object(node["NSConstantValue"]) {
                case .string(let text)?: return .constant(.string(text))
                case .integer(let n)?: return .constant(.integer(Int64(n)))
                case .real(let d)?: return .constant(.double(d))
                case .bool(let b)?: return .constant(.bool(b))
                default: return .constant(.null)
                }
            case "NSKeyPathExpression", "NSFunctionExpression":
                guard case .string(let selector)? = object(node["NSSelectorName"]) else { throw fail }
                var arguments: [Expression] = []
                if case .dictionary(let list)? = object(node["NSArguments"]), case .array(let items)? = list["NS.objects"] {
                    for item in items { arguments.append(try expression(item, depth: depth + 1)) }
                }
                let operand = try expression(node["NSOperand"], depth: depth + 1)
                if selector == "valueForKeyPath:", case .keyPath(.evaluatedObject, let components)? = arguments.first {
                    return .keyPath(base: operand, components: components)
                }
                return .call(target: operand, selector: selector, arguments: arguments)
            default:
                throw Diagnostic(path: path, line: line.value, message: "unsupported archived expression class \(className(node))")
            }
        }
        return try expression(.uid(root), depth: 0).description
    }
}
