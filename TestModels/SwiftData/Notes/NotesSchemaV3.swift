import Foundation
import SwiftData

/// 1.2: `body` is renamed `text` (its stored values kept through `originalName`), and folders get a
/// colour and a sort order.
enum NotesSchemaV3: VersionedSchema {
    static var versionIdentifier = Schema.Version(3, 0, 0)

    static var models: [any PersistentModel.Type] {
        [Note.self, Folder.self]
    }

    @Model
    final class Note {
        #Index<Note>([\.createdAt], [\.title, \.isPinned])

        @Attribute(.unique) var id: UUID
        var title: String = ""
        @Attribute(originalName: "body") var text: String = ""
        var createdAt: Date
        var editedAt: Date?
        var isPinned: Bool = false
        var wordCount: Int = 0
        var priority: Priority = Priority.normal
        @Attribute(.externalStorage) var attachment: Data?
        var folder: Folder?

        @Transient var isSelected: Bool = false

        var isEmpty: Bool {
            title.isEmpty && text.isEmpty
        }

        init(title: String, text: String, folder: Folder? = nil) {
            self.id = UUID()
            self.title = title
            self.text = text
            self.createdAt = Date()
            self.folder = folder
        }
    }

    @Model
    final class Folder {
        #Unique<Folder>([\.name])

        var name: String
        var colorHex: String?
        var sortOrder: Int = 0
        @Relationship(deleteRule: .cascade, inverse: \Note.folder) var notes: [Note] = []

        init(name: String) {
            self.name = name
        }
    }
}
