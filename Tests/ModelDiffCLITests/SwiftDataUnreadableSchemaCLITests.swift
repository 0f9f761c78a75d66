import Foundation
import ModelDiffTestSupport
import Testing

/// Issue 45 item 8: one schema SwiftData cannot build is one finding, as one unreadable version of a
/// `.xcdatamodeld` is (`UnreadableVersionCLITests`), and every other schema is read, hashed and checked.
/// `OneBadSchema`: `SchemaV1.Note` points at the live `Folder`, whose `notes` are the live `Note`, so
/// SchemaV1 reaches two classes named `Note`; SchemaV2 nests its own copies; SchemaV3 is the live classes.
@Suite struct SwiftDataUnreadableSchemaCLITests {
    static let folder = "TestModels/SwiftData/OneBadSchema"
    static let problem =
        "SchemaV1 reaches two classes named Note: SchemaV1.Note (\(folder)/SchemaV1.swift:14), named by SchemaV1.models, "
        + "and Note (\(folder)/Models.swift:6), reached through SchemaV1.Note.folder → Folder.notes → Note; "
        + "a model holds one entity per name, so SwiftData cannot build SchemaV1: nest in SchemaV1 a copy of each class it reaches"

    @Test func versionsListsTheBadSchemaAsUnreadableWithBothDeclarations() throws {
        let result = try runModeldiff(["versions", Self.folder])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout == "  SchemaV1 (unreadable)\n  SchemaV2\n* SchemaV3 (current)\n")
        let errors = result.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(errors == ["\(Self.folder)/SchemaV1.swift:6:6: error: \(Self.problem)"], "\(result.stderr)")
    }

    @Test func checkReportsTheBadSchemaOnceAndChecksTheOtherSteps() throws {
        let check = try runModeldiff(["check", Self.folder, "--verbose"])
        #expect(check.status == 1, "\(check.stdout)\(check.stderr)")
        #expect(
            check.stdout.contains(
                "\(Self.folder)/SchemaV1.swift:6: error: version \"SchemaV1\" cannot be read, so SchemaV1 → SchemaV2 is not checked: "
                    + Self.problem + " [version-unreadable]"),
            "\(check.stdout)")
        #expect(check.stdout.contains("SchemaV2 → SchemaV3: inferable"), "\(check.stdout)")
        #expect(check.stdout.split(separator: "\n").filter { $0.contains(": error: ") }.count == 1, "\(check.stdout)")
    }

    @Test func hashHashesEverySoundSchema() throws {
        let all = try runModeldiff(["hash", "--all-versions", Self.folder])
        #expect(all.status == 1)
        #expect(all.stdout.split(separator: "\n").map { $0.split(separator: " ").first! } == ["SchemaV2", "SchemaV3"], "\(all.stdout)")
        #expect(
            all.stderr.contains(
                "\(Self.folder)/SchemaV1.swift:6:6: error: version \"SchemaV1\" cannot be read, so it is not hashed: \(Self.problem)\n"),
            "\(all.stderr)")
        let current = try runModeldiff(["hash", Self.folder])
        #expect(current.status == 0, "\(current.stderr)")
        #expect(!current.stderr.contains("error:"), "\(current.stderr)")
    }

    @Test func textconvReadsEverySoundSchemaAndRefusesTheBadOne() throws {
        for schema in ["SchemaV2", "SchemaV3"] {
            let dump = try runModeldiff(["textconv", "\(Self.folder)/\(schema)"])
            #expect(dump.status == 0, "\(schema): \(dump.stderr)")
            #expect(dump.stdout.contains("entity Note: class Note"), "\(dump.stdout)")
        }
        let current = try runModeldiff(["textconv", Self.folder])
        #expect(current.status == 0, "\(current.stderr)")
        #expect(current.stdout.contains("  Note.pinned attribute: Boolean"), "\(current.stdout)")
        let bad = try runModeldiff(["textconv", "\(Self.folder)/SchemaV1"])
        #expect(bad.status == 2)
        #expect(bad.stderr == "\(Self.folder)/SchemaV1.swift:6:6: error: \(Self.problem)\n", "\(bad.stderr)")
    }
}
