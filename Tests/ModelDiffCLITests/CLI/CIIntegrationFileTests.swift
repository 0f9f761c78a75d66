import Foundation
import ModelDiffTestSupport
import Testing

/// The GitHub Action (`action.yml`) and the pre-commit hook (`.pre-commit-hooks.yaml`): what they run, run here.
@Suite struct CIIntegrationFileTests {
    /// A bundle of two versions whose step is not inferable (an attribute type change).
    private func failingBundle(in folder: URL, named name: String = "Broken.xcdatamodeld") throws -> URL {
        let bundle = folder.appendingPathComponent(name)
        let rules = Paths.testModels.appendingPathComponent("rules/attribute-type-incompatible")
        for (version, file) in [("Broken", "old.xml"), ("Broken 2", "new.xml")] {
            let folder = bundle.appendingPathComponent("\(version).xcdatamodel")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: rules.appendingPathComponent(file), to: folder.appendingPathComponent("contents"))
        }
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>_XCCurrentVersionName</key><string>Broken 2.xcdatamodel</string></dict></plist>
        """.write(to: bundle.appendingPathComponent(".xccurrentversion"), atomically: true, encoding: .utf8)
        return bundle
    }

    @Test func actionRunsItsScriptWithTheBuiltBinary() throws {
        let action = try String(contentsOf: Paths.repository.appendingPathComponent("action.yml"), encoding: .utf8)
        #expect(action.contains("using: composite"))
        #expect(action.contains(#"swift build -c release --package-path "$GITHUB_ACTION_PATH" --product modeldiff"#))
        #expect(
            action.contains(#"run: MODELDIFF="$GITHUB_ACTION_PATH/.build/release/modeldiff" "$GITHUB_ACTION_PATH/Scripts/action-check.sh""#)
        )
        #expect(action.contains("uses: github/codeql-action/upload-sarif@v3"))
        #expect(action.contains("sarif_file: ${{ runner.temp }}/modeldiff-sarif"))
    }

    /// The action's check step, as the action runs it: annotations on standard output, one SARIF file a bundle.
    @Test func actionScriptAnnotatesWritesSARIFAndFailsOnANotInferableBundle() throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let broken = try failingBundle(in: folder)
        let notes = Paths.testModels.appendingPathComponent("Notes.xcdatamodeld")
        let sarif = folder.appendingPathComponent("sarif")
        let run = try runProcess(
            [Paths.repository.appendingPathComponent("Scripts/action-check.sh").path], in: folder,
            environment: [
                "MODELDIFF": modeldiffBinary.path, "BUNDLES": "\(notes.path)\n\(broken.path)\n", "SARIF_DIR": sarif.path, "ARGS": "",
            ])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stdout.contains("::error file=\(broken.path)/Broken 2.xcdatamodel/contents"))
        #expect(run.stdout.contains("title=attribute-type-incompatible"))
        for index in 1...2 {
            let data = try Data(contentsOf: sarif.appendingPathComponent("modeldiff-\(index).sarif"))
            let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect(json["version"] as? String == "2.1.0")
        }
        // Inferable bundles alone pass; no bundle at all is bad input.
        let passing = try runProcess(
            [Paths.repository.appendingPathComponent("Scripts/action-check.sh").path], in: folder,
            environment: ["MODELDIFF": modeldiffBinary.path, "BUNDLES": notes.path, "SARIF_DIR": sarif.path, "ARGS": "--strict"])
        #expect(passing.status == 0, "\(passing.stdout)\(passing.stderr)")
        let empty = try runProcess(
            [Paths.repository.appendingPathComponent("Scripts/action-check.sh").path], in: folder,
            environment: ["MODELDIFF": modeldiffBinary.path, "BUNDLES": " \n", "SARIF_DIR": sarif.path])
        #expect(empty.status == 2)
        #expect(empty.stderr == "::error::modeldiff: no bundle given (input 'bundles')\n")
    }

    /// A bundle whose name begins with `-` is a bundle, not an option: `-h.xcdatamodeld` would print the
    /// help and exit 0, and a failing bundle would pass CI with the help text as its SARIF file.
    @Test func actionScriptPassesABundleNamedLikeAnOptionAsABundle() throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try failingBundle(in: folder, named: "-h.xcdatamodeld")
        _ = try failingBundle(in: folder, named: "--version.xcdatamodeld")
        let sarif = folder.appendingPathComponent("sarif")
        let run = try runProcess(
            [Paths.repository.appendingPathComponent("Scripts/action-check.sh").path], in: folder,
            environment: [
                "MODELDIFF": modeldiffBinary.path, "BUNDLES": "-h.xcdatamodeld\n--version.xcdatamodeld", "SARIF_DIR": sarif.path,
                "ARGS": "--strict",
            ])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(!run.stdout.contains("USAGE:"), "\(run.stdout)")
        for (index, name) in ["-h.xcdatamodeld", "--version.xcdatamodeld"].enumerated() {
            #expect(run.stdout.contains("::error file=\(name)/Broken 2.xcdatamodel/contents,line=5,title=attribute-type-incompatible::"))
            let data = try Data(contentsOf: sarif.appendingPathComponent("modeldiff-\(index + 1).sarif"))
            let json = try #require(
                try JSONSerialization.jsonObject(with: data) as? [String: Any], "\(String(decoding: data, as: UTF8.self))")
            #expect(json["version"] as? String == "2.1.0")
            #expect(String(decoding: data, as: UTF8.self).contains("attribute-type-incompatible"))
        }
    }

    /// The hook's fields, read from the file, and its command run the way pre-commit runs it.
    @Test func preCommitHookChecksTheNamedBundleWhenAModelChanges() throws {
        let text = try String(contentsOf: Paths.repository.appendingPathComponent(".pre-commit-hooks.yaml"), encoding: .utf8)
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.trimmingCharacters(in: .whitespaces).split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            fields[String(parts[0]).replacingOccurrences(of: "- ", with: "")] = parts[1].trimmingCharacters(in: .whitespaces)
        }
        #expect(fields["id"] == "modeldiff-check")
        #expect(fields["language"] == "swift")
        #expect(fields["pass_filenames"] == "false")
        let files = try NSRegularExpression(pattern: try #require(fields["files"]))
        func matches(_ path: String) -> Bool { files.firstMatch(in: path, range: NSRange(path.startIndex..., in: path)) != nil }
        #expect(matches("App/Model.xcdatamodeld/Model 2.xcdatamodel/contents"))
        #expect(!matches("App/Info.plist"))
        // pre-commit puts the package's release products on PATH and runs `entry` followed by the user's `args`.
        let entry = try #require(fields["entry"]).split(separator: " ").map(String.init)
        #expect(entry.first == "modeldiff")
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let broken = try failingBundle(in: folder)
        let failing = try runProcess([modeldiffBinary.path] + entry.dropFirst() + [broken.path], in: folder)
        #expect(failing.status == 1)
        let passing = try runProcess(
            [modeldiffBinary.path] + entry.dropFirst() + [Paths.testModels.appendingPathComponent("Notes.xcdatamodeld").path], in: folder)
        #expect(passing.status == 0)
    }
}
