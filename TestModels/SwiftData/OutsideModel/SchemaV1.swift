import Foundation
import SwiftData

/// The shipped 1.0 schema. Its `models` names the live top-level `Note`, not a copy nested here, so
/// its hash follows every later edit of `Note` and stores written by 1.0 no longer match it.
enum SchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)

    static var models: [any PersistentModel.Type] {
        [Note.self]
    }
}
