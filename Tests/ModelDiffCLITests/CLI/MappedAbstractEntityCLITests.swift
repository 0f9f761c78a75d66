import Foundation
import ModelDiffTestSupport
import Testing

private let outbox = Paths.testModels.appendingPathComponent("History/AbstractMapped")

/// A step whose team mapping migrates the sub-entities of a removed abstract entity into a new entity, and
/// sets the relationship re-targeted to it (Apptentive's v4 → v5: `ATAbstractMessage` and its sub-entities
/// become `ATMessage`, `ATMessageSender.sentMessages` follows; `TestModels/History/AbstractMapped`). The
/// abstract entity has no objects of its own, and the mapping sets the relationship, so neither
/// `entity-removed` nor `relationship-retargeted` (inference's reading of the step) is a warning: each is a
/// note naming the mapping. Without the mapping both are warnings.
@Test func aMappedAbstractEntityAndItsRetargetedRelationshipAreNotes() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let bundle = folder.appendingPathComponent("Outbox.xcdatamodeld")
    try FileManager.default.copyItem(at: outbox.appendingPathComponent("Outbox.xcdatamodeld"), to: bundle)
    let bare = try runModeldiff(["check", "Outbox.xcdatamodeld"], in: folder)
    #expect(bare.stdout.contains("`Message` is removed") && bare.stdout.contains("[relationship-retargeted]"), "\(bare.stdout)")
    try FileManager.default.copyItem(
        at: outbox.appendingPathComponent("Outbox1To2.mapping.xml"), to: folder.appendingPathComponent("Outbox1To2.mapping.xml"))
    let check = try runModeldiff(["check", "Outbox.xcdatamodeld", "--verbose"], in: folder)
    #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    #expect(!check.stdout.contains("warning:"), "\(check.stdout)")
    #expect(
        check.stdout.contains(
            "note: `Message` is abstract: the objects of its sub-entities TextMessage, FileMessage are migrated into Note "
                + "by the mapping model"), "\(check.stdout)")
    #expect(check.stdout.contains("note: `Sender.sentMessages` is set from Sender.sentMessages by the mapping model"), "\(check.stdout)")
    // The mapping keeps what the notes say: every message becomes a note and keeps its sender.
    let seed = try runModeldiff(
        ["store", "seed", "Outbox.xcdatamodeld/Outbox.xcdatamodel", "--objects", "4", "--seed", "2", "--output", "v1.sqlite"], in: folder)
    #expect(seed.status == 0, "\(seed.stderr)")
    let migrate = try runModeldiff(
        ["migrate", "v1.sqlite", "--to", "Outbox.xcdatamodeld", "--output", "v2.sqlite", "--format", "json"], in: folder)
    #expect(migrate.status == 0, "\(migrate.stderr)")
    let report = try #require(try JSONSerialization.jsonObject(with: Data(migrate.stdout.utf8)) as? [String: Any])
    let steps = try #require(report["steps"] as? [[String: Any]])
    let links = steps.flatMap { $0["links"] as? [[String: Any]] ?? [] }
    let sent = try #require(links.first { $0["relationship"] as? String == "sentMessages" }, "\(migrate.stdout)")
    #expect((sent["source"] as? Int ?? 0) > 0 && sent["source"] as? Int == sent["destination"] as? Int, "\(sent)")
}
