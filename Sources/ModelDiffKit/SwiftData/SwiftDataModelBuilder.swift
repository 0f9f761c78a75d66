import SwiftSyntax

/// Builds the Core Data model SwiftData makes from a list of `@Model` classes: one entity per class
/// and per class reachable from them (relationship destinations, superclasses), as `Schema` does.
/// The rules are the table of `docs/SWIFTDATA.md`; what the source cannot tell becomes a warning.
struct SwiftDataModelBuilder {
    private let resolver: SwiftTypeResolver
    /// The model's file: an element declared in another file carries that file with its line.
    private let path: String
    private(set) var warnings: [Diagnostic] = []
    /// The classes the last model was built from: those asked for, then those they reach.
    private(set) var included: [SwiftDeclarations.ModelClass] = []
    /// How the last model reached each class it includes, by qualified name: the steps from a class asked
    /// for (`SchemaV1.Note.folder`, `Folder.notes`), empty for a class asked for.
    private(set) var reachedThrough: [String: [String]] = [:]
    private var composites: [Composite] = []

    init(resolver: SwiftTypeResolver, path: String) {
        self.resolver = resolver
        self.path = path
    }

    /// A relationship before its inverse is settled.
    private struct RelationshipDraft {
        let name: String
        let destination: String
        var inverse: String?
        let isToMany: Bool
        let isOptional: Bool
        let options: SwiftDataPropertyOptions
        let line: SourceLine
    }

    /// The model of `classes` and every class they reach, in that order.
    mutating func model(of classes: [SwiftDeclarations.ModelClass], versionIdentifier: [Int]?) -> Model {
        var ordered: [SwiftDeclarations.ModelClass] = []
        var steps: [String: [String]] = [:]
        var queue = classes.map { ($0, [String]()) }
        while !queue.isEmpty {
            let (next, path) = queue.removeFirst()
            guard steps[next.qualifiedName] == nil else { continue }
            steps[next.qualifiedName] = path
            ordered.append(next)
            queue += reachable(from: next).map { ($0.model, path + ["\(next.qualifiedName).\($0.step)"]) }
        }
        included = ordered
        reachedThrough = steps
        var attributes: [String: [Attribute]] = [:]
        var drafts: [String: [RelationshipDraft]] = [:]
        var constraints: [String: [[String]]] = [:]
        var indexes: [String: [FetchIndex]] = [:]
        for model in ordered {
            let (own, relationships, unique) = properties(of: model)
            attributes[model.qualifiedName] = own
            drafts[model.name, default: []] += relationships
            constraints[model.qualifiedName] = Self.distinct(macroLists(model, "Unique").map(\.names) + unique)
            indexes[model.qualifiedName] = macroLists(model, "Index").map { names, kind in
                FetchIndex(
                    name: ([model.name] + names).joined(separator: "_"),
                    elements: names.map { FetchIndex.Element(property: $0, type: kind == "rtree" ? "RTree" : "Binary") },
                    line: line(model.location))
            }
        }
        settleInverses(&drafts)
        var byName = drafts
        let entities = ordered.map { model -> Entity in
            let relationships = (byName[model.name] ?? []).map { draft in
                Relationship(
                    name: draft.name, destinationEntity: draft.destination, inverseName: draft.inverse,
                    inverseEntity: draft.inverse == nil ? nil : draft.destination, isOptional: draft.isOptional, isToMany: draft.isToMany,
                    minCount: draft.options.minimumModelCount.flatMap { $0 > 0 ? $0 : nil },
                    maxCount: draft.isToMany ? draft.options.maximumModelCount.flatMap { $0 > 0 ? $0 : nil } : 1,
                    deleteRule: draft.options.deleteRule, renamingIdentifier: draft.options.originalName,
                    versionHashModifier: draft.options.hashModifier, line: draft.line)
            }
            byName[model.name] = []  // two classes of one name: the validator reports the second entity
            return Entity(
                name: model.name, representedClassName: model.name, parentEntity: parent(of: model)?.name,
                attributes: attributes[model.qualifiedName] ?? [], relationships: relationships,
                uniquenessConstraints: constraints[model.qualifiedName] ?? [], fetchIndexes: indexes[model.qualifiedName] ?? [],
                line: line(model.location))
        }
        var root = Model.defaultRootAttributes
        if let versionIdentifier {
            root.append(XMLAttribute("userDefinedModelVersionIdentifier", versionIdentifier.map(String.init).joined(separator: ".")))
        }
        return Model(rootAttributes: root, entities: entities, composites: composites)
    }

    // MARK: Classes

    private func scope(of model: SwiftDeclarations.ModelClass) -> [String] { model.scope + [model.name] }

    private func parent(of model: SwiftDeclarations.ModelClass) -> SwiftDeclarations.ModelClass? {
        guard case .named(let name)? = model.superclass, case .model(let parent)? = resolver.resolve(name, from: model.scope) else {
            return nil
        }
        return parent
    }

    /// The classes `model` reaches in one step, each with the step: a property's name, or `superclass`.
    private func reachable(from model: SwiftDeclarations.ModelClass) -> [(model: SwiftDeclarations.ModelClass, step: String)] {
        var result: [(model: SwiftDeclarations.ModelClass, step: String)] = parent(of: model).map { [($0, "superclass")] } ?? []
        for property in model.properties {
            if let (destination, _) = destination(of: property, in: model) { result.append((destination, property.name)) }
        }
        return result
    }

    /// Two classes of the last model that make entities of one name (`SchemaV1.Note` and a live `Note` it
    /// reaches through a live class), the first pair of them: a model holds one entity per name, so
    /// `Schema` cannot hold both. Nil when every name is one class's.
    var classesSharingAName: (first: SwiftDeclarations.ModelClass, second: SwiftDeclarations.ModelClass)? {
        var byName: [String: SwiftDeclarations.ModelClass] = [:]
        for model in included {
            if let first = byName[model.name] { return (first, model) }
            byName[model.name] = model
        }
        return nil
    }

    /// The class a property points to and whether it is to-many, when the property is a relationship.
    private func destination(of property: SwiftDeclarations.StoredProperty, in model: SwiftDeclarations.ModelClass)
        -> (SwiftDeclarations.ModelClass, Bool)?
    {
        guard let type = property.type?.unwrapped.type else { return nil }
        switch type {
        case .named(let name):
            if case .model(let destination)? = resolver.resolve(name, from: scope(of: model)) { return (destination, false) }
        case .array(let element), .set(let element):
            if case .named(let name) = element.unwrapped.type,
                case .model(let destination)? = resolver.resolve(name, from: scope(of: model))
            {
                return (destination, true)
            }
        default:
            break
        }
        return nil
    }

    private func macroLists(_ model: SwiftDeclarations.ModelClass, _ name: String) -> [(names: [String], kind: String?)] {
        model.macros.filter { $0.macroName.text == name }.flatMap(SwiftDataPropertyOptions.keyPathLists)
    }

    /// Each constraint once: `@Attribute(.unique) var id` beside `#Unique<T>([\.id])` states one constraint
    /// twice, and the order of a constraint's properties does not change which rows it allows.
    static func distinct(_ constraints: [[String]]) -> [[String]] {
        var seen: Set<Set<String>> = []
        return constraints.filter { seen.insert(Set($0)).inserted }
    }

    /// Where an element is declared: its line, and its file when that is not the model's.
    private func line(_ location: SwiftSourceLocation) -> SourceLine {
        SourceLine(location.line, file: location.path == path ? nil : location.path, column: location.column)
    }

    // MARK: Properties

    private mutating func properties(of model: SwiftDeclarations.ModelClass) -> ([Attribute], [RelationshipDraft], [[String]]) {
        var attributes: [Attribute] = []
        var relationships: [RelationshipDraft] = []
        var unique: [[String]] = []
        for property in model.properties {
            let what = "\(model.name).\(property.name)"
            if let (destination, isToMany) = destination(of: property, in: model) {
                let options = SwiftDataPropertyOptions(property.relationship ?? property.attribute)
                report(options, of: what, at: property.location)
                if options.options.contains("unique") { unique.append([property.name]) }
                relationships.append(
                    RelationshipDraft(
                        name: property.name, destination: destination.name, inverse: options.inverse, isToMany: isToMany,
                        isOptional: property.type?.unwrapped.isOptional ?? false, options: options, line: line(property.location)))
                continue
            }
            guard let type = property.type ?? property.defaultValue.flatMap({ inferredType(of: $0, in: model) }) else {
                warn(
                    property.location,
                    "the type of \(what) is neither written nor a literal's: the reader leaves the property out of the model")
                continue
            }
            let options = SwiftDataPropertyOptions(property.attribute)
            report(options, of: what, at: property.location)
            if options.options.contains("unique") { unique.append([property.name]) }
            attributes.append(attribute(property, type: type, options: options, in: model))
        }
        return (attributes, relationships, unique)
    }

    /// The type Swift infers for a property written without one: a literal's or a called type's
    /// (`SwiftLiteral.inferredType`), or the enum a case of it names (`Provider.ollama`).
    private func inferredType(of expression: ExprSyntax, in model: SwiftDeclarations.ModelClass) -> SwiftTypeReference? {
        if let type = SwiftLiteral.inferredType(of: expression) { return type }
        guard let member = expression.as(MemberAccessExprSyntax.self), let base = member.base,
            base.is(DeclReferenceExprSyntax.self) || base.is(MemberAccessExprSyntax.self)
        else { return nil }
        let name = base.trimmedDescription
        guard case .value(let value)? = resolver.resolve(name, from: scope(of: model)), value.kind == .enumeration,
            value.cases.contains(where: { $0.name == member.declName.baseName.bare })
        else { return nil }
        return .named(name)
    }

    private mutating func attribute(
        _ property: SwiftDeclarations.StoredProperty, type: SwiftTypeReference, options: SwiftDataPropertyOptions,
        in model: SwiftDeclarations.ModelClass
    ) -> Attribute {
        let what = "\(model.name).\(property.name)"
        let (base, isOptional) = type.unwrapped
        var storage = self.storage(of: base, for: what, at: property.location, from: scope(of: model))
        if options.options.contains("transformable") { storage = (.transformable, nil, nil) }
        var defaultValue: SwiftLiteral.Value = .none
        var launchDefault: LaunchDefault?
        if let expression = property.defaultValue {
            if let value = SwiftLiteral.value(of: expression, as: storage.type, enumeration: storage.enumeration) {
                defaultValue = value
            } else {
                // The macro copies any other initializer into the schema as the default; `Schema` evaluates it at launch.
                launchDefault = LaunchDefault(expression: Self.excerpt(expression))
            }
        }
        var defaultText: String?
        var defaultInterval: String?
        switch defaultValue {
        case .none: break
        case .text(let text): defaultText = text
        case .dateInterval(let seconds): defaultInterval = seconds
        }
        return Attribute(
            name: property.name, type: storage.type, isOptional: isOptional, isTransient: options.options.contains("ephemeral"),
            renamingIdentifier: options.originalName, versionHashModifier: options.hashModifier, defaultValueString: defaultText,
            defaultDateTimeInterval: defaultInterval, launchDefault: launchDefault, valueTransformerName: options.transformerName,
            preservesValueInHistoryOnDeletion: options.options.contains("preserveValueOnDeletion"),
            allowsExternalBinaryDataStorage: options.options.contains("externalStorage"),
            allowsCloudEncryption: options.options.contains("allowsCloudEncryption"),
            isIndexedBySpotlight: options.options.contains("spotlight"), compositeName: storage.composite,
            line: line(property.location))
    }

    /// The Core Data type of a Swift type (without its optional), the composite it names and the enum it is.
    private mutating func storage(
        of type: SwiftTypeReference, for what: String, at location: SwiftSourceLocation, from scope: [String], aliases: Int = 0
    ) -> (type: AttributeType, composite: String?, enumeration: SwiftDeclarations.ValueType?) {
        switch type {
        case .named(let name):
            let resolved = resolver.resolve(name, from: scope)
            // `typealias Percentage = Double`: the type it stands for (a chain of aliases ends within 16; a cycle stops there).
            if resolved == nil, aliases < 16, let alias = resolver.alias(name, from: scope) {
                return storage(of: alias.target, for: what, at: location, from: alias.scope, aliases: aliases + 1)
            }
            if resolved == nil, !resolver.isDeclared(name, from: scope), let scalar = SwiftDataTypeMapping.scalarTypes[name] {
                return (scalar, nil, nil)
            }
            guard case .value(let value)? = resolved else {
                warn(
                    location,
                    "the type of \(what), \(name), is not declared in the folder and is not a type SwiftData stores as one value: "
                        + "the model reads it as Transformable, which its storage may not be")
                return (.transformable, nil, nil)
            }
            if value.kind == .enumeration {
                // Stored as its raw value (docs/SWIFTDATA.md: favoured by two sources, no Apple-written store seen).
                if let raw = SwiftDataTypeMapping.rawValueType(of: value) { return (raw, nil, value) }
                warn(
                    location,
                    "\(what) is the enum \(value.name) without a raw value, read as Transformable; unconfirmed: SwiftData "
                        + "flattens such an enum into the record, and no public evidence shows the attributes it makes")
                return (.transformable, nil, value)
            }
            return (.composite, composite(value, from: scope), nil)
        case .array, .set, .dictionary:
            warn(
                location,
                "\(what) is a collection (\(type.spelling)), read as Transformable; unconfirmed: SwiftData stores it as one "
                    + "binary property list, and no public evidence shows whether the attribute is Transformable or Binary")
            return (.transformable, nil, nil)
        case .optional(let wrapped):
            return storage(of: wrapped, for: what, at: location, from: scope, aliases: aliases)
        case .other(let text):
            warn(location, "the type of \(what), \(text), is not one SwiftData stores: the model reads it as Transformable")
            return (.transformable, nil, nil)
        }
    }

    /// The composite a Codable struct becomes: one element per stored property of a scalar type.
    private mutating func composite(_ value: SwiftDeclarations.ValueType, from scope: [String]) -> String {
        if composites.contains(where: { $0.name == value.name }) { return value.name }
        var elements: [Attribute] = []
        for (name, type) in value.properties {
            let (base, isOptional) = type.unwrapped
            var elementType = AttributeType.transformable
            if case .named(let typeName) = base, resolver.resolve(typeName, from: value.scope + [value.name]) == nil,
                let scalar = SwiftDataTypeMapping.scalarTypes[typeName]
            {
                elementType = scalar
            } else {
                warn(
                    value.location,
                    "\(value.name).\(name) is a \(base.spelling), read as a Transformable element of composite \(value.name); "
                        + "unconfirmed: no public evidence shows how SwiftData stores a nested value in a composite")
            }
            elements.append(Attribute(name: name, type: elementType, isOptional: isOptional, line: line(value.location)))
        }
        composites.append(Composite(name: value.name, attributes: elements, line: line(value.location)))
        return value.name
    }

    // MARK: Inverses

    /// An inverse named on one side is the inverse of the other side too; where neither side names one,
    /// a single relationship each way between two entities is paired when every to-one side of the pair is
    /// optional, as SwiftData infers them (docs/SWIFTDATA.md, "Relationships").
    private func settleInverses(_ drafts: inout [String: [RelationshipDraft]]) {
        for (owner, list) in drafts {
            for draft in list {
                guard let inverse = draft.inverse, let position = drafts[draft.destination]?.firstIndex(where: { $0.name == inverse })
                else {
                    continue
                }
                if drafts[draft.destination]?[position].inverse == nil, drafts[draft.destination]?[position].destination == owner {
                    drafts[draft.destination]?[position].inverse = draft.name
                }
            }
        }
        for owner in drafts.keys.sorted() {
            for position in drafts[owner]?.indices ?? 0..<0 {
                guard let draft = drafts[owner]?[position], draft.inverse == nil, draft.destination != owner else { continue }
                let outgoing = drafts[owner]?.filter { $0.destination == draft.destination && $0.inverse == nil } ?? []
                let incoming = drafts[draft.destination]?.filter { $0.destination == owner && $0.inverse == nil } ?? []
                guard outgoing.count == 1, incoming.count == 1, let other = incoming.first,
                    draft.isToMany || draft.isOptional, other.isToMany || other.isOptional,
                    let otherPosition = drafts[draft.destination]?.firstIndex(where: { $0.name == other.name })
                else { continue }
                drafts[owner]?[position].inverse = other.name
                drafts[draft.destination]?[otherPosition].inverse = draft.name
            }
        }
    }

    // MARK: Warnings

    private mutating func report(_ options: SwiftDataPropertyOptions, of what: String, at location: SwiftSourceLocation) {
        for (label, node) in options.unreadable {
            warn(
                location,
                "the \(label) argument of \(what) (\(Self.excerpt(node))) is not a literal the reader evaluates: the model leaves it out")
        }
        for option in options.options where !SwiftDataPropertyOptions.attributeOptions.contains(option) && option != "transformable" {
            warn(location, "\(what) has option .\(option), which the reader does not know: the model leaves it out")
        }
    }

    private mutating func warn(_ location: SwiftSourceLocation, _ message: String) {
        warnings.append(Diagnostic(.warning, path: location.path, line: location.line, column: location.column, message: message))
    }

    static func excerpt(_ node: some SyntaxProtocol) -> String {
        let text = node.trimmedDescription.split(separator: "\n").first.map(String.init) ?? ""
        return text.count > 40 ? String(text.prefix(40)) + "…" : text
    }
}
