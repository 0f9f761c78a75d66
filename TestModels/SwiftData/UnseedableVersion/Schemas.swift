import Foundation
import SwiftData

/// A unique Boolean holds at most two objects, so `test`'s ten seeded objects of 1.0 cannot exist.
enum FlagSchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)

    static var models: [any PersistentModel.Type] {
        [Flag.self]
    }

    @Model
    final class Flag {
        @Attribute(.unique) var isOn: Bool = false

        init() {}
    }
}

enum FlagSchemaV2: VersionedSchema {
    static var versionIdentifier = Schema.Version(2, 0, 0)

    static var models: [any PersistentModel.Type] {
        [Flag.self]
    }

    @Model
    final class Flag {
        @Attribute(.unique) var isOn: Bool = false
        var label: String = ""

        init() {}
    }
}
