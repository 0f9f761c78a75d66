/// Looks a type name up as Swift does from inside a declaration: in the innermost enclosing type
/// first, then outwards to the top level, following type aliases. `Note` inside `NotesSchemaV2`
/// is `NotesSchemaV2.Note` when the schema nests one, else the top-level `Note`.
struct SwiftTypeResolver {
    enum Resolved {
        case model(SwiftDeclarations.ModelClass)
        case value(SwiftDeclarations.ValueType)
    }

    private let models: [String: SwiftDeclarations.ModelClass]
    private let values: [String: SwiftDeclarations.ValueType]
    private let aliases: [String: (target: SwiftTypeReference, scope: [String])]
    private let declared: Set<String>

    init(_ declarations: SwiftDeclarations) {
        var models: [String: SwiftDeclarations.ModelClass] = [:]
        for model in declarations.models where models[model.qualifiedName] == nil { models[model.qualifiedName] = model }
        var values: [String: SwiftDeclarations.ValueType] = [:]
        for value in declarations.valueTypes where values[value.qualifiedName] == nil { values[value.qualifiedName] = value }
        self.models = models
        self.values = values
        aliases = declarations.typeAliases
        declared = declarations.declaredTypes
    }

    /// The `@Model` class or value type `name` (possibly dotted) means from `scope`, if the folder declares it.
    func resolve(_ name: String, from scope: [String]) -> Resolved? {
        resolve(name, from: scope, depth: 0)
    }

    private func resolve(_ name: String, from scope: [String], depth: Int) -> Resolved? {
        // Aliases of aliases end somewhere: a cycle (`typealias A = B`, `typealias B = A`) stops here.
        guard depth < 16 else { return nil }
        for length in stride(from: scope.count, through: 0, by: -1) {
            let candidate = (scope.prefix(length) + [name]).joined(separator: ".")
            if let model = models[candidate] { return .model(model) }
            if let value = values[candidate] { return .value(value) }
            if let alias = aliases[candidate] {
                guard case .named(let target) = alias.target.unwrapped.type else { return nil }
                return resolve(target, from: alias.scope, depth: depth + 1)
            }
            // A class, actor or protocol of that name hides the ones further out.
            if declared.contains(candidate) { return nil }
        }
        return nil
    }

    /// What the type alias `name` stands for seen from `scope`, with the scope its target is read from;
    /// nil when `name` is not an alias there (a type of that name further in hides one further out).
    func alias(_ name: String, from scope: [String]) -> (target: SwiftTypeReference, scope: [String])? {
        for length in stride(from: scope.count, through: 0, by: -1) {
            let candidate = (scope.prefix(length) + [name]).joined(separator: ".")
            if let alias = aliases[candidate] { return alias }
            if models[candidate] != nil || values[candidate] != nil || declared.contains(candidate) { return nil }
        }
        return nil
    }

    /// Whether the folder declares a type of that name seen from `scope` (of any kind).
    func isDeclared(_ name: String, from scope: [String]) -> Bool {
        (0...scope.count).contains { length in
            let candidate = (scope.prefix(length) + [name]).joined(separator: ".")
            return declared.contains(candidate) || aliases[candidate] != nil
        }
    }
}
