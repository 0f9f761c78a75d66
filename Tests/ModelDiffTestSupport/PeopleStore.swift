import Foundation
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore
import Testing

private let people = Paths.testModels.appendingPathComponent("People")

/// A People 1 store with three people in two cities.
package func makePeopleStore(in folder: URL, extraPeople: Int = 0) throws -> URL {
    let model = try ModelFile.load(path: people.appendingPathComponent("People1.xml").path).model
    let url = folder.appendingPathComponent("people.sqlite")
    let store = try PersistentStore.create(path: url.path, model: model)
    let writer = try StoreWriter(store: store, layout: StoreLayout(model: model))
    try store.database.execute("BEGIN")
    let paris = try writer.insert(entity: "City", attributes: ["name": .string("Paris")])
    let oslo = try writer.insert(entity: "City", attributes: ["name": .string("Oslo")])
    let ada = try writer.insert(entity: "Person", attributes: ["fullName": .string("Ada Lovelace"), "temperatureF": .double(212)])
    let alan = try writer.insert(entity: "Person", attributes: ["fullName": .string("Alan Mathison Turing"), "temperatureF": .double(32)])
    let grace = try writer.insert(entity: "Person", attributes: ["fullName": .string("Grace"), "temperatureF": .null])
    try writer.setToOne(ada, entity: "Person", relationship: "city", to: paris)
    try writer.setToOne(alan, entity: "Person", relationship: "city", to: paris)
    try writer.setToOne(grace, entity: "Person", relationship: "city", to: oslo)
    for index in 0..<extraPeople {
        _ = try writer.insert(
            entity: "Person", attributes: ["fullName": .string("Person \(index)"), "temperatureF": .double(Double(index % 100))])
    }
    try writer.finish()
    try store.database.execute("COMMIT")
    return url
}
