import Foundation
import ModelDiffTestSupport
import Testing

/// A Swift source is data: a file nested past what swift-syntax's lookahead can take (exponential time,
/// or a stack overflow) is one line and exit status 2, never a hang or a crash.
@Test func swiftSourceNestedTooDeepIsOneLineAndExitTwo() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let sources = folder.appendingPathComponent("Models")
    try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
    for (name, text) in [
        ("Brackets", "let x = " + String(repeating: "[(", count: 40) + String(repeating: ")]", count: 40)),
        ("Generics", "let x: " + String(repeating: "Array<", count: 20_000) + "Int" + String(repeating: ">", count: 20_000)),
    ] {
        try? FileManager.default.removeItem(at: sources.appendingPathComponent("Deep.swift"))
        try Data(text.utf8).write(to: sources.appendingPathComponent("Deep.swift"))
        let check = try runModeldiff(["check", "Models"], in: folder)
        #expect(check.status == 2, "\(name): \(check.stderr)")
        #expect(check.stdout == "")
        #expect(check.stderr.hasPrefix("Models/Deep.swift:1:"), "\(name): \(check.stderr)")
        #expect(check.stderr.contains(": error: brackets"), "\(name): \(check.stderr)")
        #expect(check.stderr.split(separator: "\n").count == 1, "\(name): \(check.stderr)")
    }
}

/// A chain without brackets nests too: `else if` chains, runs of `try`/`await`, `->` chains and `#if`
/// levels make swift-syntax's parser recurse once each, and postfix chains (`.b`, `!`, `?`, `()`, `[0]`,
/// `.self`, `Int???`) make a tree as deep as they are long, which every walk recurses through. Each is one
/// line at its place and exit status 2 in every command that reads Swift, never a stack overflow.
@Test(.tags(.slow), .notInFastTier) func swiftChainsWithoutBracketsAreOneLineAndExitTwo() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let sources = folder.appendingPathComponent("Models")
    try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
    let shapes: [(String, String, String)] = [
        ("else if", "func f() { if a {}" + String(repeating: " else if a {}", count: 10_000) + " }\n", "`else if` in one chain"),
        ("try", "func f() { let x = " + String(repeating: "try ", count: 10_000) + "a }\n", "prefix keywords"),
        ("await", "func f() async { let x = " + String(repeating: "await ", count: 10_000) + "a }\n", "prefix keywords"),
        ("arrow", "var f: " + String(repeating: "() -> ", count: 10_000) + "Int\n", "`->` in one chain"),
        ("#if", String(repeating: "#if a\n", count: 5_000) + String(repeating: "#endif\n", count: 5_000), "nest more than 256"),
        (".b", "let x = a" + String(repeating: ".b", count: 50_000) + "\n", "nests more than 2000 levels"),
        ("!", "let x = a" + String(repeating: "!", count: 50_000) + "\n", "nests more than 2000 levels"),
        ("?", "let x = a" + String(repeating: "?.b", count: 50_000) + "\n", "nests more than 2000 levels"),
        ("()", "let x = a" + String(repeating: "()", count: 50_000) + "\n", "nests more than 2000 levels"),
        ("[0]", "let x = a" + String(repeating: "[0]", count: 50_000) + "\n", "nests more than 2000 levels"),
        (".self", "let x = a" + String(repeating: ".self", count: 50_000) + "\n", "nests more than 2000 levels"),
        ("Int???", "var x: Int" + String(repeating: "?", count: 50_000) + "\n", "nests more than 2000 levels"),
        ("A.B", "var x: A" + String(repeating: ".B", count: 50_000) + "\n", "nests more than 2000 levels"),
    ]
    for (name, text, message) in shapes {
        try Data(text.utf8).write(to: sources.appendingPathComponent("Deep.swift"))
        let check = try runModeldiff(["check", "Models"], in: folder)
        #expect(check.status == 2, "\(name): \(check.stderr)")
        #expect(check.stdout == "")
        #expect(check.stderr.hasPrefix("Models/Deep.swift:"), "\(name): \(check.stderr)")
        #expect(check.stderr.contains(": error: ") && check.stderr.contains(message), "\(name): \(check.stderr)")
        #expect(check.stderr.split(separator: "\n").count == 1, "\(name): \(check.stderr)")
    }
    // Every command that reads Swift sources stops at the same line.
    try Data(shapes[0].1.utf8).write(to: sources.appendingPathComponent("Deep.swift"))
    for arguments in [
        ["versions", "Models"], ["hash", "Models"], ["plan", "Models"], ["test", "Models"], ["diff", "Models", "Models"],
    ] {
        let result = try runModeldiff(arguments, in: folder)
        #expect(result.status == 2, "\(arguments): \(result.stderr)")
        #expect(
            result.stderr.contains("Models/Deep.swift:1:") && result.stderr.contains("`else if` in one chain"),
            "\(arguments): \(result.stderr)")
    }
}

/// Issue 44 item 8: what the compiler reads is what the reader reads.
@Suite struct SwiftDataSourceReadingCLITests {
    @Test func aSchemaDeclaredTwiceIsAnErrorNamingBoth() throws {
        let result = try runModeldiff(["check", "TestModels/SwiftData/DuplicateSchema"])
        #expect(result.status == 2)
        #expect(
            result.stderr.hasPrefix(
                "TestModels/SwiftData/DuplicateSchema/Second.swift:3:6: error: ItemsSchemaV1 is declared twice, here and at "
                    + "TestModels/SwiftData/DuplicateSchema/First.swift:4:6: "), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }

    @Test func versionIdentifiersInEveryIntegerLiteralFormOrderTheSchemas() throws {
        let result = try runModeldiff(["versions", "TestModels/SwiftData/VersionLiterals"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "  ItemsSchemaB\n* ItemsSchemaA (current)\n")
        #expect(!result.stderr.contains("is not a Schema.Version"), "\(result.stderr)")
        let hash = try runModeldiff(["textconv", "TestModels/SwiftData/VersionLiterals"])
        #expect(hash.stdout.hasPrefix(#"model: userDefinedModelVersionIdentifier "2.0.0""#), "\(hash.stdout)")
    }

    @Test func onlyWhatABuildConfigurationCompilesIsRead() throws {
        let result = try runModeldiff(["versions", "TestModels/SwiftData/IfFalse"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "* ItemsSchemaV1 (current)\n")
    }

    @Test func backtickedNamesLoseTheirBackticksAndLetPropertiesAreStored() throws {
        let result = try runModeldiff(["textconv", "TestModels/SwiftData/BacktickLet"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("  Part.default attribute: Boolean, default \"NO\""), "\(result.stdout)")
        #expect(lines.contains("  Part.id attribute: UUID, a default computed at launch (UUID())"), "\(result.stdout)")
        #expect(lines.contains("  Part.serial attribute: String"), "\(result.stdout)")
        #expect(!result.stdout.contains("`"), "\(result.stdout)")
    }
}

/// Issue 44 item 9: live @Model classes that do not form a model are refused for what is wrong with them.
@Test func liveModelsThatDoNotFormAModelSayWhy() throws {
    let result = try runModeldiff(["check", "TestModels/SwiftData/LiveDanglingInverse"])
    #expect(result.status == 2)
    #expect(!result.stderr.contains("declares no @Model class"), "\(result.stderr)")
    let errors = result.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
    #expect(errors.count == 1, "\(result.stderr)")
    #expect(
        errors.first?.hasPrefix("TestModels/SwiftData/LiveDanglingInverse/Models.swift:") == true
            && errors.first?.contains("the @Model classes outside every VersionedSchema do not form a model: ") == true,
        "\(result.stderr)")
}

/// Issue 45 item 2: `\S1.Note.tags` is property `tags` of `Note`, as Swift resolves it.
@Test func fullyQualifiedKeyPathsNameTheirLastProperty() throws {
    let result = try runModeldiff(["textconv", "TestModels/SwiftData/QualifiedKeyPath"])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(
        lines.contains { $0.hasPrefix("  Tag.notes relationship: to-many Note") && $0.contains("inverse Note.tags") }, "\(result.stdout)")
    #expect(
        lines.contains { $0.hasPrefix("  Note.tags relationship: to-many Tag") && $0.contains("inverse Tag.notes") }, "\(result.stdout)")
    let check = try runModeldiff(["check", "TestModels/SwiftData/QualifiedKeyPath"])
    #expect(check.status == 0, "\(check.stderr)")
}

/// Issue 45 item 4: a property typed only by its initializer is stored with the type Swift infers.
@Test func propertiesTypedByTheirInitializerAreStored() throws {
    let result = try runModeldiff(["textconv", "TestModels/SwiftData/InferredTypes"])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.hasPrefix("  Settings.provider attribute: String") }, "\(result.stdout)")
    #expect(lines.contains { $0.hasPrefix("  Settings.tags attribute: ") }, "\(result.stdout)")
    #expect(lines.contains { $0.hasPrefix("  Settings.score attribute: Double") }, "\(result.stdout)")
    #expect(lines.contains { $0.hasPrefix("  Settings.name attribute: String") }, "\(result.stdout)")
    #expect(!result.stderr.contains("neither written nor a literal's"), "\(result.stderr)")
}

/// Issue 45 item 5: top-level and nested typealiases, in another file of the folder, are followed.
@Test func typeAliasesAreFollowedToTheTypeTheyName() throws {
    let result = try runModeldiff(["textconv", "TestModels/SwiftData/TypeAliases"])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.hasPrefix("  Ingredient.share attribute: Double") }, "\(result.stdout)")
    #expect(lines.contains { $0.hasPrefix("  Ingredient.key attribute: UUID") }, "\(result.stdout)")
    #expect(lines.contains { $0.hasPrefix("  Ingredient.weight attribute: Integer 32") }, "\(result.stdout)")
    #expect(!result.stderr.contains("not declared in the folder"), "\(result.stderr)")
}

/// Issue 44 item 9: a symbolic link to a Swift source folder is that folder, not a bundle without versions.
@Test func aSymbolicLinkToASwiftSourceFolderIsRead() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createSymbolicLink(
        at: folder.appendingPathComponent("Models"), withDestinationURL: Paths.testModels.appendingPathComponent("SwiftData/UniqueAdded"))
    let result = try runModeldiff(["versions", "Models"], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "  ContactsSchemaV1\n* ContactsSchemaV2 (current)\n")
    #expect(!result.stderr.contains("holds no .xcdatamodel"), "\(result.stderr)")
}

/// Issue 44 item 9: `plan` on nested schemas writes the plan with their qualified names, not "this folder has none".
@Test func planWritesNestedSchemasByTheirQualifiedNames() throws {
    let result = try runModeldiff(["plan", "TestModels/SwiftData/NestedSchemas", "--format", "swift"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("[Schemas.V1.self, Schemas.V2.self]"), "\(result.stdout)")
    #expect(result.stdout.contains("static let migrateSchemas_V1ToSchemas_V2 = MigrationStage.lightweight("), "\(result.stdout)")
    #expect(!result.stderr.contains("has none"), "\(result.stderr)")
}
