import Foundation
import SwiftData

/// 2.0: frozen copies of both classes, as they should be.
enum SchemaV2: VersionedSchema {
    static var versionIdentifier = Schema.Version(2, 0, 0)

    static var models: [any PersistentModel.Type] {
        [Note.self, Folder.self]
    }

    @Model
    final class Note {
        var title: String = ""
        var folder: Folder?

        init() {}
    }

    @Model
    final class Folder {
        var name: String = ""
        @Relationship(inverse: \Note.folder) var notes: [Note] = []

        init() {}
    }
}
