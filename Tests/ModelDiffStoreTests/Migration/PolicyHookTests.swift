import Foundation
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore
import ModelDiffTestSupport
import Testing

private let people = Paths.testModels.appendingPathComponent("People")

private func peopleModels() throws -> (Model, Model) {
    (
        try ModelFile.load(path: people.appendingPathComponent("People1.xml").path).model,
        try ModelFile.load(path: people.appendingPathComponent("People2.xml").path).model
    )
}

/// The People 1 → 2 mapping with both entity mappings given the policy `className`.
private func peopleMapping(policy className: String) throws -> MappingModel {
    let file = try String(contentsOf: people.appendingPathComponent("People1to2.mapping.xml"), encoding: .utf8)
    let text =
        file
        .replacingOccurrences(of: "type=\"transform\" source=\"City\"", with: "type=\"custom\" source=\"City\" policy=\"\(className)\"")
        .replacingOccurrences(of: "policy=\"SplitNamePolicy\"", with: "policy=\"\(className)\"")
    #expect(text.components(separatedBy: "policy=\"\(className)\"").count == 3)
    return try MappingXML.read(Array(text.utf8), path: "People1to2.mapping.xml")
}

/// The name an object shows in the log: a city's or place's, a person's full or first name.
private func label(_ object: MigrationObject) -> String {
    for key in ["name", "title", "fullName", "firstName"] {
        if case .string(let text)? = object.attributes[key] { return text }
    }
    return "?"
}

/// Logs every hook the manager calls, with the objects it is given and what the reverse lookup
/// (`sourceInstances(forEntityMappingName:destinationInstances:)`) answers for destination objects.
final class RecordingPolicy: EntityMigrationPolicy {
    nonisolated(unsafe) static var log: [String] = []
    nonisolated(unsafe) static var progress: [Double] = []

    private func sources(_ mapping: EntityMapping, _ destinations: [MigrationObject]?, _ manager: MigrationManager) throws -> String {
        try manager.sourceInstances(forEntityMappingName: mapping.name, destinationInstances: destinations).map(label).joined(
            separator: ", ")
    }

    override func begin(_ mapping: EntityMapping, manager: MigrationManager) throws {
        Self.log.append("begin \(mapping.name)")
        Self.progress.append(manager.migrationProgress)
    }

    override func createDestinationInstances(forSource source: MigrationObject, in mapping: EntityMapping, manager: MigrationManager) throws
    {
        Self.log.append("createDestinationInstances \(mapping.name) \(label(source))")
        if mapping.destinationEntity == "Person" {
            try SplitNamePolicy().createDestinationInstances(forSource: source, in: mapping, manager: manager)
        } else {
            try super.createDestinationInstances(forSource: source, in: mapping, manager: manager)
        }
    }

    override func endInstanceCreation(forMapping mapping: EntityMapping, manager: MigrationManager) throws {
        Self.log.append("endInstanceCreation \(mapping.name)")
    }

    override func createRelationships(forDestination destination: MigrationObject, in mapping: EntityMapping, manager: MigrationManager)
        throws
    {
        Self.log.append("createRelationships \(mapping.name) \(label(destination)) from \(try sources(mapping, [destination], manager))")
        try super.createRelationships(forDestination: destination, in: mapping, manager: manager)
    }

    override func endRelationshipCreation(forMapping mapping: EntityMapping, manager: MigrationManager) throws {
        Self.log.append("endRelationshipCreation \(mapping.name)")
    }

    override func performCustomValidation(forMapping mapping: EntityMapping, manager: MigrationManager) throws {
        Self.log.append("performCustomValidation \(mapping.name) from \(try sources(mapping, nil, manager))")
    }

    override func end(_ mapping: EntityMapping, manager: MigrationManager) throws {
        Self.log.append("end \(mapping.name)")
        Self.progress.append(manager.migrationProgress)
    }
}

/// The NSEntityMigrationPolicy life cycle on a real migration: each stage runs for every entity
/// mapping before the next; the validation stage calls `performCustomValidation`, then validates,
/// then calls `end`. The reverse lookup finds each destination object's source object.
@Test func everyPolicyHookRunsInCoreDatasOrder() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = try makePeopleStore(in: folder)
    let (v1, v2) = try peopleModels()
    let manager = MigrationManager(sourceModel: v1, destinationModel: v2)
    manager.policies.register(RecordingPolicy.self, as: "RecordingPolicy")
    RecordingPolicy.log = []
    RecordingPolicy.progress = []
    let output = folder.appendingPathComponent("out.sqlite").path
    try manager.migrateStore(from: source.path, to: output, mapping: try peopleMapping(policy: "RecordingPolicy"))
    #expect(
        RecordingPolicy.log == [
            "begin CityToPlace",
            "createDestinationInstances CityToPlace Paris",
            "createDestinationInstances CityToPlace Oslo",
            "endInstanceCreation CityToPlace",
            "begin PersonToPerson",
            "createDestinationInstances PersonToPerson Ada Lovelace",
            "createDestinationInstances PersonToPerson Alan Mathison Turing",
            "createDestinationInstances PersonToPerson Grace",
            "endInstanceCreation PersonToPerson",
            "createRelationships CityToPlace Paris from Paris",
            "createRelationships CityToPlace Oslo from Oslo",
            "endRelationshipCreation CityToPlace",
            "createRelationships PersonToPerson Ada from Ada Lovelace",
            "createRelationships PersonToPerson Alan from Alan Mathison Turing",
            "createRelationships PersonToPerson Grace from Grace",
            "endRelationshipCreation PersonToPerson",
            "performCustomValidation CityToPlace from Paris, Oslo",
            "end CityToPlace",
            "performCustomValidation PersonToPerson from Ada Lovelace, Alan Mathison Turing, Grace",
            "end PersonToPerson",
        ])
    // Running, the progress is below 1 and grows; the hooks set every relationship.
    #expect(RecordingPolicy.progress.first == 0)
    #expect(RecordingPolicy.progress == RecordingPolicy.progress.sorted() && RecordingPolicy.progress.allSatisfy { $0 < 1 })
    let migrated = try PersistentStore.open(path: output)
    #expect(
        try migrated.database.rows("SELECT p.ZFIRSTNAME, c.ZTITLE FROM ZPERSON p LEFT JOIN ZPLACE c ON c.Z_PK = p.ZHOME ORDER BY p.Z_PK")
            == [
                [.text("Ada"), .text("Paris")], [.text("Alan"), .text("Paris")], [.text("Grace"), .text("Oslo")],
            ])
    try expectSoundMigration(output: output, model: v2, source: source.path, mapping: try peopleMapping(policy: "RecordingPolicy"))
}

/// Leaves the required `firstName` empty when creating people and fills it in
/// `performCustomValidation`, from each person's source object: the migration passes only if the
/// default validation runs after it.
final class FirstNameAtValidationPolicy: EntityMigrationPolicy {
    override func performCustomValidation(forMapping mapping: EntityMapping, manager: MigrationManager) throws {
        guard mapping.destinationEntity == "Person" else { return }
        for person in try manager.destinationInstances(forEntityMappingName: mapping.name, sourceInstances: nil) {
            let source = try manager.sourceInstances(forEntityMappingName: mapping.name, destinationInstances: [person])
            guard case .string(let full)? = source.first?.attributes["fullName"] else { continue }
            try person.setValue(.string(full.split(separator: " ").first.map(String.init) ?? ""), forKey: "firstName")
        }
    }
}

@Test func performCustomValidationRunsBeforeTheDefaultValidation() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = try makePeopleStore(in: folder)
    let (v1, v2) = try peopleModels()
    let manager = MigrationManager(sourceModel: v1, destinationModel: v2)
    manager.policies.register(FirstNameAtValidationPolicy.self, as: "FirstNameAtValidationPolicy")
    let output = folder.appendingPathComponent("out.sqlite").path
    try manager.migrateStore(from: source.path, to: output, mapping: try peopleMapping(policy: "FirstNameAtValidationPolicy"))
    let migrated = try PersistentStore.open(path: output)
    #expect(
        try migrated.database.rows("SELECT ZFIRSTNAME FROM ZPERSON ORDER BY Z_PK") == [[.text("Ada")], [.text("Alan")], [.text("Grace")]])

    // Without the fix-up, the same migration fails in the default validation.
    let plain = MigrationManager(sourceModel: v1, destinationModel: v2)
    plain.policies.register(EntityMigrationPolicy.self, as: "FirstNameAtValidationPolicy")
    let failed = folder.appendingPathComponent("failed.sqlite").path
    #expect(throws: MigrationError.self) {
        try plain.migrateStore(from: source.path, to: failed, mapping: try peopleMapping(policy: "FirstNameAtValidationPolicy"))
    }
    #expect(!FileManager.default.fileExists(atPath: failed))
}

/// "If a migration is not taking place, returns 1" (NSMigrationManager reference, `migrationProgress`):
/// before the first migration, after one succeeds or fails, and after `reset()`; 0 as one starts.
@Test func migrationProgressIsOneWhenNoMigrationRuns() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = try makePeopleStore(in: folder)
    let (v1, v2) = try peopleModels()
    let manager = MigrationManager(sourceModel: v1, destinationModel: v2)
    #expect(manager.migrationProgress == 1)
    manager.reset()
    #expect(manager.migrationProgress == 1)
    var seen: [Double] = []
    manager.progressHandler = { [unowned manager] _ in seen.append(manager.migrationProgress) }
    // PersonToPerson names a policy nobody registered: the migration fails.
    #expect(throws: MigrationError.self) {
        try manager.migrateStore(
            from: source.path, to: folder.appendingPathComponent("a.sqlite").path, mapping: try peopleMapping(policy: "Unregistered"))
    }
    #expect(manager.migrationProgress == 1)
    manager.policies.register(SplitNamePolicy.self, as: "SplitNamePolicy")
    try manager.migrateStore(
        from: source.path, to: folder.appendingPathComponent("b.sqlite").path,
        mapping: try MappingFile.load(path: people.appendingPathComponent("People1to2.mapping.xml").path).mapping)
    #expect(!seen.isEmpty && seen.allSatisfy { $0 < 1 } && seen == seen.sorted())
    #expect(manager.migrationProgress == 1)
    manager.reset()
    #expect(manager.migrationProgress == 1)
}
