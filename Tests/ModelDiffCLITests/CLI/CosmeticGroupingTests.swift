import Foundation
import ModelDiffTestSupport
import Testing

/// Cosmetic changes of one kind are one line per entity in `diff` and in `check`'s notes (issue 16
/// item 8): Wire's 2.15 → 2.17 step, where a new Xcode wrote `usesScalarValueType="NO"` on every
/// scalar attribute, was a line per attribute.
@Suite struct CosmeticGroupingTests {
    private let bundle = "../shared/models/wire-ios-data-model/Resources/zmessaging.xcdatamodeld"
    private var old: String { "\(bundle)/zmessaging2.15.0.xcdatamodel" }
    private var new: String { "\(bundle)/zmessaging2.17.0.xcdatamodel" }

    @Test func checkNamesThePropertiesOfAnEntityThatChangeTheSameWayInOneNote() throws {
        let result = try runModeldiff(["check", old, new, "--verbose"])
        #expect(result.status == 0)
        let notes = result.stdout.split(separator: "\n").filter { $0.contains("[cosmetic-change]") }
        let conversation = notes.filter { $0.contains("of `Conversation` (") }
        #expect(conversation.count == 1)
        #expect(conversation.first?.contains(": note: 18 properties of `Conversation` (`archivedChangedTimestamp`, ") == true)
        #expect(
            conversation.first?.hasSuffix(") change usesScalarValueType (none) → NO; the store is not affected [cosmetic-change]") == true)
        // One note per entity and kind of change, not one per attribute.
        #expect(notes.count < 20, "\(notes.count) notes")
        #expect(result.stdout.hasSuffix("identical (0 errors, 0 warnings, \(notes.count) notes)\n"))
    }

    @Test func diffPrintsPropertiesThatChangeTheSameWayOnOneLine() throws {
        let result = try runModeldiff(["diff", old, new])
        #expect(result.status == 1, "differences, as diff(1) says")
        #expect(
            result.stdout.contains(
                """
                ~ Connection (version hash unchanged)
                    ~ existsOnBackend, lastUpdateDateInGMT, modifiedDataFields, needsToBeUpdatedFromBackend, status (5 properties; version hash unchanged)
                        usesScalarValueType: (none) → NO

                """))
        #expect(result.stdout.split(separator: "\n").count < 50)
    }

    @Test func aSingleCosmeticChangeStillNamesItsProperty() throws {
        let result = try runModeldiff([
            "check", "\(bundle)/zmessaging2.83.0.xcdatamodel", "\(bundle)/zmessaging2.84.0.xcdatamodel", "--verbose",
        ])
        #expect(
            result.stdout.contains(
                "note: `Connection.modifiedKeys` changes valueTransformerName (none) → NSSecureUnarchiveFromData; the store is not affected [cosmetic-change]"
            ))
    }
}
