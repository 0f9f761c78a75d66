import SwiftSyntax

/// The arguments of `@Attribute(...)` or `@Relationship(...)` on a stored property, as the model needs them.
struct SwiftDataPropertyOptions {
    /// Unlabeled options (`.unique`, `.externalStorage`), by name.
    var options: Set<String> = []
    /// `.transformable(by: X.self)` or `.transformable(by: "Name")`: the transformer's name.
    var transformerName: String?
    var originalName: String?
    var hashModifier: String?
    /// `@Relationship` only.
    var deleteRule: Relationship.DeleteRule = .nullify
    var minimumModelCount: Int?
    var maximumModelCount: Int?
    /// `inverse: \Note.folder`: the inverse's property name.
    var inverse: String?
    /// What the reader could not evaluate: an argument's label (or option) and the expression's node.
    var unreadable: [(what: String, node: Syntax)] = []

    /// The attribute options SwiftData documents (`Schema.Attribute.Option`).
    static let attributeOptions: Set<String> = [
        "unique", "externalStorage", "ephemeral", "spotlight", "allowsCloudEncryption", "preserveValueOnDeletion",
    ]

    init() {}

    init(_ attribute: AttributeSyntax?) {
        guard let attribute, case .argumentList(let arguments) = attribute.arguments else { return }
        for argument in arguments {
            let expression = argument.expression
            switch argument.label?.text {
            case nil:
                option(expression)
            case "originalName":
                text(expression, "originalName").map { originalName = $0 }
            case "hashModifier":
                text(expression, "hashModifier").map { hashModifier = $0 }
            case "deleteRule":
                let name = expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
                let rules: [String: Relationship.DeleteRule] = [
                    "nullify": .nullify, "cascade": .cascade, "deny": .deny, "noAction": .noAction,
                ]
                if let name, let rule = rules[name] { deleteRule = rule } else { unreadable.append(("deleteRule", Syntax(expression))) }
            case "minimumModelCount":
                count(expression, "minimumModelCount").map { minimumModelCount = $0 }
            case "maximumModelCount":
                count(expression, "maximumModelCount").map { maximumModelCount = $0 }
            case "inverse":
                // `\Note.tags`, `\S1.Note.tags`: the inverse is one property, the key path's last; the parser
                // takes `S1` for the root and `Note` for a component of the qualified form.
                if let path = expression.as(KeyPathExprSyntax.self), let name = Self.propertyNames(path).last {
                    inverse = name
                } else {
                    unreadable.append(("inverse", Syntax(expression)))
                }
            case let label?:
                unreadable.append((label, Syntax(expression)))
            }
        }
    }

    private mutating func option(_ expression: ExprSyntax) {
        if let member = expression.as(MemberAccessExprSyntax.self) {
            options.insert(member.declName.baseName.text)
            return
        }
        // `.transformable(by: ColorTransformer.self)` / `.transformable(by: "ColorTransformer")`.
        if let call = expression.as(FunctionCallExprSyntax.self),
            call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "transformable",
            let argument = call.arguments.first?.expression
        {
            if let name = SwiftLiteral.plainString(argument) {
                transformerName = name
            } else if let member = argument.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self", let base = member.base
            {
                transformerName = base.trimmedDescription
            } else {
                unreadable.append(("transformable(by:)", Syntax(argument)))
            }
            options.insert("transformable")
            return
        }
        unreadable.append(("option", Syntax(expression)))
    }

    private mutating func text(_ expression: ExprSyntax, _ label: String) -> String? {
        if let text = SwiftLiteral.plainString(expression) { return text }
        unreadable.append((label, Syntax(expression)))
        return nil
    }

    private mutating func count(_ expression: ExprSyntax, _ label: String) -> Int? {
        if expression.is(NilLiteralExprSyntax.self) { return nil }
        if let literal = expression.as(IntegerLiteralExprSyntax.self), let value = Int(literal.literal.text) { return value }
        unreadable.append((label, Syntax(expression)))
        return nil
    }

    /// The property names of a key path (`\Note.folder` is `folder`, `\.address.city` is `address`, `city`).
    static func propertyNames(_ path: KeyPathExprSyntax) -> [String] {
        path.components.compactMap { component in
            if case .property(let property) = component.component { return property.declName.baseName.bare }
            return nil
        }
    }

    /// The lists of key paths of `#Unique<T>([\.a, \.b], [\.c])` or `#Index<T>([\.a], [\.b, \.c])`:
    /// each array one list, a bare key path a list of one, `.binary([...])` / `.rtree([...])` a list of
    /// that index type. Each element is the key path's first property (a composite's, for `\.address.city`).
    static func keyPathLists(_ macro: MacroExpansionDeclSyntax) -> [(names: [String], kind: String?)] {
        macro.arguments.compactMap { argument in
            var expression = argument.expression
            var kind: String?
            if let call = expression.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                let inner = call.arguments.first?.expression
            {
                kind = member.declName.baseName.text
                expression = inner
            }
            if let path = expression.as(KeyPathExprSyntax.self) {
                return propertyNames(path).first.map { ([$0], kind) }
            }
            guard let array = expression.as(ArrayExprSyntax.self) else { return nil }
            let names = array.elements.compactMap { $0.expression.as(KeyPathExprSyntax.self).flatMap { propertyNames($0).first } }
            return names.isEmpty ? nil : (names, kind)
        }
    }
}
