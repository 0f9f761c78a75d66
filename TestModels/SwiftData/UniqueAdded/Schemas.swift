import Foundation
import SwiftData

/// V2 makes `email` unique; stores written by V1 may already hold two contacts with one email.
enum ContactsSchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)

    static var models: [any PersistentModel.Type] {
        [Contact.self]
    }

    @Model
    final class Contact {
        var name: String
        var email: String

        init(name: String, email: String) {
            self.name = name
            self.email = email
        }
    }
}

enum ContactsSchemaV2: VersionedSchema {
    static var versionIdentifier = Schema.Version(2, 0, 0)

    static var models: [any PersistentModel.Type] {
        [Contact.self]
    }

    @Model
    final class Contact {
        var name: String
        @Attribute(.unique) var email: String

        init(name: String, email: String) {
            self.name = name
            self.email = email
        }
    }
}

enum ContactsMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] {
        [ContactsSchemaV1.self, ContactsSchemaV2.self]
    }

    static var stages: [MigrationStage] {
        [migrateV1toV2]
    }

    static let migrateV1toV2 = MigrationStage.lightweight(fromVersion: ContactsSchemaV1.self, toVersion: ContactsSchemaV2.self)
}
