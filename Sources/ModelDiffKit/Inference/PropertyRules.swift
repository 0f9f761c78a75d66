/// Findings about properties of matched entities.
enum PropertyRules {
    static func added(_ context: inout RuleContext) {
        for change in context.diff.entities {
            guard case .matched(_, let newEntity) = change.sides else { continue }
            let entity = newEntity.name
            for property in change.properties {
                guard case .added(let new) = property.sides else { continue }
                let name = "`\(entity).\(property.name)`"
                kindChanged(new, entity: entity, among: change.properties, &context)
                switch new {
                case .attribute(let a) where !a.isOptional && !a.isTransient && !a.hasDefaultValue && !a.isDerived:
                    context.new(
                        .requiredAttributeWithoutDefault, entity: entity, property: a.name, line: a.line,
                        """
                        \(name) is a new required attribute without a default value: migrating a store that has `\(entity)` objects fails \
                        validation (Core Data error 134110, missing attribute values on mandatory destination attribute); give it a default \
                        value or make it optional
                        """
                    )
                // Core Data validates a relationship's counts on its value, and a to-many is never nil, only
                // empty: "optional NO" alone does not reject an empty set, only a minimum count does, and an
                // optional empty to-many passes even then. Evidence: Apple's Wire store store2-101-0 holds
                // UserClients saved with an empty non-optional `ignoredByClients`; Wire added non-optional
                // to-manys with no minimum in shipped versions (zmessaging 1.27, 2.78) and the team's test
                // migrates its older stores with Core Data's inferred mapping.
                case .relationship(let r) where !r.isTransient && failsValidationWhenEmpty(r):
                    context.new(
                        .requiredRelationshipAdded, entity: entity, property: r.name, line: r.line,
                        """
                        \(name) is a new \
                        \(r.isToMany ? "to-many relationship with a minimum count of \(r.minCount)" : "required relationship"): every migrated \
                        `\(entity)` has it empty, so migrating a store that has `\(entity)` objects fails validation (Core Data error 134110); \
                        \(r.isToMany ? "lower its minimum count to 0" : "make it optional"), or set it in a custom mapping — `modeldiff infer` \
                        writes a starter
                        """
                    )
                case let added:
                    context.new(.propertyAdded, entity: entity, property: added.name, line: added.line, "\(name) is added: inferable")
                }
            }
        }
    }

    /// A new property whose canonical name a removed property of another kind had: Core Data maps a
    /// property only to one of its own kind (`-[_NSMappingModelBuilder inferPropertyMappingsForEntityMapping:]`,
    /// decompiled: "Properties cannot be mapped to other property types"), so it infers the step with
    /// the old property removed and the new one added; what each of those means is its own finding.
    private static func kindChanged(_ new: Property, entity: String, among properties: [PropertyChange], _ context: inout RuleContext) {
        let old = properties.lazy.compactMap { change -> Property? in
            guard case .removed(let old) = change.sides, old.canonicalName == new.canonicalName, !old.isSameKind(as: new) else {
                return nil
            }
            return old
        }.first
        guard let old, !(old.isTransient && new.isTransient) else { return }
        context.new(
            .propertyKindChanged, entity: entity, property: new.name, line: new.line,
            """
            `\(entity).\(new.name)` changes from \(kind(old)) to \(kind(new)): Core Data maps a property only to one of its own kind, \
            so it infers the step with the old \(kindNoun(old)) removed (\(lost(old))) and the new \(kindNoun(new)) added; to carry \
            the old values into it, give the new property another name and fill it in a mapping model — `modeldiff infer` writes a starter
            """
        )
    }

    private static func kindNoun(_ property: Property) -> String {
        switch property {
        case .attribute: "attribute"
        case .relationship: "relationship"
        case .fetchedProperty: "fetched property"
        }
    }

    private static func lost(_ property: Property) -> String {
        if property.isTransient { return "it was not stored, so nothing is lost" }
        if case .relationship = property { return "the links it holds in the store are lost" }
        return "its values in the store are lost"
    }

    /// Whether a relationship that every migrated object has empty fails Core Data's validation.
    ///
    /// A to-one is empty as nil, which a non-optional relationship rejects
    /// (`NSValidationMissingMandatoryPropertyError`, 1570). A to-many is empty as an empty set, never nil,
    /// and `NSRelationshipDescription`'s documentation says "the counts are only enforced if the relationship
    /// value in the containing object is not nil": the empty set is checked against `minCount` alone
    /// (`NSValidationRelationshipLacksMinimumCountError`, 1580), which a minimum count of 0 accepts whether
    /// `optional` is YES or NO. Teams ship such additions as lightweight migrations (Wire's `zmessaging`
    /// adds dozens of non-optional to-many relationships with no mapping model).
    static func failsValidationWhenEmpty(_ r: Relationship) -> Bool {
        // An optional relationship passes empty whatever its counts, as migrate's validation has it.
        !r.isOptional && (r.isToMany ? r.minCount > 0 : true)
    }

    static func removed(_ context: inout RuleContext) {
        for change in context.diff.entities {
            guard case .matched(let oldEntity, _) = change.sides else { continue }
            let entity = oldEntity.name
            for property in change.properties {
                guard case .removed(let removed) = property.sides else { continue }
                let name = "`\(entity).\(removed.name)`"
                switch removed {
                case .attribute(let a) where !a.isTransient:
                    context.old(
                        .attributeRemoved, entity: entity, property: a.name, line: a.line,
                        "\(name) is removed: its values in the store are lost")
                case .relationship(let r) where !r.isTransient:
                    context.old(
                        .relationshipRemoved, entity: entity, property: r.name, line: r.line,
                        "\(name) is removed: the links it holds in the store are lost")
                default:
                    context.old(
                        .propertyRemoved, entity: entity, property: removed.name, line: removed.line,
                        "\(name) is removed; it was not stored (transient or fetched), so nothing is lost")
                }
            }
        }
    }

    /// Why a change of a property whose version hash is unchanged is a note.
    static let unchanged = "the property's version hash is unchanged, so the store does not see this change"

    static func changed(_ context: inout RuleContext) {
        let diff = context.diff
        for change in diff.entities {
            guard case .matched(let oldEntity, let newEntity) = change.sides else { continue }
            let entity = newEntity.name
            // Changes that leave the store alone, grouped per entity once its properties are seen.
            var cosmetic: [(property: String, line: SourceLine, change: String, effect: String)] = []
            defer { CosmeticRules.report(cosmetic, entity: entity, &context) }
            for property in change.properties {
                guard case .matched(let old, let new) = property.sides else { continue }
                let name = "`\(entity).\(new.name)`"
                if property.isRenamed {
                    context.new(
                        .propertyRenamed, entity: entity, property: new.name, line: new.line,
                        "`\(oldEntity.name).\(old.name)` is renamed to \(name) (renaming identifier `\(new.canonicalName)`): inferable")
                }
                if let from = property.movedFrom, let to = property.movedTo {
                    context.new(
                        .propertyMoved, entity: entity, property: new.name, line: new.line,
                        "\(name) moves from `\(from)` to `\(to)` in the hierarchy: inferable")
                }
                switch (old, new) {
                case (.attribute(let a), .attribute(let b)) where a.isTransient && b.isTransient:
                    // A transient attribute has no column and no part in its entity's version hash, so
                    // Core Data does not even migrate the store for it: any change is a note.
                    if property.hashChanged, !property.fields.isEmpty {
                        cosmetic.append((new.name, new.line, describe(property.fields), "transient attributes are not stored"))
                    }
                case (.relationship(let a), .relationship(let b)) where a.isTransient && b.isTransient:
                    // The same of a transient relationship: no column, no join table, no part in the entity's
                    // hash (TestModels/History/TransientRelationshipChange: to-many to to-one, hashes equal).
                    if !property.fields.isEmpty {
                        cosmetic.append((new.name, new.line, describe(property.fields), "transient relationships are not stored"))
                    }
                case (.attribute(let a), .attribute(let b)) where !property.hashChanged:
                    context.asNotes(because: Self.unchanged) { attribute(a, b, entity: entity, &$0) }
                case (.attribute(let a), .attribute(let b)):
                    attribute(a, b, entity: entity, &context)
                case (.relationship(let a), .relationship(let b)) where !property.hashChanged:
                    context.asNotes(because: Self.unchanged) { relationship(a, b, entity: entity, &$0) }
                case (.relationship(let a), .relationship(let b)):
                    relationship(a, b, entity: entity, &context)
                case (.fetchedProperty, .fetchedProperty):
                    if !property.fields.isEmpty {
                        cosmetic.append((new.name, new.line, describe(property.fields), "fetched properties are not stored"))
                    }
                default:
                    // ModelMatch pairs a property only with one of its own kind; `added` reports a kind change.
                    break
                }
                if case .attribute = new, property.hashChanged == false, !property.fields.isEmpty {
                    cosmetic.append((new.name, new.line, describe(property.fields), "the store is not affected"))
                }
            }
        }
    }

    private static func attribute(_ a: Attribute, _ b: Attribute, entity: String, _ context: inout RuleContext) {
        let name = "`\(entity).\(b.name)`"
        if a.type != b.type {
            TypeChangeRule.check(a, b, entity: entity, &context)
        }
        if a.isOptional && !b.isOptional && !b.isTransient && !b.isDerived {
            if b.hasDefaultValue {
                context.new(
                    .optionalToRequired, entity: entity, property: b.name, line: b.line,
                    "\(name) becomes required and has a default value: inferable")
            } else {
                context.new(
                    .optionalToRequiredWithoutDefault, entity: entity, property: b.name, line: b.line,
                    """
                    \(name) becomes required without a default value: migrating a store with a `\(entity)` whose \(b.name) is nil fails \
                    validation (Core Data error 134110); give it a default value or keep it optional
                    """
                )
            }
        }
        if !a.isOptional && b.isOptional {
            context.new(.requiredToOptional, entity: entity, property: b.name, line: b.line, "\(name) becomes optional: inferable")
        }
        if !a.isTransient && b.isTransient {
            context.new(
                .attributeMadeTransient, entity: entity, property: b.name, line: b.line,
                "\(name) becomes transient: its values in the store are lost")
        }
        // The type and `optional` have their own findings above: name the other fields the hash sees.
        let other = Fields.changes(Fields.attribute(a), Fields.attribute(b)).filter {
            $0.field != .attributeType && $0.field != .optional && $0.field.changesVersionHash(of: .attribute)
        }
        if !other.isEmpty {
            context.new(.attributeChanged, entity: entity, property: b.name, line: b.line, "\(name) changes \(describe(other)): inferable")
        }
    }

    /// What Core Data's inference does with a re-targeted relationship: it matches it by name and infers
    /// the step (`_NSMappingModelBuilder` never compares destinations); no entity mapping leads from the old
    /// destination to the new one, so only a store without links migrates.
    /// When no new entity matches the old destination, its objects are not carried over, and their
    /// links go with them (what `entity-removed` reports).
    private static func retargetedLinks(entity: String, _ property: String, from oldDestination: String, carried: Bool) -> String {
        guard carried else {
            return """
                Core Data infers the step: no new entity matches the old `\(oldDestination)`, so its objects, and the links of \
                \(property) to them, are not carried over
                """
        }
        return """
            Core Data infers the step: a store where no `\(entity)` has a \(property) migrates, and migrating one where any does fails \
            (no entity mapping makes an object of the new destination from a `\(oldDestination)`)
            """
    }

    private static func relationship(_ a: Relationship, _ b: Relationship, entity: String, _ context: inout RuleContext) {
        let diff = context.diff
        let name = "`\(entity).\(b.name)`"
        if let oldDestination = a.destinationEntity, let newDestination = b.destinationEntity {
            let counterpart = diff.match.pair(source: oldDestination)?.destination.name
            if counterpart == nil, oldDestination == newDestination,
                let stale = diff.source.entity(named: oldDestination)?.renamingIdentifier
            {
                // Same name on both sides, but the old entity's stray renaming identifier keeps Core Data from
                // matching them (see stale-renaming-identifier): say so instead of "`X` instead of `X`".
                context.new(
                    .relationshipRetargeted, entity: entity, property: b.name, line: b.line,
                    """
                    \(name) points to `\(newDestination)`, but Core Data does not match the old `\(oldDestination)` to the new one (the old one \
                    has renaming identifier `\(stale)`), so to Core Data the relationship is re-targeted to a new entity: \
                    \(retargetedLinks(entity: entity, b.name, from: oldDestination, carried: false)); remove the renaming identifier from \
                    `\(oldDestination)` in the old version
                    """
                )
            } else if counterpart != newDestination,
                !(counterpart.flatMap(diff.destination.entity(named:)).map { diff.destination.ancestry(of: $0).map(\.name) }?
                    .contains(newDestination) ?? false)
            {
                // An old destination whose counterpart is a sub-entity of the new destination keeps its
                // links: Core Data's destinationInstancesForSourceRelationshipNamed:sourceInstances: takes
                // every entity mapping from a kind of the old destination to a kind of the new one.
                context.new(
                    .relationshipRetargeted, entity: entity, property: b.name, line: b.line,
                    """
                    \(name) now points to `\(newDestination)` instead of \
                    `\(oldDestination)`\(counterpart.map { $0 == oldDestination ? "" : " (which became `\($0)`)" } ?? ""): \
                    \(retargetedLinks(entity: entity, b.name, from: oldDestination, carried: counterpart != nil)); to carry the links, \
                    add a new relationship and fill it in a mapping model with FUNCTION($manager, \
                    \"destinationInstancesForEntityMappingNamed:sourceInstances:\", …) — `modeldiff infer` writes a starter
                    """
                )
            }
        }
        if a.isToMany && !b.isToMany {
            context.new(
                .toManyToOne, entity: entity, property: b.name, line: b.line,
                "\(name) changes from to-many to to-one: inferable, but of each object's related objects only one is kept")
        } else if !a.isToMany && b.isToMany {
            context.new(.toOneToMany, entity: entity, property: b.name, line: b.line, "\(name) changes from to-one to to-many: inferable")
        }
        if a.isToMany && b.isToMany && b.maxCount > 0 && (a.maxCount == 0 || b.maxCount < a.maxCount) {
            context.new(
                .maxCountLowered, entity: entity, property: b.name, line: b.line,
                """
                \(name) allows at most \(b.maxCount) objects (was \(a.maxCount == 0 ? "unbounded" : String(a.maxCount))): objects with more \
                fail validation after the migration
                """
            )
        }
        if a.isOrdered != b.isOrdered {
            context.new(
                .orderingChanged, entity: entity, property: b.name, line: b.line,
                "\(name) becomes \(b.isOrdered ? "ordered" : "unordered"): inferable")
        }
        if (a.isOptional && !b.isOptional && !b.isToMany) || b.minCount > a.minCount {
            context.new(
                .relationshipMadeRequired, entity: entity, property: b.name, line: b.line,
                "\(name) becomes required (optional NO or a higher minimum count): objects with fewer related objects fail validation after the migration"
            )
        }
        if !a.isTransient && b.isTransient {
            context.new(
                .relationshipMadeTransient, entity: entity, property: b.name, line: b.line,
                "\(name) becomes transient: the links it holds in the store are lost")
        }
    }

    static func describe(_ fields: [FieldChange]) -> String {
        fields.map { "\($0.field.rawValue) \(show($0.old)) → \(show($0.new))" }.joined(separator: ", ")
    }

    private static func show(_ value: String) -> String { value.isEmpty ? "(none)" : value }

    private static func kind(_ property: Property) -> String {
        switch property {
        case .attribute: "an attribute"
        case .relationship: "a relationship"
        case .fetchedProperty: "a fetched property"
        }
    }
}
