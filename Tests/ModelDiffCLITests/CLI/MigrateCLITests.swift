import Foundation
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore
import ModelDiffTestSupport
import Testing

private let notes = Paths.testModels.appendingPathComponent("Notes.xcdatamodeld")

/// A Notes (version 1) store with folders and notes.
private func makeNotesStore(in folder: URL, notesCount: Int = 3) throws -> URL {
    let model = try ModelFile.load(path: notes.appendingPathComponent("Notes.xcdatamodel").path).model
    let url = folder.appendingPathComponent("notes.sqlite")
    let store = try PersistentStore.create(path: url.path, model: model)
    let writer = try StoreWriter(store: store, layout: StoreLayout(model: model))
    try store.database.execute("BEGIN")
    let inbox = try writer.insert(entity: "Folder", attributes: ["name": .string("Inbox")])
    for index in 0..<notesCount {
        let note = try writer.insert(
            entity: "Note",
            attributes: [
                "title": .string("Note \(index)"), "body": .string(String(repeating: "text ", count: 20)),
                "createdAt": .date(Double(index)),
            ])
        try writer.setToOne(note, entity: "Note", relationship: "folder", to: inbox)
    }
    try writer.finish()
    try store.database.execute("COMMIT")
    return url
}

/// Infers the Notes 1 → 2 mapping into `map.xml` in `folder` and edits it as a developer would
/// (`old` must occur in it); returns the `migrate` arguments that use it.
private func editedNotesMapping(in folder: URL, replacing old: String, with new: String) throws -> [String] {
    let v1 = notes.appendingPathComponent("Notes.xcdatamodel").path
    let v2 = notes.appendingPathComponent("Notes 2.xcdatamodel").path
    #expect(try runModeldiff(["infer", v1, v2, "--output", "map.xml"], in: folder).status == 0)
    let map = folder.appendingPathComponent("map.xml")
    let inferred = try String(contentsOf: map, encoding: .utf8)
    #expect(inferred.contains(old), "the inferred mapping has \(old)")
    try inferred.replacingOccurrences(of: old, with: new).write(to: map, atomically: true, encoding: .utf8)
    return ["migrate", "notes.sqlite", "--from", v1, "--to", v2, "--mapping", "map.xml", "--output", "out.sqlite"]
}

@Test func migrateThroughABundleToItsCurrentVersion() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = try makeNotesStore(in: folder)
    let before = try Data(contentsOf: store)
    let result = try runModeldiff(["migrate", "notes.sqlite", "--to", notes.path, "--output", "notes2.sqlite"], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
        result.stdout
            == """
            migrated notes.sqlite → notes2.sqlite (Notes → Notes 2 (inferred) [SQL fast path])\n  Folder: 1 objects\n  Note: 3 objects\n  Tag: \
            0 objects (new)\n
            """
    )
    #expect(try Data(contentsOf: store) == before)
    let migrated = try PersistentStore.open(path: folder.appendingPathComponent("notes2.sqlite").path)
    let rows = try migrated.database.rows("SELECT ZTEXT, ZPINNED, ZFOLDER FROM ZNOTE ORDER BY Z_PK LIMIT 1")
    #expect(rows == [[.text(String(repeating: "text ", count: 20)), .integer(0), .integer(1)]])
    let info = try runModeldiff(["store", "info", "notes2.sqlite", "--model", notes.path], in: folder)
    #expect(info.stdout.contains("model version: Notes 2\n"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["notes.sqlite", "notes2.sqlite"])
    let generic = try runModeldiff(
        ["migrate", "notes.sqlite", "--to", notes.path, "--output", "notes3.sqlite", "--no-fast-path"], in: folder)
    #expect(generic.stdout.hasPrefix("migrated notes.sqlite → notes3.sqlite (Notes → Notes 2 (inferred))\n"))
    let third = try PersistentStore.open(path: folder.appendingPathComponent("notes3.sqlite").path)
    #expect(try third.database.rows("SELECT ZTEXT, ZPINNED, ZFOLDER FROM ZNOTE ORDER BY Z_PK LIMIT 1") == rows)
}

@Test func migrateOneStepWithAMappingFileAndDryRun() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try makeNotesStore(in: folder)
    let v1 = notes.appendingPathComponent("Notes.xcdatamodel").path
    let v2 = notes.appendingPathComponent("Notes 2.xcdatamodel").path
    #expect(try runModeldiff(["infer", v1, v2, "--output", "map.xml"], in: folder).status == 0)
    let dry = try runModeldiff(
        ["migrate", "notes.sqlite", "--from", v1, "--to", v2, "--mapping", "map.xml", "--output", "out.sqlite", "--dry-run"], in: folder)
    #expect(dry.status == 0, "\(dry.stderr)")
    #expect(dry.stdout.hasPrefix("dry run: notes.sqlite would migrate (Notes → Notes 2 with map.xml [SQL fast path])\n"))
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.sqlite").path))
    let real = try runModeldiff(
        ["migrate", "notes.sqlite", "--from", v1, "--to", v2, "--mapping", "map.xml", "--output", "out.sqlite"], in: folder)
    #expect(real.status == 0)
    let again = try runModeldiff(["migrate", "notes.sqlite", "--from", v1, "--to", v2, "--output", "out.sqlite"], in: folder)
    #expect(again.status == 2)
    #expect(again.stderr == "out.sqlite: error: the output already exists; pass --overwrite to replace it\n")
    #expect(
        try runModeldiff(["migrate", "notes.sqlite", "--from", v1, "--to", v2, "--output", "out.sqlite", "--overwrite"], in: folder).status
            == 0)
}

@Test func migrateRefusesAStoreOfAnotherVersion() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try makeNotesStore(in: folder)
    let v2 = notes.appendingPathComponent("Notes 2.xcdatamodel").path
    let result = try runModeldiff(["migrate", "notes.sqlite", "--from", v2, "--to", v2, "--output", "out.sqlite"], in: folder)
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("notes.sqlite: error: the store was not written with \(v2): its entity version hashes differ"))
}

@Test func aFailingMigrationLeavesNoOutputAndNoLeftovers() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let people = Paths.testModels.appendingPathComponent("People")
    let store = try makePeopleStore(in: folder)
    let before = try Data(contentsOf: store)
    // The CLI cannot load Swift policies, so the mapping's SplitNamePolicy is missing: the migration fails.
    let result = try runModeldiff(
        [
            "migrate", "people.sqlite", "--from", people.appendingPathComponent("People1.xml").path, "--to",
            people.appendingPathComponent("People2.xml").path,
            "--mapping", people.appendingPathComponent("People1to2.mapping.xml").path, "--output", "out.sqlite",
        ], in: folder)
    #expect(result.status == 2)
    // The failure names the mapping file and the entity mapping's line, and the store it was migrating.
    #expect(
        result.stderr == people.appendingPathComponent("People1to2.mapping.xml").path
            + """
            :10: error: migrating people.sqlite failed: the mapping names the policy class SplitNamePolicy, the app's own code, \
            which modeldiff cannot run (NSEntityMigrationPolicyError 134170; mapping PersonToPerson)\n
            """
    )
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["people.sqlite"])
    #expect(try Data(contentsOf: store) == before)
}

@Test func killingTheProcessMidwayLeavesTheSourceIntactAndNoOutput() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    // Large enough that the three-stage path is still writing well after its partial file appears,
    // even on a quiet machine (at 20,000 notes it could finish before the kill arrived).
    let store = try makeNotesStore(in: folder, notesCount: 60_000)
    let before = try Data(contentsOf: store)
    let process = Process()
    process.executableURL = modeldiffBinary
    // The three-stage path runs long enough to be killed midway (the SQL fast path is one short transaction).
    process.arguments = ["migrate", "notes.sqlite", "--to", notes.path, "--output", "out.sqlite", "--no-fast-path"]
    process.currentDirectoryURL = folder
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Wait until the partial store exists, then kill -9 in the middle of writing it.
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline, !(try FileManager.default.contentsOfDirectory(atPath: folder.path)).contains(where: { $0.contains("partial") })
    {
        usleep(2_000)
    }
    usleep(20_000)
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(try Data(contentsOf: store) == before)
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.sqlite").path))
    // A new run removes what the killed one left behind and succeeds.
    let again = try runModeldiff(["migrate", "notes.sqlite", "--to", notes.path, "--output", "out.sqlite"], in: folder)
    #expect(again.status == 0)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("partial") }.isEmpty)
}

@Test func aValidationFailureThroughTheCLILeavesNothing() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try makeNotesStore(in: folder)
    // The developer maps the required title to nil: Core Data's validation must refuse the result.
    let migrate = try editedNotesMapping(
        in: folder, replacing: "<attribute name=\"title\">$source.title</attribute>", with: "<attribute name=\"title\">nil</attribute>")
    let result = try runModeldiff(migrate, in: folder)
    #expect(result.status == 2)
    #expect(
        result.stderr
            == """
            map.xml:30: error: migrating notes.sqlite failed: Note.title is required but has no value \
            (NSValidationMissingMandatoryPropertyError 1570; mapping NoteToNote; object 2/p1)\n
            """
    )
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["map.xml", "notes.sqlite"])
}

@Test func aPolicyThatThrowsThroughTheCLILeavesNothing() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = try makeNotesStore(in: folder)
    let before = try Data(contentsOf: store)
    // The developer calls a policy function; the entity mapping's policy (the default one) throws for it.
    let migrate = try editedNotesMapping(
        in: folder, replacing: "<attribute name=\"title\">$source.title</attribute>",
        with: "<attribute name=\"title\">FUNCTION($entityPolicy, \"titleFor:\", $source.title)</attribute>")
    for extra in [[], ["--no-fast-path"]] {
        let result = try runModeldiff(migrate + extra, in: folder)
        #expect(result.status == 2)
        #expect(
            result.stderr
                == """
                map.xml:30: error: migrating notes.sqlite failed: EntityMigrationPolicy does not implement titleFor: \
                (NSEntityMigrationPolicyError 134170; mapping NoteToNote)\n
                """
        )
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["map.xml", "notes.sqlite"])
        #expect(try Data(contentsOf: store) == before)
    }
}

/// A source expression that filters migrates the objects its predicate selects, on both paths (a
/// string operator keeps the mapping off the SQL fast path).
@Test func aSourceExpressionThatFiltersMigratesTheObjectsItSelects() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try makeNotesStore(in: folder, notesCount: 12)
    // The inferred file leaves out the default fetch (every note): the developer adds one with a predicate.
    let migrate = try editedNotesMapping(
        in: folder, replacing: "<attribute name=\"createdAt\">",
        with:
            """
            <sourceExpression>FETCH(FUNCTION($manager, \"fetchRequestForSourceEntityNamed:predicateString:\", \"Note\", \"title BEGINSWITH \
            'Note 1'\"), $manager.sourceContext, NO)</sourceExpression>\n        <attribute name=\"createdAt\">
            """
    )
    for (output, extra) in [("out.sqlite", [String]()), ("generic.sqlite", ["--no-fast-path"])] {
        let result = try runModeldiff(migrate.dropLast() + [output] + extra, in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("  Note: 3 objects (was 12)\n"), "\(result.stdout)")
        let titles = try PersistentStore.open(path: folder.appendingPathComponent(output).path).database.rows(
            "SELECT ZTITLE FROM ZNOTE ORDER BY ZTITLE")
        #expect(titles == [[.text("Note 1")], [.text("Note 10")], [.text("Note 11")]])
    }
}

@Test func withOverwriteAFailingMigrationLeavesTheOldOutputIntact() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let people = Paths.testModels.appendingPathComponent("People")
    _ = try makePeopleStore(in: folder)
    let old = folder.appendingPathComponent("out.sqlite")
    try FileManager.default.copyItem(at: folder.appendingPathComponent("people.sqlite"), to: old)
    let before = try Data(contentsOf: old)
    // The mapping names a Swift policy the CLI cannot load, so the migration fails after it started.
    let result = try runModeldiff(
        [
            "migrate", "people.sqlite", "--from", people.appendingPathComponent("People1.xml").path, "--to",
            people.appendingPathComponent("People2.xml").path,
            "--mapping", people.appendingPathComponent("People1to2.mapping.xml").path, "--output", "out.sqlite", "--overwrite",
        ], in: folder)
    #expect(result.status == 2)
    #expect(try Data(contentsOf: old) == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["out.sqlite", "people.sqlite"])
}

@Test func overwriteRefusesAnOutputThatAnotherConnectionIsUsing() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try makeNotesStore(in: folder)
    try FileManager.default.copyItem(at: folder.appendingPathComponent("notes.sqlite"), to: folder.appendingPathComponent("out.sqlite"))
    // A -wal or -journal with content belongs to the old file: put beside a new one, SQLite would apply it to it.
    for (suffix, message) in [
        (
            "-wal",
            """
            the output has a non-empty -wal file (another process has it open, or it was not closed cleanly); open and close the store, or \
            remove it, before replacing it
            """
        ),
        (
            "-journal",
            """
            the output has a -journal file (another process is writing to it, or it crashed while writing); open and close the store, or remove \
            it, before replacing it
            """
        ),
    ] {
        let companion = folder.appendingPathComponent("out.sqlite" + suffix)
        try Data(repeating: 1, count: 512).write(to: companion)
        let result = try runModeldiff(["migrate", "notes.sqlite", "--to", notes.path, "--output", "out.sqlite", "--overwrite"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr == "out.sqlite: error: \(message)\n")
        try FileManager.default.removeItem(at: companion)
    }
    // An empty -wal and a -shm are what a cleanly closed WAL store leaves: replaced with the store.
    for suffix in ["-wal", "-shm"] { try Data().write(to: folder.appendingPathComponent("out.sqlite" + suffix)) }
    let result = try runModeldiff(["migrate", "notes.sqlite", "--to", notes.path, "--output", "out.sqlite", "--overwrite"], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["notes.sqlite", "out.sqlite"])
}

/// Apple's selectors, as the NSMigrationManager reference and Xcode's compiled mapping models spell
/// them: `infer` writes `destinationInstancesForEntityMappingNamed:sourceInstances:`;
/// `destinationInstancesForSourceRelationshipNamed:` takes a source relationship's name and finds the
/// entity mapping itself. Each keeps every note in its folder, on the three-stage path where these
/// expressions are evaluated per object.
@Test(arguments: [
    // The relationship form, exactly as Xcode's compiled V2toV3.cdm writes it.
    "FUNCTION($manager, \"destinationInstancesForSourceRelationshipNamed:sourceInstances:\", \"folder\", $source.folder)",
    // The spelling modeldiff wrote before it followed Apple's, still read.
    "FUNCTION($manager, \"destinationInstancesForEntityMappingName:sourceInstances:\", \"FolderToFolder\", $source.folder)",
])
func applesManagerSelectorsMigrate(_ expression: String) throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try makeNotesStore(in: folder)
    let inferred = "FUNCTION($manager, \"destinationInstancesForEntityMappingNamed:sourceInstances:\", \"FolderToFolder\", $source.folder)"
    var arguments = try editedNotesMapping(in: folder, replacing: inferred, with: expression)
    #expect(try runModeldiff(["mapping", "validate", "map.xml", "--from", arguments[3], "--to", arguments[5]], in: folder).status == 0)
    arguments.append("--no-fast-path")
    let result = try runModeldiff(arguments, in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    let migrated = try PersistentStore.open(path: folder.appendingPathComponent("out.sqlite").path)
    #expect(try migrated.database.rows("SELECT COUNT(*) FROM ZNOTE WHERE ZFOLDER = 1") == [[.integer(3)]])
}

/// A relationship name the source entity does not have is an error naming it, with exit 2.
@Test func anUnknownSourceRelationshipIsAnError() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try makeNotesStore(in: folder)
    let inferred = "FUNCTION($manager, \"destinationInstancesForEntityMappingNamed:sourceInstances:\", \"FolderToFolder\", $source.folder)"
    let arguments = try editedNotesMapping(
        in: folder, replacing: inferred,
        with: "FUNCTION($manager, \"destinationInstancesForSourceRelationshipNamed:sourceInstances:\", \"fodler\", $source.folder)")
    let result = try runModeldiff(arguments + ["--no-fast-path"], in: folder)
    #expect(result.status == 2)
    #expect(result.stderr.contains("the source entity of NoteToNote has no relationship named fodler"), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.sqlite").path))
}

/// A relationship mapping that gives the old store's objects (`$source.folder`) is refused on both
/// paths, with the lookup to write instead, and leaves nothing: before, each note was linked to
/// whatever new folder had the old one's key. A plain key path is refused when the file is
/// validated; one whose type shows only when it runs, by the migration.
@Test func aRelationshipGivenSourceObjectsIsAnErrorOnBothPaths() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = try makeNotesStore(in: folder)
    let before = try Data(contentsOf: store)
    let inferred = "FUNCTION($manager, \"destinationInstancesForEntityMappingNamed:sourceInstances:\", \"FolderToFolder\", $source.folder)"
    let lookup = { (argument: String) in
        """
        relate the objects migrated from them with FUNCTION($manager, \"destinationInstancesForEntityMappingNamed:sourceInstances:\", \
        \"FolderToFolder\", \(argument))
        """
    }
    let plain = try editedNotesMapping(in: folder, replacing: inferred, with: "$source.folder")
    let known =
        """
        map.xml:36:37: error: Note.folder is given Folder objects of the source store by $source.folder, which Core Data refuses (objects from \
        another context); \(lookup("$source.folder"))\n
        """
    let validate = try runModeldiff(["mapping", "validate", "map.xml", "--from", plain[3], "--to", plain[5]], in: folder)
    #expect(validate.status == 2)
    #expect(validate.stderr == known)
    for extra in [[], ["--no-fast-path"]] {
        let result = try runModeldiff(plain + extra, in: folder)
        #expect(result.status == 2)
        #expect(result.stderr == known)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["map.xml", "notes.sqlite"])
    }
    let ternary = "TERNARY($source.title != nil, $source.folder, nil)"
    let hidden = try editedNotesMapping(in: folder, replacing: inferred, with: ternary)
    #expect(try runModeldiff(["mapping", "validate", "map.xml", "--from", hidden[3], "--to", hidden[5]], in: folder).status == 0)
    for extra in [[], ["--no-fast-path"]] {
        let result = try runModeldiff(hidden + extra, in: folder)
        #expect(result.status == 2)
        #expect(
            result.stderr
                == """
                map.xml:30: error: migrating notes.sqlite failed: Note.folder is given Folder objects of the source store by \(ternary), which \
                Core Data refuses (objects from another context); \(lookup(ternary)) (NSMigrationError 134110; mapping NoteToNote; entity Note; \
                object 2/p1)\n
                """
        )
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["map.xml", "notes.sqlite"])
    }
    #expect(try Data(contentsOf: store) == before)
}

/// `--path direct` (the default) is Core Data's automatic migration, one inferred step to the current
/// version; `--path consecutive` goes through every version; `--path` belongs to bundle mode only.
@Test func bundleModeMigratesDirectlyOrThroughEveryVersion() throws {
    let fixture = Paths.fixtures.appendingPathComponent("11-DDG-BookmarksModel")
    let bundle = fixture.appendingPathComponent("BookmarksModel.xcdatamodeld").path
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    // A copy with its -wal and -shm: a store in ../shared is never opened in place.
    for suffix in ["", "-wal", "-shm"] {
        try FileManager.default.copyItem(
            at: fixture.appendingPathComponent("Bookmarks_V1.sqlite" + suffix), to: folder.appendingPathComponent("v1.sqlite" + suffix))
    }
    let direct = try runModeldiff(["migrate", "v1.sqlite", "--to", bundle, "--output", "direct.sqlite"], in: folder)
    #expect(direct.status == 0, "\(direct.stderr)")
    #expect(direct.stdout.hasPrefix("migrated v1.sqlite → direct.sqlite (BookmarksModel → BookmarksModel 6 (inferred)"), "\(direct.stdout)")
    let steps = try runModeldiff(["migrate", "v1.sqlite", "--to", bundle, "--path", "consecutive", "--output", "steps.sqlite"], in: folder)
    #expect(steps.status == 0, "\(steps.stderr)")
    #expect(steps.stdout.contains("BookmarksModel → BookmarksModel 2"), "\(steps.stdout)")
    #expect(steps.stdout.contains("BookmarksModel 5 → BookmarksModel 6"), "\(steps.stdout)")
    for output in ["direct.sqlite", "steps.sqlite"] {
        let verify = try runModeldiff(["store", "verify", output, "--model", bundle], in: folder)
        #expect(verify.status == 0, "\(output): \(verify.stdout)\(verify.stderr)")
    }
    let misuse = try runModeldiff(
        [
            "migrate", "v1.sqlite", "--from", bundle + "/BookmarksModel.xcdatamodel", "--to", bundle, "--path", "consecutive", "--output",
            "x.sqlite",
        ], in: folder)
    #expect(misuse.status == 2)
    #expect(misuse.stderr.hasPrefix("error: --path goes with a bundle as --to, not with --from\n"), "\(misuse.stderr)")
    // check and test take `all` (both paths); a store migrates along one, and migrate's --path says so.
    let both = try runModeldiff(["migrate", "v1.sqlite", "--to", bundle, "--path", "all", "--output", "x.sqlite"], in: folder)
    #expect(both.status == 2)
    #expect(
        both.stderr.hasPrefix("error: The value 'all' is invalid for '--path <path>'. Please provide one of 'direct' and 'consecutive'.\n"),
        "\(both.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.sqlite").path))
}

/// `$entityMapping` is the entity mapping, as Core Data binds it: `$entityMapping.userInfo.prefix` is a
/// parameter the mapping passes to its own expressions; `$propertyMapping` is the property mapping
/// being evaluated, with its own userInfo; `$manager` answers `currentEntityMapping` and the models.
@Test func mappingVariablesAreBoundAsCoreDataBindsThem() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try makeNotesStore(in: folder, notesCount: 2)
    var arguments = try editedNotesMapping(
        in: folder, replacing: "<attribute name=\"title\">$source.title</attribute>",
        with: """
            <attribute name="title">
                        <valueExpression>FUNCTION(FUNCTION($entityMapping.userInfo.prefix, "stringByAppendingString:", $source.title), \
            "stringByAppendingString:", $propertyMapping.userInfo.suffix)</valueExpression>
                        <userInfo><entry key="suffix" value="!"/></userInfo>
                    </attribute>
            """)
    let map = folder.appendingPathComponent("map.xml")
    var text = try String(contentsOf: map, encoding: .utf8)
    text = text.replacingOccurrences(
        of: "<relationship name=\"tags\"/>\n    </entityMapping>",
        with:
            "<relationship name=\"tags\"/>\n        <userInfo><entry key=\"prefix\" value=\"Imported: \"/></userInfo>\n    </entityMapping>"
    )
    // The entity mapping's own name, type (NSTransformEntityMappingType = 5) and the source model's entity.
    text = text.replacingOccurrences(
        of: "<attribute name=\"text\">$source.body</attribute>",
        with:
            """
            <attribute name=\"text\">FUNCTION(FUNCTION($manager.mappingModel.entityMappingsByName.NoteToNote.name, \
            \"stringByAppendingString:\", FUNCTION($manager.currentEntityMapping.mappingType, \"stringValue\")), \"stringByAppendingString:\", \
            $manager.sourceModel.entitiesByName.Note.name)</attribute>
            """
    )
    try text.write(to: map, atomically: true, encoding: .utf8)
    #expect(text.contains("<entry key=\"prefix\""))
    arguments.append("--no-fast-path")
    let result = try runModeldiff(arguments, in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    let migrated = try PersistentStore.open(path: folder.appendingPathComponent("out.sqlite").path)
    #expect(
        try migrated.database.rows("SELECT ZTITLE, ZTEXT FROM ZNOTE ORDER BY Z_PK") == [
            [.text("Imported: Note 0!"), .text("NoteToNote5Note")], [.text("Imported: Note 1!"), .text("NoteToNote5Note")],
        ])
}

/// `$destination` in an attribute mapping is the destination object Core Data has already inserted:
/// NSEntityMigrationPolicy creates it (every attribute at its default), then sets each attribute
/// mapping's value in the mapping's order. `text` comes before `title`, so `text` reads `title`'s
/// default (""), and `title` reads the `text` just set. Both paths give the same rows.
@Test func destinationInAnAttributeMappingSeesDefaultsAndEarlierValues() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try makeNotesStore(in: folder, notesCount: 2)
    var arguments = try editedNotesMapping(
        in: folder, replacing: "<attribute name=\"text\">$source.body</attribute>",
        with: "<attribute name=\"text\">FUNCTION($destination.title, \"stringByAppendingString:\", $source.body)</attribute>")
    let map = folder.appendingPathComponent("map.xml")
    let text = try String(contentsOf: map, encoding: .utf8).replacingOccurrences(
        of: "<attribute name=\"title\">$source.title</attribute>",
        with:
            "<attribute name=\"title\">FUNCTION($source.title, \"stringByAppendingString:\", FUNCTION($destination.text.length, \"stringValue\"))</attribute>"
    )
    try text.write(to: map, atomically: true, encoding: .utf8)
    #expect(text.range(of: "name=\"text\"")!.lowerBound < text.range(of: "name=\"title\"")!.lowerBound)
    let body = String(repeating: "text ", count: 20)
    for (output, extra) in [("out.sqlite", [String]()), ("generic.sqlite", ["--no-fast-path"])] {
        arguments[arguments.count - 1] = output
        let result = try runModeldiff(arguments + extra, in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.contains("fast path"), "\(result.stdout)")
        let migrated = try PersistentStore.open(path: folder.appendingPathComponent(output).path)
        #expect(
            try migrated.database.rows("SELECT ZTEXT, ZTITLE, ZPINNED FROM ZNOTE ORDER BY ZTITLE") == [
                [.text(body), .text("Note 0100"), .integer(0)], [.text(body), .text("Note 1100"), .integer(0)],
            ])
    }
}

/// `mapping validate` checks the keys read from `$entityMapping`, `$propertyMapping` and
/// `$manager.currentEntityMapping` against NSEntityMapping's and NSPropertyMapping's properties, and
/// `$destination`'s keys against the new version, each at its line and column.
@Test func mappingObjectKeysAreValidated() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try makeNotesStore(in: folder)
    let arguments = try editedNotesMapping(
        in: folder, replacing: "<attribute name=\"text\">$source.body</attribute>",
        with: "<attribute name=\"text\">FUNCTION($entityMapping.nme, \"stringByAppendingString:\", $propertyMapping.userinfo)</attribute>")
    let map = folder.appendingPathComponent("map.xml")
    let text = try String(contentsOf: map, encoding: .utf8).replacingOccurrences(
        of: "<attribute name=\"title\">$source.title</attribute>",
        with:
            """
            <attribute name=\"title\">TERNARY($manager.currentEntityMapping.sourceEntityName == \"Note\", $destination.titel, \
            $entityMapping.userInfo.x)</attribute>
            """
    )
    try text.write(to: map, atomically: true, encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let place = { (needle: String) -> String in
        let index = lines.firstIndex { $0.contains(needle) }!
        return
            "map.xml:\(index + 1):\(lines[index].distance(from: lines[index].startIndex, to: lines[index].range(of: needle)!.lowerBound) + 1)"
    }
    let mappingKeys =
        """
        name, mappingType, sourceEntityName, sourceEntityVersionHash, destinationEntityName, destinationEntityVersionHash, sourceExpression, \
        attributeMappings, relationshipMappings, entityMigrationPolicyClassName, userInfo
        """
    let expected = """
        \(place("$entityMapping.nme")): error: Note.text: $entityMapping has no key "nme"; an entity mapping (NSEntityMapping) answers \(mappingKeys)
        \(place("$propertyMapping.userinfo")): error: Note.text: $propertyMapping has no key "userinfo"; a property mapping (NSPropertyMapping) answers name, \
        valueExpression, userInfo
        \(place("$destination.titel")): error: Note.title: $destination.titel is not a property of Note in the new version

        """
    let validate = try runModeldiff(["mapping", "validate", "map.xml", "--from", arguments[3], "--to", arguments[5]], in: folder)
    #expect(validate.status == 2)
    #expect(validate.stderr == expected, "\(validate.stderr)")
    #expect(try runModeldiff(arguments, in: folder).stderr == expected)
}

/// Objects of an entity the destination does not have are dropped, and the report says how many.
@Test func migrateSaysHowManyObjectsOfRemovedEntitiesItDropped() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let bundle = Paths.testModels.appendingPathComponent("MigrationTest/removed-entity-was-required.xcdatamodeld")
    let seeded = try runModeldiff(
        [
            "store", "seed", bundle.appendingPathComponent("V1.xcdatamodel").path, "--objects", "Album=2,SmartAlbum=3,Photo=0", "--output",
            "v1.sqlite",
        ],
        in: folder)
    #expect(seeded.status == 0, "\(seeded.stderr)")
    let result = try runModeldiff(["migrate", "v1.sqlite", "--to", bundle.path, "--output", "v2.sqlite"], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(
        Array(lines.dropFirst()) == [
            "  Album: 2 objects", "  Photo: 0 objects", "  SmartAlbum: 3 objects dropped (the entity is not in V2)",
        ])
    #expect(lines.filter { $0.contains("dropped") }.count == 1)
}
