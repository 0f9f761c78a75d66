/// Every finding `check` reports, with its severity and a one-line summary: the SARIF rule list and the
/// table of codes in docs/findings.md come from here, and a rule cannot report a code that does not exist or give
/// it another severity. The raw value is the stable kebab-case code users see and acknowledge.
public enum FindingCode: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    case attributeTypeIncompatible = "attribute-type-incompatible"
    case requiredAttributeWithoutDefault = "required-attribute-without-default"
    case optionalToRequiredWithoutDefault = "optional-to-required-without-default"
    case mappingInvalid = "mapping-invalid"
    case mappingUnreadable = "mapping-unreadable"
    case versionUnreadable = "version-unreadable"
    case lockedVersionChanged = "locked-version-changed"
    case lockedVersionRemoved = "locked-version-removed"
    case currentVersionMovedBack = "current-version-moved-back"
    case requiredRelationshipAdded = "required-relationship-added"
    case hierarchyMerge = "hierarchy-merge"
    case relationshipRetargeted = "relationship-retargeted"
    case propertyKindChanged = "property-kind-changed"
    case ambiguousRenamingIdentifier = "ambiguous-renaming-identifier"
    case unmatchedRenamingIdentifier = "unmatched-renaming-identifier"
    case acknowledgementUnused = "acknowledgement-unused"
    case versionAfterCurrent = "version-after-current"
    case cloudkitUniqueConstraint = "cloudkit-unique-constraint"
    case cloudkitUnsupportedType = "cloudkit-unsupported-type"
    case cloudkitRequiredAttribute = "cloudkit-required-attribute"
    case cloudkitRequiredRelationship = "cloudkit-required-relationship"
    case cloudkitMissingInverse = "cloudkit-missing-inverse"
    case cloudkitDenyDeleteRule = "cloudkit-deny-delete-rule"
    case cloudkitOrderedRelationship = "cloudkit-ordered-relationship"
    case cloudkitCrossConfiguration = "cloudkit-cross-configuration"
    case cloudkitEntityRemoved = "cloudkit-entity-removed"
    case cloudkitEntityRenamed = "cloudkit-entity-renamed"
    case cloudkitPropertyRemoved = "cloudkit-property-removed"
    case cloudkitPropertyRenamed = "cloudkit-property-renamed"
    case cloudkitTypeChanged = "cloudkit-type-changed"
    case cloudkitMadeRequired = "cloudkit-made-required"
    case possibleRename = "possible-rename"
    case entityRemoved = "entity-removed"
    case staleRenamingIdentifier = "stale-renaming-identifier"
    case attributeRemoved = "attribute-removed"
    case relationshipRemoved = "relationship-removed"
    case attributeMadeTransient = "attribute-made-transient"
    case relationshipMadeTransient = "relationship-made-transient"
    case toManyToOne = "to-many-to-one"
    case maxCountLowered = "max-count-lowered"
    case relationshipMadeRequired = "relationship-made-required"
    case numberNarrowed = "number-narrowed"
    case numberToBoolean = "number-to-boolean"
    case entityAdded = "entity-added"
    case entityRenamed = "entity-renamed"
    case entityChanged = "entity-changed"
    case hierarchyChanged = "hierarchy-changed"
    case propertyAdded = "property-added"
    case propertyRemoved = "property-removed"
    case propertyRenamed = "property-renamed"
    case propertyMoved = "property-moved"
    case attributeChanged = "attribute-changed"
    case optionalToRequired = "optional-to-required"
    case requiredToOptional = "required-to-optional"
    case numberWidened = "number-widened"
    case booleanToNumber = "boolean-to-number"
    case binaryTransformable = "binary-transformable"
    case toOneToMany = "to-one-to-many"
    case orderingChanged = "ordering-changed"
    case renamingIdentifierFromOlderVersion = "renaming-identifier-from-older-version"
    case cosmeticChange = "cosmetic-change"
    case configurationChanged = "configuration-changed"
    case fetchRequestChanged = "fetch-request-changed"

    /// How serious a finding of this code is: an error makes the change not inferable. (An
    /// acknowledged finding is reported as a note.)
    public var severity: Diagnostic.Severity {
        switch self {
        case .attributeTypeIncompatible: .error
        case .requiredAttributeWithoutDefault: .error
        case .optionalToRequiredWithoutDefault: .error
        case .mappingInvalid: .error
        case .mappingUnreadable: .error
        case .versionUnreadable: .error
        case .lockedVersionChanged: .error
        case .lockedVersionRemoved: .error
        case .currentVersionMovedBack: .error
        case .requiredRelationshipAdded: .error
        case .hierarchyMerge: .error
        case .relationshipRetargeted: .error
        case .propertyKindChanged: .error
        case .ambiguousRenamingIdentifier: .error
        case .unmatchedRenamingIdentifier: .error
        case .acknowledgementUnused: .warning
        case .versionAfterCurrent: .warning
        case .cloudkitUniqueConstraint: .error
        case .cloudkitUnsupportedType: .error
        case .cloudkitRequiredAttribute: .error
        case .cloudkitRequiredRelationship: .error
        case .cloudkitMissingInverse: .error
        case .cloudkitDenyDeleteRule: .error
        case .cloudkitOrderedRelationship: .error
        case .cloudkitCrossConfiguration: .error
        case .cloudkitEntityRemoved: .error
        case .cloudkitEntityRenamed: .error
        case .cloudkitPropertyRemoved: .error
        case .cloudkitPropertyRenamed: .error
        case .cloudkitTypeChanged: .error
        case .cloudkitMadeRequired: .error
        case .possibleRename: .warning
        case .entityRemoved: .warning
        case .staleRenamingIdentifier: .warning
        case .attributeRemoved: .warning
        case .relationshipRemoved: .warning
        case .attributeMadeTransient: .warning
        case .relationshipMadeTransient: .warning
        case .toManyToOne: .warning
        case .maxCountLowered: .warning
        case .relationshipMadeRequired: .warning
        case .numberNarrowed: .warning
        case .numberToBoolean: .warning
        case .entityAdded: .note
        case .entityRenamed: .note
        case .entityChanged: .note
        case .hierarchyChanged: .note
        case .propertyAdded: .note
        case .propertyRemoved: .note
        case .propertyRenamed: .note
        case .propertyMoved: .note
        case .attributeChanged: .note
        case .optionalToRequired: .note
        case .requiredToOptional: .note
        case .numberWidened: .note
        case .booleanToNumber: .note
        case .binaryTransformable: .note
        case .toOneToMany: .note
        case .orderingChanged: .note
        case .renamingIdentifierFromOlderVersion: .note
        case .cosmeticChange: .note
        case .configurationChanged: .note
        case .fetchRequestChanged: .note
        }
    }

    /// What a finding of this code means, in one line.
    public var summary: String {
        switch self {
        case .attributeTypeIncompatible: "An attribute's type changes in a way lightweight migration cannot convert (134190)."
        case .requiredAttributeWithoutDefault:
            "A new required attribute has no default value: migrating a non-empty store fails validation (134110)."
        case .optionalToRequiredWithoutDefault: "An optional attribute becomes required without a default value (134110 on any nil value)."
        case .mappingInvalid: "A mapping model in the repository claims a step but does not validate against its two versions."
        case .mappingUnreadable:
            "A mapping model beside the bundle (or under --mappings) cannot be read (empty, a Git LFS pointer, not a mapping): the step it was written for is checked without it."
        case .versionUnreadable:
            "A version of the bundle cannot be read (not XML, a name that cannot be an identifier, a missing destination entity): the steps into and out of it are not checked; every other pair is."
        case .lockedVersionChanged:
            "A version recorded in the lock file has other entity version hashes now: stores of the shipped app would no longer open (134100)."
        case .lockedVersionRemoved: "A version recorded in the lock file is gone from the bundle."
        case .currentVersionMovedBack: "`.xccurrentversion` names a version older than the lock file's current one."
        case .requiredRelationshipAdded:
            "A new required to-one relationship, or a new to-many one with a minimum count of 1 or more: every migrated object has it empty and fails validation. A new non-optional to-many with a minimum count of 0 is inferable (an empty set passes)."
        case .hierarchyMerge: "Entities from separate hierarchies now share a parent; Core Data cannot merge hierarchies."
        case .relationshipRetargeted: "A relationship points to a different entity; lightweight migration cannot re-target it."
        case .propertyKindChanged: "A property changes between attribute and relationship under the same name."
        case .ambiguousRenamingIdentifier: "Several new elements match the same old element."
        case .unmatchedRenamingIdentifier: "A renaming identifier matches nothing in the old version (a typo drops the data)."
        case .acknowledgementUnused: "An acknowledged finding in .modeldiff.yml matches nothing in the pairs checked (fixed, or mistyped)."
        case .versionAfterCurrent:
            "Versions sort after the current one: checked as drafts, never migrated to. If they shipped before it, give the order (`order:` in .modeldiff.yml, or --order)."
        case .cloudkitUniqueConstraint:
            "check --cloudkit: an entity mirrored to CloudKit has a uniqueness constraint, which CloudKit cannot enforce."
        case .cloudkitUnsupportedType: "check --cloudkit: a mirrored attribute is Undefined or Object ID, which CloudKit cannot store."
        case .cloudkitRequiredAttribute: "check --cloudkit: a mirrored attribute is required without a default value."
        case .cloudkitRequiredRelationship:
            "check --cloudkit: a mirrored relationship is required; CloudKit needs every relationship optional."
        case .cloudkitMissingInverse: "check --cloudkit: a mirrored relationship has no inverse."
        case .cloudkitDenyDeleteRule: "check --cloudkit: a mirrored relationship uses the Deny delete rule."
        case .cloudkitOrderedRelationship: "check --cloudkit: a mirrored relationship is ordered, which CloudKit cannot mirror."
        case .cloudkitCrossConfiguration: "check --cloudkit: a relationship of a CloudKit configuration points to an entity outside it."
        case .cloudkitEntityRemoved: "check --cloudkit: a mirrored entity is removed; the production schema is add-only."
        case .cloudkitEntityRenamed: "check --cloudkit: a mirrored entity is renamed; its record type keeps the old name."
        case .cloudkitPropertyRemoved:
            "check --cloudkit: a mirrored attribute or relationship is removed; the production schema is add-only."
        case .cloudkitPropertyRenamed: "check --cloudkit: a mirrored property is renamed; its field keeps the old name."
        case .cloudkitTypeChanged: "check --cloudkit: a mirrored attribute changes type, or a relationship its destination or cardinality."
        case .cloudkitMadeRequired: "check --cloudkit: a mirrored attribute becomes required; records of older versions may lack it."
        case .possibleRename: "Something disappears and a look-alike appears without a renaming identifier: the data is dropped."
        case .entityRemoved: "An entity is removed: its objects are deleted."
        case .staleRenamingIdentifier:
            "An entity of the old version carries a renaming identifier that no entity of the new version carries, while an entity of the same name exists: Core Data matches by renaming identifier, so it deletes the old objects and the new entity starts empty."
        case .attributeRemoved: "A stored attribute is removed: its values are lost."
        case .relationshipRemoved: "A stored relationship is removed: its links are lost."
        case .attributeMadeTransient: "A stored attribute becomes transient: its values are lost."
        case .relationshipMadeTransient: "A stored relationship becomes transient: its links are lost."
        case .toManyToOne: "A to-many relationship becomes to-one: only one related object is kept."
        case .maxCountLowered: "A to-many relationship's maximum count is lowered: objects with more fail validation."
        case .relationshipMadeRequired: "A relationship becomes required: objects with fewer related objects fail validation."
        case .numberNarrowed: "A number type narrows: values that do not fit are truncated or overflow."
        case .numberToBoolean: "A number becomes Boolean: every non-zero value becomes YES."
        case .entityAdded: "A new entity (inferable)."
        case .entityRenamed: "An entity is renamed through its renaming identifier (inferable)."
        case .entityChanged: "An entity's stored shape changes: abstract, version hash modifier, uniqueness constraints (inferable)."
        case .hierarchyChanged: "An entity gets a new parent or leaves its hierarchy (inferable)."
        case .propertyAdded: "A new optional, defaulted or transient property (inferable)."
        case .propertyRemoved: "A transient or fetched property is removed (nothing stored is lost)."
        case .propertyRenamed: "A property is renamed through its renaming identifier (inferable)."
        case .propertyMoved: "A property moves up or down the entity hierarchy (inferable)."
        case .attributeChanged: "An attribute's stored definition changes (inferable)."
        case .optionalToRequired: "An attribute becomes required and has a default value (inferable)."
        case .requiredToOptional: "An attribute becomes optional (inferable)."
        case .numberWidened: "A number type widens (inferable)."
        case .booleanToNumber: "A Boolean becomes a number (inferable)."
        case .binaryTransformable: "Binary ↔ Transformable with NSMigrationAllowTypeTransformation (inferable)."
        case .toOneToMany: "A to-one relationship becomes to-many (inferable)."
        case .orderingChanged: "A to-many relationship becomes ordered or unordered (inferable)."
        case .renamingIdentifierFromOlderVersion:
            "A renaming identifier names an element of another version of the bundle, not of the old one."
        case .cosmeticChange: "A change that does not affect the store (class names, userInfo, defaults, indexes …)."
        case .configurationChanged: "A configuration's entities change."
        case .fetchRequestChanged: "A stored fetch request changes."
        }
    }

    /// The kebab-case code, as printed in every format.
    public var description: String { rawValue }
}

extension FindingCode: Comparable {
    /// By code, as reports list them.
    public static func < (a: FindingCode, b: FindingCode) -> Bool { a.rawValue < b.rawValue }
}
