import Foundation
import SwiftData

// The app's code uses the current schema's models under their plain names.
typealias Note = NotesSchemaV3.Note
typealias Folder = NotesSchemaV3.Folder

/// The container the app opens: the current schema, migrated by the plan.
@MainActor
func makeNotesContainer() throws -> ModelContainer {
    try ModelContainer(
        for: Schema(versionedSchema: NotesSchemaV3.self),
        migrationPlan: NotesMigrationPlan.self
    )
}
