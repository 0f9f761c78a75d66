import SwiftData

/// A live model (no VersionedSchema) in two files: the error about Note's relationship names
/// Note.swift and its line, not this file, the first of the folder.
@Model
final class Folder {
    var name: String = ""
    var notes: [Note] = []

    init() {}
}
