import Foundation
import ModelDiffTestSupport
import Testing

/// Every command that walks a bundle's versions goes on past one it cannot read (issue 34, item 2):
/// the version is reported once, every other version or pair is processed and printed, and the run
/// fails at the end; `lock`, a freeze of every version, writes nothing. `Songs 2` of
/// `Songs.xcdatamodeld` is unreadable on purpose (see `UnreadableVersionCLITests`).
@Suite struct UnreadableVersionCommandsCLITests {
    static let songs = UnreadableVersionCLITests.songs
    static let reason = "relationship \"Song.album\" points to entity \"Album\", which the model does not declare"
    static let line = "TestModels/History/Songs.xcdatamodeld/Songs 2.xcdatamodel/contents:5: error: version \"Songs 2\" cannot be read, "

    @Test func logListsTheBadVersionAndEveryOtherStep() throws {
        let log = try runModeldiff(["log", Self.songs])
        #expect(log.status == 1, "\(log.stderr)")
        #expect(log.stderr == "")
        #expect(log.stdout.contains("Songs 4 (current): inferable from Songs 3\n  + Song.rating"))
        #expect(log.stdout.contains("\nSongs 3: not checked: Songs 2 cannot be read\n"))
        #expect(
            log.stdout.contains(
                "\nSongs 2: cannot be read\n  error: version \"Songs 2\" cannot be read, so Songs → Songs 2, Songs 2 → Songs 3 are not checked: "
                    + Self.reason + " [version-unreadable]\n"))
        #expect(log.stdout.hasSuffix("\nSongs: first version, 1 entity\n  + Song: entity; 1 property: title\n"))
        let json = try runModeldiff(["log", Self.songs, "--format", "json"])
        #expect(json.status == 1)
        #expect(json.stdout.contains("\"problem\" : \"" + Self.reason.replacingOccurrences(of: "\"", with: "\\\"") + "\""))
    }

    @Test func planLeavesTheBadVersionOutAndCrossesIt() throws {
        let plan = try runModeldiff(["plan", Self.songs, "--format", "text"])
        #expect(plan.status == 1)
        #expect(plan.stdout == "lightweight: Songs 3 → Songs 4 (2 versions)\n")
        #expect(plan.stderr == Self.line + "so the plan leaves it out and no stage crosses it: " + Self.reason + "\n")
        let swift = try runModeldiff(["plan", Self.songs])
        #expect(swift.status == 1)
        #expect(swift.stdout.contains("\"Songs 3\"") && !swift.stdout.contains("\"Songs 2\""))
    }

    @Test func lockRefusesToFreezeABundleWithABadVersion() throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            at: Paths.repository.appendingPathComponent(Self.songs), to: folder.appendingPathComponent("Songs.xcdatamodeld"))
        let lock = try runModeldiff(["lock", "Songs.xcdatamodeld"], in: folder)
        #expect(lock.status == 2)
        #expect(lock.stdout == "")
        #expect(
            lock.stderr == "Songs.xcdatamodeld/Songs 2.xcdatamodel/contents:5: error: version \"Songs 2\" cannot be read, "
                + "so no lock is written (a lock records every version): " + Self.reason + "\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Songs.modeldiff.lock").path))
    }

    @Test func hashAllVersionsHashesEveryOtherVersion() throws {
        let hash = try runModeldiff(["hash", "--all-versions", Self.songs])
        #expect(hash.status == 1)
        #expect(hash.stderr == Self.line + "so it is not hashed: " + Self.reason + "\n")
        #expect(hash.stdout.split(separator: "\n").map { $0.split(separator: " ").first! } == ["Songs", "Songs", "Songs"])
        #expect(hash.stdout.contains("Songs 3  ") && hash.stdout.contains("Songs 4  "))
        let current = try runModeldiff(["hash", Self.songs])
        #expect(current.status == 0)
    }

    @Test(.tags(.slow), .notInFastTier) func testTestsEveryStepThatDoesNotTouchTheBadVersion() throws {
        let test = try runModeldiff(["test", Self.songs, "--objects", "2"])
        #expect(test.status == 1, "\(test.stdout)")
        #expect(test.stderr == Self.line + "so the steps into and out of it are not tested: " + Self.reason + "\n")
        #expect(test.stdout.contains("PASS Songs 3 → Songs 4 "))
        #expect(test.stdout.contains("PASS Songs → Songs 4 "))
        #expect(test.stdout.hasSuffix("2 passed, 0 failed\n"))
        // The same with an order, which reads the whole bundle first.
        let ordered = try runModeldiff(
            ["test", Self.songs, "--objects", "2", "--path", "consecutive", "--order", "Songs,Songs 2,Songs 3,Songs 4", "--no-config"])
        #expect(ordered.status == 1)
        #expect(ordered.stdout.hasSuffix("1 passed, 0 failed\n"))
    }

    /// `diff` and `infer` read only the two versions named: a bad third one does not matter, and a bad
    /// one named stays one line, exit 2.
    @Test func diffAndInferReadOnlyTheVersionsNamed() throws {
        let (first, bad, third) = (
            Self.songs + "/Songs.xcdatamodel", Self.songs + "/Songs 2.xcdatamodel", Self.songs + "/Songs 3.xcdatamodel"
        )
        let diff = try runModeldiff(["diff", first, third])
        #expect(diff.status == 1)
        #expect(diff.stdout.contains("+ length: Double"))
        #expect(try runModeldiff(["infer", first, third]).status == 0)
        for arguments in [["diff", first, bad], ["diff", bad, third], ["infer", bad, third]] {
            let refused = try runModeldiff(arguments)
            #expect(refused.status == 2)
            #expect(refused.stderr == "TestModels/History/Songs.xcdatamodeld/Songs 2.xcdatamodel/contents:5: error: " + Self.reason + "\n")
        }
    }
    /// `migrate --to BUNDLE` needs only the versions a store's path takes: a store of `Songs` migrates
    /// straight to `Songs 4`, while its consecutive path through `Songs 2` is refused with the reason.
    @Test func migrateNeedsOnlyTheVersionsItsPathTakes() throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bundle = Paths.repository.appendingPathComponent(Self.songs).path
        let seeded = try runModeldiff(
            ["store", "seed", bundle + "/Songs.xcdatamodel", "--objects", "2", "--output", "songs.sqlite"], in: folder)
        #expect(seeded.status == 0, "\(seeded.stderr)")
        let direct = try runModeldiff(["migrate", "songs.sqlite", "--to", bundle, "--output", "direct.sqlite"], in: folder)
        #expect(direct.status == 0, "\(direct.stderr)")
        #expect(direct.stdout.hasPrefix("migrated songs.sqlite → direct.sqlite (Songs → Songs 4 (inferred)"), "\(direct.stdout)")
        let consecutive = try runModeldiff(
            ["migrate", "songs.sqlite", "--to", bundle, "--path", "consecutive", "--output", "steps.sqlite"], in: folder)
        #expect(consecutive.status == 2)
        #expect(consecutive.stdout == "")
        #expect(
            consecutive.stderr.hasPrefix(
                "songs.sqlite: error: the consecutive path from \"Songs\" goes through version \"Songs 2\", which cannot be read ("),
            "\(consecutive.stderr)")
        #expect(consecutive.stderr.hasSuffix(Self.reason + "); fix that version, or migrate with --path direct\n"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("steps.sqlite").path))
    }
}
