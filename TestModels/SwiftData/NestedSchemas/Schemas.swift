import SwiftData

/// Schemas nested in a namespace enum are named by it: `Schemas.V1`, `Schemas.V2`.
enum Schemas {
    enum V1: VersionedSchema {
        static var versionIdentifier = Schema.Version(1, 0, 0)
        static var models: [any PersistentModel.Type] { [Item.self] }

        @Model
        final class Item {
            var title: String = ""
            init() {}
        }
    }

    enum V2: VersionedSchema {
        static var versionIdentifier = Schema.Version(2, 0, 0)
        static var models: [any PersistentModel.Type] { [Item.self] }

        @Model
        final class Item {
            var title: String = ""
            var count: Int = 0
            init() {}
        }
    }
}
