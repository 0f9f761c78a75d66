@_spi(CLI) import ModelDiffKit

/// A migration failure with Core Data's error code, and which entity, mapping and object it concerns.
public struct MigrationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Core Data's error codes, by their Cocoa names.
    public enum Code: Int, Sendable, Hashable {
        /// NSMigrationError.
        case migration = 134110
        /// NSMigrationCancelledError.
        case cancelled = 134120
        /// NSMigrationMissingSourceModelError.
        case missingSourceModel = 134130
        /// NSMigrationMissingMappingModelError.
        case missingMappingModel = 134140
        /// NSMigrationManagerSourceStoreError.
        case sourceStore = 134150
        /// NSMigrationManagerDestinationStoreError.
        case destinationStore = 134160
        /// NSEntityMigrationPolicyError.
        case entityMigrationPolicy = 134170
        /// NSValidationMissingMandatoryPropertyError.
        case missingMandatoryProperty = 1570
        /// NSValidationRelationshipLacksMinimumCountError.
        case relationshipLacksMinimumCount = 1580
        /// NSValidationRelationshipExceedsMaximumCountError.
        case relationshipExceedsMaximumCount = 1590
        /// NSValidationNumberTooLargeError.
        case numberTooLarge = 1610
        /// NSValidationNumberTooSmallError.
        case numberTooSmall = 1620
        /// NSValidationDateTooLateError.
        case dateTooLate = 1630
        /// NSValidationDateTooSoonError.
        case dateTooSoon = 1640
        /// NSValidationStringTooLongError.
        case stringTooLong = 1660
        /// NSValidationStringTooShortError.
        case stringTooShort = 1670
        /// NSValidationStringPatternMatchingError.
        case stringPatternMatching = 1680
        /// NSManagedObjectConstraintValidationError.
        case constraintValidation = 1551

        /// Core Data's constant name.
        public var name: String {
            switch self {
            case .migration: "NSMigrationError"
            case .cancelled: "NSMigrationCancelledError"
            case .missingSourceModel: "NSMigrationMissingSourceModelError"
            case .missingMappingModel: "NSMigrationMissingMappingModelError"
            case .sourceStore: "NSMigrationManagerSourceStoreError"
            case .destinationStore: "NSMigrationManagerDestinationStoreError"
            case .entityMigrationPolicy: "NSEntityMigrationPolicyError"
            case .missingMandatoryProperty: "NSValidationMissingMandatoryPropertyError"
            case .relationshipLacksMinimumCount: "NSValidationRelationshipLacksMinimumCountError"
            case .relationshipExceedsMaximumCount: "NSValidationRelationshipExceedsMaximumCountError"
            case .numberTooLarge: "NSValidationNumberTooLargeError"
            case .numberTooSmall: "NSValidationNumberTooSmallError"
            case .dateTooLate: "NSValidationDateTooLateError"
            case .dateTooSoon: "NSValidationDateTooSoonError"
            case .stringTooLong: "NSValidationStringTooLongError"
            case .stringTooShort: "NSValidationStringTooShortError"
            case .stringPatternMatching: "NSValidationStringPatternMatchingError"
            case .constraintValidation: "NSManagedObjectConstraintValidationError"
            }
        }
    }

    /// The error code.
    public let code: Code
    /// What went wrong, in words.
    public let message: String
    /// The entity mapping running when it failed.
    public let mapping: String?
    /// The entity concerned.
    public let entity: String?
    /// The object concerned.
    public let object: ObjectID?

    /// Creates an error.
    public init(_ code: Code, _ message: String, mapping: String? = nil, entity: String? = nil, object: ObjectID? = nil) {
        self.code = code
        self.message = message
        self.mapping = mapping
        self.entity = entity
        self.object = object
    }

    /// `message (NSMigrationError 134110; mapping NoteToNote, entity Note, object 2/p17)`.
    public var description: String {
        var context = ["\(code.name) \(code.rawValue)"]
        if let mapping { context.append("mapping \(mapping)") }
        if let entity { context.append("entity \(entity)") }
        if let object { context.append("object \(object)") }
        return "\(message) (\(context.joined(separator: "; ")))"
    }
}

extension MigrationError {
    /// The mapping file and line of the entity mapping the error names, when one of `steps` ran a
    /// mapping file with that entity mapping (the first such step: names repeat only across files).
    @_spi(CLI) public func place(in steps: [MigrationStep]) -> (path: String, line: Int?)? {
        guard let mapping else { return nil }
        for step in steps {
            guard let path = step.mappingPath, let entityMapping = step.mapping.entityMappings.first(where: { $0.name == mapping }) else {
                continue
            }
            return (path, entityMapping.line.value)
        }
        return nil
    }
}
