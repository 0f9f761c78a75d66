import Foundation
import SwiftData

/// V2 makes `nickname` required with no default: rows written by V1 with no nickname have no value to take.
enum PlayersSchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)

    static var models: [any PersistentModel.Type] {
        [Player.self]
    }

    @Model
    final class Player {
        var name: String
        var nickname: String?
        var score: Int = 0

        init(name: String) {
            self.name = name
        }
    }
}

enum PlayersSchemaV2: VersionedSchema {
    static var versionIdentifier = Schema.Version(2, 0, 0)

    static var models: [any PersistentModel.Type] {
        [Player.self]
    }

    @Model
    final class Player {
        var name: String
        var nickname: String
        var score: Int = 0

        init(name: String, nickname: String) {
            self.name = name
            self.nickname = nickname
        }
    }
}

enum PlayersMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] {
        [PlayersSchemaV1.self, PlayersSchemaV2.self]
    }

    static var stages: [MigrationStage] {
        [migrateV1toV2]
    }

    static let migrateV1toV2 = MigrationStage.lightweight(fromVersion: PlayersSchemaV1.self, toVersion: PlayersSchemaV2.self)
}
