import SwiftSyntax

/// A property's type as written in Swift source, reduced to the shapes SwiftData stores differently:
/// a named type (`String`, `Note`, `SchemaV2.Note`), an optional, an array, a set or a dictionary.
indirect enum SwiftTypeReference: Sendable, Hashable {
    case named(String)
    case optional(SwiftTypeReference)
    case array(SwiftTypeReference)
    case set(SwiftTypeReference)
    case dictionary(SwiftTypeReference, SwiftTypeReference)
    /// A type the reader does not take apart (a tuple, a function, `any P`): its source text.
    case other(String)

    /// Reads a type annotation.
    init(_ type: TypeSyntax) {
        if let optional = type.as(OptionalTypeSyntax.self) {
            self = .optional(SwiftTypeReference(optional.wrappedType))
        } else if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            self = .optional(SwiftTypeReference(unwrapped.wrappedType))
        } else if let array = type.as(ArrayTypeSyntax.self) {
            self = .array(SwiftTypeReference(array.element))
        } else if let dictionary = type.as(DictionaryTypeSyntax.self) {
            self = .dictionary(SwiftTypeReference(dictionary.key), SwiftTypeReference(dictionary.value))
        } else if let attributed = type.as(AttributedTypeSyntax.self) {
            self = SwiftTypeReference(attributed.baseType)
        } else if let identifier = type.as(IdentifierTypeSyntax.self) {
            self = Self.generic(identifier.name.bare, identifier.genericArgumentClause) ?? .named(identifier.name.bare)
        } else if let member = type.as(MemberTypeSyntax.self) {
            let base = SwiftTypeReference(member.baseType)
            if case .named(let baseName) = base {
                let name = member.name.bare
                // `Swift.Optional<T>` and `Foundation.Date` are the types without their module.
                if ["Swift", "Foundation"].contains(baseName) {
                    self = Self.generic(name, member.genericArgumentClause) ?? .named(name)
                } else {
                    self = .named("\(baseName).\(name)")
                }
            } else {
                self = .other(type.trimmedDescription)
            }
        } else {
            self = .other(type.trimmedDescription)
        }
    }

    /// `Optional<T>`, `Array<T>`, `Set<T>`, `Dictionary<K, V>` spelled with their generic names.
    private static func generic(_ name: String, _ clause: GenericArgumentClauseSyntax?) -> SwiftTypeReference? {
        guard let clause else { return nil }
        let arguments: [SwiftTypeReference] = clause.arguments.map { argument in
            if case .type(let type) = argument.argument { return SwiftTypeReference(type) }
            return .other(argument.trimmedDescription)
        }
        switch (name, arguments.count) {
        case ("Optional", 1): return .optional(arguments[0])
        case ("Array", 1): return .array(arguments[0])
        case ("Set", 1): return .set(arguments[0])
        case ("Dictionary", 2): return .dictionary(arguments[0], arguments[1])
        default: return .other("\(name)\(clause.trimmedDescription)")
        }
    }

    /// The type without any optional around it, and whether there was one.
    var unwrapped: (type: SwiftTypeReference, isOptional: Bool) {
        if case .optional(let wrapped) = self { return (wrapped.unwrapped.type, true) }
        return (self, false)
    }

    /// The type as Swift spells it.
    var spelling: String {
        switch self {
        case .named(let name): name
        case .optional(let wrapped): "\(wrapped.spelling)?"
        case .array(let element): "[\(element.spelling)]"
        case .set(let element): "Set<\(element.spelling)>"
        case .dictionary(let key, let value): "[\(key.spelling): \(value.spelling)]"
        case .other(let text): text
        }
    }
}
