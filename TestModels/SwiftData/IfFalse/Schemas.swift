import SwiftData

/// `#if false` is compiled in no build configuration: OldSchema is not a schema. `#if true` is compiled
/// in every one, and its `#else` in none.
#if false
    enum OldSchema: VersionedSchema {
        static var versionIdentifier = Schema.Version(9, 0, 0)
        static var models: [any PersistentModel.Type] { [Item.self] }

        @Model
        final class Item {
            var title: String = ""
            init() {}
        }
    }
#endif

#if true
    enum ItemsSchemaV1: VersionedSchema {
        static var versionIdentifier = Schema.Version(1, 0, 0)
        static var models: [any PersistentModel.Type] { [Item.self] }

        @Model
        final class Item {
            var title: String = ""
            init() {}
        }
    }
#else
    enum ElseSchema: VersionedSchema {
        static var versionIdentifier = Schema.Version(8, 0, 0)
        static var models: [any PersistentModel.Type] { [] }
    }
#endif
