import Foundation
import SwiftData

/// V1 stored a review's rating as text ("4"); V2 stores it as a number. Lightweight migration cannot
/// convert an attribute's type: the stage must be `.custom`.
enum ReviewsSchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)

    static var models: [any PersistentModel.Type] {
        [Review.self]
    }

    @Model
    final class Review {
        var author: String
        var rating: String

        init(author: String, rating: String) {
            self.author = author
            self.rating = rating
        }
    }
}

enum ReviewsSchemaV2: VersionedSchema {
    static var versionIdentifier = Schema.Version(2, 0, 0)

    static var models: [any PersistentModel.Type] {
        [Review.self]
    }

    @Model
    final class Review {
        var author: String
        var rating: Int

        init(author: String, rating: Int) {
            self.author = author
            self.rating = rating
        }
    }
}

enum ReviewsMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] {
        [ReviewsSchemaV1.self, ReviewsSchemaV2.self]
    }

    static var stages: [MigrationStage] {
        [migrateV1toV2]
    }

    static let migrateV1toV2 = MigrationStage.lightweight(fromVersion: ReviewsSchemaV1.self, toVersion: ReviewsSchemaV2.self)
}
