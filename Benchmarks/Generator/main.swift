// Writes a Core Data store of N notes for the benchmark model (TestModels/Notes.xcdatamodeld, version
// Notes): folders (to-one from each note), strings, dates, blobs; usage: generate-store N OUTPUT.
import Foundation
import ModelDiffKit

let arguments = CommandLine.arguments
guard arguments.count == 3, let count = Int(arguments[1]) else {
    FileHandle.standardError.write(Data("usage: generate-store N OUTPUT\n".utf8))
    exit(2)
}
let bundle = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("TestModels/Notes.xcdatamodeld/Notes.xcdatamodel")
do {
    let model = try ModelFile.load(path: bundle.path).model
    let store = try PersistentStore.create(path: arguments[2], model: model)
    let writer = try StoreWriter(store: store, layout: StoreLayout(model: model))
    try store.database.execute("BEGIN")
    var folders: [ObjectID] = []
    for index in 0..<max(1, count / 100) {
        folders.append(try writer.insert(entity: "Folder", attributes: ["name": .string("Folder \(index)")]))
    }
    for index in 0..<count {
        let note = try writer.insert(entity: "Note", attributes: [
            "title": .string("Note number \(index)"), "body": .string(String(repeating: "lorem ipsum ", count: 8)),
            "createdAt": .date(Double(index) * 60),
        ])
        try writer.setToOne(note, entity: "Note", relationship: "folder", to: folders[index % folders.count])
    }
    try writer.finish()
    try store.database.execute("COMMIT")
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(2)
}
