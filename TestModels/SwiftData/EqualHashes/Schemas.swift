import Foundation
import SwiftData

/// Two schemas whose models are the same: only the version identifier changed, so SwiftData computes
/// one version checksum for both ("Duplicate version checksums across stages").
enum TasksSchemaV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)

    static var models: [any PersistentModel.Type] {
        [Task.self]
    }

    @Model
    final class Task {
        var title: String
        var isDone: Bool = false
        var dueDate: Date?

        init(title: String) {
            self.title = title
        }
    }
}

enum TasksSchemaV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 1, 0)

    static var models: [any PersistentModel.Type] {
        [Task.self]
    }

    @Model
    final class Task {
        var title: String
        var isDone: Bool = false
        var dueDate: Date?

        init(title: String) {
            self.title = title
        }
    }
}

enum TasksMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] {
        [TasksSchemaV1.self, TasksSchemaV2.self]
    }

    static var stages: [MigrationStage] {
        [.lightweight(fromVersion: TasksSchemaV1.self, toVersion: TasksSchemaV2.self)]
    }
}
