import Foundation
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore
import ModelDiffTestSupport
import Testing

/// `RelationshipIndexes.xcdatamodeld`: fetch indexes whose elements name a to-many with an inverse
/// (`Account.conversations`) and a to-one (`Conversation.account`), in two versions. Core Data's
/// `-[NSSQLBinaryIndex generateStatementsForStore:]` (docs/STORE.md, "Fetch indexes over
/// relationships") leaves the to-many out, indexes the to-one's key column, writes nothing for an
/// index of one ascending relationship, and nothing for an index left with no column.
private let bundle = Paths.testModels.appendingPathComponent("RelationshipIndexes.xcdatamodeld")

/// The rule's index of each version, as `CREATE INDEX` text, in the order SQLite lists them.
private let expectedIndexes = [
    "CREATE INDEX ZCONVERSATION_ZACCOUNT_INDEX ON ZCONVERSATION (ZACCOUNT)",
    "CREATE INDEX Z_Account_byNameAndConversations ON ZACCOUNT (ZNAME COLLATE BINARY ASC)",
    "CREATE INDEX Z_Conversation_byAccountAndTitle ON ZCONVERSATION (ZACCOUNT COLLATE BINARY ASC, ZTITLE COLLATE BINARY DESC)",
    "CREATE INDEX Z_Conversation_byAccountDescending ON ZCONVERSATION (ZACCOUNT COLLATE BINARY DESC)",
]

private func indexSQL(_ path: String) throws -> [String] {
    let store = try PersistentStore.open(path: path)
    return try store.database.rows("SELECT sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name").compactMap {
        if case .text(let sql) = $0[0] { sql } else { nil }
    }
}

@Test func fetchIndexesOverRelationshipsAreLaidOutAsCoreDataWritesThem() throws {
    let layout = StoreLayout(model: try ModelFile.load(path: bundle.appendingPathComponent("V1.xcdatamodel").path).model)
    let fetch = layout.indexes.filter { $0.name.hasPrefix("Z_") }.map { "\($0.name) \($0.columns.map { "\($0.name) \($0.descending)" })" }
    #expect(
        fetch.sorted() == [
            #"Z_Account_byNameAndConversations ["ZNAME false"]"#,
            #"Z_Conversation_byAccountAndTitle ["ZACCOUNT false", "ZTITLE true"]"#,
            #"Z_Conversation_byAccountDescending ["ZACCOUNT true"]"#,
        ])
}

@Test func storeSeedMigrateAndTestSucceedWithFetchIndexesOverRelationships() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let seed = try runModeldiff(
        ["store", "seed", bundle.appendingPathComponent("V1.xcdatamodel").path, "--objects", "5", "--output", "v1.sqlite"], in: folder)
    #expect(seed.status == 0, "\(seed.stderr)")
    #expect(!seed.stderr.contains("SQLite") && !seed.stderr.contains("no such column"), "\(seed.stderr)")
    #expect(try indexSQL(folder.appendingPathComponent("v1.sqlite").path) == expectedIndexes)

    let dryRun = try runModeldiff(["migrate", "v1.sqlite", "--to", bundle.path, "--dry-run"], in: folder)
    #expect(dryRun.status == 0, "\(dryRun.stdout)\(dryRun.stderr)")
    for path in ["direct", "consecutive"] {
        let migrate = try runModeldiff(
            ["migrate", "v1.sqlite", "--to", bundle.path, "--path", path, "--output", "\(path).sqlite"], in: folder)
        #expect(migrate.status == 0, "\(migrate.stderr)")
        #expect(try indexSQL(folder.appendingPathComponent("\(path).sqlite").path) == expectedIndexes)
        let verify = try runModeldiff(["store", "verify", "\(path).sqlite", "--model", bundle.path], in: folder)
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
    }
    let test = try runModeldiff(["test", bundle.path], in: folder)
    #expect(test.status == 0, "\(test.stdout)\(test.stderr)")
    #expect(test.stdout.contains("PASS V1 → V2"), "\(test.stdout)")
}

/// A to-many without an inverse has no column in its entity's table, and the decompilation does not
/// show what Core Data's index statement names for it: the layout leaves it out, and reading the
/// model (`hash`, `check`) says so in one warning line.
@Test func aToManyWithoutInverseInAFetchIndexIsLeftOutWithAWarning() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let model = folder.appendingPathComponent("M.xcdatamodel")
    try FileManager.default.createDirectory(at: model, withIntermediateDirectories: true)
    try """
    <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
    <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" minimumToolsVersion="Automatic" sourceLanguage="Swift">
        <entity name="Folder" syncable="YES">
            <attribute name="name" attributeType="String" defaultValueString=""/>
            <relationship name="notes" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Note"/>
            <fetchIndex name="byNameAndNotes">
                <fetchIndexElement property="name" type="Binary" order="ascending"/>
                <fetchIndexElement property="notes" type="Binary" order="ascending"/>
            </fetchIndex>
        </entity>
        <entity name="Note" syncable="YES">
            <attribute name="text" optional="YES" attributeType="String"/>
        </entity>
    </model>
    """.write(to: model.appendingPathComponent("contents"), atomically: true, encoding: .utf8)
    let seed = try runModeldiff(["store", "seed", model.path, "--objects", "3", "--output", "m.sqlite"], in: folder)
    #expect(seed.status == 0, "\(seed.stderr)")
    let hash = try runModeldiff(["hash", model.path], in: folder)
    #expect(hash.status == 0, "\(hash.stderr)")
    let warnings = hash.stderr.split(separator: "\n").filter { $0.contains("contents:6: warning: fetch index \"byNameAndNotes\"") }
    #expect(warnings.count == 1, "\(hash.stderr)")
    #expect(
        try indexSQL(folder.appendingPathComponent("m.sqlite").path).contains(
            "CREATE INDEX Z_Folder_byNameAndNotes ON ZFOLDER (ZNAME COLLATE BINARY ASC)"))
}
