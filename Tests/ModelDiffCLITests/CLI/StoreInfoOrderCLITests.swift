import Foundation
import ModelDiffTestSupport
import Testing

/// `store info --model BUNDLE` names the first version, in the version order, whose hashes are the
/// store's: when versions share them (a cosmetic edit), the order decides (issue 34, item 3).
@Suite struct StoreInfoOrderCLITests {
    /// `Pair.xcdatamodeld`: `Pair` and `Pair 2` differ only in a class name (equal hashes), `Pair 3`
    /// (current) adds an attribute.
    private func bundle() throws -> URL {
        let folder = try Paths.temporaryDirectory()
        let songs = Paths.repository.appendingPathComponent(UnreadableVersionCLITests.songs)
        let bundle = folder.appendingPathComponent("Pair.xcdatamodeld")
        let first = try String(contentsOf: songs.appendingPathComponent("Songs.xcdatamodel/contents"), encoding: .utf8)
        let renamed = first.replacingOccurrences(of: "representedClassName=\"Song\"", with: "representedClassName=\"SongV2\"")
        try #require(renamed != first)
        let third = try String(contentsOf: songs.appendingPathComponent("Songs 3.xcdatamodel/contents"), encoding: .utf8)
        for (name, text) in [("Pair", first), ("Pair 2", renamed), ("Pair 3", third)] {
            let version = bundle.appendingPathComponent(name + ".xcdatamodel")
            try FileManager.default.createDirectory(at: version, withIntermediateDirectories: true)
            try text.write(to: version.appendingPathComponent("contents"), atomically: true, encoding: .utf8)
        }
        let current = try String(contentsOf: songs.appendingPathComponent(".xccurrentversion"), encoding: .utf8)
            .replacingOccurrences(of: "Songs 4", with: "Pair 3")
        try current.write(to: bundle.appendingPathComponent(".xccurrentversion"), atomically: true, encoding: .utf8)
        return folder
    }

    @Test func theOrderNamesTheVersionAmongThoseSharingTheStoresHashes() throws {
        let folder = try bundle()
        defer { try? FileManager.default.removeItem(at: folder) }
        let seeded = try runModeldiff(
            ["store", "seed", "Pair.xcdatamodeld/Pair 2.xcdatamodel", "--objects", "1", "--output", "p.sqlite"], in: folder)
        #expect(seeded.status == 0, "\(seeded.stderr)")
        let natural = try runModeldiff(["store", "info", "p.sqlite", "--model", "Pair.xcdatamodeld"], in: folder)
        #expect(natural.status == 0, "\(natural.stderr)")
        #expect(natural.stdout.hasSuffix("model version: Pair\n"))
        let ordered = try runModeldiff(
            ["store", "info", "p.sqlite", "--model", "Pair.xcdatamodeld", "--order", "Pair 2,Pair,Pair 3"], in: folder)
        #expect(ordered.status == 0, "\(ordered.stderr)")
        #expect(ordered.stdout.hasSuffix("model version: Pair 2\n"))
        // .modeldiff.yml's order: is the same order; --no-config leaves it out.
        try "order: [\"Pair 2\", \"Pair\", \"Pair 3\"]\n".write(
            to: folder.appendingPathComponent(".modeldiff.yml"), atomically: true, encoding: .utf8)
        let configured = try runModeldiff(["store", "info", "p.sqlite", "--model", "Pair.xcdatamodeld"], in: folder)
        #expect(configured.stdout.hasSuffix("model version: Pair 2\n"), "\(configured.stderr)")
        let unconfigured = try runModeldiff(["store", "info", "p.sqlite", "--model", "Pair.xcdatamodeld", "--no-config"], in: folder)
        #expect(unconfigured.stdout.hasSuffix("model version: Pair\n"))
        // An order without a bundle, or naming a version the bundle lacks, is bad input.
        let noBundle = try runModeldiff(["store", "info", "p.sqlite", "--order", "Pair"], in: folder)
        #expect(noBundle.status == 2)
        let unknown = try runModeldiff(
            ["store", "info", "p.sqlite", "--model", "Pair.xcdatamodeld", "--order", "Pair 9,Pair 3"], in: folder)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.hasPrefix("Pair.xcdatamodeld: error: --order names version \"Pair 9\""))
        // Where the order cannot matter, no flag: verify's model is laid out alike whichever version it is.
        #expect(
            try runModeldiff(["store", "verify", "p.sqlite", "--model", "Pair.xcdatamodeld", "--order", "Pair"], in: folder).status == 2)
        for command in [["diff"], ["infer"], ["graph"], ["store", "verify"]] {
            let help = try runModeldiff(command + ["--help"])
            let words = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(words.contains("the version order does not matter here (no --order)"), "\(command)")
        }
    }
}
