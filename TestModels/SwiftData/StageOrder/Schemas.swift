import Foundation
import SwiftData

/// Three versions, each adding one optional attribute: every consecutive stage is lightweight.
enum LogSchemaV1: VersionedSchema {
    static var versionIdentifier: Schema.Version { Schema.Version(1, 0, 0) }

    static var models: [any PersistentModel.Type] {
        [Entry.self]
    }

    @Model
    final class Entry {
        var message: String
        var timestamp: Date

        init(message: String) {
            self.message = message
            self.timestamp = Date()
        }
    }
}

enum LogSchemaV2: VersionedSchema {
    static var versionIdentifier: Schema.Version { .init(2, 0, 0) }

    static var models: [any PersistentModel.Type] {
        [Entry.self]
    }

    @Model
    final class Entry {
        var message: String
        var timestamp: Date
        var level: String?

        init(message: String) {
            self.message = message
            self.timestamp = Date()
        }
    }
}

enum LogSchemaV3: VersionedSchema {
    static var versionIdentifier: Schema.Version { .init(3, 0, 0) }

    static var models: [any PersistentModel.Type] {
        [Entry.self]
    }

    @Model
    final class Entry {
        var message: String
        var timestamp: Date
        var level: String?
        var category: String?

        init(message: String) {
            self.message = message
            self.timestamp = Date()
        }
    }
}
