/// The attribute mapping Core Data infers for an attribute that was optional and is required with a
/// default value: a nil source value becomes the destination's default, any other is copied.
///
/// Evidence: Core Data's `_NSMappingModelBuilder inferPropertyMappingsForEntityMapping:` (decompiled)
/// gives such a mapping the value expression `FUNCTION($entityPolicy,
/// "_nonNilValueOrDefaultValueForAttribute:source:destination:", name, $source, $destination)` and, for
/// the SQLite store's in-place migration, a second transform to the attribute's `defaultValue` marked
/// `_replaceMissingValueOnly`; only a required attribute *without* a default is marked
/// `NSPropertyTransformMandatoryPropertyValidation` (the 134110 check of `_NSSQLiteStoreMigrator`).
/// modeldiff writes the same rule in NSExpression's public syntax, which Core Data's
/// `NSMigrationManager` also evaluates: a new destination object starts with its defaults, so
/// `$destination.name` is the default until the mapping sets it.
public enum NilBecomesDefault {
    /// `TERNARY($source.old == nil, $destination.new, $source.old)`; the keys are escaped as key path components.
    public static func expression(source: String, destination: String) -> String {
        let (old, new) = (MappingInference.escapedKey(source), MappingInference.escapedKey(destination))
        return "TERNARY($source.\(old) == nil, $destination.\(new), $source.\(old))"
    }

    /// The source key an expression of this form reads, when its `$destination` key is `destination`.
    public static func sourceKey(of expression: ValueExpression, destination: String) -> String? {
        guard
            case .ternary(let test, .keyPath(.variable("destination"), let written), .keyPath(.variable("source"), let read)) = expression,
            written == [destination], read.count == 1, !read[0].hasPrefix("@"),
            case .binary(.equal, .keyPath(.variable("source"), let tested), .constant(.null)) = test, tested == read
        else { return nil }
        return read[0]
    }

    /// `sourceKey(of:destination:)` of an expression's text; nil when it does not parse.
    public static func sourceKey(of text: String, destination: String) -> String? {
        (try? ExpressionParser.parse(text)).flatMap { sourceKey(of: $0, destination: destination) }
    }
}
