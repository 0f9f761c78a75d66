@_spi(CLI) import ModelDiffKit
import ModelDiffTestSupport
import Testing

private let v1 = Model(entities: [
    Entity(
        name: "Note",
        attributes: [
            Attribute(name: "title", type: .string),
            Attribute(name: "body", type: .string, isOptional: true),
            Attribute(name: "obsolete", type: .integer16),
        ]),
    Entity(name: "Folder", attributes: [Attribute(name: "name", type: .string)]),
    Entity(name: "Gone"),
])

private let v2 = Model(entities: [
    Entity(
        name: "Memo", renamingIdentifier: "Note",
        attributes: [
            Attribute(name: "title", type: .string),
            Attribute(name: "text", type: .string, isOptional: true, renamingIdentifier: "body"),
            Attribute(name: "pinned", type: .boolean, isOptional: true),
        ]),
    Entity(name: "Folder", attributes: [Attribute(name: "name", type: .string)]),
    Entity(name: "Tag"),
])

@Test func entitiesMatchByRenamingIdentifierThenName() {
    let match = ModelMatch(source: v1, destination: v2)
    #expect(match.pairs.map { "\($0.source.name)->\($0.destination.name)" } == ["Note->Memo", "Folder->Folder"])
    #expect(match.added.map(\.name) == ["Tag"])
    #expect(match.removed.map(\.name) == ["Gone"])
    #expect(match.pair(destination: "Memo")?.isRenamed == true)
}

@Test func propertiesMatchWithinMatchedEntities() throws {
    let note = try #require(ModelMatch(source: v1, destination: v2).pair(source: "Note"))
    #expect(note.properties.pairs.map { "\($0.source.name)->\($0.destination.name)" } == ["title->title", "body->text"])
    #expect(note.properties.added.map(\.name) == ["pinned"])
    #expect(note.properties.removed.map(\.name) == ["obsolete"])
}

@Test func aChainOfRenamesStillMatchesTheFirstVersion() {
    // v2 renamed Note to Memo (elementID Note); v3 renames Memo to Jot, keeping the identifier.
    let v3 = Model(entities: [Entity(name: "Jot", renamingIdentifier: "Note")])
    #expect(ModelMatch(source: v1, destination: v3).pairs.map(\.source.name) == ["Note"])
    #expect(ModelMatch(source: v2, destination: v3).pairs.map(\.source.name) == ["Memo"])
}

@Test func twoDestinationsClaimingOneNameAreAmbiguous() {
    let bad = Model(entities: [Entity(name: "Note"), Entity(name: "Other", renamingIdentifier: "Note")])
    #expect(ModelMatch(source: v1, destination: bad).ambiguousEntityNames == ["Note"])
}

@Test func inheritedPropertiesTakePartInMatching() throws {
    let old = Model(entities: [Entity(name: "Car", attributes: [Attribute(name: "plate", type: .string)])])
    let new = Model(entities: [
        Entity(name: "Vehicle", attributes: [Attribute(name: "plate", type: .string)]),
        Entity(name: "Car", parentEntity: "Vehicle"),
    ])
    let car = try #require(ModelMatch(source: old, destination: new).pair(source: "Car"))
    #expect(car.properties.pairs.map(\.destination.name) == ["plate"])
    #expect(car.properties.removed.isEmpty)
}

@Test func aChangesKindCarriesTheElementsOnEachSide() throws {
    let diff = ModelDiff(source: v1, destination: v2)
    var seen: [String] = []
    for entity in diff.entities {
        switch entity.sides {
        case .added(let new): seen.append("+\(new.name)")
        case .removed(let old): seen.append("-\(old.name)")
        case .matched(let old, let new): seen.append("\(old.name)->\(new.name)")
        }
    }
    #expect(seen == ["Note->Memo", "Folder->Folder", "+Tag", "-Gone"])
    let memo = try #require(diff.entities.first { $0.name == "Memo" })
    let properties = memo.properties.map { property -> String in
        switch property.sides {
        case .added(let new): "+\(new.name)"
        case .removed(let old): "-\(old.name)"
        case .matched(let old, let new): "\(old.name)->\(new.name)"
        }
    }
    #expect(properties == ["body->text", "+pinned", "-obsolete"])
    #expect(memo.kind == .matched && memo.isRenamed && memo.source?.name == "Note" && memo.destination?.name == "Memo")
}
