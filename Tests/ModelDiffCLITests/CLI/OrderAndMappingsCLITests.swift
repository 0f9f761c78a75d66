import Foundation
import ModelDiffTestSupport
import Testing

/// Versions that sort after the current one, stores of any version migrated to the current one, and
/// mapping models beside the bundle off the checked path or unreadable (issue 34, items 3 and 5).
@Suite struct OrderAndMappingsCLITests {
    /// `Tracks.xcdatamodeld`: the team's first release is `Launch`, renamed, so it sorts after the
    /// current `Tracks 3`.
    static let tracks = "TestModels/History/Tracks.xcdatamodeld"
    static let sessions = "TestModels/History/MappingsBeside/Sessions.xcdatamodeld"

    @Test func aVersionSortingAfterTheCurrentOneIsAWarningNamingTheFix() throws {
        let check = try runModeldiff(["check", Self.tracks])
        #expect(check.status == 0)
        #expect(
            check.stdout.hasPrefix(
                Self.tracks + ": warning: \"Launch\" comes after the current version \"Tracks 3\" in the bundle's order, so it is checked "
                    + "as a draft and no store migrates to it; if it shipped before \"Tracks 3\", list the versions oldest first under "
                    + "order: in .modeldiff.yml, or give --order [version-after-current]\n"))
        #expect(!check.stdout.contains("note: Launch"))
        #expect(try runModeldiff(["check", Self.tracks, "--strict"]).status == 1)
        let json = try runModeldiff(["check", Self.tracks, "--format", "json"])
        #expect(json.stdout.contains("\"code\" : \"version-after-current\""))
        // Given the order, nothing comes after the current version: no warning, every step checked.
        let ordered = try runModeldiff(["check", Self.tracks, "--order", "Launch,Tracks 2,Tracks 3", "--verbose", "--strict"])
        #expect(ordered.status == 0)
        #expect(!ordered.stdout.contains("version-after-current"))
        #expect(ordered.stdout.contains("Launch → Tracks 2: inferable"))
        #expect(ordered.stdout.contains("Launch → Tracks 3: inferable"))
    }

    /// Core Data migrates a store of any version of the bundle to the current one, whatever the
    /// names: a store of `Launch` migrates in one step, on either path.
    @Test(arguments: [[], ["--path", "consecutive"]])
    func aStoreOfAVersionAfterTheCurrentOneMigratesStraightToIt(path: [String]) throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bundle = Paths.repository.appendingPathComponent(Self.tracks).path
        let seeded = try runModeldiff(
            ["store", "seed", bundle + "/Launch.xcdatamodel", "--objects", "3", "--output", "launch.sqlite"], in: folder)
        #expect(seeded.status == 0)
        let migrated = try runModeldiff(["migrate", "launch.sqlite", "--to", bundle, "--output", "out.sqlite"] + path, in: folder)
        #expect(migrated.status == 0, "\(migrated.stderr)")
        #expect(migrated.stdout.hasPrefix("migrated launch.sqlite → out.sqlite (Launch → Tracks 3 (inferred)"))
        #expect(migrated.stdout.contains("  Track: 3 objects\n"))
        let info = try runModeldiff(["store", "info", "out.sqlite", "--model", bundle], in: folder)
        #expect(info.stdout.hasSuffix("model version: Tracks 3\n"))
    }

    /// The first version of a renamed history (`CyfaceModel`, `2` … `13`) migrates through every
    /// version to `13` on the consecutive path, and in one step directly.
    @Test func aFirstVersionStoreOfARenamedHistoryMigrates() throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bundle = Paths.repository.appendingPathComponent("TestModels/History/CyfaceModel.xcdatamodeld").path
        let seeded = try runModeldiff(
            ["store", "seed", bundle + "/CyfaceModel.xcdatamodel", "--objects", "2", "--output", "first.sqlite"], in: folder)
        #expect(seeded.status == 0)
        let direct = try runModeldiff(["migrate", "first.sqlite", "--to", bundle, "--output", "direct.sqlite"], in: folder)
        #expect(direct.status == 0, "\(direct.stderr)")
        #expect(direct.stdout.contains("(CyfaceModel → 13 (inferred)"))
        let steps = try runModeldiff(
            ["migrate", "first.sqlite", "--to", bundle, "--output", "steps.sqlite", "--path", "consecutive"], in: folder)
        #expect(steps.status == 0, "\(steps.stderr)")
        #expect(steps.stdout.contains("CyfaceModel → 2 (inferred)"))
        #expect(steps.stdout.contains("12 → 13 (inferred)"))
    }

    /// Beside `Sessions.xcdatamodeld`: `Sessions1To3.mapping.xml` maps a jump that the consecutive
    /// path leaves out, and `Sessions2To3.mapping.xml` is a Git LFS pointer.
    @Test func mappingModelsOffThePathAreCheckedAndAnUnreadableOneIsAFinding() throws {
        let check = try runModeldiff(["check", Self.sessions, "--path", "consecutive", "--verbose"])
        #expect(check.status == 1)
        #expect(check.stderr.isEmpty)
        let folder = "TestModels/History/MappingsBeside/"
        #expect(
            check.stdout.hasPrefix(
                folder + "Sessions2To3.mapping.xml:1: error: this mapping model cannot be read, so no step is checked with it: "
                    + "Start tag expected, '<' not found; restore the file (a Git LFS pointer needs `git lfs pull`) or remove it "
                    + "[mapping-unreadable]\n"))
        #expect(check.stdout.contains("Sessions → Sessions 2: inferable"))
        #expect(check.stdout.contains("Sessions 2 → Sessions 3: inferable"))
        #expect(check.stdout.contains("Sessions → Sessions 3 (mapping model): mapped by \(folder)Sessions1To3.mapping.xml"))
        #expect(
            check.stdout.hasSuffix(
                "overall: not-inferable (2 pairs on path consecutive and 1 off it that a mapping model maps: 2 steps; 0 not inferable, 1 mapped)\n"
            ))
        // On the default path the jump is on it: checked once, as a jump, not again as the mapping's own pair.
        let all = try runModeldiff(["check", Self.sessions, "--format", "json"])
        #expect(all.status == 1)
        #expect(all.stdout.contains("\"code\" : \"mapping-unreadable\""))
        #expect(all.stdout.components(separatedBy: "\"mapping\" : \"\(folder)Sessions1To3.mapping.xml\"").count == 2)
    }

    /// A copy of `Tracks.xcdatamodeld` in a new folder, with `configuration` as its `.modeldiff.yml`.
    static func project(configuration: String?) throws -> URL {
        let folder = try Paths.temporaryDirectory()
        try FileManager.default.copyItem(
            at: Paths.repository.appendingPathComponent(tracks), to: folder.appendingPathComponent("Tracks.xcdatamodeld"))
        if let configuration {
            try configuration.write(to: folder.appendingPathComponent(".modeldiff.yml"), atomically: true, encoding: .utf8)
        }
        return folder
    }

    /// `order:` in .modeldiff.yml orders every command that takes the bundle.
    @Test func theConfigurationsOrderOrdersEveryCommand() throws {
        let folder = try Self.project(configuration: "order:\n  - Launch\n  - Tracks 2\n  - Tracks 3\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let versions = try runModeldiff(["versions", "Tracks.xcdatamodeld"], in: folder)
        #expect(versions.stdout == "  Launch\n  Tracks 2\n* Tracks 3 (current)\n")
        let check = try runModeldiff(["check", "Tracks.xcdatamodeld", "--verbose", "--strict"], in: folder)
        #expect(check.status == 0, "\(check.stdout)")
        #expect(check.stdout.contains("Launch → Tracks 2: inferable"))
        let log = try runModeldiff(["log", "Tracks.xcdatamodeld"], in: folder)
        #expect(log.status == 0)
        #expect(!log.stdout.contains("draft"))
        let plan = try runModeldiff(["plan", "Tracks.xcdatamodeld", "--format", "text"], in: folder)
        #expect(plan.status == 0)
        #expect(!plan.stdout.contains("not planned"))
        let unordered = try runModeldiff(["plan", "Tracks.xcdatamodeld", "--format", "text", "--no-config"], in: folder)
        #expect(unordered.stdout.contains("not planned (after the current version): Launch"))
        // --order wins over order: (and --no-config reads none).
        let flag = try runModeldiff(["versions", "Tracks.xcdatamodeld", "--order", "Tracks 2,Tracks 3"], in: folder)
        #expect(flag.stdout == "  Tracks 2\n* Tracks 3 (current)\n")
        let none = try runModeldiff(["versions", "Tracks.xcdatamodeld", "--no-config"], in: folder)
        #expect(none.stdout == "  Tracks 2\n* Tracks 3 (current)\n  Launch\n")
    }

    @Test(arguments: [
        (
            "order: [Launch, Lunch, Tracks 2, Tracks 3]\n",
            ".modeldiff.yml:1:17: error: order names version \"Lunch\", which Tracks.xcdatamodeld does not have (versions: Tracks 2, Tracks 3, Launch)\n"
        ),
        (
            "order:\n  - Tracks 2\n  - Tracks 3\n",
            ".modeldiff.yml:1:1: error: order leaves out \"Launch\" of Tracks.xcdatamodeld: list every version, oldest first\n"
        ),
        ("order:\n  - Launch\n  - Launch\n", ".modeldiff.yml:3:5: error: order names version \"Launch\" twice\n"),
    ])
    func aWrongOrderInTheConfigurationIsAnErrorAtItsLine(configuration: String, message: String) throws {
        let folder = try Self.project(configuration: configuration)
        defer { try? FileManager.default.removeItem(at: folder) }
        for command in ["versions", "check", "log", "lock"] {
            let result = try runModeldiff([command, "Tracks.xcdatamodeld"], in: folder)
            #expect(result.status == 2, "\(command)")
            #expect(result.stderr == message, "\(command)")
        }
    }

    /// The lock records the order; from then on it is the order, and an order that puts two locked
    /// versions the other way round is an error naming both.
    @Test func theLockRecordsTheOrderAndIsTheOrder() throws {
        let folder = try Self.project(configuration: nil)
        defer { try? FileManager.default.removeItem(at: folder) }
        let lock = try runModeldiff(["lock", "Tracks.xcdatamodeld", "--order", "Launch,Tracks 2,Tracks 3"], in: folder)
        #expect(lock.status == 0, "\(lock.stderr)")
        let versions = try runModeldiff(["versions", "Tracks.xcdatamodeld"], in: folder)
        #expect(versions.stdout == "  Launch\n  Tracks 2\n* Tracks 3 (current)\n")
        let check = try runModeldiff(["check", "Tracks.xcdatamodeld", "--strict"], in: folder)
        #expect(check.status == 0, "\(check.stdout)")
        let clash = try runModeldiff(["check", "Tracks.xcdatamodeld", "--order", "Tracks 2,Launch,Tracks 3"], in: folder)
        #expect(clash.status == 2)
        #expect(
            clash.stderr
                == "Tracks.xcdatamodeld: error: --order puts \"Tracks 2\" before \"Launch\", but the lock file Tracks.modeldiff.lock puts it after: "
                + "the lock records the order the versions shipped in; change --order, or write the lock again with modeldiff lock --order\n"
        )
        let configuration = folder.appendingPathComponent(".modeldiff.yml")
        try "order: [Tracks 2, Tracks 3, Launch]\n".write(to: configuration, atomically: true, encoding: .utf8)
        let configured = try runModeldiff(["versions", "Tracks.xcdatamodeld"], in: folder)
        #expect(configured.status == 2)
        #expect(
            configured.stderr.hasPrefix(".modeldiff.yml:1:9: error: order puts \"Tracks 2\" before \"Launch\", but the lock file"))
        let incomplete = try runModeldiff(["lock", "Tracks.xcdatamodeld", "--order", "Launch,Tracks 3"], in: folder)
        #expect(incomplete.status == 2)
        #expect(incomplete.stderr == "Tracks.xcdatamodeld: error: --order leaves out \"Tracks 2\": the lock records every version\n")
    }
}
