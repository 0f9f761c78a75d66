import Foundation
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore
import ModelDiffTestSupport
import Testing

/// A new side of a one-to-one whose other side the mapping keeps: Wire's zmessaging 2.30.0 → 2.31.0 replaces
/// `User.memberships` (to-many) with `User.membership` (to-one, new), the inverse of the kept `Member.user`.
/// Core Data's migration manager sets `Member.user` in its destination context, which sets the inverse
/// with it and lets go of the member the user held before; `migrate` does the same and says how many links
/// the narrowed pair could not keep.
@Suite struct OneToOneInverseTests {
    private let bundle = Paths.models.appendingPathComponent("wire-ios-data-model/Resources/zmessaging.xcdatamodeld")
    private var old: String { bundle.appendingPathComponent("zmessaging2.30.0.xcdatamodel").path }
    private var new: String { bundle.appendingPathComponent("zmessaging2.31.0.xcdatamodel").path }

    /// Seeds 2.30.0 with `objects`, migrates to 2.31.0, and returns the migration's run and the output's
    /// `Member.user` and `User.membership` keys.
    private func migrate(objects: String, in folder: URL) throws -> (CLIResult, members: [Int64: Int64], users: [Int64: Int64]) {
        let seeded = try runModeldiff(["store", "seed", old, "--objects", objects, "--output", "old.sqlite"], in: folder)
        #expect(seeded.status == 0, "\(seeded.stderr)")
        let run = try runModeldiff(["migrate", "old.sqlite", "--from", old, "--to", new, "--output", "new.sqlite"], in: folder)
        let store = try PersistentStore.open(path: folder.appendingPathComponent("new.sqlite").path)
        func keys(_ sql: String) throws -> [Int64: Int64] {
            var result: [Int64: Int64] = [:]
            for row in try store.database.rows(sql, []) {
                if case .integer(let key)? = row.first, case .integer(let value) = row[1] { result[key] = value }
            }
            return result
        }
        return (run, try keys("SELECT Z_PK, ZUSER FROM ZMEMBER"), try keys("SELECT Z_PK, ZMEMBERSHIP FROM ZUSER"))
    }

    @Test func theNewSideIsFilledFromTheKeptOne() throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (run, members, users) = try migrate(objects: "3", in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!members.isEmpty)
        #expect(users == Dictionary(uniqueKeysWithValues: members.map { ($1, $0) }))
        #expect(!run.stdout.contains("links dropped"), "\(run.stdout)")
        let verify = try runModeldiff(["store", "verify", "new.sqlite", "--model", new], in: folder)
        #expect(verify.status == 0 && verify.stdout.contains("new.sqlite: ok"), "\(verify.stdout)\(verify.stderr)")
    }

    @Test func linksTheNarrowedPairCannotKeepAreCountedAndSaid() throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Six members of two users: each user keeps one membership, the other members lose their user.
        let (run, members, users) = try migrate(objects: "3,User=2,Member=6", in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(users.count == 2)
        #expect(users == Dictionary(uniqueKeysWithValues: members.map { ($1, $0) }))
        #expect(
            run.stdout.contains(
                "MemberToMember.user: 2 of 4 links dropped (its inverse membership becomes to-one: each object keeps one of its links"),
            "\(run.stdout)")
        let verify = try runModeldiff(["store", "verify", "new.sqlite", "--model", new], in: folder)
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
    }
}
