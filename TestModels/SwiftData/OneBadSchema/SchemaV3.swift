import Foundation
import SwiftData

/// 3.0, the current schema: the live classes.
enum SchemaV3: VersionedSchema {
    static var versionIdentifier = Schema.Version(3, 0, 0)

    static var models: [any PersistentModel.Type] {
        [Note.self, Folder.self]
    }
}
