import SwiftData

@Model
final class Note {
    var title: String = ""
    @Relationship(inverse: \Folder.missing) var folder: Folder?

    init() {}
}
