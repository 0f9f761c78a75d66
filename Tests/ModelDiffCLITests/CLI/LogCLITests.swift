import Foundation
import ModelDiffTestSupport
import Testing

/// `modeldiff log`: the built binary on the example bundle, in every format, and on bad input.
@Suite struct LogCLITests {
    @Test(arguments: [("text", "txt"), ("markdown", "md"), ("json", "json")])
    func notesHistoryMatchesTheGoldenFile(format: String, ext: String) throws {
        let result = try runModeldiff(["log", "TestModels/Notes.xcdatamodeld", "--format", format])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        try expectGolden(result.stdout, named: "cli/log-notes.\(ext)")
    }

    /// A copy of the example bundle with a third version after the current one (a draft) and a mapping
    /// model beside it that covers the step into the current version, as `infer` writes it.
    private func bundleWithDraftAndMapping() throws -> URL {
        let folder = try Paths.temporaryDirectory()
        let bundle = folder.appendingPathComponent("Notes.xcdatamodeld")
        try FileManager.default.copyItem(at: Paths.testModels.appendingPathComponent("Notes.xcdatamodeld"), to: bundle)
        let second = try String(contentsOf: bundle.appendingPathComponent("Notes 2.xcdatamodel/contents"), encoding: .utf8)
        let third = second.replacingOccurrences(
            of: "<attribute name=\"pinned\"",
            with:
                """
                <attribute name=\"archived\" optional=\"YES\" attributeType=\"Boolean\" defaultValueString=\"NO\" \
                usesScalarValueType=\"YES\"/>\n        <attribute name=\"pinned\"
                """
        )
        try #require(third != second)
        let draft = bundle.appendingPathComponent("Notes 3.xcdatamodel")
        try FileManager.default.createDirectory(at: draft, withIntermediateDirectories: false)
        try third.write(to: draft.appendingPathComponent("contents"), atomically: true, encoding: .utf8)
        let infer = try runModeldiff(
            [
                "infer", "Notes.xcdatamodeld/Notes.xcdatamodel", "Notes.xcdatamodeld/Notes 2.xcdatamodel", "--output",
                "Notes1to2.mapping.xml",
            ], in: folder)
        try #require(infer.status == 0, "\(infer.stderr)")
        return folder
    }

    @Test func draftsAndTheMappingBesideTheBundle() throws {
        let folder = try bundleWithDraftAndMapping()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runModeldiff(["log", "Notes.xcdatamodeld"], in: folder)
        #expect(result.status == 0)
        #expect(result.stderr == "")
        try expectGolden(result.stdout, named: "cli/log-notes-draft-mapped.txt")
        // The same verdict as check's for that step.
        let check = try runModeldiff(["check", "Notes.xcdatamodeld", "--path", "consecutive", "--verbose"], in: folder)
        #expect(check.stdout.contains("Notes → Notes 2: mapped by ./Notes1to2.mapping.xml"))
    }

    @Test func badInputIsOneLineAndExitStatusTwo() throws {
        let folder = try bundleWithDraftAndMapping()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "<model><entity name=\"A\"></model>".write(
            to: folder.appendingPathComponent("Notes.xcdatamodeld/Notes 3.xcdatamodel/contents"), atomically: true, encoding: .utf8)
        // A draft that cannot be read is one line of the log, which goes on and exits 1.
        let draft = try runModeldiff(["log", "Notes.xcdatamodeld"], in: folder)
        #expect(draft.status == 1)
        #expect(draft.stdout.contains("  Notes 3: cannot be read; Opening and ending tag mismatch: entity line 1 and model\n"))
        #expect(draft.stdout.contains("Notes 2 (current): mapped from Notes by the mapping model"))
        // The current version is required.
        try "<model><entity name=\"A\"></model>".write(
            to: folder.appendingPathComponent("Notes.xcdatamodeld/Notes 2.xcdatamodel/contents"), atomically: true, encoding: .utf8)
        let cases: [(arguments: [String], stderr: String)] = [
            (
                ["log", "Notes.xcdatamodeld"],
                "Notes.xcdatamodeld/Notes 2.xcdatamodel/contents:1:33: error: Opening and ending tag mismatch: entity line 1 and model\n"
            ),
            (["log", "Missing.xcdatamodeld"], "Missing.xcdatamodeld: error: cannot list the bundle's versions\n"),
            (["log", "Notes1to2.mapping.xml"], "Notes1to2.mapping.xml: error: cannot list the bundle's versions\n"),
            (
                ["log", "Notes.xcdatamodeld/Notes.xcdatamodel"],
                "Notes.xcdatamodeld/Notes.xcdatamodel: error: the bundle holds no .xcdatamodel version\n"
            ),
        ]
        for (arguments, stderr) in cases {
            let result = try runModeldiff(arguments, in: folder)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stdout == "", "\(arguments)")
            #expect(result.stderr == stderr, "\(arguments)")
        }
        // Usage errors: one line `error: …`, then the usage, and status 2 as well.
        for arguments in [["log"], ["log", "Notes.xcdatamodeld", "--format", "yaml"], ["log", "a", "b"]] {
            let result = try runModeldiff(arguments, in: folder)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stdout == "", "\(arguments)")
            #expect(result.stderr.hasPrefix("error: "), "\(arguments)")
        }
    }

    /// The shell completions (generated from the binary, as `make install` does) and the checked-in man page know `log`.
    @Test func completionsAndTheManPageKnowLog() throws {
        let expected = [
            "bash": "_modeldiff_log() {", "zsh": "'log:Show a bundle'",
            "fish": "-l 'format' -d 'Output format: text, markdown or json.' -rfka 'text markdown json'",
        ]
        for (shell, line) in expected {
            let result = try runModeldiff(["--generate-completion-script", shell])
            #expect(result.status == 0)
            #expect(result.stdout.contains(line), "\(shell)")
        }
        let manual = try String(contentsOf: Paths.repository.appendingPathComponent("docs/man/modeldiff.1"), encoding: .utf8)
        #expect(manual.contains(".It Em log\nShow a bundle's history, newest version first"))
        #expect(manual.contains("Output format: text, markdown or json."))
    }
}
