import SwiftData

// Three plans over the same three schemas, one fault each, so that each finding stands alone:
// - SkippingPlan: its only stage jumps from V1 to V3, so no stage starts at or reaches V2.
// - RepeatingPlan: the stage V2 → V3 is listed twice.
// - BackwardPlan: its stages run V2 → V3 and then V1 → V2; the second starts before the first ended,
//   going back from V3 to V1 (stages out of the order of `schemas`).

enum SkippingPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] {
        [LogSchemaV1.self, LogSchemaV2.self, LogSchemaV3.self]
    }

    static var stages: [MigrationStage] {
        [migrateV1toV3]
    }

    static let migrateV1toV3 = MigrationStage.lightweight(fromVersion: LogSchemaV1.self, toVersion: LogSchemaV3.self)
}

enum RepeatingPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] {
        [LogSchemaV1.self, LogSchemaV2.self, LogSchemaV3.self]
    }

    static var stages: [MigrationStage] {
        [migrateV1toV2, migrateV2toV3, migrateV2toV3]
    }

    static let migrateV1toV2 = MigrationStage.lightweight(fromVersion: LogSchemaV1.self, toVersion: LogSchemaV2.self)
    static let migrateV2toV3 = MigrationStage.lightweight(fromVersion: LogSchemaV2.self, toVersion: LogSchemaV3.self)
}

enum BackwardPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] {
        [LogSchemaV1.self, LogSchemaV2.self, LogSchemaV3.self]
    }

    static var stages: [MigrationStage] {
        [
            .lightweight(fromVersion: LogSchemaV2.self, toVersion: LogSchemaV3.self),
            .lightweight(fromVersion: LogSchemaV1.self, toVersion: LogSchemaV2.self),
        ]
    }
}
