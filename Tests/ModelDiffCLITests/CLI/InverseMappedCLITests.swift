import Foundation
import ModelDiffTestSupport
import Testing

/// A re-targeted relationship whose own mapping has no expression, set through its inverse (issue 47
/// item 4; Apptentive's `ATMessageSender.sentMessages`, v4 → v5): in `TestModels/History/InverseMapped`,
/// `Sender.sentMessages` points to the abstract `AbstractMessage` in Messages and to `Message` in
/// Messages 2. Xcode's mapping model lists `sentMessages` under `SenderToSender` with no expression (no
/// mapping migrates the abstract entity), and `TextMessageToMessage` and `FileMessageToMessage` set
/// `Message.sender` from `$source.sender`. Core Data passes over the mapping without an expression and
/// keeps the inverse in step, so every link is carried: a note, not inference's loss warning.
@Suite struct InverseMappedCLITests {
    static let bundle = "TestModels/History/InverseMapped/Messages.xcdatamodeld"

    @Test func aRelationshipSetThroughItsInverseIsANoteAndTheLinksAreCarried() throws {
        let check = try runModeldiff(["check", Self.bundle, "--verbose"])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("(0 errors, 0 warnings, 6 notes)"), "\(check.stdout)")
        #expect(
            check.stdout.contains(
                "note: `Sender.sentMessages` is set through its inverse: the mapping model TestModels/History/InverseMapped/"
                    + "Messages 1 to 2.xcmappingmodel/xcmapping.xml sets `Message.sender` from TextMessage.sender, FileMessage.sender "
                    + "[relationship-retargeted]"), "\(check.stdout)")
        // The migration agrees: `test` counts the links of Sender.sentMessages before and after.
        let test = try runModeldiff(["test", Self.bundle, "--objects", "4"])
        #expect(test.status == 0, "\(test.stdout)\(test.stderr)")
        #expect(test.stdout.hasSuffix("1 passed, 0 failed\n"), "\(test.stdout)")
    }

    /// Without a mapping that sets the inverse, nothing carries the links: the warning stays.
    @Test func withoutTheInverseMappingTheWarningStays() throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            at: Paths.repository.appendingPathComponent(Self.bundle), to: folder.appendingPathComponent("Messages.xcdatamodeld"))
        let mapping = """
            <?xml version="1.0" encoding="UTF-8"?>
            <mappingModel formatVersion="1" source="Messages" destination="Messages 2">
                <entityMapping name="SenderToSender" type="copy" source="Sender" destination="Sender">
                    <attribute name="name">$source.name</attribute>
                </entityMapping>
                <entityMapping name="TextMessageToMessage" type="transform" source="TextMessage" destination="Message">
                    <attribute name="body">$source.body</attribute>
                </entityMapping>
                <entityMapping name="FileMessageToMessage" type="transform" source="FileMessage" destination="Message">
                    <attribute name="body">$source.body</attribute>
                    <attribute name="path">$source.path</attribute>
                </entityMapping>
            </mappingModel>
            """
        try mapping.write(to: folder.appendingPathComponent("Messages1to2.mapping.xml"), atomically: true, encoding: .utf8)
        let check = try runModeldiff(["check", "Messages.xcdatamodeld"], in: folder)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(
            check.stdout.contains("warning: `Sender.sentMessages` now points to `Message` instead of `AbstractMessage`"), "\(check.stdout)")
        #expect(check.stdout.contains("0 errors, 1 warnings"), "\(check.stdout)")
    }
}
