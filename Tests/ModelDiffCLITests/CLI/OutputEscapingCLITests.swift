import Foundation
import ModelDiffTestSupport
import Testing

@_spi(CLI) @testable import ModelDiffKit
@_spi(CLI) @testable import ModelDiffStore

/// Standard output escapes what a model, a store or a path holds as standard error does (issue 32): a
/// version folder named `V1\n::error ::pwned` must not write a GitHub Actions workflow command into a
/// CI log, a store's metadata must not clear the screen or write the clipboard (OSC 52), and Markdown
/// must not carry live HTML or `javascript:` links.
@Suite struct OutputEscapingCLITests {
    static let workflowCommand = "V1\n::error ::pwned"

    /// Nothing but line feeds and tabs among the control characters, and no line that is a workflow command.
    private func expectInert(_ output: String, _ what: String) {
        #expect(!output.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" && $0 != "\t" }, "\(what)")
        #expect(!output.split(separator: "\n").contains { $0.hasPrefix("::") }, "\(what): \(output)")
    }

    @Test func aVersionNamedWithAWorkflowCommandStaysOnItsLine() throws {
        let hostile = try HostileBundle(versions: [Self.workflowCommand, "V2", "V3"])
        defer { try? FileManager.default.removeItem(at: hostile.folder) }
        let bundle = hostile.bundle.path
        let first = bundle + "/" + Self.workflowCommand + ".xcdatamodel"
        let runs: [[String]] = [
            ["versions", bundle], ["check", bundle], ["check", bundle, "--verbose"], ["log", bundle],
            ["log", bundle, "--format", "markdown"],
            ["plan", bundle, "--format", "text"], ["diff", first, bundle + "/V3.xcdatamodel"],
            ["diff", first, bundle + "/V3.xcdatamodel", "--format", "markdown"],
        ]
        for arguments in runs {
            let result = try runModeldiff(arguments)
            #expect(result.status != 2, "\(arguments): \(result.stderr)")
            // Markdown shows the escape's backslash as itself: `\\n` in the source renders as `\n`.
            let shown = arguments.contains("markdown") ? "V1\\\\n::error ::pwned" : "V1\\n::error ::pwned"
            #expect(result.stdout.contains(shown), "\(arguments): \(result.stdout)")
            expectInert(result.stdout, "\(arguments)")
            expectInert(result.stderr, "\(arguments) stderr")
        }
        // JSON keeps the name exactly, in JSON's own escape.
        let json = try runModeldiff(["versions", bundle, "--format", "json"])
        #expect(json.stdout.contains(#""V1\n::error ::pwned""#))
    }

    @Test func aReasonInTheConfigurationStaysOnItsLine() throws {
        let hostile = try HostileBundle(versions: ["V1", "V2", "V3"])
        defer { try? FileManager.default.removeItem(at: hostile.folder) }
        try #"""
        acknowledged:
          - code: required-attribute-without-default
            reason: "ok\n::error ::pwned \e[2J"

        """#.write(to: hostile.folder.appendingPathComponent(".modeldiff.yml"), atomically: true, encoding: .utf8)
        let result = try runModeldiff(["check", "Model.xcdatamodeld", "--verbose"], in: hostile.folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(#"acknowledged in .modeldiff.yml:2: ok\n::error ::pwned \u{1B}[2J"#), "\(result.stdout)")
        expectInert(result.stdout, "check --verbose")
    }

    @Test func markdownCarriesNoLiveHTMLNorLinks() throws {
        let names = ["V1<script>alert(1)", "V2<img src=x onerror=alert(1)>", "[V3](javascript:alert(1))"]
        let hostile = try HostileBundle(versions: names)
        defer { try? FileManager.default.removeItem(at: hostile.folder) }
        let bundle = hostile.bundle.path
        for arguments in [
            ["log", bundle, "--format", "markdown"],
            ["diff", bundle + "/" + names[0] + ".xcdatamodel", bundle + "/" + names[2] + ".xcdatamodel", "--format", "markdown"],
        ] {
            let result = try runModeldiff(arguments)
            #expect(result.status != 2, "\(arguments): \(result.stderr)")
            // An escaped bracket (`\]`) closes no link text.
            let unescaped = result.stdout.replacingOccurrences(of: #"\]"#, with: "")
            for live in ["<script", "<img", "](javascript:"] { #expect(!unescaped.contains(live), "\(arguments): \(result.stdout)") }
            #expect(result.stdout.contains("V1&lt;script&gt;alert(1)"), "\(arguments): \(result.stdout)")
            #expect(result.stdout.contains(#"\[V3\](javascript:alert(1))"#), "\(arguments): \(result.stdout)")
        }
    }

    @Test func storeInfoShowsTerminalSequencesInsteadOfSendingThem() throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("device.sqlite").path
        let model = try ModelFile.load(path: Paths.testModels.appendingPathComponent("Notes.xcdatamodeld/Notes.xcdatamodel").path).model
        do {
            // As a store copied from a device could hold: an OSC 52 clipboard write, a screen clear, a workflow command.
            let store = try PersistentStore.create(path: path, model: model, uuid: "\u{1B}]52;c;cHduZWQ=\u{07}")
            var values = store.metadata.values
            values["NSStoreModelVersionIdentifiers"] = .array([.string("\u{1B}[2J\u{1B}[H"), .string("1\n::error ::pwned")])
            try store.database.prepare("UPDATE Z_METADATA SET Z_PLIST = ?").run([.blob(StoreMetadata(values: values).encoded())])
        }
        let result = try runModeldiff(["store", "info", path])
        #expect(result.status == 0, "\(result.stderr)")
        expectInert(result.stdout, "store info")
        #expect(result.stdout.contains(#"uuid: \u{1B}]52;c;cHduZWQ=\u{7}"#), "\(result.stdout)")
        #expect(result.stdout.contains(#"version identifiers: "\u{1B}[2J\u{1B}[H", "1\n::error ::pwned""#), "\(result.stdout)")
    }

    /// `test`'s text report: version names in each step's title, and a store's value quoted in a failure.
    @Test func theMigrationTestReportEscapesNamesAndValues() throws {
        let hostile = try HostileBundle(versions: [Self.workflowCommand, "V2\u{1B}[2J", "V3"])
        defer { try? FileManager.default.removeItem(at: hostile.folder) }
        let first = hostile.bundle.appendingPathComponent(Self.workflowCommand + ".xcdatamodel").path
        let seeded = try runModeldiff(["store", "seed", first, "--objects", "2", "--output", "device.sqlite"], in: hostile.folder)
        #expect(seeded.status == 0, "\(seeded.stderr)")
        // A Date holding text: the step fails quoting the value, which carries a workflow command and a screen clear.
        try SQLiteDatabase(path: hostile.folder.appendingPathComponent("device.sqlite").path, readOnly: false)
            .execute("UPDATE ZNOTE SET ZCREATEDAT = 'x' || char(10) || '::error ::pwned ' || char(27) || '[2J' WHERE Z_PK = 1")
        let result = try runModeldiff(
            ["test", "Model.xcdatamodeld", "--store", "device.sqlite", "--objects", "2", "--path", "consecutive", "--no-config"],
            in: hostile.folder)
        #expect(result.status == 1, "\(result.stderr)")
        expectInert(result.stdout, "test")
        expectInert(result.stderr, "test stderr")
        #expect(result.stdout.contains(#"PASS V1\n::error ::pwned → V2\u{1B}[2J (seeded store, inferred mapping)"#), "\(result.stdout)")
        #expect(result.stdout.contains(#"text "x\n::error ::pwned \u{1B}[2J")"#), "\(result.stdout)")
    }
}
