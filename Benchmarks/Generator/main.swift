// Writes a Core Data store of N objects for the benchmark model (TestModels/Bench.xcdatamodeld,
// version Bench): N/20 authors, N/100 tags, the rest posts. Every post has a to-one author (whose
// to-many `posts` is its inverse) and two tags (a many-to-many, in a join table); attributes are
// strings, dates, doubles, 64-bit integers and blobs. The content is deterministic, so runs compare.
// Usage: generate-store N OUTPUT
import Foundation
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore

let arguments = CommandLine.arguments
guard arguments.count == 3, let count = Int(arguments[1]), count >= 3 else {
    FileHandle.standardError.write(Data("usage: generate-store N OUTPUT (N ≥ 3)\n".utf8))
    exit(2)
}
let version = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("TestModels/Bench.xcdatamodeld/Bench.xcdatamodel")

/// `count` bytes that differ from object to object.
func bytes(_ count: Int, seed: Int) -> StoreValue { .data((0..<count).map { UInt8(truncatingIfNeeded: seed &* 31 &+ $0 &* 7) }) }

do {
    let model = try ModelFile.load(path: version.path).model
    let store = try PersistentStore.create(path: arguments[2], model: model)
    let writer = try StoreWriter(store: store, layout: StoreLayout(model: model))
    // Values are passed in the writer's column order, so no dictionary is built per object.
    let order = (author: try writer.insertableAttributes(of: "Author"), post: try writer.insertableAttributes(of: "Post"))
    let authorCount = max(1, count / 20)
    let tagCount = max(1, count / 100)
    let postCount = count - authorCount - tagCount
    let lorem = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor"
    try store.database.execute("BEGIN")
    var authors: [ObjectID] = []
    authors.reserveCapacity(authorCount)
    for index in 0..<authorCount {
        let values: [String: StoreValue] = [
            "name": .string("Author \(index)"), "email": .string("author\(index)@example.com"),
            "born": .date(-400_000_000 + Double(index) * 3_600), "rating": .double(Double(index % 50) / 10),
            "avatar": bytes(48, seed: index),
        ]
        authors.append(try writer.insert(entity: "Author", values: order.author.map { values[$0] ?? .null }))
    }
    var tags: [ObjectID] = []
    for index in 0..<tagCount { tags.append(try writer.insert(entity: "Tag", attributes: ["name": .string("tag-\(index)")])) }
    for index in 0..<postCount {
        let values: [String: StoreValue] = [
            "title": .string("Post number \(index)"), "body": .string(String(lorem.prefix(40 + index % 40))),
            "createdAt": .date(700_000_000 + Double(index) * 60), "score": .double(Double(index % 1000) / 7),
            "views": .integer(Int64(index) * 13 % 100_000), "attachment": index % 4 == 0 ? bytes(32, seed: index) : .null,
        ]
        let post = try writer.insert(entity: "Post", values: order.post.map { values[$0] ?? .null })
        try writer.setToOne(post, entity: "Post", relationship: "author", to: authors[index % authorCount])
        let first = index % tagCount
        let second = (index / tagCount + first + 1) % tagCount
        try writer.addToMany(
            post, entity: "Post", relationship: "tags", destinations: first == second ? [tags[first]] : [tags[first], tags[second]])
    }
    try writer.finish()
    try store.database.execute("COMMIT")
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(2)
}
