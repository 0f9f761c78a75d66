import Foundation
@_spi(CLI) import ModelDiffStore
import ModelDiffTestSupport
import Testing

/// A Decimal column holds what Core Data wrote: numbers, and text for a decimal that is no number
/// (`NaN`, NSDecimalNumber.notANumber, as a production app's Core Data store holds it). SQLite stores a
/// bound NaN double as NULL, so the generic path wrote NULL for it: the value was lost without a line.
/// Both paths now keep the text. The store is seeded by
/// `store seed` and edited in SQL here.
private let measures = Paths.testModels.appendingPathComponent("Store/Measures.xcdatamodeld")

private func measuresStore(in folder: URL) throws {
    let version = measures.appendingPathComponent("Measures.xcdatamodel").path
    let seeded = try runModeldiff(["store", "seed", version, "--objects", "4", "--output", "measures.sqlite"], in: folder)
    #expect(seeded.status == 0, "\(seeded.stderr)")
    let database = try SQLiteDatabase(path: folder.appendingPathComponent("measures.sqlite").path, readOnly: false)
    try database.execute("UPDATE ZARTWORK SET ZDEPTH = 'NaN' WHERE Z_PK IN (1, 2)")
    try database.execute("UPDATE ZARTWORK SET ZDEPTH = 12.5 WHERE Z_PK = 3")
}

@Test(arguments: [true, false])
func aDecimalThatIsNoNumberMigratesAsItStands(fastPath: Bool) throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try measuresStore(in: folder)
    let arguments = ["migrate", "measures.sqlite", "--to", measures.path, "--output", "out.sqlite"] + (fastPath ? [] : ["--no-fast-path"])
    let result = try runModeldiff(arguments, in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr == "")
    let rows = try SQLiteDatabase(path: folder.appendingPathComponent("out.sqlite").path, readOnly: true).rows(
        "SELECT typeof(ZDEPTH), ZDEPTH FROM ZARTWORK WHERE Z_PK IN (1, 2, 3) ORDER BY Z_PK")
    let read = rows.map { row in
        row.map { value in
            switch value {
            case .text(let text): text
            case .real(let number): "\(number)"
            default: "\(value)"
            }
        }
    }
    #expect(read == [["text", "NaN"], ["text", "NaN"], ["real", "12.5"]])
    let verify = try runModeldiff(["store", "verify", "out.sqlite", "--model", measures.path], in: folder)
    #expect(verify.status == 0, "\(verify.stderr)")
}
