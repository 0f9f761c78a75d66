import Foundation
import SwiftData

/// `code` is a String in 1.0, gone in 2.0 and an Int in 3.0: each stage is inferable, the jump from 1.0
/// to 3.0 is not (a type change), and SwiftData never takes it.
enum PartSchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)

    static var models: [any PersistentModel.Type] {
        [Part.self]
    }

    @Model
    final class Part {
        var name: String = ""
        var code: String = ""

        init() {}
    }
}

enum PartSchemaV2: VersionedSchema {
    static var versionIdentifier = Schema.Version(2, 0, 0)

    static var models: [any PersistentModel.Type] {
        [Part.self]
    }

    @Model
    final class Part {
        var name: String = ""

        init() {}
    }
}

enum PartSchemaV3: VersionedSchema {
    static var versionIdentifier = Schema.Version(3, 0, 0)

    static var models: [any PersistentModel.Type] {
        [Part.self]
    }

    @Model
    final class Part {
        var name: String = ""
        var code: Int = 0

        init() {}
    }
}
