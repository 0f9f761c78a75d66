import Foundation
import SwiftData

enum ItemSchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)

    static var models: [any PersistentModel.Type] {
        [Item.self]
    }

    @Model
    final class Item {
        var title: String = ""

        init() {}
    }
}

enum ItemSchemaV2: VersionedSchema {
    static var versionIdentifier = Schema.Version(2, 0, 0)

    static var models: [any PersistentModel.Type] {
        [Item.self]
    }

    @Model
    final class Item {
        var title: String = ""
        var count: Int = 0

        init() {}
    }
}

/// An experiment the plan does not list: SwiftData never builds it. It has V2's checksum and a later
/// versionIdentifier, and a required attribute without a default that no step could add.
enum ItemSchemaDraft: VersionedSchema {
    static var versionIdentifier = Schema.Version(3, 0, 0)

    static var models: [any PersistentModel.Type] {
        [Item.self]
    }

    @Model
    final class Item {
        var title: String = ""
        var count: Int = 0
        var owner: String

        init(owner: String) {
            self.owner = owner
        }
    }
}
