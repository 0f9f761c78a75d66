import Foundation
import SwiftData

/// The schema that shipped with 1.0: notes with a title and a body, filed in folders.
enum NotesSchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)

    static var models: [any PersistentModel.Type] {
        [Note.self, Folder.self]
    }

    @Model
    final class Note {
        @Attribute(.unique) var id: UUID
        var title: String = ""
        var body: String = ""
        var createdAt: Date
        var isPinned: Bool = false
        var folder: Folder?

        /// Computed: not stored, not in the model.
        var isEmpty: Bool {
            title.isEmpty && body.isEmpty
        }

        init(title: String, body: String, folder: Folder? = nil) {
            self.id = UUID()
            self.title = title
            self.body = body
            self.createdAt = Date()
            self.folder = folder
        }
    }

    @Model
    final class Folder {
        #Unique<Folder>([\.name])

        var name: String
        @Relationship(deleteRule: .cascade, inverse: \Note.folder) var notes: [Note] = []

        init(name: String) {
            self.name = name
        }
    }
}
