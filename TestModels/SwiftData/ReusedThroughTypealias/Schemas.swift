import Foundation
import SwiftData

/// 1.0: `Note` alone.
enum SchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)

    static var models: [any PersistentModel.Type] {
        [Note.self]
    }

    @Model
    final class Note {
        var title: String = ""

        init() {}
    }
}

/// 2.0 reuses 1.0's frozen `Note` through a typealias (sound: it cannot change), and the app's live
/// `Live.Tag` through another (a shipped schema that follows every later edit of the class).
enum SchemaV2: VersionedSchema {
    typealias Note = SchemaV1.Note
    typealias Tag = Live.Tag

    static var versionIdentifier = Schema.Version(2, 0, 0)

    static var models: [any PersistentModel.Type] {
        [Note.self, Tag.self]
    }
}

/// 3.0, the current schema, adds `Note.body`.
enum SchemaV3: VersionedSchema {
    static var versionIdentifier = Schema.Version(3, 0, 0)

    static var models: [any PersistentModel.Type] {
        [Note.self, Tag.self]
    }

    @Model
    final class Note {
        var title: String = ""
        var body: String = ""

        init() {}
    }

    @Model
    final class Tag {
        var name: String = ""

        init() {}
    }
}
