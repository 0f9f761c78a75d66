import SwiftData

/// Declared here and again in Second.swift: Swift refuses the second as an invalid redeclaration.
enum ItemsSchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Item.self] }

    @Model
    final class Item {
        var title: String = ""
        init() {}
    }
}
