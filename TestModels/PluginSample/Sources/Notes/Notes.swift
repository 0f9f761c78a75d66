/// The name of the Core Data model this target ships (`Notes.xcdatamodeld`).
public let notesModelName = "Notes"
