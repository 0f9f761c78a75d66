import Foundation
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore
import ModelDiffTestSupport
import Testing

/// A version of the Wire shape `store1-24` has against the current version: the to-many
/// `Conversation.messages` ↔ `Message.conversation` becomes `allMessages` (renaming identifier
/// `messages`) ↔ `visibleInConversation` (no renaming identifier, so a new to-one), and every
/// message is of a sub-entity of the abstract `Message`.
private func renamedInverseModel(_ toMany: String, renamingIdentifier: String?, toOne: String, ordered: Bool) -> String {
    let identifier = renamingIdentifier.map { " elementID=\"\($0)\"" } ?? ""
    return """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" lastSavedToolsVersion="22522" systemVersion="23F79" \
        minimumToolsVersion="Automatic" sourceLanguage="Swift" userDefinedModelVersionIdentifier="">
            <entity name="Conversation" representedClassName="Conversation" syncable="YES">
                <attribute name="name" attributeType="String" defaultValueString=""/>
                <relationship name="\(toMany)" optional="YES" toMany="YES" deletionRule="Nullify"\(ordered ? " ordered=\"YES\"" : "") \
        destinationEntity="Message" inverseName="\(toOne)" inverseEntity="Message"\(identifier)/>
            </entity>
            <entity name="Message" representedClassName="Message" isAbstract="YES" syncable="YES">
                <attribute name="text" attributeType="String" defaultValueString=""/>
                <relationship name="\(toOne)" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Conversation" \
        inverseName="\(toMany)" inverseEntity="Conversation"/>
            </entity>
            <entity name="TextMessage" representedClassName="TextMessage" parentEntity="Message" syncable="YES">
                <attribute name="body" attributeType="String" defaultValueString=""/>
            </entity>
        </model>
        """
}

/// Each message's text with its conversation's name, sorted: the links, whatever the keys.
private func messageLinks(_ path: String, toOne column: String) throws -> [String] {
    let store = try PersistentStore.open(path: path)
    let rows = try store.database.rows(
        "SELECT m.ZTEXT, c.ZNAME FROM ZMESSAGE m JOIN ZCONVERSATION c ON c.Z_PK = m.\(column) ORDER BY m.ZTEXT, c.ZNAME")
    return rows.map { "\($0[0]) → \($0[1])" }
}

/// Core Data's stage 3 sets `allMessages` from `$source.messages` and its inverse upkeep sets the new
/// `visibleInConversation` with it (which has no mapping of its own), so every link is kept; the SQL
/// fast path copies `Message.conversation`'s key column into `visibleInConversation`'s. Before, both
/// paths left the to-one NULL and the conservation check refused the store
/// (`ConversationToConversation.allMessages: N links in the source, 0 in the output`).
@Test func aToManyWhoseInverseIsNewKeepsItsLinksOnBothPaths() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let bundle = folder.appendingPathComponent("Chat.xcdatamodeld")
    for (name, text) in [
        ("V1", renamedInverseModel("messages", renamingIdentifier: nil, toOne: "conversation", ordered: true)),
        ("V2", renamedInverseModel("allMessages", renamingIdentifier: "messages", toOne: "visibleInConversation", ordered: false)),
    ] {
        let version = bundle.appendingPathComponent("\(name).xcdatamodel")
        try FileManager.default.createDirectory(at: version, withIntermediateDirectories: true)
        try text.write(to: version.appendingPathComponent("contents"), atomically: true, encoding: .utf8)
    }
    try """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0"><dict><key>_XCCurrentVersionName</key><string>V2.xcdatamodel</string></dict></plist>
    """.write(to: bundle.appendingPathComponent(".xccurrentversion"), atomically: true, encoding: .utf8)
    let seed = try runModeldiff(
        ["store", "seed", bundle.appendingPathComponent("V1.xcdatamodel").path, "--objects", "8", "--seed", "5", "--output", "v1.sqlite"],
        in: folder)
    #expect(seed.status == 0, "\(seed.stderr)")
    let source = try messageLinks(folder.appendingPathComponent("v1.sqlite").path, toOne: "ZCONVERSATION")
    #expect(source.count > 0, "the seeded store links no message")
    for (output, extra, path) in [("fast.sqlite", [String](), " [SQL fast path]"), ("staged.sqlite", ["--no-fast-path"], "")] {
        let result = try runModeldiff(["migrate", "v1.sqlite", "--to", bundle.path, "--output", output] + extra, in: folder)
        #expect(result.status == 0, "\(output): \(result.stderr)")
        #expect(result.stdout.hasPrefix("migrated v1.sqlite → \(output) (V1 → V2 (inferred)\(path))\n"), "\(result.stdout)")
        #expect(try messageLinks(folder.appendingPathComponent(output).path, toOne: "ZVISIBLEINCONVERSATION") == source, "\(output)")
        let verify = try runModeldiff(["store", "verify", output, "--model", bundle.path], in: folder)
        #expect(verify.status == 0, "\(output): \(verify.stdout)\(verify.stderr)")
    }
}
