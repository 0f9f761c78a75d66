import Foundation
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore
import ModelDiffTestSupport
import Testing

// A source expression's fetch predicate selects the objects an entity mapping migrates, as Core Data
// runs `FETCH(FUNCTION($manager, "fetchRequestForSourceEntityNamed:predicateString:", …))`; a
// predicate in a TERNARY chooses a value. Run through the built binary on real stores.

private let wibosco = Paths.fixtures.appendingPathComponent("02-wibosco-CoreDataMigration-Example")
private let wiboscoModels = wibosco.appendingPathComponent("CoreDataMigration_Example.xcdatamodeld")
private let bookmarks = Paths.fixtures.appendingPathComponent("11-DDG-BookmarksModel")
private let bookmarkModels = bookmarks.appendingPathComponent("BookmarksModel.xcdatamodeld")

/// A private copy of a fixture store with its -wal and -shm (a store in ../shared is never opened in place).
private func copyStore(_ name: String, from fixture: URL, to folder: URL) throws {
    for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: fixture.appendingPathComponent(name + suffix).path) {
        try FileManager.default.copyItem(
            at: fixture.appendingPathComponent(name + suffix), to: folder.appendingPathComponent("source.sqlite" + suffix))
    }
}

/// `infer OLD NEW` into map.xml with `old` replaced by `new`; the `--from`/`--to` arguments.
private func inferredMapping(_ old: URL, _ new: URL, in folder: URL, replacing: String, with replacement: String) throws -> [String] {
    #expect(try runModeldiff(["infer", old.path, new.path, "--output", "map.xml"], in: folder).status == 0)
    let map = folder.appendingPathComponent("map.xml")
    // wibosco's Post.hexColor is a suspected rename of color: the developer keeps the suggested $source.color.
    let inferred = try String(contentsOf: map, encoding: .utf8)
    let text = try NSRegularExpression(pattern: #" todo="suspected rename[^"]*"(?=>\$source\.)"#)
        .stringByReplacingMatches(in: inferred, range: NSRange(inferred.startIndex..., in: inferred), withTemplate: "")
    #expect(text.contains(replacing), "the inferred mapping has \(replacing)")
    try text.replacingOccurrences(of: replacing, with: replacement).write(to: map, atomically: true, encoding: .utf8)
    return ["--from", old.path, "--to", new.path]
}

/// The source expression of a fetch with `predicate` (as written in the XML text, quotes escaped with `\"`).
private func fetch(_ entity: String, _ predicate: String) -> String {
    """
    <sourceExpression>FETCH(FUNCTION($manager, \"fetchRequestForSourceEntityNamed:predicateString:\", \"\(entity)\", \"\(predicate)\"), \
    $manager.sourceContext, NO)</sourceExpression>\n        
    """
}

private func rows(_ path: URL, _ sql: String) throws -> [[SQLiteValue]] {
    try PersistentStore.open(path: path.path).database.rows(sql)
}

/// wibosco's version 1 store (1001 posts): `date > CAST(…, "NSDate")` is written as SQL on the fast path
/// and evaluated per post on the generic path; both select the same 328 posts, those SQLite counts.
@Test func aFetchPredicateSelectsThePostsOfARealStoreOnBothPaths() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try copyStore("CoreDataMigration_Example_1.sqlite", from: wibosco, to: folder)
    let versions = try inferredMapping(
        wiboscoModels.appendingPathComponent("CoreDataMigration_Example.xcdatamodel"),
        wiboscoModels.appendingPathComponent("CoreDataMigration_Example 2.xcdatamodel"),
        in: folder, replacing: "<attribute name=\"date\">",
        with: fetch("Post", "date > CAST(526914240, \\\"NSDate\\\") AND postID != nil") + "<attribute name=\"date\">")
    let validate = try runModeldiff(["mapping", "validate", "map.xml"] + versions, in: folder)
    #expect(validate.status == 0, "\(validate.stderr)")
    let expected = try rows(
        folder.appendingPathComponent("source.sqlite"), "SELECT ZPOSTID FROM ZPOST WHERE ZDATE > 526914240 ORDER BY ZPOSTID")
    #expect(expected.count == 328)
    for (output, extra, label) in [
        ("fast.sqlite", [String](), " [SQL fast path])"), ("generic.sqlite", ["--no-fast-path"], " with map.xml)"),
    ] {
        let result = try runModeldiff(
            ["migrate", "source.sqlite"] + versions + ["--mapping", "map.xml", "--output", output] + extra, in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(label + "\n  Post: 328 objects (was 1001)\n"), "\(result.stdout)")
        #expect(try rows(folder.appendingPathComponent(output), "SELECT ZPOSTID FROM ZPOST ORDER BY ZPOSTID") == expected)
    }
}

/// DuckDuckGo's bookmarks (version 1): `url != nil` keeps the 6 bookmarks and leaves out the 4 folders;
/// the bookmarks' parent folders were not migrated, so their parent is empty, as in Core Data (the
/// relationship mapping finds no destination object for a source object the fetch left out).
@Test func urlNotNilLeavesTheFoldersOutOfARealStore() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try copyStore("Bookmarks_V1.sqlite", from: bookmarks, to: folder)
    let versions = try inferredMapping(
        bookmarkModels.appendingPathComponent("BookmarksModel.xcdatamodel"),
        bookmarkModels.appendingPathComponent("BookmarksModel 2.xcdatamodel"),
        in: folder, replacing: "<attribute name=\"isFavorite\">",
        with: fetch("BookmarkEntity", "url != nil") + "<attribute name=\"isFavorite\">")
    let expected = try rows(
        folder.appendingPathComponent("source.sqlite"), "SELECT ZUUID FROM ZBOOKMARKENTITY WHERE ZURL IS NOT NULL ORDER BY ZUUID")
    #expect(expected.count == 6)
    for (output, extra) in [("a.sqlite", [String]()), ("b.sqlite", ["--no-fast-path"])] {
        let result = try runModeldiff(
            ["migrate", "source.sqlite"] + versions + ["--mapping", "map.xml", "--output", output] + extra, in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        // The links to the folders the filter leaves out go with them, each relationship mapping said with its count.
        #expect(
            result.stdout.contains(
                "with map.xml)\n  BookmarkEntity: 6 objects (was 10)\n  BookmarkEntityToBookmarkEntity.children: 8 of 8 links dropped "
                    + "(BookmarkEntityToBookmarkEntity filters its objects by a source expression;"), "\(result.stdout)")
        #expect(try rows(folder.appendingPathComponent(output), "SELECT ZUUID FROM ZBOOKMARKENTITY ORDER BY ZUUID") == expected)
        #expect(
            try rows(
                folder.appendingPathComponent(output), "SELECT COUNT(*) FROM ZBOOKMARKENTITY WHERE ZPARENT IS NOT NULL OR ZURL IS NULL")
                == [[.integer(0)]])
        let verify = try runModeldiff(["store", "verify", output, "--model", bookmarkModels.path], in: folder)
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
    }
}

/// `TERNARY(predicate, a, b)` in an attribute mapping: wibosco's `color` becomes `hexColor`, lower-cased
/// for the colours that begin with an f in either case (`BEGINSWITH[c]`), as written otherwise.
@Test func aTernaryPredicateChoosesAnAttributeValue() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try copyStore("CoreDataMigration_Example_1.sqlite", from: wibosco, to: folder)
    let versions = try inferredMapping(
        wiboscoModels.appendingPathComponent("CoreDataMigration_Example.xcdatamodel"),
        wiboscoModels.appendingPathComponent("CoreDataMigration_Example 2.xcdatamodel"),
        in: folder, replacing: "<attribute name=\"hexColor\">$source.color</attribute>",
        with:
            "<attribute name=\"hexColor\">TERNARY($source.color BEGINSWITH[c] \"f\", lowercase:($source.color), $source.color)</attribute>")
    #expect(try runModeldiff(["mapping", "validate", "map.xml"] + versions, in: folder).status == 0)
    let result = try runModeldiff(
        ["migrate", "source.sqlite"] + versions + ["--mapping", "map.xml", "--output", "out.sqlite"], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    let out = folder.appendingPathComponent("out.sqlite")
    #expect(try rows(out, "SELECT COUNT(*) FROM ZPOST WHERE ZHEXCOLOR GLOB 'f*'") == [[.integer(72)]])
    #expect(try rows(out, "SELECT COUNT(*) FROM ZPOST WHERE ZHEXCOLOR GLOB '[A-E0-9]*'") == [[.integer(1001 - 72)]])
    #expect(try rows(out, "SELECT COUNT(*) FROM ZPOST WHERE ZHEXCOLOR GLOB '*[a-z]*' AND ZHEXCOLOR NOT GLOB 'f*'") == [[.integer(0)]])
}

/// `mapping validate` (and `migrate`, before it reads the store) points into the predicate string:
/// an unknown key, values that cannot be compared, a bad option, each at its line and column.
@Test func predicateProblemsPointIntoTheMappingFile() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try copyStore("Bookmarks_V1.sqlite", from: bookmarks, to: folder)
    let versions = try inferredMapping(
        bookmarkModels.appendingPathComponent("BookmarksModel.xcdatamodel"),
        bookmarkModels.appendingPathComponent("BookmarksModel 2.xcdatamodel"),
        in: folder, replacing: "<attribute name=\"isFavorite\">",
        with: fetch("BookmarkEntity", "adress != nil OR title > 5 OR isFolder BEGINSWITH[c] \\\"x\\\"") + "<attribute name=\"isFavorite\">")
    let line =
        try String(contentsOf: folder.appendingPathComponent("map.xml"), encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false
        )
        .firstIndex { $0.contains("<sourceExpression>") }! + 1
    let column = { (needle: String) in
        let text = try! String(contentsOf: folder.appendingPathComponent("map.xml"), encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)[line - 1]
        return text.distance(from: text.startIndex, to: text.range(of: needle)!.lowerBound) + 1
    }
    let what = "source expression of \"BookmarkEntityToBookmarkEntity\": predicate"
    let expected = """
        map.xml:\(line):\(column("adress")): error: \(what): adress is not a property of BookmarkEntity in the old version
        map.xml:\(line):\(column("title >")): error: \(what): > compares a String with an integer: they have no order (compare a string with a string, a \
        number with a number)
        map.xml:\(line):\(column("isFolder")): error: \(what): BEGINSWITH compares strings, but isFolder is a Boolean

        """
    for command in [
        ["mapping", "validate", "map.xml"] + versions,
        ["migrate", "source.sqlite"] + versions + ["--mapping", "map.xml", "--output", "out.sqlite"],
    ] {
        let result = try runModeldiff(command, in: folder)
        #expect(result.status == 2)
        #expect(result.stderr == expected, "\(result.stderr)")
    }
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.sqlite").path))

    let map = folder.appendingPathComponent("map.xml")
    let text = try String(contentsOf: map, encoding: .utf8)
    try text.replacingOccurrences(of: "adress != nil OR title > 5 OR isFolder BEGINSWITH[c] \\\"x\\\"", with: "url LIKE[z] 'x'").write(
        to: map, atomically: true, encoding: .utf8)
    let bad = try runModeldiff(["mapping", "validate", "map.xml"] + versions, in: folder)
    #expect(bad.status == 2)
    #expect(
        bad.stderr
            == """
            map.xml:\(line):\(column("z]")): error: source expression of \"BookmarkEntityToBookmarkEntity\": predicate \"url LIKE[z] 'x'\": \
            unknown comparison option 'z': write c (case-insensitive), d (diacritic-insensitive) or n (normalized)\n
            """,
        "\(bad.stderr)")
}

/// DuckDuckGo's bookmarks (version 1, `children` ordered): a SUBQUERY with `@count` and an array index
/// select the two folders SQLite selects with the same conditions (folder 3 has bookmarks titled "3…",
/// the root's last child is titled "5"). The SQL fast path has no translation for them and refuses, so
/// both runs take the generic path and migrate the same objects.
@Test func aSubqueryAndAnIndexSelectTheFoldersOfARealStoreOnBothPaths() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try copyStore("Bookmarks_V1.sqlite", from: bookmarks, to: folder)
    let predicate = "SUBQUERY(children, $c, $c.url != nil AND $c.title BEGINSWITH '3').@count > 0 OR children[LAST].title == '5'"
    let versions = try inferredMapping(
        bookmarkModels.appendingPathComponent("BookmarksModel.xcdatamodel"),
        bookmarkModels.appendingPathComponent("BookmarksModel 2.xcdatamodel"),
        in: folder, replacing: "<attribute name=\"isFavorite\">",
        with: fetch("BookmarkEntity", predicate) + "<attribute name=\"isFavorite\">")
    let validate = try runModeldiff(["mapping", "validate", "map.xml"] + versions, in: folder)
    #expect(validate.status == 0, "\(validate.stderr)")
    let expected = try rows(
        folder.appendingPathComponent("source.sqlite"),
        """
        SELECT p.ZUUID FROM ZBOOKMARKENTITY p
        WHERE EXISTS (SELECT 1 FROM ZBOOKMARKENTITY c WHERE c.ZPARENT = p.Z_PK AND c.ZURL IS NOT NULL AND c.ZTITLE GLOB '3*')
           OR (SELECT c.ZTITLE FROM ZBOOKMARKENTITY c WHERE c.ZPARENT = p.Z_PK ORDER BY c.Z_FOK_PARENT DESC LIMIT 1) = '5'
        ORDER BY p.ZUUID
        """)
    #expect(expected == [[.text("3")], [.text("bookmarks_root")]])
    for (output, extra) in [("a.sqlite", [String]()), ("b.sqlite", ["--no-fast-path"])] {
        let result = try runModeldiff(
            ["migrate", "source.sqlite"] + versions + ["--mapping", "map.xml", "--output", output] + extra, in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        // The links to the folders the filter leaves out go with them, each relationship mapping said with its count.
        #expect(
            result.stdout.contains(
                "with map.xml)\n  BookmarkEntity: 2 objects (was 10)\n  BookmarkEntityToBookmarkEntity.children: 7 of 8 links dropped "
                    + "(BookmarkEntityToBookmarkEntity filters its objects by a source expression;"), "\(result.stdout)")
        #expect(try rows(folder.appendingPathComponent(output), "SELECT ZUUID FROM ZBOOKMARKENTITY ORDER BY ZUUID") == expected)
    }
}

/// String `==` is NSString's literal comparison on both paths: in a copy of wibosco's store three posts'
/// colour is "café" with a precomposed é and two with "e" + a combining accent; `color == 'café'`
/// (precomposed) selects the three, as SQLite's byte comparison does on the fast path.
@Test func stringEqualityComparesCodeUnitsOnBothPaths() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let versions = try cafeStore(in: folder, selecting: "color == 'caf\u{E9}'")
    #expect(try runModeldiff(["mapping", "validate", "map.xml"] + versions, in: folder).status == 0)
    for (output, extra, label) in [
        ("fast.sqlite", [String](), " [SQL fast path])"), ("generic.sqlite", ["--no-fast-path"], " with map.xml)"),
    ] {
        let result = try runModeldiff(
            ["migrate", "source.sqlite"] + versions + ["--mapping", "map.xml", "--output", output] + extra, in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(label + "\n  Post: 3 objects (was 1001)\n"), "\(result.stdout)")
        #expect(
            try rows(folder.appendingPathComponent(output), "SELECT COUNT(*), MIN(HEX(ZHEXCOLOR)) FROM ZPOST")
                == [[.integer(3), .text("636166C3A9")]])
    }
}

/// NSPredicate's string operators on a real store, through the built binary: the same copy of
/// wibosco's store (three posts "café" precomposed, two "cafe" + a combining accent). Canonical
/// equivalence (`ENDSWITH`), `[n]`'s literal search, literal `==[c]`, `[cd]` folding and `MATCHES`'
/// NFKC select what Foundation's predicate operators select; SQLite has none of them, so the
/// migration takes the generic path whatever the flags.
@Test(arguments: [
    ("color ENDSWITH '\u{E9}'", 5), ("color ENDSWITH[n] '\u{E9}'", 3), ("color CONTAINS 'cafe'", 0), ("color CONTAINS[n] 'cafe'", 2),
    ("color ==[c] 'CAF\u{C9}'", 3), ("color ==[cd] 'CAFE'", 5), ("color MATCHES 'caf\u{E9}'", 5), ("color LIKE[n] 'caf?'", 3),
])
func stringOperatorsSelectAsNSPredicateOnARealStore(_ predicate: String, _ count: Int) throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let versions = try cafeStore(in: folder, selecting: predicate)
    let result = try runModeldiff(
        ["migrate", "source.sqlite"] + versions + ["--mapping", "map.xml", "--output", "out.sqlite"], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains(" with map.xml)\n  Post: \(count) objects (was 1001)\n"), "\(predicate): \(result.stdout)")
}

/// A copy of wibosco's store in `folder` whose first three posts' colour is "café" with a precomposed
/// é and the next two "cafe" + a combining accent, and its inferred mapping (`map.xml`) with a fetch of
/// the posts `predicate` selects; returns the two versions' arguments.
private func cafeStore(in folder: URL, selecting predicate: String) throws -> [String] {
    try copyStore("CoreDataMigration_Example_1.sqlite", from: wibosco, to: folder)
    do {
        let source = try SQLiteDatabase(path: folder.appendingPathComponent("source.sqlite").path, readOnly: false)
        try source.execute("UPDATE ZPOST SET ZCOLOR = 'caf' || char(233) WHERE Z_PK <= 3")
        try source.execute("UPDATE ZPOST SET ZCOLOR = 'cafe' || char(769) WHERE Z_PK IN (4, 5)")
    }
    return try inferredMapping(
        wiboscoModels.appendingPathComponent("CoreDataMigration_Example.xcdatamodel"),
        wiboscoModels.appendingPathComponent("CoreDataMigration_Example 2.xcdatamodel"),
        in: folder, replacing: "<attribute name=\"date\">", with: fetch("Post", predicate) + "<attribute name=\"date\">")
}
