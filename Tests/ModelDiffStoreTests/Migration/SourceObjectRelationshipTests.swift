import Foundation
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore
import ModelDiffTestSupport
import Testing

private let people = Paths.testModels.appendingPathComponent("People")

/// The People 1 → 2 mapping with `home` given `expression` instead of the lookup through CityToPlace.
private func peopleMapping(home expression: String) throws -> MappingModel {
    let file = try String(contentsOf: people.appendingPathComponent("People1to2.mapping.xml"), encoding: .utf8)
    let lookup = "FUNCTION($manager, \"destinationInstancesForEntityMappingNamed:sourceInstances:\", \"CityToPlace\", $source.city)"
    #expect(file.contains(lookup))
    return try MappingXML.read(Array(file.replacingOccurrences(of: lookup, with: expression).utf8), path: "People1to2.mapping.xml")
}

/// Through the library, without `mapping validate` first: a relationship mapping that gives the
/// old store's objects fails the migration before anything is written when it is a plain key path
/// (even for a store with no people), and on the first object when only running it shows it; the
/// advice names the entity mapping that carries cities over (CityToPlace), whatever the path.
@Test func sourceObjectsInARelationshipFailTheMigrationWithTheLookupToWrite() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = try makePeopleStore(in: folder)
    let v1 = try ModelFile.load(path: people.appendingPathComponent("People1.xml").path).model
    let v2 = try ModelFile.load(path: people.appendingPathComponent("People2.xml").path).model
    let advice = { (written: String) in
        """
        Person.home is given City objects of the source store by \(written), which Core Data refuses (objects from another context); relate the \
        objects migrated from them with FUNCTION($manager, \"destinationInstancesForEntityMappingNamed:sourceInstances:\", \"CityToPlace\", \
        \(written))
        """
    }
    let ternary = "TERNARY($source.fullName != nil, $source.city, nil)"
    for (expression, description) in [
        ("$source.city", advice("$source.city") + " (NSMigrationError 134110; mapping PersonToPerson; entity Person)"),
        (ternary, advice(ternary) + " (NSMigrationError 134110; mapping PersonToPerson; entity Person; object 1/p1)"),
    ] {
        for storeSpecific in [true, false] {
            let manager = MigrationManager(sourceModel: v1, destinationModel: v2)
            manager.policies.register(SplitNamePolicy.self, as: "SplitNamePolicy")
            manager.usesStoreSpecificMigrationManager = storeSpecific
            let output = folder.appendingPathComponent("out.sqlite").path
            do {
                try manager.migrateStore(from: source.path, to: output, mapping: try peopleMapping(home: expression))
                Issue.record("\(expression) should fail the migration")
            } catch let error as MigrationError {
                #expect(error.code == .migration)
                #expect(error.description == description)
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["people.sqlite"])
        }
    }
}
