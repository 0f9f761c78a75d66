import SwiftData

/// An inverse written as a fully qualified key path (`\S1.Note.tags`) names property `tags` of `Note`.
enum S1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Note.self, Tag.self] }

    @Model
    final class Note {
        var title: String = ""
        var tags: [Tag] = []
        init() {}
    }

    @Model
    final class Tag {
        var name: String = ""
        @Relationship(inverse: \S1.Note.tags) var notes: [Note] = []
        init() {}
    }
}
