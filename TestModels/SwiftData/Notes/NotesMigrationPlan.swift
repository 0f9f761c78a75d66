import Foundation
import SwiftData

/// The app's migration plan: 1.0 → 1.1 is lightweight; 1.1 → 1.2 is custom, so that notes with an
/// empty title get one from their first line before the rename.
enum NotesMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] {
        [NotesSchemaV1.self, NotesSchemaV2.self, NotesSchemaV3.self]
    }

    static var stages: [MigrationStage] {
        [migrateV1toV2, migrateV2toV3]
    }

    static let migrateV1toV2 = MigrationStage.lightweight(
        fromVersion: NotesSchemaV1.self,
        toVersion: NotesSchemaV2.self
    )

    static let migrateV2toV3 = MigrationStage.custom(
        fromVersion: NotesSchemaV2.self,
        toVersion: NotesSchemaV3.self,
        willMigrate: { context in
            let notes = try context.fetch(FetchDescriptor<NotesSchemaV2.Note>())
            for note in notes where note.title.isEmpty {
                note.title = String(note.body.prefix(while: { $0 != "\n" }).prefix(60))
            }
            try context.save()
        },
        didMigrate: nil
    )
}
