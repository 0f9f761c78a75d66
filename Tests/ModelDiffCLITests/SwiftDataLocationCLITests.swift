import Foundation
import ModelDiffTestSupport
import Testing

/// Issue 45 item 13: a finding names the file and line of the declaration it is about, whichever file
/// of the folder declares it, and `test` names the version it could not seed, never a temporary store.
@Suite struct SwiftDataLocationCLITests {
    /// `SeveralFiles`: the schemas in `Schemas.swift`, their classes in `Shelf.swift` and `Item.swift`.
    @Test func aSchemaFindingNamesTheFileAndLineOfTheProperty() throws {
        let folder = "TestModels/SwiftData/SeveralFiles"
        let check = try runModeldiff(["check", folder])
        #expect(check.status == 1, "\(check.stdout)\(check.stderr)")
        let finding = check.stdout.split(separator: "\n").first { $0.contains("[required-attribute-without-default]") }
        #expect(finding?.hasPrefix("\(folder)/Shelf.swift:17: error: `Shelf.label` is a new required attribute") == true, "\(check.stdout)")
    }

    /// `LiveSeveralFiles`: live classes only, `Folder` in `Folder.swift` (the folder's first file) and
    /// `Note`, whose inverse names a property `Folder` does not have, in `Note.swift`.
    @Test func aLiveModelFindingNamesTheFileAndLineOfTheDeclaration() throws {
        let folder = "TestModels/SwiftData/LiveSeveralFiles"
        let check = try runModeldiff(["check", folder])
        #expect(check.status == 2)
        #expect(
            check.stderr
                == "\(folder)/Note.swift:6: error: the @Model classes outside every VersionedSchema do not form a model: "
                + "relationship \"Note.folder\" has inverse \"Folder.missing\", which does not exist\n",
            "\(check.stderr)")
    }

    /// `Cover.item` is a required one-to-one with `Item`, which has the sub-entity `Book`: two objects
    /// each make 2 covers for 4 items, which no seed satisfies.
    @Test func aSeedCountErrorFromTestNamesTheVersion() throws {
        let folder = "TestModels/SwiftData/SeveralFiles"
        let test = try runModeldiff(["test", folder, "--objects", "2"])
        #expect(test.status == 2)
        #expect(
            test.stderr
                == "\(folder)/Schemas.swift: error: test: seeding version \"ShelfSchemaV1\" for ShelfSchemaV1 → ShelfSchemaV2: "
                + "cannot seed Cover.item: a required one-to-one pairs each object with its own, but there are 2 Cover objects and "
                + "4 Item objects (Book 2, Item 2); make the counts equal in --objects\n",
            "\(test.stderr)")
        #expect(!test.stderr.contains(".sqlite"), "\(test.stderr)")
    }
}
