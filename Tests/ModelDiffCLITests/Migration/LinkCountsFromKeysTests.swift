import Foundation
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore
import ModelDiffTestSupport
import Testing

/// `Conservation` counts a sound source's links from the keys `SourceSoundness` counted, and the fast path's
/// output from the keys its copy wrote, where each entity has a table of its own (TestModels/Bench: an author's
/// posts, a post's tags in a join table); these tests hold those counts to a look-up of every key, and show a
/// link lost on the way still fails the step.
private let bench = Paths.testModels.appendingPathComponent("Bench.xcdatamodeld")
private let paths: [(name: String, flags: [String])] = [("fast path", []), ("three-stage path", ["--no-fast-path"])]

/// Bench V1 seeded through the binary, in a new folder.
private func seededFolder() throws -> URL {
    let folder = try Paths.temporaryDirectory()
    let seed = try runModeldiff(
        [
            "store", "seed", bench.appendingPathComponent("Bench.xcdatamodel").path, "--objects", "40", "--seed", "5", "--output",
            "v1.sqlite",
        ],
        in: folder)
    #expect(seed.status == 0, "\(seed.stderr)")
    return folder
}

/// The links counts of `migrate --format json`: `mapping.relationship` → the count's fields.
private func linkCounts(_ json: String) throws -> [String: [String: Any]] {
    let report = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    var result: [String: [String: Any]] = [:]
    for step in report["steps"] as? [[String: Any]] ?? [] {
        for count in step["links"] as? [[String: Any]] ?? [] {
            result["\(count["mapping"] as? String ?? "").\(count["relationship"] as? String ?? "")"] = count
        }
    }
    return result
}

/// A link the copy loses (broken on purpose in the output, just before the counts: a post's author, a
/// join row) fails the migration on both paths, naming the relationship mapping, with no output left.
@Test func aLinkLostInTheOutputOfTablesOfOneEntityFailsTheStep() throws {
    let folder = try seededFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for (broken, relationships) in [
        ("ZPOST.ZAUTHOR", ["PostToPost.author: ", "AuthorToAuthor.posts: "]), ("Z_2TAGS", [".tags: ", ".posts: "]),
    ] {
        for (name, flags) in paths {
            let result = try runModeldiff(
                ["migrate", "v1.sqlite", "--to", bench.path, "--output", "out.sqlite"] + flags, in: folder,
                environment: ["MODELDIFF_TEST_BREAK_LINK": broken])
            #expect(result.status == 2, "\(name), \(broken): \(result.stdout)")
            let line = result.stderr.trimmingCharacters(in: .newlines)
            #expect(!line.contains("\n"), "\(name), \(broken): \(result.stderr)")
            #expect(line.hasPrefix("v1.sqlite: error: migration failed: "), "\(line)")
            #expect(relationships.contains(where: line.contains) && line.contains(" in the output; the mapping accounts for "), "\(line)")
            let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "v1.sqlite" }
            #expect(left.isEmpty, "\(name), \(broken): \(left)")
        }
    }
}

/// Dangling keys in a to-one column and in one or both columns of a join table: every count, on both paths,
/// is what a look-up of every key gives (the source's links those whose owner exists, the output's those
/// naming two objects), and the difference is explained as dangling keys.
@Test func linkCountsFromKeysAgreeWithALookUpOfEveryKey() throws {
    for bothColumns in [false, true] {
        let folder = try seededFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try PersistentStore.open(path: folder.appendingPathComponent("v1.sqlite").path, writable: true)
        try store.database.execute("UPDATE ZPOST SET ZAUTHOR = 9999 WHERE Z_PK = (SELECT MIN(Z_PK) FROM ZPOST WHERE ZAUTHOR IS NOT NULL)")
        try store.database.execute("INSERT INTO Z_2TAGS (Z_2POSTS, Z_3TAGS) SELECT MIN(Z_PK), 9998 FROM ZPOST")
        if bothColumns { try store.database.execute("INSERT INTO Z_2TAGS (Z_2POSTS, Z_3TAGS) SELECT 9997, MIN(Z_PK) FROM ZTAG") }
        func count(_ sql: String) throws -> Int {
            guard case .integer(let value)? = try store.database.rows(sql).first?.first else { return -1 }
            return Int(value)
        }
        let posts = "SELECT Z_PK FROM ZPOST"
        let tags = "SELECT Z_PK FROM ZTAG"
        let expected: [String: (source: Int, destination: Int)] = [
            "PostToPost.author": (
                try count("SELECT COUNT(ZAUTHOR) FROM ZPOST"),
                try count("SELECT COUNT(*) FROM ZPOST WHERE ZAUTHOR IN (SELECT Z_PK FROM ZAUTHOR)")
            ),
            "AuthorToAuthor.posts": (
                try count("SELECT COUNT(*) FROM ZPOST WHERE ZAUTHOR IN (SELECT Z_PK FROM ZAUTHOR)"),
                try count("SELECT COUNT(*) FROM ZPOST WHERE ZAUTHOR IN (SELECT Z_PK FROM ZAUTHOR)")
            ),
            "PostToPost.tags": (
                try count("SELECT COUNT(*) FROM Z_2TAGS WHERE Z_2POSTS IN (\(posts))"),
                try count("SELECT COUNT(*) FROM Z_2TAGS WHERE Z_2POSTS IN (\(posts)) AND Z_3TAGS IN (\(tags))")
            ),
            "TagToTag.posts": (
                try count("SELECT COUNT(*) FROM Z_2TAGS WHERE Z_3TAGS IN (\(tags))"),
                try count("SELECT COUNT(*) FROM Z_2TAGS WHERE Z_2POSTS IN (\(posts)) AND Z_3TAGS IN (\(tags))")
            ),
        ]
        #expect(expected["PostToPost.tags"].map { $0.source > $0.destination } == true)
        for (name, flags) in paths {
            let result = try runModeldiff(
                ["migrate", "v1.sqlite", "--to", bench.path, "--output", "out-\(flags.count).sqlite", "--format", "json"] + flags,
                in: folder)
            #expect(result.status == 0, "\(name), \(bothColumns): \(result.stderr)")
            let found = try linkCounts(result.stdout)
            for (label, counts) in expected {
                let reported = try #require(found[label], "\(name): no count for \(label) in \(result.stdout)")
                #expect(reported["source"] as? Int == counts.source, "\(name), \(bothColumns), \(label): \(reported)")
                #expect(reported["destination"] as? Int == counts.destination, "\(name), \(bothColumns), \(label): \(reported)")
                #expect(
                    reported["explained"] as? Int == counts.source - counts.destination, "\(name), \(bothColumns), \(label): \(reported)")
            }
        }
    }
}
