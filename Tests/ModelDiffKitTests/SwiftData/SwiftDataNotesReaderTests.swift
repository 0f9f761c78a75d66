import Foundation
import ModelDiffTestSupport
import Testing

@_spi(CLI) @testable import ModelDiffKit

/// The Notes fixture: three `VersionedSchema`s, one per file, and a plan with a lightweight and a custom stage.
@Suite struct SwiftDataNotesReaderTests {
    static let folder = Paths.testModels.appendingPathComponent("SwiftData/Notes").path

    private func notes() throws -> SwiftDataHistory { try SwiftDataReader.read(folder: Self.folder) }

    private func schema(_ name: String, in history: SwiftDataHistory) throws -> SwiftDataSchema {
        try #require(history.schemas.first { $0.name == name })
    }

    @Test func readsThreeSchemasInFileOrderAndOnePlan() throws {
        let history = try notes()
        #expect(history.schemas.map(\.name) == ["NotesSchemaV1", "NotesSchemaV2", "NotesSchemaV3"])
        #expect(history.schemas.map(\.versionIdentifier) == [[1, 0, 0], [2, 0, 0], [3, 0, 0]])
        #expect(history.schemas.map(\.location.path) == ["V1", "V2", "V3"].map { "\(Self.folder)/NotesSchema\($0).swift" })
        #expect(history.schemas.allSatisfy { $0.outsideModels.isEmpty })
        // Every type the fixture uses is one the table decides: nothing to warn about.
        #expect(history.warnings.isEmpty, "\(history.warnings)")
        #expect(history.schemas.allSatisfy { $0.loaded.notes.isEmpty })
        // `typealias Note = NotesSchemaV3.Note` declares no class: there is no live model.
        #expect(history.liveModels == nil)
        let plan = try #require(history.plans.first)
        #expect(history.plans.count == 1)
        #expect(plan.name == "NotesMigrationPlan")
        #expect(plan.schemas.map(\.name) == ["NotesSchemaV1", "NotesSchemaV2", "NotesSchemaV3"])
        #expect(plan.stages.map(\.name) == ["migrateV1toV2", "migrateV2toV3"])
        #expect(plan.stages.map(\.kind) == [.lightweight, .custom])
        #expect(plan.stages.map(\.fromVersion) == ["NotesSchemaV1", "NotesSchemaV2"])
        #expect(plan.stages.map(\.toVersion) == ["NotesSchemaV2", "NotesSchemaV3"])
        #expect(plan.stages.map(\.hasWillMigrate) == [false, true])
        #expect(plan.stages.map(\.hasDidMigrate) == [false, false])
        let stage = plan.stages[0]
        #expect(stage.location.path == "\(Self.folder)/NotesMigrationPlan.swift")
        #expect((stage.location.line, stage.location.column) == (15, 46))
    }

    @Test func firstSchemaHasTheTableTypesDefaultsAndRelationships() throws {
        let model = try schema("NotesSchemaV1", in: notes()).loaded.model
        #expect(model.entities.map(\.name) == ["Note", "Folder"])
        let note = try #require(model.entity(named: "Note"))
        // Stored `var`s only: the computed `isEmpty` is not in the model.
        #expect(note.attributes.map(\.name) == ["id", "title", "body", "createdAt", "isPinned"])
        #expect(note.attributes.map(\.type) == [.uuid, .string, .string, .date, .boolean])
        #expect(note.attributes.map(\.isOptional) == [false, false, false, false, false])
        #expect(note.attributes.map(\.defaultValueString) == [nil, "", "", nil, "NO"])
        #expect(note.uniquenessConstraints == [["id"]])
        let folder = try #require(note.relationships.first)
        #expect(folder.name == "folder" && folder.destinationEntity == "Folder")
        #expect(folder.isOptional && !folder.isToMany && folder.maxCount == 1)
        #expect(folder.inverseName == "notes" && folder.inverseEntity == "Folder")
        #expect(folder.deleteRule == .nullify)
        let folderEntity = try #require(model.entity(named: "Folder"))
        #expect(folderEntity.attributes.map(\.name) == ["name"])
        #expect(folderEntity.uniquenessConstraints == [["name"]])
        let notes = try #require(folderEntity.relationships.first)
        #expect(notes.name == "notes" && notes.destinationEntity == "Note")
        #expect(notes.isToMany && !notes.isOrdered && !notes.isOptional && notes.maxCount == 0)
        #expect(notes.inverseName == "folder" && notes.deleteRule == .cascade)
    }

    @Test func secondSchemaReadsItsExtensionIndexesEnumAndExternalStorage() throws {
        let history = try notes()
        let model = try schema("NotesSchemaV2", in: history).loaded.model
        let note = try #require(model.entity(named: "Note"))
        // `@Transient var isSelected` is not in the model.
        #expect(!note.propertyNames.contains("isSelected"))
        let byName = Dictionary(uniqueKeysWithValues: note.attributes.map { ($0.name, $0) })
        #expect(byName["editedAt"]?.isOptional == true && byName["editedAt"]?.type == .date)
        #expect(byName["wordCount"]?.type == .integer64 && byName["wordCount"]?.defaultValueString == "0")
        #expect(byName["attachment"]?.type == .binary && byName["attachment"]?.allowsExternalBinaryDataStorage == true)
        #expect(byName["attachment"]?.isOptional == true)
        // `Priority: Int, Codable` read as its raw value, `Priority.normal` as 1.
        #expect(byName["priority"]?.type == .integer64 && byName["priority"]?.defaultValueString == "1")
        #expect(note.fetchIndexes.map { $0.elements.map(\.property) } == [["createdAt"], ["title", "isPinned"]])
        #expect(note.fetchIndexes.allSatisfy { $0.elements.allSatisfy { $0.type == "Binary" } })
        // The entity's line is the class's, in the schema's file.
        #expect(note.line.value == 17)
    }

    @Test func thirdSchemaRenamesBodyThroughOriginalName() throws {
        let model = try schema("NotesSchemaV3", in: notes()).loaded.model
        let text = try #require(model.entity(named: "Note")?.attributes.first { $0.name == "text" })
        #expect(text.renamingIdentifier == "body" && text.canonicalName == "body")
        #expect(model.entity(named: "Note")?.attributes.contains { $0.name == "body" } == false)
        let folder = try #require(model.entity(named: "Folder"))
        #expect(folder.attributes.map(\.name) == ["name", "colorHex", "sortOrder"])
        #expect(folder.attributes.map(\.isOptional) == [false, true, false])
        #expect(model.versionIdentifier == "3.0.0")
    }

    @Test func everySchemaHashesApart() throws {
        // modeldiff's own hashes of the converted models, not Core Data's: only that they differ is checked.
        let hashes = try notes().schemas.map { $0.loaded.model.versionHashes() }
        #expect(hashes[0] != hashes[1] && hashes[1] != hashes[2] && hashes[0] != hashes[2])
    }
}
