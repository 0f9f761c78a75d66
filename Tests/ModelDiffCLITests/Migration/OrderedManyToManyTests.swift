import Foundation
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore
import ModelDiffTestSupport
import Testing

private let orderedPairs = Paths.testModels.appendingPathComponent("OrderedPairs.xcdatamodeld")

/// A V1 store of `OrderedPairs`: playlists and songs, a many-to-many ordered on both sides, each
/// side's order other than the key order its objects are visited in, with keys that have gaps as
/// Core Data leaves them (2048, 3072, 5120 after an object was removed).
private func makeOrderedPairsStore(in folder: URL) throws -> URL {
    let model = try ModelFile.load(path: orderedPairs.appendingPathComponent("V1.xcdatamodel").path).model
    let url = folder.appendingPathComponent("ordered.sqlite")
    let store = try PersistentStore.create(path: url.path, model: model)
    let layout = StoreLayout(model: model)
    let writer = try StoreWriter(store: store, layout: layout)
    try store.database.execute("BEGIN")
    let playlists = try ["P1", "P2"].map { try writer.insert(entity: "Playlist", attributes: ["name": .string($0)]) }
    let songs = try ["S1", "S2", "S3"].map { try writer.insert(entity: "Song", attributes: ["title": .string($0)]) }
    try writer.finish()
    // Rows as Apple writes them, each side's key set by hand (the writer appends one side).
    let join = try #require(layout.joinTables.first)
    let playlistColumn = join.relationship.entity == "Playlist" ? join.sourceColumn : join.destinationColumn
    let songColumn = join.relationship.entity == "Playlist" ? join.destinationColumn : join.sourceColumn
    let songsOrder = try #require(join.orderColumns.first { $0.relationship == "songs" }?.column)
    let playlistsOrder = try #require(join.orderColumns.first { $0.relationship == "playlists" }?.column)
    // P1: S3, S1, S2; P2: S2, S3 — and S1: P1; S2: P2, P1; S3: P2, P1.
    let rows: [(playlist: Int, song: Int, songsKey: Int64, playlistsKey: Int64)] = [
        (0, 2, 2048, 5120), (0, 0, 3072, 2048), (0, 1, 5120, 3072), (1, 1, 2048, 2048), (1, 2, 3072, 2048),
    ]
    for row in rows {
        _ = try store.database.rows(
            "INSERT INTO \"\(join.name)\" (\"\(playlistColumn)\", \"\(songColumn)\", \"\(songsOrder)\", \"\(playlistsOrder)\") VALUES (?, ?, ?, ?)",
            [
                .integer(playlists[row.playlist].primaryKey), .integer(songs[row.song].primaryKey), .integer(row.songsKey),
                .integer(row.playlistsKey),
            ])
    }
    try store.database.execute("COMMIT")
    return url
}

/// Each playlist's songs and each song's playlists, by name, in the order of their keys.
private func orderedLists(_ path: String, model: Model) throws -> [String] {
    let store = try PersistentStore.open(path: path)
    let join = try #require(StoreLayout(model: model).joinTables.first)
    let playlistColumn = join.relationship.entity == "Playlist" ? join.sourceColumn : join.destinationColumn
    let songColumn = join.relationship.entity == "Playlist" ? join.destinationColumn : join.sourceColumn
    var lists: [String] = []
    for (owner, other, order, ownerTable, otherTable, ownerName, otherName) in [
        (playlistColumn, songColumn, "songs", "ZPLAYLIST", "ZSONG", "ZNAME", "ZTITLE"),
        (songColumn, playlistColumn, "playlists", "ZSONG", "ZPLAYLIST", "ZTITLE", "ZNAME"),
    ] {
        let key = try #require(join.orderColumns.first { $0.relationship == order }?.column)
        let rows = try store.database.rows(
            """
            SELECT o.\(ownerName), t.\(otherName), j."\(key)" FROM "\(join.name)" j
            JOIN \(ownerTable) o ON o.Z_PK = j."\(owner)" JOIN \(otherTable) t ON t.Z_PK = j."\(other)"
            """)
        var byOwner: [String: [(key: Int64, name: String)]] = [:]
        for row in rows {
            guard case .text(let name) = row[0], case .text(let held) = row[1], case .integer(let position) = row[2] else {
                Issue.record("\(path): an unexpected row \(row)")
                continue
            }
            byOwner[name, default: []].append((position, held))
        }
        for (name, held) in byOwner.sorted(by: { $0.key < $1.key }) {
            lists.append("\(name).\(order): " + held.sorted { $0.key < $1.key }.map(\.name).joined(separator: " "))
        }
    }
    return lists
}

/// A many-to-many ordered on both sides keeps both orders on both paths: the SQL fast path copies
/// the join table's order keys, and the three-stage path sets each side from its own relationship
/// mapping, as Core Data's stage 3 does (the side mapped second used to keep the order the first
/// side's mapping appended it in).
@Test func manyToManyOrderedOnBothSidesKeepsBothOrdersOnBothPaths() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = try makeOrderedPairsStore(in: folder)
    let v1 = try ModelFile.load(path: orderedPairs.appendingPathComponent("V1.xcdatamodel").path).model
    let v2 = try ModelFile.load(path: orderedPairs.appendingPathComponent("V2.xcdatamodel").path).model
    let expected = [
        "P1.songs: S3 S1 S2", "P2.songs: S2 S3", "S1.playlists: P1", "S2.playlists: P2 P1", "S3.playlists: P2 P1",
    ]
    #expect(try orderedLists(source.path, model: v1) == expected)
    for (output, extra, path) in [("fast.sqlite", [String](), " [SQL fast path]"), ("staged.sqlite", ["--no-fast-path"], "")] {
        let result = try runModeldiff(["migrate", "ordered.sqlite", "--to", orderedPairs.path, "--output", output] + extra, in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == "migrated ordered.sqlite → \(output) (V1 → V2 (inferred)\(path))\n  Playlist: 2 objects\n  Song: 3 objects\n")
        #expect(try orderedLists(folder.appendingPathComponent(output).path, model: v2) == expected, "\(output)")
        let verify = try runModeldiff(["store", "verify", output, "--model", orderedPairs.path], in: folder)
        #expect(verify.status == 0, "\(output): \(verify.stdout)\(verify.stderr)")
    }
}
