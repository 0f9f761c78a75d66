import Foundation
import ModelDiffTestSupport
import Testing

@_spi(CLI) @testable import ModelDiffKit

/// A SwiftData history as a bundle, and its findings, on histories built from real models (XML read by
/// `ModelReader`): the versions' order and names, and each SwiftData code at its Swift source place.
@Suite struct SwiftDataBundleTests {
    static let folder = "App"

    static func place(_ line: Int, _ column: Int = 5, file: String = "App/Schemas.swift") -> SwiftSourceLocation {
        SwiftSourceLocation(path: file, line: line, column: column)
    }

    /// A model of `Note` with `title` and `extra` attributes (XML), read as the reader reads a file.
    static func model(_ attributes: String, path: String = "App/Schemas.swift") throws -> LoadedModel {
        try ModelReader.read(Array(FindingExample.model(#"<entity name="Note">\#(attributes)</entity>"#).utf8), path: path)
    }

    static let title = #"<attribute name="title" optional="YES" attributeType="String"/>"#
    static let requiredTitle = #"<attribute name="title" attributeType="String"/>"#
    static let pinned = #"<attribute name="pinned" attributeType="Boolean" defaultValueString="NO"/>"#

    static func schema(
        _ name: String, _ identifier: [Int]?, _ loaded: LoadedModel, line: Int, outside: [SwiftDataSchema.OutsideModel] = []
    ) -> SwiftDataSchema {
        SwiftDataSchema(name: name, versionIdentifier: identifier, location: place(line, 6), loaded: loaded, outsideModels: outside)
    }

    static func stage(_ kind: SwiftDataStage.Kind, _ from: String, _ to: String, line: Int) -> SwiftDataStage {
        SwiftDataStage(
            name: "migrate\(from)to\(to)", kind: kind, fromVersion: from, toVersion: to, location: place(line, 38), hasWillMigrate: false,
            hasDidMigrate: false)
    }

    static func plan(_ schemas: [String], _ stages: [SwiftDataStage]) -> SwiftDataPlan {
        SwiftDataPlan(
            name: "Plan", location: place(40, 6), schemas: schemas.enumerated().map { .init(name: $1, location: place(41, 10 + 14 * $0)) },
            stages: stages)
    }

    static func history(_ schemas: [SwiftDataSchema], plans: [SwiftDataPlan] = [], live: LoadedModel? = nil) -> SwiftDataHistory {
        SwiftDataHistory(folder: folder, schemas: schemas, liveModels: live, plans: plans, warnings: [])
    }

    static func findings(_ history: SwiftDataHistory) throws -> [Finding] {
        try BundleCheck(bundle: try ModelBundle(swiftData: history)).bundleFindings
    }

    @Test func thePlanOrdersTheVersionsAndItsLastSchemaIsCurrent() throws {
        let v1 = Self.schema("SchemaV1", [1, 0, 0], try Self.model(Self.title), line: 3)
        let v2 = Self.schema("SchemaV2", [2, 0, 0], try Self.model(Self.title + Self.pinned), line: 20)
        // Declared newest first, with identifiers that disagree with the plan: the plan decides.
        let bundle = try ModelBundle(
            swiftData: Self.history(
                [v2, v1], plans: [Self.plan(["SchemaV1", "SchemaV2"], [Self.stage(.lightweight, "SchemaV1", "SchemaV2", line: 43)])]))
        #expect(bundle.versions.map(\.name) == ["SchemaV1", "SchemaV2"])
        #expect(bundle.versionNames == ["SchemaV1", "SchemaV2"])
        #expect(bundle.currentVersionName == "SchemaV2")
        #expect(bundle.isSwiftSource)
        #expect(try Self.findings(Self.history([v2, v1], plans: [Self.plan(["SchemaV1", "SchemaV2"], [])])).isEmpty)
    }

    @Test func aSchemaThePlanDoesNotListIsANoteAndNoVersion() throws {
        let v1 = Self.schema("SchemaV1", [1, 0, 0], try Self.model(Self.title), line: 3)
        let v2 = Self.schema("SchemaV2", [2, 0, 0], try Self.model(Self.title + Self.pinned), line: 20)
        let history = Self.history([v1, v2], plans: [Self.plan(["SchemaV1"], [])])
        let bundle = try ModelBundle(swiftData: history)
        #expect(bundle.versions.map(\.name) == ["SchemaV1"] && bundle.currentVersionName == "SchemaV1")
        let notes = bundle.swiftData?.warnings.filter { $0.severity == .note } ?? []
        #expect(notes.map(\.line) == [20])
        #expect(notes.first?.message.hasPrefix("SchemaV2 is declared, not in the plan: Plan.schemas does not list it") == true)
        #expect(try Self.findings(history).isEmpty)
    }

    @Test func withoutOnePlanTheVersionIdentifiersOrderTheVersions() throws {
        let v10 = Self.schema("SchemaV10", [10, 0, 0], try Self.model(Self.title + Self.pinned), line: 3)
        let v2 = Self.schema("SchemaV2", [2, 0, 0], try Self.model(Self.title), line: 20)
        let bundle = try ModelBundle(swiftData: Self.history([v10, v2]))
        #expect(bundle.versions.map(\.name) == ["SchemaV2", "SchemaV10"])
        #expect(bundle.currentVersionName == "SchemaV10")
    }

    @Test func withoutVersionedSchemasTheLiveModelsAreOneVersionNamedAfterTheFolder() throws {
        let bundle = try ModelBundle(swiftData: Self.history([], live: try Self.model(Self.title)))
        #expect(bundle.versions.map(\.name) == ["App"])
        #expect(throws: Diagnostic.self) { try ModelBundle(swiftData: Self.history([])) }
    }

    @Test func aShippedSchemaNamingALiveClassIsAnErrorAtItsModelsEntry() throws {
        let outside = SwiftDataSchema.OutsideModel(typeName: "Note", location: Self.place(5, 47))
        let v1 = Self.schema("SchemaV1", [1, 0, 0], try Self.model(Self.title), line: 3, outside: [outside])
        let v2 = Self.schema("SchemaV2", [2, 0, 0], try Self.model(Self.title + Self.pinned), line: 20, outside: [outside])
        let found = try Self.findings(Self.history([v1, v2]))
        // The current schema may name the live class; the shipped one may not.
        #expect(found.map(\.code) == [.swiftdataOutsideModel])
        #expect(found.first?.diagnostic.description.hasPrefix("App/Schemas.swift:5:47: error:") == true)
        #expect(found.first?.message.contains("SchemaV1") == true)
    }

    @Test func twoSchemasThatHashAlikeAreAnErrorAtTheLaterOne() throws {
        let v1 = Self.schema("SchemaV1", [1, 0, 0], try Self.model(Self.title), line: 3)
        let v2 = Self.schema("SchemaV2", [2, 0, 0], try Self.model(Self.title), line: 20)
        let found = try Self.findings(Self.history([v1, v2]))
        #expect(found.map(\.code) == [.swiftdataDuplicateChecksum])
        #expect(found.first?.line == 20 && found.first?.column == 6)
    }

    @Test func stagesThatSkipRepeatOrReverseAreErrorsNamingTheStage() throws {
        let models = [
            Self.title, Self.title + Self.pinned,
            Self.title + Self.pinned + #"<attribute name="body" optional="YES" attributeType="String"/>"#,
        ]
        let schemas = try (1...3).map { Self.schema("SchemaV\($0)", [$0, 0, 0], try Self.model(models[$0 - 1]), line: 10 * $0) }
        let names = schemas.map(\.name)
        func codes(_ stages: [SwiftDataStage], schemas listed: [String] = names) throws -> [String] {
            try Self.findings(Self.history(schemas, plans: [Self.plan(listed, stages)])).filter { $0.code == .swiftdataStageOrder }.map(
                \.message)
        }
        let step12 = Self.stage(.lightweight, "SchemaV1", "SchemaV2", line: 43)
        let step23 = Self.stage(.lightweight, "SchemaV2", "SchemaV3", line: 44)
        #expect(try codes([step12, step23]).isEmpty)
        #expect(try codes([Self.stage(.lightweight, "SchemaV1", "SchemaV3", line: 43)]).first?.contains("skips SchemaV2") == true)
        #expect(try codes([step12, step23, step23]).first?.contains("repeats") == true)
        #expect(try codes([Self.stage(.lightweight, "SchemaV2", "SchemaV1", line: 43)]).first?.contains("reverses") == true)
        #expect(try codes([step23, step12]).first?.contains("comes after a stage from a later schema") == true)
        #expect(try codes([step12, step23], schemas: ["SchemaV2", "SchemaV1", "SchemaV3"]).contains { $0.contains("must increase") })
        #expect(try codes([step12, step23], schemas: names + ["SchemaV4"]).contains { $0.contains("SchemaV4, which no VersionedSchema") })
    }

    @Test func aLightweightStageOverAChangeThatIsNotInferableNamesTheCustomStage() throws {
        let v1 = Self.schema("SchemaV1", [1, 0, 0], try Self.model(Self.title), line: 3)
        let v2 = Self.schema("SchemaV2", [2, 0, 0], try Self.model(Self.requiredTitle), line: 20)
        let lightweight = try Self.findings(
            Self.history(
                [v1, v2], plans: [Self.plan(["SchemaV1", "SchemaV2"], [Self.stage(.lightweight, "SchemaV1", "SchemaV2", line: 43)])]))
        #expect(lightweight.map(\.code) == [.swiftdataLightweightNotInferable])
        let message = lightweight.first?.message ?? ""
        #expect(message.contains("optional-to-required-without-default") && message.contains(".custom(") && message.contains("willMigrate"))
        #expect(lightweight.first?.diagnostic.description.hasPrefix("App/Schemas.swift:43:38: error:") == true)
        let custom = try Self.findings(
            Self.history([v1, v2], plans: [Self.plan(["SchemaV1", "SchemaV2"], [Self.stage(.custom, "SchemaV1", "SchemaV2", line: 43)])]))
        #expect(custom.isEmpty)
    }
}
