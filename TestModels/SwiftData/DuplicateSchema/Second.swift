import SwiftData

enum ItemsSchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Item.self] }

    @Model
    final class Item {
        var title: String = ""
        var count: Int = 0
        init() {}
    }
}
