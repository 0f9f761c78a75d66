import Foundation
import SwiftData

/// The app's live classes: the newest version of each entity.
@Model
final class Note {
    var title: String = ""
    var pinned: Bool = false
    var folder: Folder?

    init() {}
}

@Model
final class Folder {
    var name: String = ""
    @Relationship(inverse: \Note.folder) var notes: [Note] = []

    init() {}
}
