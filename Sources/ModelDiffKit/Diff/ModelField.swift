/// A field of a model element that the diff compares, named as Xcode's model file names it
/// (`attributeType`, `optional`, `deletionRule`), and whether changing it changes a version hash.
public enum ModelField: String, Sendable, Hashable, Codable, CaseIterable {
    /// The kind of property (`attribute`, `relationship`, `fetched property`): a property that
    /// keeps its name but becomes another kind.
    case kind
    case representedClassName, parentEntity, abstract, codeGenerationType, uniquenessConstraints, fetchIndexes, compoundIndexes
    case attributeType, optional, transient, defaultValue, derivationExpression, valueTransformerName, customClassName
    case allowsExternalBinaryDataStorage, preserveAfterDeletion, minValue, maxValue, regularExpression, usesScalarValueType
    case spotlightIndexingEnabled, indexed, allowsCloudEncryption
    case destinationEntity, inverseName, toMany, ordered, minCount, maxCount, deletionRule
    case versionHashModifier, userInfo
    case fetchRequestEntity = "fetchRequest.entity"
    case fetchRequestPredicate = "fetchRequest.predicate"

    /// The kinds of element a field belongs to.
    public enum Element: Sendable, Hashable { case entity, attribute, relationship, fetchedProperty }

    /// Whether a change of this field on that kind of element changes the element's version hash.
    ///
    /// The lists are what `VersionHashes` and `PropertyHash` feed SHA-256, as Core Data's
    /// `-[NSEntityDescription versionHash]` and `-[NSPropertyDescription _versionHash:inStyle:]` do:
    /// an entity hashes its name, `abstract`, its parent's hash, its stored properties, the modifier and
    /// its uniqueness constraints; a property hashes its name, `optional`, `transient` and the modifier,
    /// an attribute adds its type, external storage and history flags (a derived one its expression
    /// instead), a relationship its destination, inverse, counts and `ordered` (`toMany` itself is not
    /// hashed: the counts are). Everything else (class names, defaults, validation, indexes, userInfo)
    /// leaves the store's hashes alone.
    public func changesVersionHash(of element: Element) -> Bool {
        switch element {
        case .entity:
            [.parentEntity, .abstract, .versionHashModifier, .uniquenessConstraints].contains(self)
        case .attribute:
            [
                .attributeType, .optional, .transient, .versionHashModifier, .allowsExternalBinaryDataStorage, .preserveAfterDeletion,
                .derivationExpression,
            ].contains(self)
        case .relationship:
            [.destinationEntity, .inverseName, .optional, .transient, .minCount, .maxCount, .ordered, .versionHashModifier].contains(self)
        case .fetchedProperty:
            [.optional, .versionHashModifier].contains(self)
        }
    }
}
