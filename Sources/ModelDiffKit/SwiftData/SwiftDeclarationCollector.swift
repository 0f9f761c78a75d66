import SwiftSyntax

/// Walks one file and adds what it declares to `SwiftDeclarations`, keeping the stack of enclosing
/// type names so that nested declarations get qualified names. Function bodies and closures are not
/// entered: a type declared inside one is not part of a schema.
final class SwiftDeclarationCollector: SyntaxVisitor {
    private let file: SwiftSourceFile
    private(set) var declarations: SwiftDeclarations
    private var scope: [String] = []
    /// How many names each open declaration pushed (an extension of `A.B` pushes two).
    private var pushed: [Int] = []

    init(file: SwiftSourceFile, adding declarations: SwiftDeclarations) {
        self.file = file
        self.declarations = declarations
        self.declarations.files[file.path] = file
        super.init(viewMode: .sourceAccurate)
    }

    // MARK: Types and scopes

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        let inherited = Self.inherited(node.inheritanceClause)
        record(conformances: inherited, name: node.name.bare, at: node.name, isDeclaration: true)
        if Self.has(node.attributes, named: "Model") {
            declarations.models.append(modelClass(node, inherited: node.inheritanceClause))
        }
        open([node.name.bare])
        return .visitChildren
    }
    override func visitPost(_ node: ClassDeclSyntax) { close() }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        let inherited = Self.inherited(node.inheritanceClause)
        record(conformances: inherited, name: node.name.bare, at: node.name, isDeclaration: true)
        var properties: [(name: String, type: SwiftTypeReference)] = []
        for member in node.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self), !Self.isStatic(variable.modifiers) else { continue }
            for binding in variable.bindings where Self.isStored(binding) {
                if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.bare, let type = binding.typeAnnotation?.type {
                    properties.append((name, SwiftTypeReference(type)))
                }
            }
        }
        declarations.valueTypes.append(
            SwiftDeclarations.ValueType(
                name: node.name.bare, scope: scope, kind: .structure, inherited: inherited, cases: [], properties: properties,
                location: file.location(of: node.name)))
        open([node.name.bare])
        return .visitChildren
    }
    override func visitPost(_ node: StructDeclSyntax) { close() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        let inherited = Self.inherited(node.inheritanceClause)
        record(conformances: inherited, name: node.name.bare, at: node.name, isDeclaration: true)
        var cases: [(name: String, rawValue: ExprSyntax?, hasAssociatedValues: Bool)] = []
        for member in node.memberBlock.members {
            guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
            for element in caseDecl.elements {
                cases.append((element.name.bare, element.rawValue?.value, element.parameterClause != nil))
            }
        }
        declarations.valueTypes.append(
            SwiftDeclarations.ValueType(
                name: node.name.bare, scope: scope, kind: .enumeration, inherited: inherited, cases: cases, properties: [],
                location: file.location(of: node.name)))
        open([node.name.bare])
        return .visitChildren
    }
    override func visitPost(_ node: EnumDeclSyntax) { close() }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        open([node.name.bare])
        return .visitChildren
    }
    override func visitPost(_ node: ActorDeclSyntax) { close() }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        declarations.declaredTypes.insert((scope + [node.name.bare]).joined(separator: "."))
        return .skipChildren
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let names = node.extendedType.trimmedDescription.split(separator: ".").map(String.init)
        let qualified = (scope + names).joined(separator: ".")
        for name in Self.inherited(node.inheritanceClause) {
            let conformer = SwiftDeclarations.Conformer(
                qualifiedName: qualified, location: file.location(of: node.extendedType), isDeclaration: false)
            if name == "VersionedSchema" { declarations.schemas.append(conformer) }
            if name == "SchemaMigrationPlan" { declarations.plans.append(conformer) }
        }
        scope += names
        pushed.append(names.count)
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { close() }

    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        declarations.typeAliases[(scope + [node.name.bare]).joined(separator: ".")] = (SwiftTypeReference(node.initializer.value), scope)
        return .skipChildren
    }

    /// `#if`: a clause whose condition is the literal `false` (or `0`) is compiled in no build
    /// configuration and is not read; a clause whose condition is `true` (or `1`) is, and the clauses after
    /// it are not. Any other condition can hold in some configuration, so its clause is read, and so is `#else`.
    override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
        for clause in Self.compiledClauses(node) {
            if let elements = clause.elements { walk(elements) }
        }
        return .skipChildren
    }

    static func compiledClauses(_ node: IfConfigDeclSyntax) -> [IfConfigClauseSyntax] {
        var result: [IfConfigClauseSyntax] = []
        for clause in node.clauses {
            switch clause.condition.map(constant) {
            case false?: continue
            case true?:
                result.append(clause)
                return result
            default: result.append(clause)
            }
        }
        return result
    }

    /// The value of a condition that is a constant: `true`, `false`, `1`, `0`, in parentheses or negated.
    private static func constant(_ condition: ExprSyntax) -> Bool? {
        if let literal = condition.as(BooleanLiteralExprSyntax.self) { return literal.literal.tokenKind == .keyword(.true) }
        if let literal = condition.as(IntegerLiteralExprSyntax.self) { return ["0": false, "1": true][literal.literal.text] }
        if let tuple = condition.as(TupleExprSyntax.self), tuple.elements.count == 1, let inner = tuple.elements.first {
            return constant(inner.expression)
        }
        if let prefix = condition.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            return constant(prefix.expression).map { !$0 }
        }
        return nil
    }

    // Bodies: nothing declared in them belongs to a schema.
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        guard Self.isStatic(node.modifiers), let owner = scope.isEmpty ? nil : scope.joined(separator: ".") else { return .skipChildren }
        for binding in node.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.bare else { continue }
            declarations.statics.append(
                SwiftDeclarations.StaticProperty(
                    owner: owner, name: name, value: Self.value(of: binding), location: file.location(of: binding.pattern)))
        }
        return .skipChildren
    }

    private func open(_ names: [String]) {
        declarations.declaredTypes.insert((scope + names).joined(separator: "."))
        scope += names
        pushed.append(names.count)
    }

    private func close() {
        scope.removeLast(pushed.removeLast())
    }

    private func record(conformances: [String], name: String, at token: TokenSyntax, isDeclaration: Bool) {
        let conformer = SwiftDeclarations.Conformer(
            qualifiedName: (scope + [name]).joined(separator: "."), location: file.location(of: token), isDeclaration: isDeclaration)
        if conformances.contains("VersionedSchema") { declarations.schemas.append(conformer) }
        if conformances.contains("SchemaMigrationPlan") { declarations.plans.append(conformer) }
    }

    // MARK: @Model classes

    private func modelClass(_ node: ClassDeclSyntax, inherited clause: InheritanceClauseSyntax?) -> SwiftDeclarations.ModelClass {
        var properties: [SwiftDeclarations.StoredProperty] = []
        var macros: [MacroExpansionDeclSyntax] = []
        for member in node.memberBlock.members {
            if let macro = member.decl.as(MacroExpansionDeclSyntax.self) {
                macros.append(macro)
                continue
            }
            guard let variable = member.decl.as(VariableDeclSyntax.self),
                [.keyword(.var), .keyword(.let)].contains(variable.bindingSpecifier.tokenKind),
                !Self.isStatic(variable.modifiers), !Self.has(variable.attributes, named: "Transient")
            else { continue }
            let attribute = Self.attribute(variable.attributes, named: "Attribute")
            let relationship = Self.attribute(variable.attributes, named: "Relationship")
            // `var a, b: Int`: every binding but the last takes the last one's type.
            let bindings = Array(variable.bindings)
            for (position, binding) in bindings.enumerated() where Self.isStored(binding) {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.bare else { continue }
                let annotation = binding.typeAnnotation ?? bindings[position...].first { $0.typeAnnotation != nil }?.typeAnnotation
                properties.append(
                    SwiftDeclarations.StoredProperty(
                        name: name, type: annotation.map { SwiftTypeReference($0.type) }, defaultValue: binding.initializer?.value,
                        attribute: attribute, relationship: relationship, location: file.location(of: binding.pattern)))
            }
        }
        // A superclass comes first in the inheritance clause; the builder keeps it only when it is a `@Model` class.
        let superclass = clause?.inheritedTypes.first.map { SwiftTypeReference($0.type) }
        return SwiftDeclarations.ModelClass(
            name: node.name.bare, scope: scope, superclass: superclass, properties: properties, macros: macros,
            location: file.location(of: node.name))
    }

    // MARK: Syntax helpers

    static func inherited(_ clause: InheritanceClauseSyntax?) -> [String] {
        (clause?.inheritedTypes ?? []).map { inherited in
            // `SwiftData.VersionedSchema` is `VersionedSchema`.
            let text = inherited.type.trimmedDescription
            return text.split(separator: ".").last.map(String.init) ?? text
        }
    }

    static func isStatic(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
    }

    /// Whether a binding stores a value: no accessor block, or only observers (`willSet`, `didSet`).
    static func isStored(_ binding: PatternBindingSyntax) -> Bool {
        guard let accessors = binding.accessorBlock?.accessors else { return true }
        switch accessors {
        case .getter: return false
        case .accessors(let list):
            return list.allSatisfy { [.keyword(.willSet), .keyword(.didSet)].contains($0.accessorSpecifier.tokenKind) }
        }
    }

    /// A static property's value: its initializer, or the single expression its getter returns.
    static func value(of binding: PatternBindingSyntax) -> ExprSyntax? {
        if let initializer = binding.initializer { return initializer.value }
        guard let accessors = binding.accessorBlock?.accessors else { return nil }
        switch accessors {
        case .getter(let body): return returned(body)
        case .accessors(let list):
            return list.first { $0.accessorSpecifier.tokenKind == .keyword(.get) }?.body.flatMap { returned($0.statements) }
        }
    }

    private static func returned(_ body: CodeBlockItemListSyntax) -> ExprSyntax? {
        guard body.count == 1, let item = body.first?.item else { return nil }
        if let expression = item.as(ExprSyntax.self) { return expression }
        if let statement = item.as(ReturnStmtSyntax.self) { return statement.expression }
        if let statement = item.as(ExpressionStmtSyntax.self) { return statement.expression }
        return nil
    }

    static func attributeName(_ attribute: AttributeSyntax) -> String {
        let text = attribute.attributeName.trimmedDescription
        return text.split(separator: ".").last.map(String.init) ?? text
    }

    static func attribute(_ list: AttributeListSyntax, named name: String) -> AttributeSyntax? {
        for element in list {
            if case .attribute(let attribute) = element, attributeName(attribute) == name { return attribute }
        }
        return nil
    }

    static func has(_ list: AttributeListSyntax, named name: String) -> Bool { attribute(list, named: name) != nil }
}

extension TokenSyntax {
    /// A name without the backticks that let it be a keyword (`` `default` `` is `default`), as the
    /// compiler and so SwiftData's macros name the declaration.
    var bare: String {
        let text = self.text
        guard text.count >= 2, text.hasPrefix("`"), text.hasSuffix("`") else { return text }
        return String(text.dropFirst().dropLast())
    }
}
