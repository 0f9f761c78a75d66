import SwiftSyntax

/// Turns the declarations of a folder into its schemas, live models and plans.
struct SwiftDataHistoryAssembler {
    let declarations: SwiftDeclarations
    let resolver: SwiftTypeResolver
    private(set) var warnings: [Diagnostic] = []
    /// Why the `@Model` classes outside every schema do not form a model, when they do not.
    private(set) var liveModelsFailure: Diagnostic?
    /// Static properties by owner and name: the first declaration of each.
    private let statics: [String: SwiftDeclarations.StaticProperty]
    /// Qualified names of the schemas, for telling a nested model from a live one.
    private let schemaNames: Set<String>

    init(declarations: SwiftDeclarations) {
        self.declarations = declarations
        resolver = SwiftTypeResolver(declarations)
        var statics: [String: SwiftDeclarations.StaticProperty] = [:]
        for property in declarations.statics where statics["\(property.owner)#\(property.name)"] == nil {
            statics["\(property.owner)#\(property.name)"] = property
        }
        self.statics = statics
        schemaNames = Set(declarations.schemas.map(\.qualifiedName))
    }

    func staticProperty(_ name: String, of owner: String) -> SwiftDeclarations.StaticProperty? { statics["\(owner)#\(name)"] }

    /// Each conformer once: a conformance stated on the declaration and again on an extension is one.
    static func unique(_ conformers: [SwiftDeclarations.Conformer]) -> [SwiftDeclarations.Conformer] {
        var seen: Set<String> = []
        return conformers.filter { seen.insert($0.qualifiedName).inserted }
    }

    // MARK: Schemas

    mutating func schemas() throws(Diagnostic) -> [SwiftDataSchema] {
        // Two declarations of one name in one module are an invalid redeclaration: neither is the schema.
        var declared: [String: SwiftSourceLocation] = [:]
        for conformer in declarations.schemas where conformer.isDeclaration {
            if let first = declared[conformer.qualifiedName] {
                let place = conformer.location
                throw Diagnostic(
                    path: place.path, line: place.line, column: place.column,
                    message:
                        "\(conformer.qualifiedName) is declared twice, here and at \(first.path):\(first.line):\(first.column): "
                        + "Swift refuses the second declaration, so modeldiff cannot tell which one is the schema")
            }
            declared[conformer.qualifiedName] = conformer.location
        }
        var result: [SwiftDataSchema] = []
        for conformer in Self.unique(declarations.schemas) {
            do throws(Diagnostic) {
                result.append(try schema(conformer))
            } catch {
                // One schema SwiftData cannot build is that schema's problem, as one unreadable version of
                // a bundle is: every other schema is still read.
                let name = conformer.qualifiedName
                unreadable.append(
                    SwiftDataUnreadableSchema(
                        name: name, versionIdentifier: versionIdentifier(of: name, at: conformer.location, warning: false),
                        location: conformer.location, problem: error))
            }
        }
        return result
    }

    /// The schemas `schemas()` could not build, each with its problem.
    private(set) var unreadable: [SwiftDataUnreadableSchema] = []

    private mutating func schema(_ conformer: SwiftDeclarations.Conformer) throws(Diagnostic) -> SwiftDataSchema {
        let name = conformer.qualifiedName
        let scope = name.split(separator: ".").map(String.init)
        let version = versionIdentifier(of: name, at: conformer.location)
        var classes: [SwiftDeclarations.ModelClass] = []
        var outside: [SwiftDataSchema.OutsideModel] = []
        for (typeName, location) in typeList(staticProperty("models", of: name), of: name, what: "models", at: conformer.location) {
            guard case .model(let model)? = resolver.resolve(typeName, from: scope) else {
                warn(location, "\(name).models names \(typeName), which is not a @Model class the folder declares: the model leaves it out")
                continue
            }
            classes.append(model)
            if !model.qualifiedName.hasPrefix(name + ".") {
                // Named by its declaration: `typealias Note = V1.Note` in V2 reuses `V1.Note`.
                outside.append(SwiftDataSchema.OutsideModel(typeName: model.qualifiedName, location: location))
            }
        }
        var builder = SwiftDataModelBuilder(resolver: resolver, path: conformer.location.path)
        let model = builder.model(of: classes, versionIdentifier: version)
        warnings += builder.warnings
        if let (first, second) = builder.classesSharingAName {
            throw twoClassesOfOneName(first, second, in: name, at: conformer.location, through: builder.reachedThrough)
        }
        // A class reached through a relationship or a superclass is in the schema as much as one `models` names.
        let named = Set(classes.map(\.qualifiedName))
        // A class nested in another schema is that schema's frozen copy: it does not follow the live model.
        for reached in builder.included
        where !named.contains(reached.qualifiedName) && !reached.qualifiedName.hasPrefix(name + ".") && schema(nesting: reached) == nil {
            warn(
                reached.location,
                "\(reached.qualifiedName) is declared outside \(name) and reached from its models: "
                    + "\(name)'s hash follows every later edit of it; nest a copy in the schema")
        }
        let notes = try ModelValidator(model: model, path: conformer.location.path).validate()
        return SwiftDataSchema(
            name: name, versionIdentifier: version, location: conformer.location,
            loaded: LoadedModel(model: model, path: conformer.location.path, notes: notes), outsideModels: outside)
    }

    /// The error on a schema whose classes reach two classes of one name: a model holds one entity per name
    /// (`NSManagedObjectModel` refuses a second entity of a name), so `Schema` cannot build it. It names both
    /// declarations and the relationships or superclasses that reach the second.
    private func twoClassesOfOneName(
        _ first: SwiftDeclarations.ModelClass, _ second: SwiftDeclarations.ModelClass, in schema: String,
        at location: SwiftSourceLocation, through paths: [String: [String]]
    ) -> Diagnostic {
        func place(_ model: SwiftDeclarations.ModelClass) -> String {
            "\(model.qualifiedName) (\(model.location.path):\(model.location.line))"
        }
        func route(_ model: SwiftDeclarations.ModelClass) -> String {
            let steps = paths[model.qualifiedName] ?? []
            return steps.isEmpty
                ? "named by \(schema).models" : "reached through " + (steps + [model.qualifiedName]).joined(separator: " → ")
        }
        return Diagnostic(
            path: location.path, line: location.line, column: location.column,
            message:
                "\(schema) reaches two classes named \(first.name): \(place(first)), \(route(first)), and \(place(second)), "
                + "\(route(second)); a model holds one entity per name, so SwiftData cannot build \(schema): "
                + "nest in \(schema) a copy of each class it reaches")
    }

    /// The schema a class is declared in (`V1` for `V1.Note`), or nil for a live class.
    func schema(nesting model: SwiftDeclarations.ModelClass) -> String? {
        model.scope.indices.lazy.map { model.scope[...$0].joined(separator: ".") }.first { schemaNames.contains($0) }
    }

    /// `Schema.Version(1, 2, 0)` or `.init(1, 2, 0)`, as the initializer or the getter's one expression.
    /// `warning` false reads it again without warning twice (the schema was read once before it failed).
    private mutating func versionIdentifier(of schema: String, at location: SwiftSourceLocation, warning: Bool = true) -> [Int]? {
        guard let property = staticProperty("versionIdentifier", of: schema) else {
            if warning { warn(location, "\(schema) has no versionIdentifier the reader finds") }
            return nil
        }
        if let call = property.value?.as(FunctionCallExprSyntax.self),
            ["Schema.Version", "Version", ".init", "Schema.Version.init"].contains(
                call.calledExpression.trimmedDescription)
        {
            let parts = call.arguments.map { argument in
                argument.expression.as(IntegerLiteralExprSyntax.self).flatMap(SwiftLiteral.integer).flatMap { Int(exactly: $0) }
            }
            if parts.count == 3, parts.allSatisfy({ $0 != nil }) { return parts.compactMap { $0 } }
        }
        guard warning else { return nil }
        let text = property.value.map(SwiftDataModelBuilder.excerpt) ?? "no value"
        warn(
            property.location,
            "\(schema).versionIdentifier (\(text)) is not a Schema.Version of three integer literals the reader evaluates")
        return nil
    }

    /// The type names of an array of `X.self` (`models`, `schemas`), with where each is written.
    mutating func typeList(
        _ property: SwiftDeclarations.StaticProperty?, of owner: String, what: String, at location: SwiftSourceLocation
    ) -> [(String, SwiftSourceLocation)] {
        guard let property else {
            warn(location, "\(owner) has no \(what) the reader finds")
            return []
        }
        guard let array = property.value?.as(ArrayExprSyntax.self) else {
            let text = property.value.map(SwiftDataModelBuilder.excerpt) ?? "no value"
            warn(property.location, "\(owner).\(what) (\(text)) is not an array literal the reader evaluates")
            return []
        }
        var result: [(String, SwiftSourceLocation)] = []
        for element in array.elements {
            let place = place(of: element.expression, near: property.location)
            guard let member = element.expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self",
                let base = member.base
            else {
                warn(
                    place,
                    "\(owner).\(what) has an entry that is not X.self (\(SwiftDataModelBuilder.excerpt(element.expression))): left out")
                continue
            }
            result.append((base.trimmedDescription, place))
        }
        return result
    }

    /// Where a node of a static property's value stands: the property's file, the node's own line and column.
    func place(of node: some SyntaxProtocol, near property: SwiftSourceLocation) -> SwiftSourceLocation {
        declarations.files[property.path]?.location(of: node) ?? property
    }

    // MARK: Live models

    /// The `@Model` classes declared outside every schema, as one model; nil when there are none or
    /// when they do not form a model the validator accepts (a warning says why).
    mutating func liveModels() -> LoadedModel? {
        let live = declarations.models.filter { schema(nesting: $0) == nil }
        guard let first = live.first else { return nil }
        var builder = SwiftDataModelBuilder(resolver: resolver, path: first.location.path)
        let model = builder.model(of: live, versionIdentifier: nil)
        warnings += builder.warnings
        do throws(Diagnostic) {
            let notes = try ModelValidator(model: model, path: first.location.path).validate()
            return LoadedModel(model: model, path: first.location.path, notes: notes)
        } catch {
            let message = "the @Model classes outside every VersionedSchema do not form a model: \(error.message)"
            warnings.append(Diagnostic(.warning, path: error.path, line: error.line, column: error.column, message: message))
            liveModelsFailure = Diagnostic(path: error.path, line: error.line, column: error.column, message: message)
            return nil
        }
    }

    mutating func warn(_ location: SwiftSourceLocation, _ message: String) {
        warnings.append(Diagnostic(.warning, path: location.path, line: location.line, column: location.column, message: message))
    }
}
