import Foundation
import ModelDiffTestSupport
import Testing

@_spi(CLI) @testable import ModelDiffKit

/// The reader on small sources written for each rule: errors, folder detection, the type table,
/// inferred inverses, inheritance and composites.
@Suite struct SwiftDataReaderSourceTests {
    /// Writes `files` (path inside the folder → text) to a new folder and reads it.
    private func read(_ files: [String: String]) throws -> SwiftDataHistory {
        let folder = try write(files)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try SwiftDataReader.read(folder: folder.path)
    }

    private func write(_ files: [String: String]) throws -> URL {
        let folder = try Paths.temporaryDirectory()
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return folder
    }

    /// One schema `V1` whose models are the classes of `body`, nested in it.
    private func schema(_ body: String, models: String) -> String {
        """
        import SwiftData
        enum V1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [\(models)] }
        \(body)
        }
        """
    }

    @Test func aSyntaxErrorIsOneDiagnosticAtItsPlace() throws {
        let folder = try write([
            "A.swift": "import SwiftData\n", "B.swift": "enum V1: VersionedSchema {\n    static var models = [Note.self\n}\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            _ = try SwiftDataReader.read(folder: folder.path)
            Issue.record("a file that does not parse was read")
        } catch {
            #expect(error.path == folder.path + "/B.swift")
            // Where the bracket is missing: right after the last element, as the compiler reports it.
            #expect(error.line == 2 && error.column == 35, "\(error)")
            #expect(error.severity == .error && error.message.hasPrefix("Swift source does not parse: expected ']'"))
        }
    }

    @Test func aFolderWithoutSwiftFilesIsAnError() throws {
        let folder = try write(["notes.txt": "no Swift here", ".build/debug/X.swift": "enum X {}", ".hidden/Y.swift": "enum Y {}"])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(!SwiftDataReader.isSwiftSourceFolder(folder.path))
        #expect(throws: Diagnostic.self) { try SwiftDataReader.read(folder: folder.path) }
        do {
            _ = try SwiftDataReader.read(folder: folder.path)
        } catch {
            #expect(error.path == folder.path && error.message.contains("no Swift source file"))
        }
    }

    @Test func swiftSourceFoldersAreTellable() throws {
        #expect(SwiftDataReader.isSwiftSourceFolder(Paths.testModels.appendingPathComponent("SwiftData").path))
        #expect(SwiftDataReader.isSwiftSourceFolder(Paths.testModels.appendingPathComponent("SwiftData/Notes").path))
        #expect(!SwiftDataReader.isSwiftSourceFolder(Paths.testModels.appendingPathComponent("Notes.xcdatamodeld").path))
        #expect(!SwiftDataReader.isSwiftSourceFolder(Paths.testModels.appendingPathComponent("SwiftData/Notes/Live.swift").path))
        let folder = try write(["Model.xcdatamodeld/Stray.swift": "enum X {}"])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(!SwiftDataReader.isSwiftSourceFolder(folder.appendingPathComponent("Model.xcdatamodeld").path))
    }

    @Test func everyScalarTypeMapsAsTheTableSays() throws {
        let fields: [(String, String, AttributeType)] = [
            ("a", "String", .string), ("b", "Bool", .boolean), ("c", "Int", .integer64), ("d", "Int8", .integer16),
            ("e", "Int16", .integer16), ("f", "Int32", .integer32), ("g", "Int64", .integer64), ("h", "UInt8", .integer16),
            ("i", "UInt32", .integer64), ("j", "UInt16", .integer32), ("jj", "Double", .double), ("k", "Float", .float),
            ("l", "Decimal", .decimal),
            ("m", "Date", .date), ("n", "Data", .binary), ("o", "UUID", .uuid), ("p", "URL", .uri), ("q", "Foundation.Date", .date),
            ("r", "Optional<Int>", .integer64), ("s", "[String]", .transformable), ("t", "[String: Int]", .transformable),
        ]
        let body = "@Model final class Item {\n" + fields.map { "    var \($0.0): \($0.1)" }.joined(separator: "\n") + "\n}"
        let history = try read(["V1.swift": schema(body, models: "Item.self")])
        let item = try #require(history.schemas.first?.loaded.model.entity(named: "Item"))
        #expect(item.attributes.map(\.name) == fields.map(\.0))
        #expect(item.attributes.map(\.type) == fields.map(\.2))
        #expect(item.attributes.map(\.isOptional) == fields.map { $0.1.hasPrefix("Optional") })
        // Only the collections' storage is unconfirmed.
        #expect(history.warnings.map { $0.message.contains("unconfirmed") } == [true, true])
        #expect(history.warnings.allSatisfy { $0.message.contains("Item.s ") || $0.message.contains("Item.t ") })
    }

    @Test func attributeOptionsAndLiteralDefaultsMapToTheirFields() throws {
        let body = """
                @Model final class Item {
                    @Attribute(.unique, .spotlight, .allowsCloudEncryption, .preserveValueOnDeletion, originalName: "old", hashModifier: "v2")
                    var name: String = "a \\"b\\""
                    @Attribute(.ephemeral) var draft: Int = -3
                    @Attribute(.transformable(by: ColorTransformer.self)) var color: Data?
                    var ratio = 0.5
                    var flag: Bool = true
                    var stamp: Date = Date(timeIntervalSinceReferenceDate: 60)
                    var kind: Kind = .b
                    var identifier: UUID = UUID()
                }
                enum Kind: String, Codable { case a, b = "bee" }
            """
        let history = try read(["V1.swift": schema(body, models: "Item.self")])
        let item = try #require(history.schemas.first?.loaded.model.entity(named: "Item"))
        let byName = Dictionary(uniqueKeysWithValues: item.attributes.map { ($0.name, $0) })
        let name = try #require(byName["name"])
        #expect(name.isIndexedBySpotlight && name.allowsCloudEncryption && name.preservesValueInHistoryOnDeletion)
        #expect(name.renamingIdentifier == "old" && name.versionHashModifier == "v2" && name.defaultValueString == "a \"b\"")
        #expect(item.uniquenessConstraints == [["name"]])
        #expect(byName["draft"]?.isTransient == true && byName["draft"]?.defaultValueString == "-3")
        #expect(byName["color"]?.type == .transformable && byName["color"]?.valueTransformerName == "ColorTransformer")
        #expect(byName["ratio"]?.type == .double && byName["ratio"]?.defaultValueString == "0.5")
        #expect(byName["flag"]?.defaultValueString == "YES")
        #expect(byName["stamp"]?.defaultDateTimeInterval == "60")
        #expect(byName["kind"]?.type == .string && byName["kind"]?.defaultValueString == "bee")
        #expect(byName["identifier"]?.launchDefault == LaunchDefault(expression: "UUID()"))
        #expect(byName["identifier"]?.defaultValueString == nil && byName["identifier"]?.hasDefaultValue == true)
        #expect(!history.warnings.contains { $0.message.contains("Item.identifier") }, "\(history.warnings)")
    }

    @Test func anInverseIsInferredOnlyBetweenOneOptionalPair() throws {
        let body = """
                @Model final class School {
                    var students: [Student] = []
                    @Relationship(deleteRule: .deny, minimumModelCount: 1, maximumModelCount: 40) var teachers: [Teacher] = []
                }
                @Model final class Student { var school: School? }
                @Model final class Teacher { var school: School }
            """
        let history = try read(["V1.swift": schema(body, models: "School.self")])
        let model = try #require(history.schemas.first?.loaded.model)
        // Student and Teacher are reached through School's relationships.
        #expect(model.entities.map(\.name) == ["School", "Student", "Teacher"])
        let school = try #require(model.entity(named: "School"))
        #expect(school.relationships.map(\.inverseName) == ["school", nil])
        #expect(model.entity(named: "Student")?.relationships.first?.inverseName == "students")
        // A required to-one side is not paired (SwiftData cannot keep both sides in step).
        #expect(model.entity(named: "Teacher")?.relationships.first?.inverseName == nil)
        let teachers = try #require(school.relationships.last)
        #expect(teachers.deleteRule == .deny && teachers.minCount == 1 && teachers.maxCount == 40)
    }

    @Test func aModelSuperclassIsTheParentEntity() throws {
        let body = """
                @Model class Animal { var name: String = "" }
                @Model final class Dog: Animal { var breed: String? }
            """
        let history = try read(["V1.swift": schema(body, models: "Dog.self")])
        let model = try #require(history.schemas.first?.loaded.model)
        #expect(model.entities.map(\.name) == ["Dog", "Animal"])
        #expect(model.entity(named: "Dog")?.parentEntity == "Animal")
        #expect(model.entity(named: "Dog")?.attributes.map(\.name) == ["breed"])
    }

    @Test func aCodableStructIsAComposite() throws {
        let body = """
                struct Address: Codable { var street: String; var zip: Int?; var extra: [String] = [] }
                @Model final class Shop { var address: Address? }
            """
        let history = try read(["V1.swift": schema(body, models: "Shop.self")])
        let model = try #require(history.schemas.first?.loaded.model)
        let address = try #require(model.entity(named: "Shop")?.attributes.first)
        #expect(address.type == .composite && address.compositeName == "Address" && address.isOptional)
        #expect(model.composites.map(\.name) == ["Address"])
        #expect(model.composites.first?.attributes.map(\.type) == [.string, .integer64, .transformable])
        #expect(model.composites.first?.attributes.map(\.isOptional) == [false, true, false])
    }

    @Test func aModelTheValidatorRefusesIsAnErrorInTheSchemasFile() throws {
        let body = """
                @Model final class Note { @Relationship(inverse: \\Folder.missing) var folder: Folder? }
                @Model final class Folder { var name: String = "" }
            """
        let folder = try write(["Sources/V1.swift": schema(body, models: "Note.self")])
        defer { try? FileManager.default.removeItem(at: folder) }
        // The schema is unreadable, the rest of the folder is read; as the current schema, its problem stops the bundle.
        let history = try SwiftDataReader.read(folder: folder.path)
        #expect(history.schemas.isEmpty && history.unreadableSchemas.map(\.name) == ["V1"])
        let problem = try #require(history.unreadableSchemas.first?.problem)
        #expect(problem.path == folder.path + "/Sources/V1.swift" && problem.line == 5)
        #expect(problem.message.contains("\"Folder.missing\", which does not exist"))
        #expect(throws: problem) { try ModelBundle.load(path: folder.path, keepingUnreadable: true) }
    }

    @Test func namesResolveInsideTheSchemaFirstThenAtTopLevel() throws {
        let files = [
            "Live.swift": "import SwiftData\n@Model final class Tag { var label: String = \"\" }\ntypealias Pin = V1.Pin\n",
            "V1.swift": schema(
                "    @Model final class Pin { var tag: Tag? }\n    @Model final class Tag { var title: String = \"\" }",
                models: "Pin.self, Tag.self"),
            "V2.swift": """
            import SwiftData
            enum V2: VersionedSchema {
                static let versionIdentifier: Schema.Version = .init(2, 0, 0)
                static var models: [any PersistentModel.Type] { [Pin.self, makeType()] }
            }
            enum V3: VersionedSchema {
                static var versionIdentifier = Schema.Version(3, 0, 0)
                static var models: [any PersistentModel.Type] { [Tag.self] }
            }
            """,
        ]
        let history = try read(files)
        let first = try #require(history.schemas.first { $0.name == "V1" })
        #expect(first.outsideModels.isEmpty)
        #expect(first.loaded.model.entity(named: "Tag")?.attributes.map(\.name) == ["title"])
        let second = try #require(history.schemas.first { $0.name == "V2" })
        // V2 nests nothing: `Pin` is the alias of V1's, outside it (named by its declaration), and reaches V1's `Tag`.
        #expect(second.outsideModels.map(\.typeName) == ["V1.Pin"])
        #expect(second.loaded.model.entity(named: "Tag")?.attributes.map(\.name) == ["title"])
        // V3's `Tag` is the live class.
        let third = try #require(history.schemas.first { $0.name == "V3" })
        #expect(third.outsideModels.map(\.typeName) == ["Tag"])
        #expect(third.loaded.model.entity(named: "Tag")?.attributes.map(\.name) == ["label"])
        #expect(history.warnings.contains { $0.message.contains("entry that is not X.self (makeType())") })
        #expect(history.liveModels?.model.entities.map(\.name) == ["Tag"])
    }
}

/// Types left to a call's value, stage spellings and the files the reader does not follow.
@Suite struct SwiftDataReaderSpellingTests {
    private func read(_ files: [String: String]) throws -> SwiftDataHistory {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (path, text) in files {
            try text.write(to: folder.appendingPathComponent(path), atomically: true, encoding: .utf8)
        }
        return try SwiftDataReader.read(folder: folder.path)
    }

    @Test func aPropertyTypedByItsInitialCallIsReadWithADefaultComputedAtLaunch() throws {
        let source = """
            import SwiftData
            enum V1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Item.self] }
                @Model final class Item {
                    var id = UUID()
                    var createdAt = Date.now
                    var mystery = makeValue()
                }
            }
            """
        let history = try read(["V1.swift": source])
        let item = try #require(history.schemas.first?.loaded.model.entity(named: "Item"))
        #expect(item.attributes.map(\.name) == ["id", "createdAt"])
        #expect(item.attributes.map(\.type) == [.uuid, .date])
        // The macro copies each initializer into the schema as the default: known only at launch.
        #expect(item.attributes.map(\.launchDefault) == [LaunchDefault(expression: "UUID()"), LaunchDefault(expression: "Date.now")])
        #expect(item.attributes.allSatisfy { $0.hasDefaultValue && $0.defaultValueString == nil })
        #expect(history.warnings.count == 1, "\(history.warnings)")
        #expect(history.warnings.contains { $0.message.contains("the type of Item.mystery is neither written nor a literal's") })
    }

    @Test func stagesAreReadInEverySpelling() throws {
        let source = """
            import SwiftData
            enum A: VersionedSchema {
                static var versionIdentifier: Schema.Version { get { Schema.Version(1, 0, 0) } }
                static var models: [any PersistentModel.Type] { return [] }
            }
            enum B: VersionedSchema {
                static var versionIdentifier = Schema.Version(2, 0, 0)
                static var models: [any PersistentModel.Type] { [] }
            }
            enum C: VersionedSchema {
                static var versionIdentifier = Schema.Version(3, 0, 0)
                static var models: [any PersistentModel.Type] { [] }
            }
            enum Plan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [A.self, B.self, C.self] }
                static var stages: [MigrationStage] {
                    [
                        Self.first, Stages.second,
                        MigrationStage.custom(fromVersion: A.self, toVersion: C.self, willMigrate: nil) { _ in }, unknown,
                    ]
                }
                static let first = MigrationStage.custom(fromVersion: A.self, toVersion: B.self, willMigrate: { _ in }, didMigrate: { _ in })
            }
            enum Stages {
                static let second = MigrationStage.lightweight(fromVersion: B.self, toVersion: C.self)
            }
            """
        let history = try read(["Plan.swift": source])
        #expect(history.schemas.map(\.versionIdentifier) == [[1, 0, 0], [2, 0, 0], [3, 0, 0]])
        let stages = try #require(history.plans.first?.stages)
        #expect(stages.map(\.name) == ["first", "second", nil])
        #expect(stages.map(\.kind) == [.custom, .lightweight, .custom])
        #expect(stages.map(\.hasWillMigrate) == [true, false, false])
        // A trailing closure is `didMigrate`.
        #expect(stages.map(\.hasDidMigrate) == [true, false, true])
        #expect(
            history.warnings.map(\.message) == [
                "Plan.stages has an entry the reader cannot resolve to a MigrationStage (unknown): left out"
            ])
        #expect(history.warnings.first?.line == 19 && history.warnings.first?.column == 103)
    }

    @Test func symbolicLinksAreNotFollowed() throws {
        let outside = try Paths.temporaryDirectory()
        let folder = try Paths.temporaryDirectory()
        defer {
            try? FileManager.default.removeItem(at: outside)
            try? FileManager.default.removeItem(at: folder)
        }
        try "enum Elsewhere: VersionedSchema {}".write(to: outside.appendingPathComponent("X.swift"), atomically: true, encoding: .utf8)
        try "import SwiftData\n".write(to: folder.appendingPathComponent("A.swift"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("linked"), withDestinationURL: outside)
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("B.swift"), withDestinationURL: outside.appendingPathComponent("X.swift"))
        #expect(try SwiftDataReader.sourceFiles(in: folder.path) == [folder.path + "/A.swift"])
        #expect(try SwiftDataReader.read(folder: folder.path).schemas.isEmpty)
    }
}

/// A schema whose nested model points to a class declared outside it.
@Test func aClassReachedFromOutsideTheSchemaIsAWarning() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = """
        import SwiftData
        @Model final class Folder { var name: String = "" }
        enum V1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Note.self] }
            @Model final class Note { var folder: Folder? }
        }
        """
    try source.write(to: folder.appendingPathComponent("V1.swift"), atomically: true, encoding: .utf8)
    let history = try SwiftDataReader.read(folder: folder.path)
    let schema = try #require(history.schemas.first)
    #expect(schema.outsideModels.isEmpty)
    #expect(schema.loaded.model.entities.map(\.name) == ["Note", "Folder"])
    let warning = try #require(history.warnings.first)
    #expect(history.warnings.count == 1)
    #expect((warning.line, warning.column) == (2, 20))
    #expect(warning.message.hasPrefix("Folder is declared outside V1 and reached from its models"))
}
