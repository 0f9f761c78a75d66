import Foundation
import ModelDiffTestSupport
import Testing

/// `migrate STORE --to BUNDLE --dry-run`, the pre-flight for a store from a device: no `--output`,
/// every object that would fail grouped by Core Data's error code, exit 1 when any would, 0 when none.
/// On a copy of DuckDuckGo's Apple-written Bookmarks_V5 store (10 bookmarks, BookmarksModel 5).
@Suite struct PreflightCLITests {
    /// A folder holding a copy of the store with its `-wal`/`-shm` and of the bundle, whose current
    /// version is tightened by `tighten` (applied to its contents).
    private func bookmarks(_ tighten: (String) -> String = { $0 }) throws -> URL {
        let fixture = Paths.fixtures.appendingPathComponent("11-DDG-BookmarksModel")
        let folder = try Paths.temporaryDirectory()
        for name in try FileManager.default.contentsOfDirectory(atPath: fixture.path) where name.hasPrefix("Bookmarks_V5.sqlite") {
            try FileManager.default.copyItem(at: fixture.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        let bundle = folder.appendingPathComponent("BookmarksModel.xcdatamodeld")
        try FileManager.default.copyItem(at: fixture.appendingPathComponent("BookmarksModel.xcdatamodeld"), to: bundle)
        let current = bundle.appendingPathComponent("BookmarksModel 6.xcdatamodel/contents")
        try tighten(try String(contentsOf: current, encoding: .utf8)).write(to: current, atomically: true, encoding: .utf8)
        return folder
    }

    private static func tightened(_ text: String) -> String {
        text.replacingOccurrences(
            of: #"<attribute name="title" optional="YES" attributeType="String"/>"#,
            with: #"<attribute name="title" optional="YES" attributeType="String" maxValueString="5"/>"#
        ).replacingOccurrences(
            of: #"<relationship name="children" optional="YES" toMany="YES" deletionRule"#,
            with: #"<relationship name="children" optional="YES" toMany="YES" maxCount="1" deletionRule"#)
    }

    @Test func everyObjectThatWouldFailIsListedByCode() throws {
        let folder = try bookmarks(Self.tightened)
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try Data(contentsOf: folder.appendingPathComponent("Bookmarks_V5.sqlite"))
        let expected = """
            pre-flight: Bookmarks_V5.sqlite would fail to migrate (BookmarksModel 5 → BookmarksModel 6): 4 failures
            1590 NSValidationRelationshipExceedsMaximumCountError: 2 objects
              BookmarkEntity 1/p4 children: BookmarkEntity.children holds 3 objects, more than its maximum 1
              BookmarkEntity 1/p8 children: BookmarkEntity.children holds 5 objects, more than its maximum 1
            1660 NSValidationStringTooLongError: 2 objects
              BookmarkEntity 1/p6 title: BookmarkEntity.title is above its maximum 5
              BookmarkEntity 1/p8 title: BookmarkEntity.title is above its maximum 5

            """
        // The SQL fast path and the three-stage path find the same objects.
        for extra in [[], ["--no-fast-path"]] {
            let result = try runModeldiff(
                ["migrate", "Bookmarks_V5.sqlite", "--to", "BookmarksModel.xcdatamodeld", "--dry-run"] + extra, in: folder)
            #expect(result.status == 1, "\(result.stderr)")
            #expect(result.stdout == expected)
        }
        let json = try runModeldiff(
            ["migrate", "Bookmarks_V5.sqlite", "--to", "BookmarksModel.xcdatamodeld", "--dry-run", "--format", "json"], in: folder)
        #expect(json.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["passes"] as? Bool == false)
        let codes = try #require(object["codes"] as? [[String: Any]])
        #expect(codes.map { $0["code"] as? Int } == [1590, 1660])
        let first = try #require((codes[0]["failures"] as? [[String: Any]])?.first)
        #expect(first["entity"] as? String == "BookmarkEntity")
        #expect(first["object"] as? String == "1/p4")
        #expect(first["property"] as? String == "children")
        // Nothing written beside the store, and the store itself untouched.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
                "BookmarksModel.xcdatamodeld", "Bookmarks_V5.sqlite", "Bookmarks_V5.sqlite-shm", "Bookmarks_V5.sqlite-wal",
            ])
        #expect(try Data(contentsOf: folder.appendingPathComponent("Bookmarks_V5.sqlite")) == before)
    }

    @Test func aStoreThatWouldMigratePassesWithoutAnOutput() throws {
        let folder = try bookmarks()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runModeldiff(["migrate", "Bookmarks_V5.sqlite", "--to", "BookmarksModel.xcdatamodeld", "--dry-run"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("dry run: Bookmarks_V5.sqlite would migrate (BookmarksModel 5 → BookmarksModel 6 (inferred)"))
        let json = try runModeldiff(
            ["migrate", "Bookmarks_V5.sqlite", "--to", "BookmarksModel.xcdatamodeld", "--dry-run", "--format", "json"], in: folder)
        #expect(json.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["passes"] as? Bool == true)
        let missing = try runModeldiff(["migrate", "Bookmarks_V5.sqlite", "--to", "BookmarksModel.xcdatamodeld"], in: folder)
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("--output is required, except with --dry-run (which writes nothing)"))
    }
}
