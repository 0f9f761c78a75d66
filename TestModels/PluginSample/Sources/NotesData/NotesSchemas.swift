import Foundation
import SwiftData

/// The SwiftData side of the sample: two shipped schemas and the plan between them, which
/// `swift package modeldiff-check` checks as it checks `Notes.xcdatamodeld`.
enum NotesSchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Note.self] }

    @Model
    final class Note {
        var title: String = ""
        var createdAt: Date = Date(timeIntervalSinceReferenceDate: 0)

        init(title: String) { self.title = title }
    }
}

enum NotesSchemaV2: VersionedSchema {
    static var versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Note.self] }

    @Model
    final class Note {
        var title: String = ""
        var createdAt: Date = Date(timeIntervalSinceReferenceDate: 0)
        var isPinned: Bool = false

        init(title: String) { self.title = title }
    }
}

enum NotesMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [NotesSchemaV1.self, NotesSchemaV2.self] }
    static var stages: [MigrationStage] { [migrateV1toV2] }

    static let migrateV1toV2 = MigrationStage.lightweight(fromVersion: NotesSchemaV1.self, toVersion: NotesSchemaV2.self)
}
