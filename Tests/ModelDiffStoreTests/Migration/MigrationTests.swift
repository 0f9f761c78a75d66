import Foundation
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore
import ModelDiffTestSupport
import Testing

/// Splits `fullName` into first and last name: the README's example of an entity migration policy.
final class SplitNamePolicy: EntityMigrationPolicy {
    override func createDestinationInstances(forSource source: MigrationObject, in mapping: EntityMapping, manager: MigrationManager) throws
    {
        var values = try manager.attributeValues(for: source, in: mapping)
        guard case .string(let full)? = source.attributes["fullName"] else { return }
        let parts = full.split(separator: " ", maxSplits: 1).map(String.init)
        values["firstName"] = .string(parts.first ?? "")
        values["lastName"] = .string(parts.count > 1 ? parts[1] : "")
        let destination = try manager.insertDestinationObject(entity: "Person", values: values)
        manager.associate(sourceInstance: source, withDestinationInstance: destination, for: mapping)
    }
}

private let people = Paths.testModels.appendingPathComponent("People")

private func peopleModels() throws -> (Model, Model) {
    (
        try ModelFile.load(path: people.appendingPathComponent("People1.xml").path).model,
        try ModelFile.load(path: people.appendingPathComponent("People2.xml").path).model
    )
}

private func peopleMapping() throws -> MappingModel {
    try MappingFile.load(path: people.appendingPathComponent("People1to2.mapping.xml").path).mapping
}

@Test func customPolicyValueExpressionAndRetargetedRelationship() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = try makePeopleStore(in: folder)
    let before = try Data(contentsOf: source)
    let (v1, v2) = try peopleModels()
    let file = try MappingFile.load(path: people.appendingPathComponent("People1to2.mapping.xml").path)
    #expect(MappingValidation.problems(file.mapping, path: file.path, text: file.text, source: v1, destination: v2).isEmpty)
    let manager = MigrationManager(sourceModel: v1, destinationModel: v2)
    manager.policies.register(SplitNamePolicy.self, as: "SplitNamePolicy")
    var fractions: [Double] = []
    manager.progressHandler = { fractions.append($0.fraction) }
    let output = folder.appendingPathComponent("people2.sqlite").path
    try manager.migrateStore(from: source.path, to: output, mapping: file.mapping)
    #expect(try Data(contentsOf: source) == before, "the source store is never written")
    #expect(manager.migrationProgress == 1)
    #expect(fractions == fractions.sorted() && !fractions.isEmpty)

    let migrated = try PersistentStore.open(path: output)
    let layout = StoreLayout(model: v2)
    var persons: [String: StoredObject] = [:]
    try migrated.forEachObject(of: "Person", layout: layout) { persons[($0.attributes["firstName"].map { "\($0)" }) ?? ""] = $0 }
    let rows = try migrated.database.rows(
        "SELECT p.ZFIRSTNAME, p.ZLASTNAME, p.ZTEMPERATUREC, c.ZTITLE FROM ZPERSON p LEFT JOIN ZPLACE c ON c.Z_PK = p.ZHOME ORDER BY p.Z_PK")
    #expect(
        rows == [
            [.text("Ada"), .text("Lovelace"), .real(100), .text("Paris")],
            [.text("Alan"), .text("Mathison Turing"), .real(0), .text("Paris")],
            [.text("Grace"), .text(""), .null, .text("Oslo")],
        ])
    #expect(migrated.metadata.versionHashes == v2.versionHashes().entityVersionHashes)
    try expectSoundMigration(output: output, model: v2, source: source.path, mapping: file.mapping)
    #expect(try migrated.primaryKeyTable().map(\.max) == [3, 2])
}

@Test func aPolicyThatIsNotRegisteredOrThrowsFailsWithCoreDatasCode() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = try makePeopleStore(in: folder)
    let (v1, v2) = try peopleModels()
    let output = folder.appendingPathComponent("out.sqlite").path
    let unregistered = MigrationManager(sourceModel: v1, destinationModel: v2)
    #expect(
        throws: MigrationError(
            .entityMigrationPolicy, "the mapping names the policy class SplitNamePolicy, the app's own code, which modeldiff cannot run",
            mapping: "PersonToPerson")
    ) {
        try unregistered.migrateStore(from: source.path, to: output, mapping: try peopleMapping())
    }
    #expect(!FileManager.default.fileExists(atPath: output))

    final class Failing: EntityMigrationPolicy {
        struct Broken: Error {}
        override func endInstanceCreation(forMapping mapping: EntityMapping, manager: MigrationManager) throws { throw Broken() }
    }
    let failing = MigrationManager(sourceModel: v1, destinationModel: v2)
    failing.policies.register(Failing.self, as: "SplitNamePolicy")
    do {
        try failing.migrateStore(from: source.path, to: output, mapping: try peopleMapping())
        Issue.record("the migration should fail")
    } catch let error as MigrationError {
        #expect(error.code == .entityMigrationPolicy)
        #expect(error.mapping == "PersonToPerson")
        #expect(
            error.description
                == "create instances failed: Broken() (NSEntityMigrationPolicyError 134170; mapping PersonToPerson; entity Person)")
    }
    #expect(!FileManager.default.fileExists(atPath: output))
}

@Test func cancellingStopsTheMigrationWithTheGivenError() throws {
    struct UserStopped: Error, Equatable {}
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = try makePeopleStore(in: folder, extraPeople: 50)
    let (v1, v2) = try peopleModels()
    let manager = MigrationManager(sourceModel: v1, destinationModel: v2)
    manager.policies.register(SplitNamePolicy.self, as: "SplitNamePolicy")
    manager.progressHandler = { [unowned manager] progress in
        if progress.objects == 10 { manager.cancelMigration(error: UserStopped()) }
    }
    let output = folder.appendingPathComponent("out.sqlite").path
    #expect(throws: UserStopped.self) { try manager.migrateStore(from: source.path, to: output, mapping: try peopleMapping()) }
    #expect(!FileManager.default.fileExists(atPath: output))
    manager.reset()
    manager.progressHandler = nil
    try manager.migrateStore(from: source.path, to: output, mapping: try peopleMapping())
    try expectSoundMigration(output: output, model: v2, source: source.path, mapping: try peopleMapping())
}

@Test func unknownMappingNameIsAnErrorNotACrash() throws {
    let (v1, v2) = try peopleModels()
    let manager = MigrationManager(sourceModel: v1, destinationModel: v2)
    #expect(throws: MigrationError(.missingMappingModel, "no entity mapping is named Nope")) {
        try manager.destinationInstances(forEntityMappingName: "Nope", sourceInstances: [])
    }
}

@Test func validationFailureLeavesNoOutput() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = try makePeopleStore(in: folder)
    let (v1, v2) = try peopleModels()
    // Without the policy, firstName (required, no default) stays empty: validation must fail.
    let mapping = try peopleMapping()
    let plain = MappingModel(
        sourceVersion: nil, destinationVersion: nil,
        entityMappings: mapping.entityMappings.map {
            EntityMapping(
                name: $0.name, type: .transform, sourceEntity: $0.sourceEntity, destinationEntity: $0.destinationEntity,
                sourceExpression: $0.sourceExpression, attributeMappings: $0.attributeMappings,
                relationshipMappings: $0.relationshipMappings)
        })
    let output = folder.appendingPathComponent("out.sqlite").path
    do {
        try MigrationManager(sourceModel: v1, destinationModel: v2).migrateStore(from: source.path, to: output, mapping: plain)
        Issue.record("validation should fail")
    } catch let error as MigrationError {
        #expect(error.code == .missingMandatoryProperty)
        #expect(
            error.description
                == "Person.firstName is required but has no value (NSValidationMissingMandatoryPropertyError 1570; mapping PersonToPerson; object 1/p1)"
        )
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["people.sqlite"])
}

/// Records what the manager answers a policy that passes nil: every instance the mapping made (the
/// NSMigrationManager reference: "If sourceInstances is nil, all of the destination instances …").
final class CountingAllPolicy: EntityMigrationPolicy {
    nonisolated(unsafe) static var counts: [String: Int] = [:]

    override func createDestinationInstances(forSource source: MigrationObject, in mapping: EntityMapping, manager: MigrationManager) throws
    {
        try SplitNamePolicy().createDestinationInstances(forSource: source, in: mapping, manager: manager)
    }

    override func endRelationshipCreation(forMapping mapping: EntityMapping, manager: MigrationManager) throws {
        Self.counts["destinations"] = try manager.destinationInstances(forEntityMappingName: mapping.name, sourceInstances: nil).count
        Self.counts["sources"] = try manager.sourceInstances(forEntityMappingName: mapping.name, destinationInstances: nil).count
        Self.counts["none"] = try manager.destinationInstances(forEntityMappingName: mapping.name, sourceInstances: []).count
    }
}

@Test func nilInstancesMeanEveryInstanceTheMappingMade() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = try makePeopleStore(in: folder, extraPeople: 4)
    let (v1, v2) = try peopleModels()
    let file = try String(contentsOf: people.appendingPathComponent("People1to2.mapping.xml"), encoding: .utf8)
    let text = file.replacingOccurrences(of: "policy=\"SplitNamePolicy\"", with: "policy=\"CountingAllPolicy\"")
    #expect(text != file)
    let manager = MigrationManager(sourceModel: v1, destinationModel: v2)
    manager.policies.register(CountingAllPolicy.self, as: "CountingAllPolicy")
    let mapping = try MappingXML.read(Array(text.utf8), path: "People1to2.mapping.xml")
    try manager.migrateStore(from: source.path, to: folder.appendingPathComponent("out.sqlite").path, mapping: mapping)
    #expect(CountingAllPolicy.counts == ["destinations": 7, "sources": 7, "none": 0])
}
