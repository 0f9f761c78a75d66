import Foundation
import ModelDiffTestSupport
import Testing

/// The pre-flight of docs/TESTING.md on a real store: a copy of `store2-80-0.wiredatabase`, which the
/// Wire app wrote with Core Data at zmessaging 2.80.0, checked against a copy of Wire's bundle whose
/// current version (2.101.0) sets two bounds the team's data already exceeds: at most 7 clients per
/// `User` (user 1 has 8) and a `Conversation.userDefinedName` of at most 15 characters (three are 16).
/// The command and its output are the ones docs/TESTING.md shows (golden file `store/preflight-wire.txt`).
@Suite struct WirePreflightCLITests {
    private static let store = "store2-80-0.wiredatabase"

    /// A folder holding a copy of the store (with any `-wal`/`-shm`) and of the bundle, its current
    /// version tightened as described above.
    private func copies() throws -> URL {
        let folder = try Paths.temporaryDirectory()
        let resources = Wire.folder.appendingPathComponent("Tests/Resources")
        for name in try FileManager.default.contentsOfDirectory(atPath: resources.path) where name.hasPrefix(Self.store) {
            try FileManager.default.copyItem(at: resources.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        let bundle = folder.appendingPathComponent("zmessaging.xcdatamodeld")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: Wire.bundlePath), to: bundle)
        let current = bundle.appendingPathComponent("zmessaging2.101.0.xcdatamodel/contents")
        let text = try String(contentsOf: current, encoding: .utf8)
        let clients =
            #"<relationship name="clients" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="UserClient" "#
            + #"inverseName="user""#
        let name = #"<attribute name="userDefinedName" optional="YES" attributeType="String" "#
        #expect(text.components(separatedBy: clients).count == 2 && text.components(separatedBy: name).count == 2)
        let tightened = text.replacingOccurrences(
            of: clients, with: clients.replacingOccurrences(of: #"toMany="YES""#, with: #"toMany="YES" maxCount="7""#)
        )
        .replacingOccurrences(of: name, with: name + #"maxValueString="15" "#)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: current.deletingLastPathComponent().path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: current.path)
        try tightened.write(to: current, atomically: false, encoding: .utf8)
        return folder
    }

    @Test func theRealStoreFailsWhereTheTeamsDataExceedsTheNewBounds() throws {
        let folder = try copies()
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try Data(contentsOf: folder.appendingPathComponent(Self.store))
        let command = ["migrate", Self.store, "--to", "zmessaging.xcdatamodeld", "--dry-run"]
        let text = try runModeldiff(command, in: folder)
        #expect(text.status == 1, "\(text.stderr)")
        try expectGolden(text.stdout, named: "store/preflight-wire.txt")
        // The three-stage path finds the same objects as the SQL fast path.
        let staged = try runModeldiff(command + ["--no-fast-path"], in: folder)
        #expect(staged.status == 1, "\(staged.stderr)")
        #expect(staged.stdout == text.stdout)
        let json = try runModeldiff(command + ["--format", "json"], in: folder)
        #expect(json.status == 1, "\(json.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["store"] as? String == Self.store)
        #expect(object["steps"] as? [String] == ["zmessaging2.80.0 → zmessaging2.101.0"])
        #expect(object["passes"] as? Bool == false)
        let codes = try #require(object["codes"] as? [[String: Any]])
        #expect(codes.map { $0["code"] as? Int } == [1590, 1660])
        let failures = codes.flatMap { $0["failures"] as? [[String: Any]] ?? [] }
        #expect(
            failures.map { "\($0["entity"] ?? "") \($0["object"] ?? "") \($0["property"] ?? "")" } == [
                "User 23/p1 clients", "Conversation 5/p14 userDefinedName", "Conversation 5/p15 userDefinedName",
                "Conversation 5/p19 userDefinedName",
            ])
        // The store is only read: nothing beside it, and its bytes unchanged.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(Self.store) } == [Self.store])
        #expect(try Data(contentsOf: folder.appendingPathComponent(Self.store)) == before)
    }
}
