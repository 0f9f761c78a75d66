import Foundation
import SharedKit
import SwiftData

/// What the reader cannot read from source: a property whose type is declared in another module
/// (`SharedKit.PostalAddress`), one warning each. It reads the rest; `Date.now` is a default computed at
/// launch, which the model holds as one (no warning).
enum ShopSchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)

    static var models: [any PersistentModel.Type] {
        [Order.self]
    }

    @Model
    final class Order {
        var number: String
        var placedAt: Date = Date.now
        var shippingAddress: PostalAddress?
        var total: Decimal = 0

        init(number: String) {
            self.number = number
        }
    }
}

enum ShopSchemaV2: VersionedSchema {
    static var versionIdentifier = Schema.Version(2, 0, 0)

    static var models: [any PersistentModel.Type] {
        [Order.self]
    }

    @Model
    final class Order {
        var number: String
        var placedAt: Date = Date.now
        var shippingAddress: PostalAddress?
        var total: Decimal = 0
        var note: String?

        init(number: String) {
            self.number = number
        }
    }
}

enum ShopMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] {
        [ShopSchemaV1.self, ShopSchemaV2.self]
    }

    static var stages: [MigrationStage] {
        [migrateV1toV2]
    }

    static let migrateV1toV2 = MigrationStage.lightweight(fromVersion: ShopSchemaV1.self, toVersion: ShopSchemaV2.self)
}
