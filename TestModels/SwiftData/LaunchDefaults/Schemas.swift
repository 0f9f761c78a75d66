import Foundation
import SwiftData

/// V2 adds required properties whose defaults are expressions: the `@Model` macro copies each initializer
/// into the schema's property metadata as its default, evaluated when the schema is built (at launch).
enum EventsSchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)

    static var models: [any PersistentModel.Type] {
        [Event.self]
    }

    @Model
    final class Event {
        var title: String = ""

        init(title: String) {
            self.title = title
        }
    }
}

enum EventsSchemaV2: VersionedSchema {
    static var versionIdentifier = Schema.Version(2, 0, 0)

    static var models: [any PersistentModel.Type] {
        [Event.self]
    }

    enum Kind: String, Codable {
        case meeting
        case call
    }

    @Model
    final class Event {
        var title: String = ""
        var createdAt: Date = Date()
        var updatedAt: Date = Date.now
        var startsAt: Date = .now
        var identifier: UUID = UUID()
        var payload: Data = Data()
        var timeZone: String = TimeZone.current.identifier
        var endsAt: Date = .init()
        var kind: Kind = Kind.meeting

        init(title: String) {
            self.title = title
        }
    }
}

enum EventsMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] {
        [EventsSchemaV1.self, EventsSchemaV2.self]
    }

    static var stages: [MigrationStage] {
        [migrateV1toV2]
    }

    static let migrateV1toV2 = MigrationStage.lightweight(fromVersion: EventsSchemaV1.self, toVersion: EventsSchemaV2.self)
}
