import Foundation
@_spi(CLI) import ModelDiffStore
import ModelDiffTestSupport
import Testing

/// Issue 45 items 3 and 6 through the built binary: a SwiftData default written as an expression is a
/// default (computed at launch), and a property name SwiftData and Core Data accept (`_id`) is accepted.
@Suite struct SwiftDataDefaultsCLITests {
    private let folder = "TestModels/SwiftData/LaunchDefaults"
    /// The attributes `EventsSchemaV2` adds with a default computed at launch, as `test` lists them.
    private let launchDefaults = [
        "createdAt (Date())", "updatedAt (Date.now)", "startsAt (.now)", "identifier (UUID())", "payload (Data())",
        "timeZone (TimeZone.current.identifier)", "endsAt (.init())",
    ]

    @Test func requiredPropertiesWithExpressionDefaultsAreInferable() throws {
        let check = try runModeldiff(["check", folder])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stderr.isEmpty, "\(check.stderr)")
        #expect(!check.stdout.contains("required-attribute-without-default"), "\(check.stdout)")
        // CloudKit's "every attribute optional or with a default" holds.
        let cloudKit = try runModeldiff(["check", folder, "--cloudkit"])
        #expect(!(cloudKit.stdout + cloudKit.stderr).contains("Event.createdAt"), "\(cloudKit.stdout)\(cloudKit.stderr)")
        let plan = try runModeldiff(["plan", folder, "--format", "text"])
        #expect(plan.status == 0, "\(plan.stderr)")
        #expect(plan.stdout == "lightweight: EventsSchemaV1 → EventsSchemaV2 (2 versions)\n", "\(plan.stdout)")
    }

    @Test func textAndJSONSayTheDefaultIsComputedAtLaunch() throws {
        let dump = try runModeldiff(["textconv", folder])
        #expect(dump.status == 0, "\(dump.stderr)")
        #expect(dump.stdout.contains("  Event.createdAt attribute: Date, a default computed at launch (Date())\n"), "\(dump.stdout)")
        #expect(dump.stdout.contains("  Event.kind attribute: String, default \"meeting\"\n"), "\(dump.stdout)")
        let log = try runModeldiff(["log", folder])
        #expect(
            log.stdout.contains("  + Event.timeZone: String, a default computed at launch (TimeZone.current.identifier)\n"), "\(log.stdout)"
        )
        // A literal default that becomes one computed at launch: a change of the field, the version hash unchanged.
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, initializer) in [("Old", "Date(timeIntervalSinceReferenceDate: 0)"), ("New", "Date.now")] {
            let version = directory.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: version, withIntermediateDirectories: true)
            try """
            import Foundation
            import SwiftData
            @Model final class Event {
                var createdAt: Date = \(initializer)
                init() {}
            }
            """.write(to: version.appendingPathComponent("Event.swift"), atomically: true, encoding: .utf8)
        }
        let (old, new) = (directory.appendingPathComponent("Old").path, directory.appendingPathComponent("New").path)
        let diff = try runModeldiff(["diff", old, new, "--format", "json"])
        #expect(diff.status == 1, "\(diff.stderr)")  // 1: the versions differ
        let compact = diff.stdout.replacingOccurrences(of: " ", with: "").replacingOccurrences(of: "\n", with: "")
        #expect(
            compact.contains(#""field":"defaultValue","new":"adefaultcomputedatlaunch(Date.now)","old":"0""#)
                || compact.contains(#""field":"defaultValue","old":"0","new":"adefaultcomputedatlaunch(Date.now)""#), "\(diff.stdout)")
        #expect(compact.contains(#""hashChanged":false"#), "\(diff.stdout)")
    }

    @Test func testMigratesWithAValueOfTheTypeAndSaysSo() throws {
        let test = try runModeldiff(["test", folder, "--objects", "3"])
        #expect(test.status == 0, "\(test.stdout)\(test.stderr)")
        #expect(test.stdout.hasPrefix("PASS EventsSchemaV1 → EventsSchemaV2"), "\(test.stdout)")
        for attribute in launchDefaults {
            let note = "    note: Event.\(attribute) has a default computed at launch: the test gave it a value of its type\n"
            #expect(test.stdout.contains(note), "\(test.stdout)")
        }
        let json = try runModeldiff(["test", folder, "--objects", "3", "--format", "json"])
        #expect(json.stdout.contains("\"launchDefaults\""), "\(json.stdout)")
        #expect(json.stdout.contains("Event.payload (Data())"), "\(json.stdout)")
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = directory.appendingPathComponent("seeded.sqlite").path
        let seed = try runModeldiff(["store", "seed", folder, "--objects", "5", "--output", store])
        #expect(seed.status == 0, "\(seed.stdout)\(seed.stderr)")
    }

    @Test func migrateSaysWhichStandInEachLaunchDefaultTakes() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let folder = Paths.repository.appendingPathComponent(self.folder).path
        let seed = try runModeldiff(
            ["store", "seed", "\(folder)/EventsSchemaV1", "--objects", "4", "--output", "v1.sqlite"], in: directory)
        #expect(seed.status == 0, "\(seed.stderr)")
        for (name, flags) in [("out.sqlite", [String]()), ("slow.sqlite", ["--no-fast-path"])] {
            let migrate = try runModeldiff(["migrate", "v1.sqlite", "--to", folder, "--output", name] + flags, in: directory)
            #expect(migrate.status == 0, "\(name): \(migrate.stderr)")
            let lines = migrate.stderr.split(separator: "\n").map(String.init).filter { $0.contains(": warning: ") }
            #expect(lines.count == launchDefaults.count, "\(name): \(migrate.stderr)")
            for attribute in launchDefaults {
                let (property, expression) = (attribute.prefix { $0 != " " }, attribute.drop { $0 != " " }.dropFirst())
                let start = "v1.sqlite: warning: Event.\(property) has a default computed at launch \(expression); every migrated row gets "
                #expect(lines.contains { $0.hasPrefix(start) }, "\(name): \(start)\n\(migrate.stderr)")
            }
            #expect(
                lines.contains {
                    $0.hasSuffix("Event.payload has a default computed at launch (Data()); every migrated row gets empty data")
                })
            #expect(lines.contains { $0.hasSuffix("(TimeZone.current.identifier); every migrated row gets \"\"") }, "\(migrate.stderr)")
            // The UUID named is the one every migrated row holds.
            let uuid = lines.first { $0.contains("Event.identifier") }.flatMap { line in
                line.split(separator: " ").dropLast(5).last.map(String.init)
            }
            let store = try PersistentStore.open(path: directory.appendingPathComponent(name).path)
            let held = try store.database.rows("SELECT DISTINCT hex(ZIDENTIFIER) FROM ZEVENT").map { row -> String in
                if case .text(let hex) = row[0] { hex } else { "" }
            }
            #expect(held == [uuid?.replacingOccurrences(of: "-", with: "") ?? "?"], "\(name): \(held) \(String(describing: uuid))")
        }
    }

    /// Core Data's version hash leaves defaults out: the same properties without their initializers hash alike.
    @Test func theHashIgnoresTheDefaults() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try """
        import Foundation
        import SwiftData
        @Model final class Event {
            var title: String
            var createdAt: Date
            var updatedAt: Date
            var startsAt: Date
            var identifier: UUID
            var payload: Data
            var timeZone: String
            var endsAt: Date
            var kind: String
            init() {}
        }
        """.write(to: directory.appendingPathComponent("Event.swift"), atomically: true, encoding: .utf8)
        let plain = try runModeldiff(["hash", directory.path])
        let withDefaults = try runModeldiff(["hash", "\(folder)/EventsSchemaV2"])
        #expect(plain.status == 0 && withDefaults.status == 0, "\(plain.stderr)\(withDefaults.stderr)")
        let lines = { (text: String) in text.split(separator: "\n").filter { $0.hasPrefix("Event ") || $0.hasPrefix("version") } }
        #expect(lines(plain.stdout).count == 3, "\(plain.stdout)")
        #expect(lines(plain.stdout) == lines(withDefaults.stdout), "\(plain.stdout)\(withDefaults.stdout)")
    }

    @Test func aPropertyNameWithALeadingUnderscoreIsAccepted() throws {
        let folder = "TestModels/SwiftData/UnderscoreName"
        for command in [["versions"], ["check"], ["hash"], ["plan", "--format", "text"], ["test", "--objects", "3"]] {
            let result = try runModeldiff(command + [folder])
            #expect(result.status == 0, "\(command): \(result.stdout)\(result.stderr)")
            #expect(!result.stderr.contains("error:"), "\(command): \(result.stderr)")
        }
        let dump = try runModeldiff(["textconv", folder])
        #expect(dump.stdout.contains("  Record._id attribute: String, default \"\"\n"), "\(dump.stdout)")
        // The Xcode model reader takes the same names.
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let model = directory.appendingPathComponent("Records.xcdatamodel")
        try FileManager.default.createDirectory(at: model, withIntermediateDirectories: true)
        try """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
            <entity name="Record" representedClassName="Record">
                <attribute name="_id" attributeType="String" defaultValueString=""/>
            </entity>
        </model>
        """.write(to: model.appendingPathComponent("contents"), atomically: true, encoding: .utf8)
        let xml = try runModeldiff(["hash", model.path])
        #expect(xml.status == 0, "\(xml.stderr)")
        #expect(xml.stderr.isEmpty, "\(xml.stderr)")
    }

    /// `_pk` would be column `Z_PK`, the table's primary key: refused with the reason, in both readers.
    @Test func aNameWhoseColumnIsCoreDatasOwnIsRefused() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, column) in [("_pk", "Z_PK"), ("_Ent", "Z_ENT"), ("_opt", "Z_OPT")] {
            let source = directory.appendingPathComponent("Source-\(column)")
            try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
            try """
            import SwiftData
            @Model final class Record {
                var \(name): Int = 0
                init() {}
            }
            """.write(to: source.appendingPathComponent("Record.swift"), atomically: true, encoding: .utf8)
            let result = try runModeldiff(["hash", source.path])
            #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
            #expect(
                result.stderr.contains(
                    "Record.swift:3: error: the @Model classes outside every VersionedSchema do not form a model: property \"Record.\(name)\" "
                        + "would be stored in column \(column), which Core Data gives every table itself"), "\(result.stderr)")
        }
        // A transient one has no column.
        let transient = directory.appendingPathComponent("Transient.xcdatamodel")
        try FileManager.default.createDirectory(at: transient, withIntermediateDirectories: true)
        try """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
            <entity name="Record" representedClassName="Record">
                <attribute name="_pk" optional="YES" transient="YES" attributeType="Integer 64"/>
                <attribute name="_opt" optional="YES" attributeType="Integer 64"/>
            </entity>
        </model>
        """.write(to: transient.appendingPathComponent("contents"), atomically: true, encoding: .utf8)
        let xml = try runModeldiff(["hash", transient.path])
        #expect(xml.status == 2, "\(xml.stderr)")
        #expect(xml.stderr.contains("contents:5: error: property \"Record._opt\" would be stored in column Z_OPT"), "\(xml.stderr)")
        #expect(!xml.stderr.contains("Record._pk"), "\(xml.stderr)")
    }
}
