import SwiftData

/// A live model (no VersionedSchema) whose inverse names a property that does not exist: the refusal
/// says so, at the relationship, never that the folder declares no @Model class.
@Model
final class Folder {
    @Relationship(inverse: \Note.missing) var notes: [Note] = []
    init() {}
}

@Model
final class Note {
    var title: String = ""
    var folder: Folder?
    init() {}
}
