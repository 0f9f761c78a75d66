import Foundation
import ModelDiffTestSupport
import Testing

@_spi(CLI) @testable import ModelDiffKit

/// Each failure folder of `TestModels/SwiftData` reads as the fixture describes; the findings on them are
/// the checks' business, these tests only pin what the reader gives them.
@Suite struct SwiftDataFailureFixtureTests {
    private func read(_ name: String) throws -> SwiftDataHistory {
        try SwiftDataReader.read(folder: Paths.testModels.appendingPathComponent("SwiftData/\(name)").path)
    }

    private func attribute(_ name: String, of entity: String, in schema: SwiftDataSchema) throws -> Attribute {
        try #require(schema.loaded.model.entity(named: entity)?.attributes.first { $0.name == name })
    }

    @Test func outsideModelNamesTheLiveClass() throws {
        let history = try read("OutsideModel")
        #expect(history.schemas.map(\.name) == ["SchemaV1", "SchemaV2"])
        let outside = try #require(history.schemas[0].outsideModels.first)
        #expect(history.schemas[0].outsideModels.count == 1)
        #expect(outside.typeName == "Note")
        #expect(outside.location.path.hasSuffix("OutsideModel/SchemaV1.swift"))
        #expect((outside.location.line, outside.location.column) == (10, 10))
        #expect(history.schemas[1].outsideModels.isEmpty)
        // The live class is both the live model and V1's entity; its elements carry the live class's file and lines.
        #expect(history.liveModels?.model.entities.map(\.name) == ["Note"])
        let line = history.schemas[0].loaded.model.entity(named: "Note")?.line
        #expect(line?.value == 6 && line?.file?.hasSuffix("OutsideModel/Note.swift") == true)
        #expect(history.schemas[0].loaded.model.versionHashes() == history.liveModels?.model.versionHashes())
    }

    @Test func equalHashesReadsTwoEqualModels() throws {
        let history = try read("EqualHashes")
        #expect(history.schemas.map(\.name) == ["TasksSchemaV1", "TasksSchemaV2"])
        #expect(history.schemas.map(\.versionIdentifier) == [[1, 0, 0], [1, 1, 0]])
        #expect(history.schemas[0].loaded.model.versionHashes() == history.schemas[1].loaded.model.versionHashes())
        // An inline stage has no name.
        #expect(history.plans.first?.stages.map(\.name) == [nil])
    }

    @Test func stageOrderReadsThreePlansWithTheirFaults() throws {
        let history = try read("StageOrder")
        // `static var versionIdentifier: Schema.Version { .init(2, 0, 0) }` reads too.
        #expect(history.schemas.map(\.versionIdentifier) == [[1, 0, 0], [2, 0, 0], [3, 0, 0]])
        func pairs(_ plan: String) -> [String] {
            history.plans.first { $0.name == plan }?.stages.map { "\($0.fromVersion)→\($0.toVersion)" } ?? []
        }
        #expect(history.plans.map(\.name) == ["SkippingPlan", "RepeatingPlan", "BackwardPlan"])
        #expect(pairs("SkippingPlan") == ["LogSchemaV1→LogSchemaV3"])
        #expect(pairs("RepeatingPlan") == ["LogSchemaV1→LogSchemaV2", "LogSchemaV2→LogSchemaV3", "LogSchemaV2→LogSchemaV3"])
        #expect(pairs("BackwardPlan") == ["LogSchemaV2→LogSchemaV3", "LogSchemaV1→LogSchemaV2"])
        #expect(history.plans.allSatisfy { $0.schemas.map(\.name) == ["LogSchemaV1", "LogSchemaV2", "LogSchemaV3"] })
        #expect(history.warnings.isEmpty)
    }

    @Test func lightweightNotInferableChangesAStringToAnInteger() throws {
        let history = try read("LightweightNotInferable")
        #expect(try attribute("rating", of: "Review", in: history.schemas[0]).type == .string)
        #expect(try attribute("rating", of: "Review", in: history.schemas[1]).type == .integer64)
        #expect(history.plans.first?.stages.map(\.kind) == [.lightweight])
    }

    @Test func uniqueAddedConstrainsEmailInTheSecondSchemaOnly() throws {
        let history = try read("UniqueAdded")
        #expect(history.schemas[0].loaded.model.entity(named: "Contact")?.uniquenessConstraints == [])
        #expect(history.schemas[1].loaded.model.entity(named: "Contact")?.uniquenessConstraints == [["email"]])
    }

    @Test func requiredWithoutDefaultDropsTheOptional() throws {
        let history = try read("RequiredWithoutDefault")
        let before = try attribute("nickname", of: "Player", in: history.schemas[0])
        let after = try attribute("nickname", of: "Player", in: history.schemas[1])
        #expect(before.isOptional && !after.isOptional)
        #expect(!after.hasDefaultValue)
        #expect(try attribute("score", of: "Player", in: history.schemas[1]).defaultValueString == "0")
    }

    @Test func unreadableReadsWithAWarningForEachUnknown() throws {
        let history = try read("Unreadable")
        #expect(history.schemas.count == 2)
        let file = Paths.testModels.appendingPathComponent("SwiftData/Unreadable/Schemas.swift").path
        let foreign = history.warnings.filter { $0.message.contains("Order.shippingAddress") }
        // One per schema, at the property's name.
        #expect(foreign.map { "\($0.path):\($0.line ?? 0):\($0.column ?? 0)" } == ["\(file):19:13", "\(file):39:13"])
        #expect(foreign.allSatisfy { $0.message.contains("PostalAddress") && !$0.message.contains("unconfirmed") })
        #expect(history.warnings.count == 2, "\(history.warnings)")
        // `= Date.now` is a default computed at launch: a default, no warning.
        let placedAt = try attribute("placedAt", of: "Order", in: history.schemas[0])
        #expect(placedAt.type == .date && placedAt.launchDefault == LaunchDefault(expression: "Date.now"))
        let address = try attribute("shippingAddress", of: "Order", in: history.schemas[0])
        #expect(address.type == .transformable && address.isOptional)
        #expect(try attribute("total", of: "Order", in: history.schemas[0]).type == .decimal)
        #expect(try attribute("total", of: "Order", in: history.schemas[0]).defaultValueString == "0")
    }
}
