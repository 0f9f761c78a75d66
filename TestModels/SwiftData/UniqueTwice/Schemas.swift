import Foundation
import SwiftData

/// One uniqueness constraint stated twice: `@Attribute(.unique)` on `id` and `#Unique` on `[\.id]`.
enum AssetSchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)

    static var models: [any PersistentModel.Type] {
        [Asset.self]
    }

    @Model
    final class Asset {
        #Unique<Asset>([\.id], [\.name, \.kind])

        @Attribute(.unique) var id: String = ""
        var name: String = ""
        var kind: String = ""

        init() {}
    }
}

/// The constraint on `[kind, name]` is the one on `[name, kind]`.
enum AssetSchemaV2: VersionedSchema {
    static var versionIdentifier = Schema.Version(2, 0, 0)

    static var models: [any PersistentModel.Type] {
        [Asset.self]
    }

    @Model
    final class Asset {
        #Unique<Asset>([\.id], [\.kind, \.name])

        @Attribute(.unique) var id: String = ""
        var name: String = ""
        var kind: String = ""
        var size: Int = 0

        init() {}
    }
}
