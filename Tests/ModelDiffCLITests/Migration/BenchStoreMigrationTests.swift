import Foundation
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore
import ModelDiffTestSupport
import Testing

/// The benchmark's store (`generate-store`, TestModels/Bench.xcdatamodeld) at a small size: both
/// migration paths, and the per-object path that any policy subclass forces, give the same store,
/// which holds the source's objects and links.
private let bench = Paths.testModels.appendingPathComponent("Bench.xcdatamodeld")

/// Counts the hooks a policy subclass gets; it overrides nothing else, so it must migrate exactly
/// as the default policy does (the manager then calls every hook for every object).
final class CountingPolicy: EntityMigrationPolicy {
    nonisolated(unsafe) static var created = 0
    nonisolated(unsafe) static var related = 0
    override func createDestinationInstances(forSource source: MigrationObject, in mapping: EntityMapping, manager: MigrationManager) throws
    {
        Self.created += 1
        try super.createDestinationInstances(forSource: source, in: mapping, manager: manager)
    }
    override func createRelationships(forDestination destination: MigrationObject, in mapping: EntityMapping, manager: MigrationManager)
        throws
    {
        Self.related += 1
        try super.createRelationships(forDestination: destination, in: mapping, manager: manager)
    }
}

/// Runs the `generate-store` benchmark generator (built beside `modeldiff`).
func generateBenchStore(_ count: Int, at path: String) throws {
    let process = Process()
    process.executableURL = modeldiffBinary.deletingLastPathComponent().appendingPathComponent("generate-store")
    process.arguments = [String(count), path]
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
}

/// Every object as text, key-independent: attributes, the author's name, the sorted tag names.
private func contents(of store: PersistentStore, model: Model, renaming: [String: String] = [:]) throws -> [String: [String]] {
    let layout = StoreLayout(model: model)
    var names: [ObjectID: String] = [:]
    for entity in ["Author", "Tag"] {
        try store.forEachObject(of: entity, layout: layout) { names[$0.id] = "\($0.attributes["name"] ?? .null)" }
    }
    var result: [String: [String]] = [:]
    for entity in layout.orderedEntities {
        try store.forEachObject(of: entity, layout: layout) { object in
            var fields = object.attributes.map { "\(renaming[$0.key] ?? $0.key)=\($0.value)" }
            fields += object.toOne.map { "\($0.key)->\($0.value.flatMap { names[$0] } ?? "nil")" }
            if entity == "Post" {
                let tags = try store.relatedObjects(of: object.id, entity: entity, relationship: "tags", layout: layout)
                fields.append("tags->" + tags.map { names[$0] ?? "?" }.sorted().joined(separator: ","))
            }
            result[entity, default: []].append(fields.sorted().joined(separator: "|"))
        }
    }
    return result.mapValues { $0.sorted() }
}

@Test func benchStoreMigratesTheSameOnEveryPath() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = folder.appendingPathComponent("bench.sqlite").path
    try generateBenchStore(2_000, at: source)
    let old = try ModelFile.load(path: bench.appendingPathComponent("Bench.xcdatamodel").path).model
    let new = try ModelFile.load(path: bench.appendingPathComponent("Bench 2.xcdatamodel").path).model
    let inferred = MappingInference.infer(from: old, to: new)
    let counted = MappingModel(
        sourceVersion: nil, destinationVersion: nil,
        entityMappings: inferred.entityMappings.map {
            EntityMapping(
                name: $0.name, type: $0.type, sourceEntity: $0.sourceEntity, destinationEntity: $0.destinationEntity,
                sourceExpression: $0.sourceExpression, policyClassName: "CountingPolicy",
                attributeMappings: $0.attributeMappings, relationshipMappings: $0.relationshipMappings)
        })
    let sourceStore = try PersistentStore.open(path: source)
    #expect(try sourceStore.rowCounts().map(\.count) == [100, 1_880, 20])
    // Bench 2 renames Post.body to text and adds attributes, which the source rows have not.
    var expected = try contents(of: sourceStore, model: old, renaming: ["body": "text"])
    expected["Author"] = expected["Author"]?.map { ($0 + "|verified=bool(false)").split(separator: "|").sorted().joined(separator: "|") }
        .sorted()
    expected["Post"] = expected["Post"]?.map { ($0 + "|summary=null").split(separator: "|").sorted().joined(separator: "|") }.sorted()

    var outputs: [[String: [String]]] = []
    for (name, fastPath, mapping) in [("fast", true, inferred), ("generic", false, inferred), ("policy", false, counted)] {
        let output = folder.appendingPathComponent("\(name).sqlite").path
        let manager = MigrationManager(sourceModel: old, destinationModel: new)
        manager.usesStoreSpecificMigrationManager = fastPath
        manager.policies.register(CountingPolicy.self, as: "CountingPolicy")
        var last = 0
        manager.progressHandler = { last = $0.objects }
        CountingPolicy.created = 0
        CountingPolicy.related = 0
        try manager.migrateStore(from: source, to: output, mapping: mapping)
        #expect(manager.usedFastPath == fastPath, "\(name)")
        if !fastPath { #expect(last == 2 * 2_000, "\(name): progress reports every object of stages 1 and 2") }
        if name == "policy" { #expect(CountingPolicy.created == 2_000 && CountingPolicy.related == 2_000) }
        let store = try PersistentStore.open(path: output)
        #expect(try StoreVerification(store: store, model: new).problems == [], "\(name)")
        #expect(try store.database.rows("SELECT COUNT(*) FROM Z_2TAGS") == (try sourceStore.database.rows("SELECT COUNT(*) FROM Z_2TAGS")))
        outputs.append(try contents(of: store, model: new))
    }
    #expect(outputs[0] == expected)
    #expect(outputs[1] == expected)
    #expect(outputs[2] == expected)
}
