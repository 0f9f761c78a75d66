import Foundation
import SwiftData

/// The shipped 1.0 schema. Its frozen `Note` points at the live `Folder`, whose `notes` are the live
/// top-level `Note`: SchemaV1 reaches two classes named `Note`, and SwiftData cannot build it.
enum SchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)

    static var models: [any PersistentModel.Type] {
        [Note.self]
    }

    @Model
    final class Note {
        var title: String = ""
        var folder: Folder?

        init() {}
    }
}
