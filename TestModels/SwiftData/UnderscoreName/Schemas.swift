import Foundation
import SwiftData

/// `_id` is a property name SwiftData and Core Data accept (its column is `Z_ID`): "must begin with a
/// letter" is only Xcode's model editor's rule.
enum RecordsSchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)

    static var models: [any PersistentModel.Type] {
        [Record.self]
    }

    @Model
    final class Record {
        var _id: String = ""

        init(id: String) {
            _id = id
        }
    }
}

enum RecordsSchemaV2: VersionedSchema {
    static var versionIdentifier = Schema.Version(2, 0, 0)

    static var models: [any PersistentModel.Type] {
        [Record.self]
    }

    @Model
    final class Record {
        var _id: String = ""
        var _note: String?

        init(id: String) {
            _id = id
        }
    }
}

enum RecordsMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] {
        [RecordsSchemaV1.self, RecordsSchemaV2.self]
    }

    static var stages: [MigrationStage] {
        [MigrationStage.lightweight(fromVersion: RecordsSchemaV1.self, toVersion: RecordsSchemaV2.self)]
    }
}
