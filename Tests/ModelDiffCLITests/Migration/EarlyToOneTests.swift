import Foundation
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore
import ModelDiffTestSupport
import Testing

/// The generic path writes a default-policy mapping's to-one with each row in stage 1 when its
/// target mapping has run already (MigrationManager+EarlyToOnes.swift): the Bench store's
/// `Post.author` with the inferred mapping (`AuthorToAuthor` runs before `PostToPost`). Every
/// table of the output is row for row the one stage 2 writes, and each rule that keeps the write in
/// stage 2 does.
private let bench = Paths.testModels.appendingPathComponent("Bench.xcdatamodeld")

/// A policy that changes nothing but is not NSEntityMigrationPolicy itself, so the manager calls
/// its hooks per object and treats it as code that may look at anything.
private final class SubclassPolicy: EntityMigrationPolicy {}

private struct BenchMigration {
    let old: Model
    let new: Model
    let inferred: MappingModel
    let source: String
    let folder: URL

    init() throws {
        old = try ModelFile.load(path: bench.appendingPathComponent("Bench.xcdatamodel").path).model
        new = try ModelFile.load(path: bench.appendingPathComponent("Bench 2.xcdatamodel").path).model
        inferred = MappingInference.infer(from: old, to: new)
        folder = try Paths.temporaryDirectory()
        source = folder.appendingPathComponent("bench.sqlite").path
        try generateBenchStore(1_000, at: source)
    }

    /// Runs the generic path; returns the relationship mappings it wrote in stage 1 and every row
    /// of every table but the metadata (whose store UUID differs per run), as sorted text.
    func run(_ mapping: MappingModel, name: String) throws -> (early: [String: Set<Int>], rows: [String]) {
        let output = folder.appendingPathComponent("\(name).sqlite").path
        let manager = MigrationManager(sourceModel: old, destinationModel: new)
        manager.usesStoreSpecificMigrationManager = false
        manager.policies.register(SubclassPolicy.self, as: "SubclassPolicy")
        try manager.migrateStore(from: source, to: output, mapping: mapping)
        let store = try PersistentStore.open(path: output)
        #expect(try StoreVerification(store: store, model: new).problems == [], "\(name)")
        var rows: [String] = []
        for table in try store.database.rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name") {
            guard case .text(let name) = table[0], name != "Z_METADATA", name != "Z_MODELCACHE" else { continue }
            rows += try store.database.rows("SELECT * FROM \"\(name)\"").map { "\(name) \($0)" }
        }
        return (manager.toOnesWrittenEarly, rows.sorted())
    }

    /// `inferred` with `change` applied to each entity mapping.
    func changing(_ change: (EntityMapping) -> EntityMapping) -> MappingModel {
        MappingModel(sourceVersion: nil, destinationVersion: nil, entityMappings: inferred.entityMappings.map(change))
    }
}

/// A copy of `mapping` with another policy or other attribute mappings.
private func rebuilt(_ mapping: EntityMapping, policy: String? = nil, attributes: [PropertyMapping]? = nil) -> EntityMapping {
    EntityMapping(
        name: mapping.name, type: mapping.type, sourceEntity: mapping.sourceEntity, destinationEntity: mapping.destinationEntity,
        sourceExpression: mapping.sourceExpression, policyClassName: policy ?? mapping.policyClassName,
        attributeMappings: attributes ?? mapping.attributeMappings, relationshipMappings: mapping.relationshipMappings)
}

@Test func benchPostAuthorIsWrittenInStageOneWithTheSameRows() throws {
    let bench = try BenchMigration()
    defer { try? FileManager.default.removeItem(at: bench.folder) }
    let posts = try #require(bench.inferred.entityMapping(named: "PostToPost"))
    let author = try #require(posts.relationshipMappings.firstIndex { $0.name == "author" })
    let early = try bench.run(bench.inferred, name: "early")
    #expect(early.early == ["PostToPost": [author]])

    // A policy subclass on every mapping runs every hook per object, with every link set in stage 2.
    let perObject = try bench.run(bench.changing { rebuilt($0, policy: "SubclassPolicy") }, name: "per-object")
    #expect(perObject.early.isEmpty)
    #expect(perObject.rows == early.rows)
}

@Test(arguments: ["one policy", "target after owner", "$manager in a later mapping"])
func toOnesStayInStageTwoWhenTheirRulesSaySo(_ rule: String) throws {
    let bench = try BenchMigration()
    defer { try? FileManager.default.removeItem(at: bench.folder) }
    let reference = try bench.run(bench.inferred, name: "reference")
    let mapping: MappingModel
    switch rule {
    case "one policy":
        // A custom policy anywhere could look at posts between the stages.
        mapping = bench.changing { $0.name == "TagToTag" ? rebuilt($0, policy: "SubclassPolicy") : $0 }
    case "target after owner":
        // The authors' association table is not filled yet when the posts are inserted.
        mapping = MappingModel(sourceVersion: nil, destinationVersion: nil, entityMappings: bench.inferred.entityMappings.reversed())
    default:
        // Tags come after posts in stage 1, and `$manager` reaches destination posts.
        mapping = bench.changing { entityMapping in
            guard entityMapping.name == "TagToTag" else { return entityMapping }
            return rebuilt(
                entityMapping,
                attributes: entityMapping.attributeMappings.map {
                    $0.name == "name"
                        ? PropertyMapping(
                            name: "name", valueExpression: "TERNARY($manager.migrationProgress >= 0, $source.name, $source.name)")
                        : $0
                })
        }
    }
    let late = try bench.run(mapping, name: "late")
    #expect(late.early.isEmpty, "\(rule)")
    #expect(late.rows == reference.rows, "\(rule)")
}
