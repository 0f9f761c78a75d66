import Foundation
import SwiftData

/// 1.1: an attachment kept outside the store, a priority, an edit date and a word count, and indexes
/// for the list's sort orders. Every change is one lightweight migration infers.
enum NotesSchemaV2: VersionedSchema {
    static var versionIdentifier = Schema.Version(2, 0, 0)

    static var models: [any PersistentModel.Type] {
        [Note.self, Folder.self]
    }
}

// The models of a schema may be declared in an extension of it: they are still nested in the schema.
extension NotesSchemaV2 {
    @Model
    final class Note {
        #Index<Note>([\.createdAt], [\.title, \.isPinned])

        @Attribute(.unique) var id: UUID
        var title: String = ""
        var body: String = ""
        var createdAt: Date
        var editedAt: Date?
        var isPinned: Bool = false
        var wordCount: Int = 0
        var priority: Priority = Priority.normal
        @Attribute(.externalStorage) var attachment: Data?
        var folder: Folder?

        /// Selection state of the list: never stored.
        @Transient var isSelected: Bool = false

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
