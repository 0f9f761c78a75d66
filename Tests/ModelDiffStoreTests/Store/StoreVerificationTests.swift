import Foundation
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore
import ModelDiffTestSupport
import Testing

/// A Notes 2 store: a folder with two notes, a tag on the second note (a many-to-many, in a join table).
private func makeTaggedNotes(in folder: URL) throws -> (PersistentStore, Model) {
    let model = try ModelFile.load(path: Paths.testModels.appendingPathComponent("Notes.xcdatamodeld/Notes 2.xcdatamodel").path).model
    let store = try PersistentStore.create(path: folder.appendingPathComponent("notes.sqlite").path, model: model)
    let writer = try StoreWriter(store: store, layout: StoreLayout(model: model))
    try store.database.execute("BEGIN")
    let inbox = try writer.insert(entity: "Folder", attributes: ["name": .string("Inbox")])
    var notes: [ObjectID] = []
    for title in ["one", "two"] {
        let note = try writer.insert(entity: "Note", attributes: ["title": .string(title)])
        try writer.setToOne(note, entity: "Note", relationship: "folder", to: inbox)
        notes.append(note)
    }
    let tag = try writer.insert(entity: "Tag", attributes: ["name": .string("red")])
    try writer.addToMany(notes[1], entity: "Note", relationship: "tags", destinations: [tag])
    try writer.finish()
    try store.database.execute("COMMIT")
    return (store, model)
}

@Test func verificationFindsKeysToMissingObjectsAndObjectsOfTheWrongEntity() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (store, model) = try makeTaggedNotes(in: folder)
    let sound = try StoreVerification(store: store, model: model)
    #expect(sound.problems == [])
    #expect(sound.counts.map { "\($0.entity) \($0.count)" } == ["Folder 1", "Note 2", "Tag 1"])
    // Z_2TAGS.Z_3TAGS holds tags (entity 3, Note.tags' destination); tag 2 does not exist, though note 2 does.
    try store.database.execute("INSERT INTO Z_2TAGS (Z_2NOTES, Z_3TAGS) VALUES (1, 2)")
    // The folder's row claims to be a Tag (entity 3).
    try store.database.execute("UPDATE ZFOLDER SET Z_ENT = 3")
    #expect(
        try StoreVerification(store: store, model: model).problems == [
            "ZFOLDER has 1 rows whose Z_ENT is not an entity of its hierarchy",
            "Note.folder: 2 rows point to an object that is not a Folder",
            "Z_2TAGS.Z_3TAGS: 1 rows point to objects that do not exist",
        ])
}
