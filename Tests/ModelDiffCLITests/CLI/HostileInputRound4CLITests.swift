import Foundation
import ModelDiffTestSupport
import Testing

@_spi(CLI) @testable import ModelDiffStore

/// Issue 44's hostile inputs for outputs, reports and configuration, each written here and run through
/// the binary: outputs that name an input or lie inside one, outputs named as a store's companion,
/// a default value holding a workflow command in `log`, `test.values` that name nothing or go outside
/// the attribute's type, a lock listing a version twice, and a Boolean column holding 7.
@Suite struct HostileInputRound4CLITests {
    /// `M.xcdatamodeld` with `V1` (entity T: b Boolean, i16 Integer 16, s String) and the current `V2`,
    /// which adds `note` and gives `s` the default `defaultOfS`; a store `s.sqlite` seeded with V1.
    private func project(defaultOfS: String = "plain", seed: Bool = true) throws -> URL {
        let folder = try Paths.temporaryDirectory()
        let bundle = folder.appendingPathComponent("M.xcdatamodeld")
        let escapedDefault = defaultOfS.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\n", with: "&#10;")
        for (version, extra, sDefault) in [
            ("V1", "", ""),
            ("V2", #"<attribute name="note" optional="YES" attributeType="String"/>"#, #" defaultValueString="\#(escapedDefault)""#),
        ] {
            let model = bundle.appendingPathComponent("\(version).xcdatamodel")
            try FileManager.default.createDirectory(at: model, withIntermediateDirectories: true)
            try """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" minimumToolsVersion="Automatic" sourceLanguage="Swift">
                <entity name="T" representedClassName="T" syncable="YES">
                    <attribute name="b" optional="YES" attributeType="Boolean" usesScalarValueType="YES"/>
                    <attribute name="i16" optional="YES" attributeType="Integer 16" defaultValueString="0" usesScalarValueType="YES"/>
                    \(extra)
                    <attribute name="s" optional="YES" attributeType="String"\(sDefault)/>
                </entity>
            </model>

            """.write(to: model.appendingPathComponent("contents"), atomically: true, encoding: .utf8)
        }
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>_XCCurrentVersionName</key><string>V2.xcdatamodel</string></dict></plist>

        """.write(to: bundle.appendingPathComponent(".xccurrentversion"), atomically: true, encoding: .utf8)
        if seed {
            let seeded = try runModeldiff(
                ["store", "seed", "M.xcdatamodeld/V1.xcdatamodel", "--objects", "8", "--output", "s.sqlite"], in: folder)
            #expect(seeded.status == 0, "\(seeded.stderr)")
        }
        return folder
    }

    /// Every file under `folder` (hidden ones too) with its bytes.
    private func snapshot(_ folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        let walker = FileManager.default.enumerator(atPath: folder.path)
        while let path = walker?.nextObject() as? String {
            var isFolder: ObjCBool = false
            let full = folder.appendingPathComponent(path).path
            if FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue {
                files[path] = FileManager.default.contents(atPath: full) ?? Data()
            }
        }
        return files
    }

    // MARK: Item 1: an output that is an input, or lies inside an input folder

    @Test func everyWritingCommandRefusesAnOutputThatIsOrLiesInsideAnInput() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let v1 = "M.xcdatamodeld/V1.xcdatamodel"
        let v2 = "M.xcdatamodeld/V2.xcdatamodel"
        #expect(try runModeldiff(["infer", v1, v2, "--output", "m.xml"], in: folder).status == 0)
        #expect(try runModeldiff(["lock", "M.xcdatamodeld"], in: folder).status == 0)
        try "check:\n  strict: false\n".write(to: folder.appendingPathComponent("cfg.yml"), atomically: true, encoding: .utf8)
        let same = { (input: String) in "the output is the same file as an input (\(input)); choose another output" }
        let inside = { (input: String) in "the output is inside an input (\(input)); choose another output" }
        let migrate = ["migrate", "s.sqlite", "--overwrite"]
        let cases: [(arguments: [String], output: String, message: String)] = [
            (migrate + ["--to", "M.xcdatamodeld"], "\(v2)/contents", inside("M.xcdatamodeld")),
            (migrate + ["--to", "M.xcdatamodeld"], "./M.xcdatamodeld/../M.xcdatamodeld/\(v1)/../x.sqlite", inside("M.xcdatamodeld")),
            (migrate + ["--to", "M.xcdatamodeld"], "M.xcdatamodeld", same("M.xcdatamodeld")),
            (migrate + ["--to", "M.xcdatamodeld"], "M.modeldiff.lock", same("M.modeldiff.lock")),
            (migrate + ["--to", "M.xcdatamodeld", "--config", "cfg.yml"], "cfg.yml", same("cfg.yml")),
            (migrate + ["--from", "\(v1)/contents", "--to", "\(v2)/contents"], "\(v2)/contents", same("\(v2)/contents")),
            (migrate + ["--from", "\(v1)/contents", "--to", "\(v2)/contents"], "\(v1)/contents", same("\(v1)/contents")),
            (migrate + ["--from", v1, "--to", v2], "\(v2)/contents", inside(v2)),
            (migrate + ["--from", v1, "--to", v2, "--mapping", "m.xml"], "m.xml", same("m.xml")),
            (["infer", v1, v2], "\(v2)/contents", inside(v2)),
            (["infer", v1, v2, "--format", "xcode"], "\(v1)/X.xcmappingmodel", inside(v1)),
            (["mapping", "convert", "m.xml", "--to", "xml", "--overwrite"], "m.xml", same("m.xml")),
            (
                ["mapping", "convert", "m.xml", "--to", "xml", "--old-model", v1, "--new-model", v2, "--overwrite"], "\(v1)/contents",
                inside(v1)
            ),
            (["store", "seed", v1, "--objects", "1"], "\(v1)/seeded.sqlite", inside(v1)),
        ]
        for (arguments, output, message) in cases {
            let before = snapshot(folder)
            let result = try runModeldiff(arguments + ["--output", output], in: folder)
            #expect(result.status == 2, "\(arguments) → \(output): \(result.stdout)")
            #expect(result.stderr == "\(output): error: \(message)\n", "\(arguments) → \(output)")
            #expect(snapshot(folder) == before, "\(arguments) → \(output) changed a file")
        }
        // The same commands write an output beside the inputs.
        let migrated = try runModeldiff(["migrate", "s.sqlite", "--to", "M.xcdatamodeld", "--output", "out.sqlite"], in: folder)
        #expect(migrated.status == 0, "\(migrated.stderr)")
    }

    // MARK: Item 2: an output named as a store's companion

    @Test(arguments: ["-wal", "-shm", "-journal"])
    func anOutputNamedAsAStoresCompanionIsRefusedWhetherOrNotItExists(_ suffix: String) throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The seeded store has no companion: the name is free, and SQLite would still take it for one.
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("s.sqlite" + suffix).path))
        let message = { (store: String) in
            """
            the output is named as the \(suffix) file of the store \(store); SQLite applies or deletes such a file when it opens \
            that store, and the written store would be lost: choose another output
            """
        }
        let runs: [([String], String, String)] = [
            (["migrate", "s.sqlite", "--to", "M.xcdatamodeld", "--overwrite"], "s.sqlite" + suffix, "s.sqlite"),
            (["migrate", "s.sqlite", "--to", "M.xcdatamodeld", "--dry-run"], "./s.sqlite" + suffix, "./s.sqlite"),
            (["migrate", "s.sqlite", "--to", "M.xcdatamodeld"], "other.sqlite" + suffix, "other.sqlite"),
            (["store", "seed", "M.xcdatamodeld/V1.xcdatamodel", "--objects", "1"], "new.sqlite" + suffix, "new.sqlite"),
        ]
        for (arguments, output, store) in runs {
            let before = snapshot(folder)
            let result = try runModeldiff(arguments + ["--output", output], in: folder)
            #expect(result.status == 2, "\(arguments) → \(output)")
            #expect(result.stderr == "\(output): error: \(message(store))\n", "\(arguments) → \(output)")
            #expect(snapshot(folder) == before)
        }
        let info = try runModeldiff(["store", "info", "s.sqlite"], in: folder)
        #expect(info.status == 0 && info.stdout.contains("T  8 rows"), "\(info.stdout)\(info.stderr)")
    }

    // MARK: Item 5: a default value holding a newline, in every report

    @Test func aDefaultValueHoldingAWorkflowCommandStaysOnItsLineInEveryReport() throws {
        let folder = try project(defaultOfS: "y\n::error ::pwned", seed: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let runs: [[String]] = [
            ["log", "M.xcdatamodeld"], ["log", "M.xcdatamodeld", "--format", "markdown"],
            ["diff", "M.xcdatamodeld/V1.xcdatamodel", "M.xcdatamodeld/V2.xcdatamodel"],
            ["diff", "M.xcdatamodeld/V1.xcdatamodel", "M.xcdatamodeld/V2.xcdatamodel", "--format", "markdown"],
            ["check", "M.xcdatamodeld", "--verbose"],
        ]
        for arguments in runs {
            let result = try runModeldiff(arguments, in: folder)
            #expect(result.status != 2, "\(arguments): \(result.stderr)")
            #expect(!result.stdout.split(separator: "\n").contains { $0.hasPrefix("::") }, "\(arguments): \(result.stdout)")
            #expect(!result.stderr.split(separator: "\n").contains { $0.hasPrefix("::") }, "\(arguments): \(result.stderr)")
        }
        // The value is shown, escaped: `\n` in text, `\\n` in Markdown (which renders as `\n`).
        #expect(try runModeldiff(runs[0], in: folder).stdout.contains(#"defaultValue: (none) → y\n::error ::pwned: T.s"#))
        #expect(try runModeldiff(runs[1], in: folder).stdout.contains(#"defaultValue: (none) → y\\n::error ::pwned: `T.s`"#))
        #expect(try runModeldiff(runs[2], in: folder).stdout.contains(#"defaultValue: (none) → y\n::error ::pwned"#))
    }

    // MARK: Item 10: test.values checked against the bundle

    @Test func testValuesThatNameNothingOrGoOutsideTheTypeAreErrorsAtTheirLine() throws {
        let folder = try project(seed: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
        test:
          objects: 3
          values:
            T.i16: 40000...50000
            T.nope: 0...1
            X.a: 0...1
            T.s: 0...1
            T.b: -1...1

        """.write(to: folder.appendingPathComponent(".modeldiff.yml"), atomically: true, encoding: .utf8)
        let result = try runModeldiff(["test", "M.xcdatamodeld"], in: folder)
        #expect(result.status == 2, "\(result.stdout)")
        #expect(
            result.stderr == """
                .modeldiff.yml:4:5: error: test.values: T.i16 40000...50000 goes outside what T.i16 holds in V1 (Integer 16: -32768...32767); \
                the seeded values would not fit
                .modeldiff.yml:5:5: error: test.values names attribute "nope", which entity T has in no version (T.nope 0...1)
                .modeldiff.yml:6:5: error: test.values names entity "X", which no version has (X.a 0...1)
                .modeldiff.yml:7:5: error: test.values gives a range for T.s, a String attribute in V1; a range is for numbers
                .modeldiff.yml:8:5: error: test.values gives a range for T.b, a Boolean attribute in V1; a range is for numbers

                """, "\(result.stderr)")
        // A range the type holds is used.
        try "test:\n  objects: 3\n  values:\n    T.i16: -32768...100\n".write(
            to: folder.appendingPathComponent(".modeldiff.yml"), atomically: true, encoding: .utf8)
        let passing = try runModeldiff(["test", "M.xcdatamodeld"], in: folder)
        #expect(passing.status == 0, "\(passing.stdout)\(passing.stderr)")
    }

    // MARK: Item 11

    /// A lock that lists a version twice (a merge that kept both sides' entry) is refused at the second
    /// entry: which of the two records is what shipped cannot be decided.
    @Test func aLockListingAVersionTwiceIsRefusedAtTheSecondEntry() throws {
        let folder = try project(seed: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try runModeldiff(["lock", "M.xcdatamodeld"], in: folder).status == 0)
        let lockFile = folder.appendingPathComponent("M.modeldiff.lock")
        var lock = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: lockFile)) as? [String: Any])
        let versions = try #require(lock["versions"] as? [[String: Any]])
        lock["versions"] = versions + [versions[0]]
        try JSONSerialization.data(withJSONObject: lock, options: [.prettyPrinted, .sortedKeys]).write(to: lockFile)
        let text = try String(contentsOf: lockFile, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().filter {
            $0.element.contains(#""name""#) && $0.element.contains(#""V1""#)
        }
        #expect(lines.count == 2)
        let line = lines[1].offset + 1
        for command in ["check", "versions", "log"] {
            let result = try runModeldiff([command, "M.xcdatamodeld"], in: folder)
            #expect(result.status == 2, "\(command)")
            #expect(
                result.stderr == """
                    M.modeldiff.lock:\(line): error: the lock lists version "V1" twice; a version is locked once: remove the entry that is not \
                    what shipped (or both, and run modeldiff lock to lock the bundle as it is)

                    """, "\(command): \(result.stderr)")
        }
    }

    /// A Boolean column holding 7 (another writer's non-zero) becomes 1, what Core Data writes, on the SQL
    /// fast path as on the three-stage path.
    @Test func bothMigrationPathsWriteABooleanAsCoreDataDoes() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try SQLiteDatabase(path: folder.appendingPathComponent("s.sqlite").path, readOnly: false)
        try source.execute("UPDATE ZT SET ZB = CASE WHEN Z_PK % 2 = 0 THEN 7 WHEN Z_PK % 3 = 0 THEN 0 ELSE NULL END")
        var columns: [[[SQLiteValue]]] = []
        for (output, flags) in [("fast.sqlite", [String]()), ("slow.sqlite", ["--no-fast-path"])] {
            let result = try runModeldiff(["migrate", "s.sqlite", "--to", "M.xcdatamodeld", "--output", output] + flags, in: folder)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("[SQL fast path]") == flags.isEmpty, "\(result.stdout)")
            let migrated = try SQLiteDatabase(path: folder.appendingPathComponent(output).path, readOnly: true)
            columns.append(try migrated.rows("SELECT Z_PK, ZB FROM ZT ORDER BY Z_PK"))
        }
        #expect(columns[0] == columns[1])
        #expect(columns[0].count == 8)
        for row in columns[0] {
            guard case .integer(let key) = row[0] else { continue }
            let expected: SQLiteValue = key % 2 == 0 ? .integer(1) : key % 3 == 0 ? .integer(0) : .null
            #expect(row[1] == expected, "Z_PK \(key)")
        }
    }
}
