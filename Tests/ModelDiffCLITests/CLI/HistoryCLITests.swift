import Foundation
import ModelDiffTestSupport
import Testing

/// Histories cut down from real teams' bundles (issue 34): read as Xcode reads them, in the order
/// the team shipped them.
@Suite struct HistoryCLITests {
    static let history = "TestModels/History/"

    /// Seven shipped versions of one app have `Image.artist` with inverse `Artist.thumbnail`, whose
    /// inverse is `thumbnail`: Xcode compiles it, so every command reads it, with a warning.
    @Test func aOneSidedInverseIsAWarningOnEveryCommand() throws {
        let bundle = Self.history + "OneSidedInverse.xcdatamodeld"
        let warning =
            "OneSidedInverse.xcdatamodel/contents:9: warning: relationship \"Image.artist\" has inverse \"Artist.thumbnail\", "
            + "whose inverse is \"thumbnail\", not \"artist\"; Core Data loads the model as written: "
            + "set \"Artist.thumbnail\"'s inverse to \"artist\" or this inverse to none"
        let versions = try runModeldiff(["versions", bundle])
        #expect(versions.status == 0)
        #expect(versions.stdout == "  OneSidedInverse\n* OneSidedInverse 2 (current)\n")
        // Both versions hold the element: one line for the bundle, which says so (issue 47, item 7).
        #expect(versions.stderr == bundle + "/" + warning + " (the same in every version (2); shown once)\n")
        let check = try runModeldiff(["check", bundle])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stderr.contains(warning))
        #expect(check.stdout.contains("overall: inferable"))
        let hash = try runModeldiff(["hash", bundle + "/OneSidedInverse.xcdatamodel"])
        #expect(hash.status == 0)
        #expect(hash.stderr == bundle + "/" + warning + "\n")
    }

    /// Xcode names the first version after the bundle; teams rename the later ones.
    @Test(arguments: [
        ("CyfaceModel", ["CyfaceModel"] + (2...13).map(String.init)),
        (
            "ArtsyPartner",
            ["ArtsyPartner", "ArtsyPartner 2", "ArtsyPartner 3", "ArtsyPartner 4", "ArtsyPartner 5"]
                + ["ArtsyFolio v1.4", "ArtsyFolio v1.5", "ArtsyFolio v2.0", "ArtsyFolio v2.7.0"]
        ),
        ("mHealth", ["mHealth", "mHealth 2", "mHealth 3", "arc 3"]),
    ])
    func theVersionNamedAfterTheBundleComesFirst(bundle: String, expected: [String]) throws {
        let result = try runModeldiff(["versions", Self.history + bundle + ".xcdatamodeld"])
        #expect(result.status == 0)
        let listed = result.stdout.split(separator: "\n").map { $0.dropFirst(2).replacingOccurrences(of: " (current)", with: "") }
        #expect(listed == expected)
        #expect(result.stdout.hasSuffix("* \(expected.last!) (current)\n"))
        // Every step adds one optional attribute: on the team's order, no version is a draft and every step infers.
        let check = try runModeldiff(["check", Self.history + bundle + ".xcdatamodeld", "--verbose"])
        #expect(check.status == 0)
        #expect(!check.stdout.contains("draft"))
        #expect(check.stdout.contains("\(expected[expected.count - 2]) → \(expected.last!)"))
    }

    /// A transient attribute going from String to Transformable leaves the entity's version hash
    /// alone: Core Data does not migrate the store, so `check` gives a note, not an error.
    @Test func aTransientAttributesTypeChangeIsANote() throws {
        let (old, new) = (Self.history + "TransientTypeChange/old.xml", Self.history + "TransientTypeChange/new.xml")
        let hashes = try [old, new].map { try runModeldiff(["hash", $0]).stdout }
        #expect(hashes[0] == hashes[1])
        let check = try runModeldiff(["check", old, new, "--verbose"])
        #expect(check.status == 0)
        #expect(
            check.stdout == new + ":5: note: `Artwork.displayTitle` changes attributeType String → Transformable; "
                + "transient attributes are not stored [cosmetic-change]\nidentical (0 errors, 0 warnings, 1 note)\n")
        let infer = try runModeldiff(["infer", old, new])
        #expect(infer.status == 0)
        #expect(infer.stdout.contains(#"<entityMapping name="ArtworkToArtwork" type="copy" source="Artwork" destination="Artwork""#))
    }

    /// A removed entity that shares boilerplate attributes (`createdAt`, `remoteID`, `updatedAt`) with
    /// four new ones is suggested as a rename of the one most like it only.
    @Test func oneRemovedEntityGetsOneRenameSuggestion() throws {
        let folder = Self.history + "BoilerplateRename/"
        let check = try runModeldiff(["check", folder + "old.xml", folder + "new.xml"])
        #expect(check.status == 0)
        let suggestions = check.stdout.split(separator: "\n").filter { $0.hasSuffix("[possible-rename]") }
        #expect(
            suggestions == [
                "\(folder)new.xml:3: warning: `Article` is new and `Post` is removed: if `Article` is `Post` renamed, "
                    + "set the renaming identifier of `Article` to `Post`, or every `Post` object is dropped [possible-rename]"
            ])
    }
}
