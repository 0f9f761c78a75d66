import Foundation
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore
import ModelDiffTestSupport
import Testing

private let noInverse = Paths.testModels.appendingPathComponent("NoInverse.xcdatamodeld")

/// `TestModels/NoInverse` V1 seeded through the binary (every kind of link, sub-entity targets included) in a new folder.
private func seededFolder() throws -> URL {
    let folder = try Paths.temporaryDirectory()
    let seed = try runModeldiff(
        [
            "store", "seed", noInverse.appendingPathComponent("V1.xcdatamodel").path, "--objects", "6", "--seed", "3", "--output",
            "v1.sqlite",
        ],
        in: folder)
    #expect(seed.status == 0, "\(seed.stderr)")
    return folder
}

/// One count of `migrate --format json`: `mapping` or `mapping.relationship` → the count's fields.
private func counts(_ json: String) throws -> [String: [String: Any]] {
    let report = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let steps = try #require(report["steps"] as? [[String: Any]])
    var result: [String: [String: Any]] = [:]
    for step in steps {
        for count in (step["objects"] as? [[String: Any]] ?? []) + (step["links"] as? [[String: Any]] ?? []) {
            let mapping = count["mapping"] as? String ?? ""
            result[(count["relationship"] as? String).map { "\(mapping).\($0)" } ?? mapping] = count
        }
    }
    return result
}

private let paths: [(name: String, flags: [String])] = [("fast path", []), ("three-stage path", ["--no-fast-path"])]

/// Every migration counts, per entity mapping, the objects and, per relationship mapping, the links
/// in the source and the output, on both paths, and `migrate --format json` reports them: a
/// model with every kind of link (to-one, to-many and ordered to-many without an inverse, a to-many
/// that is its own inverse) keeps every one, and the counts say so.
@Test func migrateReportsEveryMappingsCountsOnBothPaths() throws {
    let folder = try seededFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for (name, flags) in paths {
        let output = "out-\(flags.count).sqlite"
        let result = try runModeldiff(
            ["migrate", "v1.sqlite", "--to", noInverse.path, "--output", output, "--format", "json"] + flags, in: folder)
        #expect(result.status == 0, "\(name): \(result.stderr)")
        let found = try counts(result.stdout)
        for label in [
            "MeasurementToMeasurement", "SmartTagToSmartTag", "MeasurementToMeasurement.accelerations", "MeasurementToMeasurement.tags",
            "MeasurementToMeasurement.device", "SurveyToSurvey.geoLocations", "DeviceToDevice.tags", "TagToTag.devices",
            "PersonToPerson.friends",
        ] {
            let count = try #require(found[label], "\(name): no count for \(label) in \(result.stdout)")
            #expect(count["source"] as? Int == count["destination"] as? Int, "\(name): \(label) \(count)")
            #expect(count["explained"] as? Int == 0, "\(name): \(label) \(count)")
        }
        #expect((found["PersonToPerson.friends"]?["source"] as? Int ?? 0) > 0)
        #expect((found["SmartTagToSmartTag"]?["source"] as? Int ?? 0) > 0)
    }
}

/// A link lost on the way (broken on purpose in the output, just before the counts, through the
/// test hook `MODELDIFF_TEST_BREAK_LINK`) fails the migration on both paths with one line naming the
/// relationship mapping and both counts, exit status 2, and no output left behind: a to-many
/// without an inverse (its virtual to-one column), a to-one, and a reflexive join table's row.
@Test func aLinkLostOnTheWayFailsTheMigrationOnBothPaths() throws {
    let folder = try seededFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for (broken, relationship) in [
        ("ZACCELERATION.Z5ACCELERATIONS", ".accelerations: "), ("ZMEASUREMENT.ZDEVICE", ".device: "),
        ("Z_7FRIENDS", "PersonToPerson.friends: "),
    ] {
        for (name, flags) in paths {
            let result = try runModeldiff(
                ["migrate", "v1.sqlite", "--to", noInverse.path, "--output", "out.sqlite"] + flags, in: folder,
                environment: ["MODELDIFF_TEST_BREAK_LINK": broken])
            #expect(result.status == 2, "\(name), \(broken): \(result.stdout)")
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 1, "\(name), \(broken): \(result.stderr)")
            let line = String(lines.first ?? "")
            #expect(line.hasPrefix("v1.sqlite: error: migration failed: "), "\(line)")
            #expect(line.contains(relationship) && line.contains("links in the source, "), "\(name), \(broken): \(line)")
            #expect(line.contains(" in the output; the mapping accounts for "), "\(line)")
            let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "v1.sqlite" }
            #expect(left.isEmpty, "\(name), \(broken): \(left)")
        }
    }
}

/// A difference the mapping explains passes and is reported with its reason: a dangling to-one key
/// (migrated as nil), and links to objects of a sub-entity the destination removes.
@Test func differencesTheMappingExplainsAreReportedWithTheirReason() throws {
    let folder = try seededFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = try PersistentStore.open(path: folder.appendingPathComponent("v1.sqlite").path, writable: true)
    try store.database.execute("UPDATE ZMEASUREMENT SET ZDEVICE = 999 WHERE Z_PK = (SELECT MIN(Z_PK) FROM ZMEASUREMENT WHERE Z_ENT = 4)")
    // The next version without SmartTag: its objects, and the links to them, are the mapping's to drop.
    let v2 = try String(contentsOf: noInverse.appendingPathComponent("V2.xcdatamodel/contents"), encoding: .utf8)
    let start = try #require(v2.range(of: "    <entity name=\"SmartTag\""))
    let end = try #require(v2.range(of: "</entity>\n", range: start.upperBound..<v2.endIndex))
    let withoutSmartTag = folder.appendingPathComponent("V3.xcdatamodel")
    try FileManager.default.createDirectory(at: withoutSmartTag, withIntermediateDirectories: true)
    try v2.replacingCharacters(in: start.lowerBound..<end.upperBound, with: "").write(
        to: withoutSmartTag.appendingPathComponent("contents"), atomically: true, encoding: .utf8)
    let v1 = noInverse.appendingPathComponent("V1.xcdatamodel").path
    for (name, flags) in paths {
        let output = "out-\(flags.count).sqlite"
        let result = try runModeldiff(
            ["migrate", "v1.sqlite", "--from", v1, "--to", "V3.xcdatamodel", "--output", output, "--format", "json"] + flags, in: folder)
        #expect(result.status == 0, "\(name): \(result.stderr)")
        #expect(
            result.stderr.contains("Measurement.device: 1 rows point to a Device that does not exist; migrated as nil"), "\(result.stderr)")
        let found = try counts(result.stdout)
        let device = try #require(found["MeasurementToMeasurement.device"])
        #expect(device["explained"] as? Int == 1, "\(device)")
        #expect((device["why"] as? [String]) == ["1 dangling keys of Measurement.device migrated as nil"], "\(device)")
        #expect(device["destination"] as? Int == (device["source"] as? Int ?? 0) - 1)
        let removed = try #require(found["RemoveSmartTag"], "\(found.keys.sorted())")
        #expect(removed["destination"] as? Int == 0 && (removed["explained"] as? Int ?? 0) > 0, "\(removed)")
        let tags = try #require(found["MeasurementToMeasurement.tags"])
        let why = (tags["why"] as? [String] ?? []).joined()
        #expect(why.contains("links of Measurement.tags to objects the mapping removes"), "\(tags)")
        #expect(tags["destination"] as? Int == (tags["source"] as? Int ?? 0) - (tags["explained"] as? Int ?? 0), "\(tags)")
    }
}
