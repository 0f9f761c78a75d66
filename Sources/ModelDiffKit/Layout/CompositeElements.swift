/// The columns Core Data stores a Composite attribute in: one per element, none for the composite.
///
/// Evidence (decompiled CoreData, `-[NSSQLEntity _generateProperties]` and its block, iOS 18 and iOS 26
/// builds in the search corpus; docs/STORE.md, "Composite attributes"): the walk over an entity's
/// attributes makes no column for one of type 2100; it walks the composite's `elements` in order,
/// recursing into a nested composite with the key path `composite.element` as the prefix, and makes each
/// plain element an `NSSQLAttribute` from the element's own description, so a column of the element's type
/// named from the element's own name by the hierarchy's `NSSQLStoreMappingGenerator` (`ZX`, `ZX1` when
/// `ZX` was handed out already), and files it under its key path (`center.x`) in the entity's property
/// mapping and property hash table. The layout names an element column's value by that key path.
package enum CompositeElements {
    /// A plain (non-composite) element of a Composite attribute, as Core Data stores it.
    package struct Element: Sendable, Hashable {
        /// The key path from the entity (`center.x`, `frame.origin.x`): the element column's value name.
        package let keyPath: String
        /// The element's description; its `name` (the last component) names the column.
        package let attribute: Attribute
        /// Whether the element may be NULL: it is optional, or a composite that holds it is (a nil
        /// composite leaves every element column NULL).
        package let isOptional: Bool

        /// The element described under its key path, as seeding and migration address its column.
        package var keyPathAttribute: Attribute { attribute.named(keyPath, isOptional: isOptional) }
    }

    /// The stored elements of `attribute` in Core Data's walk order (depth first, each composite's
    /// `elements` in order); empty for an attribute that is not a Composite one or names no composite
    /// of `model`. A composite that holds itself, which Xcode cannot save, is walked once.
    package static func elements(of attribute: Attribute, in model: Model) -> [Element] {
        guard attribute.type == .composite else { return [] }
        var result: [Element] = []
        // Recursion as deep as composites nest: each composite is entered once per path, so no deeper
        // than the model has composites.
        func walk(_ name: String?, prefix: String, isOptional: Bool, seen: Set<String>) {
            guard let name, !seen.contains(name), let composite = model.composites.first(where: { $0.name == name }) else { return }
            for element in composite.attributes {
                let keyPath = prefix + "." + element.name
                let optional = isOptional || element.isOptional
                if element.type == .composite {
                    walk(element.compositeName, prefix: keyPath, isOptional: optional, seen: seen.union([name]))
                } else {
                    result.append(Element(keyPath: keyPath, attribute: element, isOptional: optional))
                }
            }
        }
        walk(attribute.compositeName, prefix: attribute.name, isOptional: attribute.isOptional, seen: [])
        return result
    }

    /// The attributes of `entity` (inherited ones included) with each Composite attribute replaced by its
    /// elements, each described under its key path (`center.x`) as an attribute of its own type: what
    /// seeding and migration give a value, one per column.
    package static func valueAttributes(of entity: Entity, in model: Model) -> [Attribute] {
        model.allAttributes(of: entity).flatMap { attribute in
            attribute.type == .composite ? elements(of: attribute, in: model).map(\.keyPathAttribute) : [attribute]
        }
    }

    /// An entity's stored values in Core Data's walk, each with the name its column is generated from: a plain
    /// attribute's name, a Composite attribute's element key paths in its place, each with the element's name.
    package static func storedValues(of attributes: [Attribute], in model: Model) -> [(name: String, base: String)] {
        attributes.flatMap { attribute in
            attribute.type == .composite
                ? elements(of: attribute, in: model).map { ($0.keyPath, $0.attribute.name) } : [(attribute.name, attribute.name)]
        }
    }

    /// The Composite attribute of `entity` (or an ancestor) whose element `name` is (`center` for `center.x`),
    /// nil for a plain attribute's name, whatever characters it holds (a model built in code may put a dot in one).
    package static func composite(holding name: String, of entity: Entity, in model: Model) -> Attribute? {
        guard name.contains(".") else { return nil }
        return model.allAttributes(of: entity).first { $0.type == .composite && name.hasPrefix($0.name + ".") }
    }
}

extension Attribute {
    /// This attribute under another name (an element under its key path), optional or not.
    package func named(_ name: String, isOptional: Bool) -> Attribute {
        let s = storage.value
        return Attribute(
            name: name, type: s.type, isTypeOmitted: s.isTypeOmitted, isOptional: isOptional, isTransient: s.isTransient,
            renamingIdentifier: nil, versionHashModifier: s.versionHashModifier, defaultValueString: s.defaultValueString,
            defaultDateTimeInterval: s.defaultDateTimeInterval, launchDefault: s.launchDefault, usesScalarValueType: s.usesScalarValueType,
            valueTransformerName: s.valueTransformerName, customClassName: s.customClassName,
            preservesValueInHistoryOnDeletion: s.preservesValueInHistoryOnDeletion, isDerived: s.isDerived,
            derivationExpression: s.derivationExpression, minValueString: s.minValueString, maxValueString: s.maxValueString,
            minDateTimeInterval: s.minDateTimeInterval, maxDateTimeInterval: s.maxDateTimeInterval,
            regularExpressionString: s.regularExpressionString, allowsExternalBinaryDataStorage: s.allowsExternalBinaryDataStorage,
            allowsCloudEncryption: s.allowsCloudEncryption, isIndexedBySpotlight: s.isIndexedBySpotlight,
            isStoredInExternalRecord: s.isStoredInExternalRecord, isIndexed: s.isIndexed, compositeName: s.compositeName,
            isSyncable: s.isSyncable, userInfo: s.userInfo, otherAttributes: s.otherAttributes, otherChildren: s.otherChildren, line: s.line
        )
    }
}
