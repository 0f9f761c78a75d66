import Foundation
import SwiftData

/// 2.0: a frozen copy, as it should be.
enum SchemaV2: VersionedSchema {
    static var versionIdentifier = Schema.Version(2, 0, 0)

    static var models: [any PersistentModel.Type] {
        [Note.self]
    }

    @Model
    final class Note {
        var title: String
        var body: String
        var createdAt: Date
        var isArchived: Bool = false

        init(title: String, body: String) {
            self.title = title
            self.body = body
            self.createdAt = Date()
        }
    }
}
