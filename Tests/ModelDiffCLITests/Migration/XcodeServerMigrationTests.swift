import Foundation
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore
import ModelDiffTestSupport
import Testing

/// XcodeServer's two mapping models as Xcode saved them, and as Xcode compiled them, validate against
/// their versions through the built binary. The compiled ones are read without lines, so each attribute
/// mapping is checked against its own destination attribute: 1.0.0's `Issue.typeRawValue` is a String
/// and Bot's and Trigger's are Integer 16, all three mapped by the same text `$source.typeRawValue`.
@Test(arguments: [("1_0_0", "1_1_0"), ("1_1_0", "2_0_0")])
func xcodeServerMappingsValidate(_ old: String, _ new: String) throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let compiled = try XcodeServer.compiledMapping(to: new, in: folder)
    for mapping in [XcodeServer.mapping(to: new), compiled] {
        let result = try runModeldiff(["mapping", "validate", mapping, "--from", XcodeServer.model(old), "--to", XcodeServer.model(new)])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(mapping): \(result.stderr)")
        #expect(result.stdout.hasSuffix(": valid (23 entity mappings)\n"), "\(result.stdout)")
    }
}

/// Xcode's file, read with its generated expressions filled in, is the mapping Xcode compiled from it:
/// the same entity mappings, sources, destinations and property mappings, expression for expression
/// (the 108 relationship lookups of 1.1.0 → 2.0.0 name the entity mappings Xcode's compiler named).
/// Types are left out: Xcode's compiler makes every two-sided mapping Copy, the reader names it by the
/// models (docs/MAPPING.md).
@Test(arguments: [("1_0_0", "1_1_0"), ("1_1_0", "2_0_0")])
func xcodeServerMappingsReadAsXcodeCompiledThem(_ old: String, _ new: String) throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = try ModelFile.load(path: XcodeServer.model(old)).model
    let destination = try ModelFile.load(path: XcodeServer.model(new)).model
    func summary(_ path: String) throws -> [String] {
        let mapping = try MappingFile.load(path: path).resolved(source: source, destination: destination)
        return mapping.entityMappings.flatMap { entity in
            ["\(entity.name) \(entity.sourceEntity ?? "-") -> \(entity.destinationEntity ?? "-") fetch \(entity.sourceExpression ?? "-")"]
                + (entity.attributeMappings + entity.relationshipMappings).map { property in
                    let parsed = property.valueExpression.map { (try? ExpressionParser.parse($0).description) ?? $0 } ?? "-"
                    return "\(entity.name).\(property.name) = \(parsed)"
                }
        }.sorted()
    }
    let xcodes = try summary(XcodeServer.mapping(to: new))
    #expect(xcodes.count > 290)
    #expect(xcodes == (try summary(XcodeServer.compiledMapping(to: new, in: folder))))
}

/// The two stores Core Data wrote with 1.0.0 (copied with their -wal and -shm), migrated to 1.1.0 with
/// Xcode's mapping model through the built binary, on the SQL fast path and on the generic path. The
/// output verifies and keeps every object with its attributes and its links: the fast path keeps the
/// source's keys, so every object and every to-one is compared key for key with the source, and every
/// row of the many-to-many join tables (`Z_9INTEGRATIONS`, 44 rows in the full store) likewise; the
/// relationship new in 1.1.0 (`Issue.inverseTriggerErrors`, `IntegrationIssues.triggerErrors`) is
/// empty. The generic path numbers objects anew and gives the same objects and links by content.
@Test(arguments: XcodeServer.stores)
func xcodeServerStoresMigrateWithXcodesMapping(_ fixture: StoreFixture) throws {
    let (folder, store) = try fixture.copy()
    defer { try? FileManager.default.removeItem(at: folder) }
    let sourceModel = try ModelFile.load(path: XcodeServer.model("1_0_0")).model
    let model = try ModelFile.load(path: XcodeServer.model("1_1_0")).model
    let mapping = try MappingFile.load(path: XcodeServer.mapping(to: "1_1_0")).resolved(source: sourceModel, destination: model)
    var contents: [[String: [String]]] = []
    var joins: [[String: [String]]] = []
    for fastPath in [true, false] {
        let output = folder.appendingPathComponent("out-\(fastPath).sqlite").path
        let result = try runModeldiff(
            [
                "migrate", store.path, "--from", XcodeServer.model("1_0_0"), "--to", XcodeServer.model("1_1_0"),
                "--mapping", XcodeServer.mapping(to: "1_1_0"), "--output", output,
            ] + (fastPath ? [] : ["--no-fast-path"]))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("[SQL fast path]") == fastPath, "\(result.stdout)")
        try expectSoundMigration(output: output, model: model, source: store.path, mapping: mapping)
        let migrated = try PersistentStore.open(path: output)
        let layout = StoreLayout(model: model)
        if fastPath {
            let original = try PersistentStore.open(path: store.path)
            let before = try keyedContents(original, layout: StoreLayout(model: sourceModel))
            var after = try keyedContents(migrated, layout: layout)
            #expect(after.filter { $0.contains("inverseTriggerErrors=") }.allSatisfy { $0.contains("inverseTriggerErrors=nil") })
            after = after.map { $0.replacingOccurrences(of: " inverseTriggerErrors=nil", with: "") }
            #expect(after == before)
            let full = fixture.store.lastPathComponent.contains("full")
            #expect(before.count == (full ? 123 : 0))
            let sourceJoins = try joinRows(original, layout: StoreLayout(model: sourceModel))
            let joinRows = try joinRows(migrated, layout: layout)
            #expect(joinRows == sourceJoins)
            #expect(joinRows["Z_9INTEGRATIONS"]?.count == (full ? 44 : 0))
            #expect(joinRows.values.map(\.count).reduce(0, +) == (full ? 45 : 0))
        }
        contents.append(try storeContents(migrated, layout: layout))
        joins.append(try joinTableContents(migrated, layout: layout))
    }
    #expect(contents[0] == contents[1], "both paths give the same objects")
    #expect(joins[0] == joins[1], "both paths give the same join rows")
}

/// Every object as `Entity pk: attributes | to-ones` with the keys the to-ones hold, sorted.
private func keyedContents(_ store: PersistentStore, layout: StoreLayout) throws -> [String] {
    var lines: [String] = []
    for entity in layout.orderedEntities {
        try store.forEachObject(of: entity, layout: layout, includingSubentities: false) { object in
            let attributes = object.attributes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            let toOnes = object.toOne.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.map { "\($0)" } ?? "nil")" }
            lines.append("\(entity) \(object.id.primaryKey): \(attributes) |" + toOnes.map { " \($0)" }.joined())
        }
    }
    return lines.sorted()
}

/// Every join table's rows as their keys, by table.
private func joinRows(_ store: PersistentStore, layout: StoreLayout) throws -> [String: [String]] {
    var rows: [String: [String]] = [:]
    for join in layout.joinTables {
        rows[join.name] = try store.database.rows("SELECT * FROM \"\(join.name)\"").map { "\($0)" }.sorted()
    }
    return rows
}
