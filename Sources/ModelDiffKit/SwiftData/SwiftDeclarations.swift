import SwiftSyntax

/// What the reader collects from every file of the folder before it builds anything: `@Model`
/// classes, value types, type aliases, static properties and the types that conform to
/// `VersionedSchema` or `SchemaMigrationPlan`. Names are qualified by the types that enclose them
/// (`NotesSchemaV2.Note`, also when the class is declared in `extension NotesSchemaV2`).
struct SwiftDeclarations {
    /// One stored property of a `@Model` class.
    struct StoredProperty {
        let name: String
        /// The annotated type; nil when the type is left to the default value (`var count = 0`).
        let type: SwiftTypeReference?
        let defaultValue: ExprSyntax?
        /// `@Attribute(...)` and `@Relationship(...)`, when present.
        let attribute: AttributeSyntax?
        let relationship: AttributeSyntax?
        let location: SwiftSourceLocation
    }

    /// A `@Model` class.
    struct ModelClass {
        let name: String
        /// The enclosing types' names, outermost first.
        let scope: [String]
        let superclass: SwiftTypeReference?
        let properties: [StoredProperty]
        /// `#Unique<T>([\.a, \.b], ...)` and `#Index<T>(...)` in the class body.
        let macros: [MacroExpansionDeclSyntax]
        let location: SwiftSourceLocation

        var qualifiedName: String { (scope + [name]).joined(separator: ".") }
    }

    /// A struct or enum that a property may use as its type.
    struct ValueType {
        enum Kind { case structure, enumeration }
        let name: String
        let scope: [String]
        let kind: Kind
        /// The inherited types as written (`Int`, `Codable`, `CaseIterable`).
        let inherited: [String]
        /// An enum's cases, with their raw value expressions when written.
        let cases: [(name: String, rawValue: ExprSyntax?, hasAssociatedValues: Bool)]
        /// A struct's stored instance properties.
        let properties: [(name: String, type: SwiftTypeReference)]
        let location: SwiftSourceLocation

        var qualifiedName: String { (scope + [name]).joined(separator: ".") }
    }

    /// `static let`/`static var` of a type: its name and the value expression (the initializer, or the
    /// one expression a getter returns).
    struct StaticProperty {
        let owner: String
        let name: String
        let value: ExprSyntax?
        let location: SwiftSourceLocation
    }

    /// A type that declares a conformance (in its declaration or an extension).
    struct Conformer {
        let qualifiedName: String
        let location: SwiftSourceLocation
        /// Whether the conformance is on the type's own declaration rather than on an extension.
        let isDeclaration: Bool
    }

    /// Every file read, by path, for placing the nodes collected from it.
    var files: [String: SwiftSourceFile] = [:]
    var models: [ModelClass] = []
    var valueTypes: [ValueType] = []
    /// Qualified alias name → target and the scope the target is looked up from.
    var typeAliases: [String: (target: SwiftTypeReference, scope: [String])] = [:]
    var statics: [StaticProperty] = []
    var schemas: [Conformer] = []
    var plans: [Conformer] = []
    /// Qualified names of every type declared in the folder (classes, structs, enums, actors, protocols).
    var declaredTypes: Set<String> = []
}
