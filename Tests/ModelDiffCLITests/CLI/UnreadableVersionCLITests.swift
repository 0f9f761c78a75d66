import Foundation
import ModelDiffTestSupport
import Testing

/// One version the reader refuses is one finding, and the rest of the bundle is still read (issue 34,
/// item 2). `Songs.xcdatamodeld`: `Songs`, `Songs 2` (its relationship names an entity the model does
/// not declare, an error of the reader), `Songs 3`, and the current `Songs 4`.
@Suite struct UnreadableVersionCLITests {
    static let songs = "TestModels/History/Songs.xcdatamodeld"
    static let problem =
        "Songs.xcdatamodeld/Songs 2.xcdatamodel/contents:5: error: relationship \"Song.album\" points to entity \"Album\", which the model does not declare"

    @Test func versionsListsEveryVersionWithTheProblemOfTheBadOne() throws {
        let text = try runModeldiff(["versions", Self.songs])
        #expect(text.status == 1)
        #expect(text.stdout == "  Songs\n  Songs 2 (unreadable)\n  Songs 3\n* Songs 4 (current)\n")
        #expect(text.stderr == "TestModels/History/" + Self.problem + "\n")
        let json = try runModeldiff(["versions", Self.songs, "--format", "json"])
        #expect(json.status == 1)
        #expect(json.stdout.contains("\"problems\" : {\n    \"Songs 2\" : "))
        #expect(json.stdout.contains("\"Songs 3\",\n    \"Songs 4\""))
        // A bundle that cannot be read at all stays exit 2.
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Empty.xcdatamodeld"), withIntermediateDirectories: false)
        #expect(try runModeldiff(["versions", "Empty.xcdatamodeld"], in: folder).status == 2)
    }

    @Test func checkReportsTheBadVersionOnceAndChecksEveryOtherPair() throws {
        let check = try runModeldiff(["check", Self.songs, "--verbose"])
        #expect(check.status == 1, "\(check.stderr)")
        #expect(
            check.stdout.contains(
                "TestModels/History/Songs.xcdatamodeld/Songs 2.xcdatamodel/contents:5: error: version \"Songs 2\" cannot be read, so "
                    + "Songs → Songs 2, Songs 2 → Songs 3, Songs 2 → Songs 4 are not checked: relationship \"Song.album\" points to "
                    + "entity \"Album\", which the model does not declare [version-unreadable]"))
        #expect(check.stdout.contains("Songs 3 → Songs 4: inferable"))
        #expect(check.stdout.contains("Songs → Songs 4: inferable"))
        // No step across the bad version: Songs → Songs 3 is no step anybody ships.
        #expect(!check.stdout.contains("Songs → Songs 3"))
        let direct = try runModeldiff(["check", Self.songs, "--path", "direct"])
        #expect(direct.status == 1)
        #expect(direct.stdout.contains("so Songs 2 → Songs 4 is not checked"))
        let json = try runModeldiff(["check", Self.songs, "--format", "json"])
        #expect(json.stdout.contains("\"code\" : \"version-unreadable\""))
    }

    /// `store info` needs only the version whose hashes it compares; a store the readable versions do
    /// not match may be of the bad one, so that is the error, at the reader's line.
    @Test func storeInfoNeedsOnlyTheVersionItMatches() throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bundle = Paths.repository.appendingPathComponent(Self.songs).path
        let seeded = try runModeldiff(
            ["store", "seed", bundle + "/Songs 3.xcdatamodel", "--objects", "2", "--output", "s3.sqlite"], in: folder)
        #expect(seeded.status == 0)
        let info = try runModeldiff(["store", "info", "s3.sqlite", "--model", bundle], in: folder)
        #expect(info.status == 0, "\(info.stderr)")
        #expect(info.stdout.hasSuffix("model version: Songs 3\n"))
        let verify = try runModeldiff(["store", "verify", "s3.sqlite", "--model", bundle], in: folder)
        #expect(verify.status == 0, "\(verify.stderr)")
        let other = Paths.repository.appendingPathComponent("TestModels/History/Tracks.xcdatamodeld/Tracks 2.xcdatamodel").path
        #expect(try runModeldiff(["store", "seed", other, "--objects", "1", "--output", "t.sqlite"], in: folder).status == 0)
        let unmatched = try runModeldiff(["store", "info", "t.sqlite", "--model", bundle], in: folder)
        #expect(unmatched.status == 2)
        #expect(unmatched.stderr.contains("Songs 2.xcdatamodel/contents:5: error: the store matches no readable version of "))
    }
}
