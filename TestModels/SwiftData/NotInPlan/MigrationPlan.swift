import SwiftData

enum ItemMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] {
        [ItemSchemaV1.self, ItemSchemaV2.self]
    }

    static var stages: [MigrationStage] {
        [.lightweight(fromVersion: ItemSchemaV1.self, toVersion: ItemSchemaV2.self)]
    }
}
