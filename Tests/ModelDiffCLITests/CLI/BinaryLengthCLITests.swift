import Foundation
import ModelDiffTestSupport
import Testing

/// A Binary's minimum and maximum bound its length in bytes, and `store seed`, `test` and the
/// `migrate --dry-run` pre-flight report a blob out of them with the same codes, 1620 below the
/// minimum and 1610 above the maximum (docs/TESTING.md, "Limits of a seed", has the evidence and why
/// these codes). `TestModels/FindingCodes/cosmetic-change-binary-length`: `Note.photo` gains
/// minimum 2 and maximum 8.
@Suite struct BinaryLengthCLITests {
    private let bundle = Paths.testModels.appendingPathComponent("FindingCodes/cosmetic-change-binary-length.xcdatamodeld")

    @Test func seedTestAndPreflightAgreeOnTheCodes() throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A store of V1 as `store seed` writes it: blobs of 0, 1, 4 and 16 bytes, and nil.
        let seed = try runModeldiff(
            ["store", "seed", bundle.appendingPathComponent("V1.xcdatamodel").path, "--objects", "20", "--output", "Notes.sqlite"],
            in: folder)
        #expect(seed.status == 0, "\(seed.stderr)")
        let preflight = try runModeldiff(["migrate", "Notes.sqlite", "--to", bundle.path, "--dry-run", "--format", "json"], in: folder)
        #expect(preflight.status == 1, "\(preflight.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(preflight.stdout.utf8)) as? [String: Any])
        let codes = try #require(object["codes"] as? [[String: Any]])
        #expect(codes.map { $0["code"] as? Int } == [1610, 1620])
        let messages = Set(codes.flatMap { ($0["failures"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String } })
        #expect(messages == ["Note.photo is above its maximum 8", "Note.photo is below its minimum 2"])
        // `test` fails its own seeded store (aimed at the new bounds) and this one with the same code.
        let test = try runModeldiff(["test", bundle.path, "--store", "Notes.sqlite"], in: folder)
        #expect(test.status == 1, "\(test.stdout)\(test.stderr)")
        let expected = "Note.photo is below its minimum 2 (NSValidationNumberTooSmallError 1620; mapping NoteToNote; object 2/p1)"
        #expect(test.stdout.components(separatedBy: expected).count == 3, "\(test.stdout)")
    }

    /// A seed of the version that sets the bounds keeps every blob within them.
    @Test func aSeedOfTheBoundedVersionIsValid() throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let model = bundle.appendingPathComponent("V2.xcdatamodel").path
        let seed = try runModeldiff(["store", "seed", model, "--objects", "50", "--output", "Notes.sqlite"], in: folder)
        #expect(seed.status == 0, "\(seed.stderr)")
        let verify = try runModeldiff(["store", "verify", "Notes.sqlite", "--model", model], in: folder)
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
    }
}
