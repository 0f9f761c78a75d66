import Foundation
import ModelDiffTestSupport
import Testing

/// `modeldiff textconv` and the git set-up the README gives for it.
@Suite struct TextconvTests {
    @Test func notesPrintsOneLinePerElement() throws {
        let result = try runModeldiff(["textconv", "TestModels/Notes.xcdatamodeld/Notes 2.xcdatamodel"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(
            result.stdout == """
                model: minimumToolsVersion "Automatic", sourceLanguage "Swift", userDefinedModelVersionIdentifier "2"

                entity Folder: class Folder
                  Folder.name attribute: String
                  Folder.notes relationship: to-many Note, optional, inverse Note.folder, delete Cascade

                entity Note: class Note
                  Note.createdAt attribute: Date, no scalar type
                  Note.folder relationship: to-one Folder, optional, inverse Folder.notes, delete Nullify, max 1
                  Note.pinned attribute: Boolean, optional, default "NO", scalar type
                  Note.tags relationship: to-many Tag, optional, inverse Tag.notes, delete Nullify
                  Note.text attribute: String, optional, renaming identifier "body"
                  Note.title attribute: String, default ""

                entity Tag: class Tag
                  Tag.name attribute: String, default ""
                  Tag.notes relationship: to-many Note, optional, inverse Note.tags, delete Nullify

                """)
    }

    @Test func everySettingOfARichModelIsShownAndValuesStayOnOneLine() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
                <entity name="B" representedClassName="B" elementID="OldB" versionHashModifier="2" futureFlag="yes">
                    <attribute name="body" attributeType="String" regularExpressionString="^a&#10;b&quot;$" minValueString="1" maxValueString="9"/>
                    <attribute name="blob" optional="YES" attributeType="Binary" allowsExternalBinaryDataStorage="YES"/>
                    <fetchIndex name="byBody">
                        <fetchIndexElement property="body" type="Binary" order="descending"/>
                    </fetchIndex>
                    <uniquenessConstraints>
                        <uniquenessConstraint>
                            <constraint value="body"/>
                        </uniquenessConstraint>
                    </uniquenessConstraints>
                </entity>
                <configuration name="Cloud" usedWithCloudKit="YES">
                    <memberEntity name="B"/>
                </configuration>
                <elements>
                    <element name="B" positionX="1" positionY="2" width="128" height="44"/>
                </elements>
            </model>
            """
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try xml.write(to: folder.appendingPathComponent("contents"), atomically: true, encoding: .utf8)
        let result = try runModeldiff(["textconv", "contents"], in: folder)
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                model

                entity B: class B, renaming identifier "OldB", version hash modifier "2", unique [body], futureFlag="yes"
                  B.blob attribute: Binary, optional, external storage
                  B.body attribute: String, min 1, max 9, regex "^a\\nb\\"$"
                  B.byBody fetch index: body Binary descending

                configuration Cloud: entities [B], used with CloudKit

                """)
    }

    @Test func badInputIsOneLineAndExitTwo() throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "<model><entity".write(to: folder.appendingPathComponent("broken"), atomically: true, encoding: .utf8)
        let result = try runModeldiff(["textconv", "broken"], in: folder)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("broken:1:"))
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
    }

    /// The README's two set-up lines, in a real repository: `git diff` shows changed elements, one line each.
    @Test func gitDiffShowsModelChangesThroughTextconv() throws {
        guard RequiredTool.git.require() != nil else { return }
        let repository = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: repository) }
        func git(_ arguments: String...) throws -> ProcessOutcome {
            let outcome = try runProcess(
                ["/usr/bin/env", "git", "-c", "user.name=t", "-c", "user.email=t@example.com"] + arguments, in: repository,
                environment: ["GIT_CONFIG_NOSYSTEM": "1", "HOME": repository.path])
            #expect(outcome.status == 0, "git \(arguments.joined(separator: " ")): \(outcome.stderr)")
            return outcome
        }
        _ = try git("init", "-q")
        try "**/*.xcdatamodel/contents diff=coredata\n".write(
            to: repository.appendingPathComponent(".gitattributes"), atomically: true, encoding: .utf8)
        _ = try git("config", "diff.coredata.textconv", "\(modeldiffBinary.path) textconv")
        let bundle = repository.appendingPathComponent("App/Notes.xcdatamodeld/Notes.xcdatamodel")
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        let notes = Paths.testModels.appendingPathComponent("Notes.xcdatamodeld")
        try FileManager.default.copyItem(
            at: notes.appendingPathComponent("Notes.xcdatamodel/contents"), to: bundle.appendingPathComponent("contents"))
        _ = try git("add", "-A")
        _ = try git("commit", "-q", "-m", "v1")
        // The same file edited to the second version's content: what a reviewer sees in a pull request.
        try FileManager.default.removeItem(at: bundle.appendingPathComponent("contents"))
        try FileManager.default.copyItem(
            at: notes.appendingPathComponent("Notes 2.xcdatamodel/contents"), to: bundle.appendingPathComponent("contents"))
        let diff = try git("diff", "--no-color", "-U0")
        let changed = diff.stdout.split(separator: "\n").filter {
            ($0.hasPrefix("+") || $0.hasPrefix("-")) && !$0.hasPrefix("+++") && !$0.hasPrefix("---")
        }
        #expect(
            changed == [
                #"-model: minimumToolsVersion "Automatic", sourceLanguage "Swift", userDefinedModelVersionIdentifier "1""#,
                #"+model: minimumToolsVersion "Automatic", sourceLanguage "Swift", userDefinedModelVersionIdentifier "2""#,
                #"-  Note.body attribute: String, optional"#,
                #"+  Note.pinned attribute: Boolean, optional, default "NO", scalar type"#,
                #"+  Note.tags relationship: to-many Tag, optional, inverse Tag.notes, delete Nullify"#,
                #"+  Note.text attribute: String, optional, renaming identifier "body""#,
                #"+"#,
                #"+entity Tag: class Tag"#,
                #"+  Tag.name attribute: String, default """#,
                #"+  Tag.notes relationship: to-many Note, optional, inverse Note.tags, delete Nullify"#,
            ], "\(diff.stdout)")
    }
}
