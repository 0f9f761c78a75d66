/// Every finding `check` reports. Each code's severity, summary, fix and examples live in its
/// ``FindingUnit`` (`Inference/Findings/`): the SARIF rule list and docs/findings.md come from there, and a
/// rule cannot report a code that does not exist or give it another severity. The raw value is the stable
/// kebab-case code users see and acknowledge.
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
    case swiftdataOutsideModel = "swiftdata-outside-model"
    case swiftdataDuplicateChecksum = "swiftdata-duplicate-checksum"
    case swiftdataStageOrder = "swiftdata-stage-order"
    case swiftdataLightweightNotInferable = "swiftdata-lightweight-not-inferable"
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
    case uniquenessConstraintAdded = "uniqueness-constraint-added"
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
    public var severity: Diagnostic.Severity { unit.severity }

    /// What a finding of this code means, in one line.
    public var summary: String { unit.summary }

    /// The code's unit: severity, summary, why, fix and examples, in `Inference/Findings/`.
    public var unit: FindingUnit {
        switch self {
        case .attributeTypeIncompatible: .attributeTypeIncompatible
        case .requiredAttributeWithoutDefault: .requiredAttributeWithoutDefault
        case .optionalToRequiredWithoutDefault: .optionalToRequiredWithoutDefault
        case .mappingInvalid: .mappingInvalid
        case .mappingUnreadable: .mappingUnreadable
        case .versionUnreadable: .versionUnreadable
        case .lockedVersionChanged: .lockedVersionChanged
        case .lockedVersionRemoved: .lockedVersionRemoved
        case .currentVersionMovedBack: .currentVersionMovedBack
        case .requiredRelationshipAdded: .requiredRelationshipAdded
        case .hierarchyMerge: .hierarchyMerge
        case .relationshipRetargeted: .relationshipRetargeted
        case .propertyKindChanged: .propertyKindChanged
        case .ambiguousRenamingIdentifier: .ambiguousRenamingIdentifier
        case .unmatchedRenamingIdentifier: .unmatchedRenamingIdentifier
        case .acknowledgementUnused: .acknowledgementUnused
        case .versionAfterCurrent: .versionAfterCurrent
        case .swiftdataOutsideModel: .swiftdataOutsideModel
        case .swiftdataDuplicateChecksum: .swiftdataDuplicateChecksum
        case .swiftdataStageOrder: .swiftdataStageOrder
        case .swiftdataLightweightNotInferable: .swiftdataLightweightNotInferable
        case .cloudkitUniqueConstraint: .cloudkitUniqueConstraint
        case .cloudkitUnsupportedType: .cloudkitUnsupportedType
        case .cloudkitRequiredAttribute: .cloudkitRequiredAttribute
        case .cloudkitRequiredRelationship: .cloudkitRequiredRelationship
        case .cloudkitMissingInverse: .cloudkitMissingInverse
        case .cloudkitDenyDeleteRule: .cloudkitDenyDeleteRule
        case .cloudkitOrderedRelationship: .cloudkitOrderedRelationship
        case .cloudkitCrossConfiguration: .cloudkitCrossConfiguration
        case .cloudkitEntityRemoved: .cloudkitEntityRemoved
        case .cloudkitEntityRenamed: .cloudkitEntityRenamed
        case .cloudkitPropertyRemoved: .cloudkitPropertyRemoved
        case .cloudkitPropertyRenamed: .cloudkitPropertyRenamed
        case .cloudkitTypeChanged: .cloudkitTypeChanged
        case .cloudkitMadeRequired: .cloudkitMadeRequired
        case .possibleRename: .possibleRename
        case .entityRemoved: .entityRemoved
        case .staleRenamingIdentifier: .staleRenamingIdentifier
        case .attributeRemoved: .attributeRemoved
        case .relationshipRemoved: .relationshipRemoved
        case .attributeMadeTransient: .attributeMadeTransient
        case .relationshipMadeTransient: .relationshipMadeTransient
        case .toManyToOne: .toManyToOne
        case .maxCountLowered: .maxCountLowered
        case .relationshipMadeRequired: .relationshipMadeRequired
        case .numberNarrowed: .numberNarrowed
        case .numberToBoolean: .numberToBoolean
        case .uniquenessConstraintAdded: .uniquenessConstraintAdded
        case .entityAdded: .entityAdded
        case .entityRenamed: .entityRenamed
        case .entityChanged: .entityChanged
        case .hierarchyChanged: .hierarchyChanged
        case .propertyAdded: .propertyAdded
        case .propertyRemoved: .propertyRemoved
        case .propertyRenamed: .propertyRenamed
        case .propertyMoved: .propertyMoved
        case .attributeChanged: .attributeChanged
        case .optionalToRequired: .optionalToRequired
        case .requiredToOptional: .requiredToOptional
        case .numberWidened: .numberWidened
        case .booleanToNumber: .booleanToNumber
        case .binaryTransformable: .binaryTransformable
        case .toOneToMany: .toOneToMany
        case .orderingChanged: .orderingChanged
        case .renamingIdentifierFromOlderVersion: .renamingIdentifierFromOlderVersion
        case .cosmeticChange: .cosmeticChange
        case .configurationChanged: .configurationChanged
        case .fetchRequestChanged: .fetchRequestChanged
        }
    }

    /// The kebab-case code, as printed in every format.
    public var description: String { rawValue }
}

extension FindingCode: Comparable {
    /// By code, as reports list them.
    public static func < (a: FindingCode, b: FindingCode) -> Bool { a.rawValue < b.rawValue }
}
