import Foundation
import ModelDiffTestSupport
import Testing

/// `modeldiff plan`: the staged-migration plan, and its Swift compiled against Core Data's API.
@Suite struct PlanTests {
    /// Type-checks generated Swift against the Core Data stub (`TestModels/CoreDataStub`), in Swift 5 and 6 modes.
    private func typeCheck(_ source: String) throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let stub = Paths.testModels.appendingPathComponent("CoreDataStub/CoreData.swift").path
        let module = try runProcess(
            [
                "/usr/bin/env", "swiftc", "-emit-module", "-module-name", "CoreData", "-parse-as-library", stub,
                "-emit-module-path", folder.appendingPathComponent("CoreData.swiftmodule").path,
            ], in: folder)
        try #require(module.status == 0, "\(module.stderr)")
        let file = folder.appendingPathComponent("Plan.swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        for mode in ["5", "6"] {
            let check = try runProcess(
                [
                    "/usr/bin/env", "swiftc", "-typecheck", "-swift-version", mode, "-parse-as-library", "-warnings-as-errors",
                    "-I", folder.path, file.path,
                ], in: folder)
            #expect(check.status == 0, "Swift \(mode): \(check.stderr)")
        }
    }

    @Test(.tags(.slow), .notInFastTier) func wooCommercePlanGroupsInferableStepsAndCompiles() throws {
        let bundle = Paths.models.appendingPathComponent("woocommerce-ios/WooCommerce.xcdatamodeld").path
        let text = try runModeldiff(["plan", bundle, "--format", "text"])
        #expect(text.status == 0)
        #expect(
            text.stdout == """
                lightweight: Model → Model 9 (9 versions)
                custom: Model 9 → Model 10: mapping model WooCommerceModelV9toV10
                lightweight: Model 10 → Model 32 (23 versions)
                custom: Model 32 → Model 33: required-attribute-without-default Product.date
                lightweight: Model 33 → Model 117 (85 versions)

                """)
        let swift = try runModeldiff(["plan", bundle, "--format", "swift"])
        #expect(swift.status == 0)
        #expect(swift.stdout.components(separatedBy: ": NSManagedObjectModelReference {").count - 1 == 117)
        #expect(swift.stdout.contains(#"reference("Model 117", versionChecksum: ""#))
        #expect(swift.stdout.contains("let stage = NSCustomMigrationStage(migratingFrom: model9, to: model10)"))
        #expect(swift.stdout.contains("[required-attribute-without-default]"))
        try typeCheck(swift.stdout)
    }

    /// A step the team's mapping model migrates is a custom stage that runs the compiled mapping
    /// (`TestModels/History/ReleaseMappings`: release-named Xcode mapping models beside the bundle).
    @Test func mappedStepsRunTheirCompiledMappingAndCompile() throws {
        let swift = try runModeldiff(["plan", "TestModels/History/ReleaseMappings/Shop.xcdatamodeld", "--format", "swift"])
        #expect(swift.status == 0, "\(swift.stderr)")
        #expect(swift.stdout.contains(#"try migrate(manager, from: shop, to: shop2, mappingModel: "Release 2.0")"#))
        #expect(swift.stdout.contains(#"try migrate(manager, from: shop3, to: shop4, mappingModel: "Release 4.0")"#))
        #expect(swift.stdout.contains(#"// with its entity migration policies "ShopItemPolicy":"#))
        #expect(swift.stdout.contains("NSLightweightMigrationStage([shop2.versionChecksum, shop3.versionChecksum])"))
        #expect(swift.stdout.contains(#"bundle.url(forResource: name, withExtension: "cdm")"#))
        try typeCheck(swift.stdout)
    }

    @Test func notesPlanIsOneLightweightStageWithTheRealChecksums() throws {
        let result = try runModeldiff(["plan", "TestModels/Notes.xcdatamodeld", "--type-name", "NotesPlan"])
        #expect(result.status == 0)
        let hashes = try runModeldiff(["hash", "TestModels/Notes.xcdatamodeld"])
        let checksum = try #require(
            hashes.stdout.split(separator: "\n").first { $0.hasPrefix("versionChecksum") }?.split(separator: " ").last)
        #expect(result.stdout.contains(#"reference("Notes 2", versionChecksum: "\#(checksum)")"#))
        #expect(result.stdout.contains("NSLightweightMigrationStage([notes.versionChecksum, notes2.versionChecksum])"))
        #expect(result.stdout.contains("enum NotesPlan {"))
        try typeCheck(result.stdout)
    }

    @Test func wireVersionNamesBecomeIdentifiersAndCompile() throws {
        let bundle = Paths.models.appendingPathComponent("wire-ios-data-model/Resources/zmessaging.xcdatamodeld").path
        let result = try runModeldiff(["plan", bundle])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("static var zmessaging2_101_0: NSManagedObjectModelReference {"))
        try typeCheck(result.stdout)
    }

    @Test func badInputIsOneLine() throws {
        let result = try runModeldiff(["plan", "TestModels/Notes.xcdatamodeld", "--order", "Notes 2,Nope"])
        #expect(result.status == 2)
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
        #expect(result.stderr.contains("Nope"))
    }

    /// Names that would run code or declare things if written raw: a newline that closes the enum in a
    /// version name, a live interpolation in the bundle name, quotes, a keyword and a member's name.
    @Test func hostileNamesAreDataAndTheFileDeclaresOnlyThePlan() throws {
        let hostile = try HostileBundle(
            name: #"M\(print("pwned"))"#, versions: ["V1\n}\nfunc pwned() {", #"class"#, "bundle\"#\u{202E}"])
        defer { try? FileManager.default.removeItem(at: hostile.folder) }
        let result = try runModeldiff(["plan", hostile.bundle.path, "--order", "V1\n}\nfunc pwned() {,class,bundle\"#\u{202E}"])
        #expect(result.status == 0, "\(result.stderr)")
        let source = result.stdout
        // Every name is an escaped literal, in code and in comments.
        #expect(source.contains(#"reference("V1\n}\nfunc pwned() {", versionChecksum: ""#))
        #expect(source.contains(#"private static var momd: String { "M\\(print(\"pwned\")).momd" }"#))
        #expect(source.contains(##"reference("bundle\"#\u{202e}", versionChecksum: ""##))
        #expect(!source.contains("\u{202E}"))
        // Declarations start their lines: none is the model's.
        let declarations = source.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("func ") || $0.hasPrefix("static ") || $0.hasPrefix("private static ") || $0.hasPrefix("enum ") }
        #expect(
            declarations.map { $0.prefix { $0 != ":" && $0 != "(" && $0 != "{" } } == [
                "enum ModelMigrationPlan ", "static var bundle", "private static var momd", "static var v1FuncPwned",
                "static var versionClass", "static var bundle_2", "static func stages", "static func migrationManager",
                "private static func reference",
            ])
        #expect(source.contains("NSCustomMigrationStage(migratingFrom: versionClass, to: bundle_2)"))
        try typeCheck(source)
    }

    @Test(arguments: ["class", "A\nB", "9Lives", "Plan.Type", "", "_", "Ünïcode"])
    func typeNameMustBeAnIdentifier(_ name: String) throws {
        let result = try runModeldiff(["plan", "TestModels/Notes.xcdatamodeld", "--type-name", name])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
        #expect(result.stderr.contains("--type-name must be a Swift identifier"))
    }
}
