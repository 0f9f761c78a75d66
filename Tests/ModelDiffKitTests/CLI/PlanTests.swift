import Foundation
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
                custom: Model 9 → Model 10: required-attribute-without-default Order.statusKey
                lightweight: Model 10 → Model 31 (22 versions)
                custom: Model 31 → Model 32: relationship-retargeted ProductVariation.attributes
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
}
