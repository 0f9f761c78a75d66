import SwiftData

/// Version identifiers written as hex, binary, octal and with separators: without a plan, the versions
/// are in the order of their identifiers, 1.0.0 (ItemsSchemaB) before 2.0.0 (ItemsSchemaA).
enum ItemsSchemaA: VersionedSchema {
    static var versionIdentifier = Schema.Version(0b10, 0o0, 0x0)
    static var models: [any PersistentModel.Type] { [Item.self] }

    @Model
    final class Item {
        var title: String = ""
        var count: Int = 0
        init() {}
    }
}

enum ItemsSchemaB: VersionedSchema {
    static var versionIdentifier = Schema.Version(0x1, 0_0, 0)
    static var models: [any PersistentModel.Type] { [Item.self] }

    @Model
    final class Item {
        var title: String = ""
        init() {}
    }
}
