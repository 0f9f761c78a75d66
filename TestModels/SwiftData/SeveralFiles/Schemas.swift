import Foundation
import SwiftData

/// Two schemas whose classes stand in other files: every finding names the file and line of the
/// declaration it is about, not this file.
enum ShelfSchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)

    static var models: [any PersistentModel.Type] {
        [Shelf.self, Item.self, Book.self, Cover.self]
    }
}

enum ShelfSchemaV2: VersionedSchema {
    static var versionIdentifier = Schema.Version(2, 0, 0)

    static var models: [any PersistentModel.Type] {
        [Shelf.self, Item.self, Book.self, Cover.self]
    }
}
