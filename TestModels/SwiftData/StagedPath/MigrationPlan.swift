import SwiftData

enum PartMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] {
        [PartSchemaV1.self, PartSchemaV2.self, PartSchemaV3.self]
    }

    static var stages: [MigrationStage] {
        [migrateV1toV2, migrateV2toV3]
    }

    static let migrateV1toV2 = MigrationStage.lightweight(fromVersion: PartSchemaV1.self, toVersion: PartSchemaV2.self)
    static let migrateV2toV3 = MigrationStage.lightweight(fromVersion: PartSchemaV2.self, toVersion: PartSchemaV3.self)
}
