import Foundation
import ModelDiffTestSupport
import Testing

/// Every finding of `check` that can lose or reject data, shown by `test` on the same step with the
/// row or value that fails (TestModels/FindingCodes, one bundle per code; docs/TESTING.md has the table).
/// The seed of the older version reaches the bounds the newer one sets, so no step passes by luck.
@Suite struct FindingCodeTestCLITests {
    private func bundle(_ name: String) -> String { "TestModels/FindingCodes/\(name).xcdatamodeld" }

    @Test(arguments: [
        (
            "max-count-lowered",
            "Folder.notes holds 4 objects, more than its maximum 1 (NSValidationRelationshipExceedsMaximumCountError 1590"
        ),
        ("to-many-to-one", "Folder.notes: 5 links, but Folder.notes held 8"),
        (
            "relationship-made-required",
            "Note.folder is required but empty (NSValidationMissingMandatoryPropertyError 1570; mapping NoteToNote; object 2/p3)"
        ),
        ("number-narrowed", "Note.count: integer(-2147483648) does not fit Integer 16 (from Note.count, Integer 32): the value overflows"),
        ("number-to-boolean", "Note.count: integer(-2147483648) becomes YES (from Note.count, Integer 32): the number is lost"),
        ("optional-to-required-without-default", "the mapping for Note.title is still a placeholder"),
        ("attribute-type-incompatible", "the mapping for Note.count is still a placeholder"),
        (
            "entity-changed-uniqueness",
            "2 Note objects share the same count, which must be unique (NSManagedObjectConstraintValidationError 1551"
        ),
        (
            "cosmetic-change-max-value",
            "Note.count is below its minimum 0 (NSValidationNumberTooSmallError 1620; mapping NoteToNote; object 2/p1)"
        ),
        (
            "cosmetic-change-max-length",
            "Note.title is above its maximum 500 (NSValidationStringTooLongError 1660; mapping NoteToNote; object 2/p4)"
        ),
        (
            "cosmetic-change-binary-length",
            "Note.photo is below its minimum 2 (NSValidationNumberTooSmallError 1620; mapping NoteToNote; object 2/p1)"
        ),
        ("cosmetic-change-regular-expression", "Note.title \"Note 0\" does not match [a-z]* (NSValidationStringPatternMatchingError 1680"),
        ("number-narrowed-double", "Note.score: double(1.5) becomes integer(1) (from Note.score, Double): the fraction is lost"),
        ("required-attribute-without-default", "the mapping for Note.priority is still a placeholder"),
        ("required-relationship-added", "the mapping for Note.folder is still a placeholder"),
        ("relationship-retargeted", "through owner, but Note.owner now points to Person, and no entity mapping makes one of a User"),
        ("property-kind-changed", "Note.folder: 9 values are lost: V2 removes the attribute [attribute-removed]"),
        ("hierarchy-merge", "Bike: Core Data cannot infer this step: `Car` and `Bike` now share the parent entity `Vehicle`"),
        ("ambiguous-renaming-identifier", "Note: Core Data cannot infer this step: `Note` and `Memo` all match `Note` of the old version"),
        ("entity-removed", "objects are lost: V2 removes the entity [entity-removed]"),
        ("attribute-removed", "values are lost: V2 removes the attribute [attribute-removed]"),
        ("relationship-removed", "links are lost: V2 removes the relationship [relationship-removed]"),
        ("attribute-made-transient", "Note.count: 9 values are lost: V2 makes the attribute transient [attribute-made-transient]"),
        ("relationship-made-transient", "Note.folder: 7 links are lost: V2 makes the relationship transient [relationship-made-transient]"),
    ])
    func checkFindsItAndTestFailsOnTheRow(name: String, failure: String) throws {
        // The finding's code is the bundle's name up to the variant (`cosmetic-change-max-value` is `cosmetic-change`).
        let code = ["cosmetic-change", "entity-changed", "number-narrowed"].first { name.hasPrefix($0) } ?? name
        let check = try runModeldiff(["check", bundle(name), "--verbose"])
        #expect(check.stdout.contains("[\(code)]"), "\(check.stdout)")
        let result = try runModeldiff(["test", bundle(name)])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasPrefix("FAIL V1 → V2 (seeded store, inferred mapping)\n"))
        #expect(result.stdout.contains(failure), "\(result.stdout)")
    }

    /// An optional attribute made required with a default: `check` calls it inferable, `infer` writes
    /// the rule that gives a nil the default, and `test` passes, its value check expecting the default
    /// where the seed put nil (every eighth title, and the one aimed at the new requirement).
    @Test func aRequiredAttributeWithADefaultTakesItForNil() throws {
        let check = try runModeldiff(["check", bundle("optional-to-required"), "--verbose"])
        #expect(check.status == 0, "\(check.stdout)")
        #expect(check.stdout.contains("[optional-to-required]"), "\(check.stdout)")
        let infer = try runModeldiff([
            "infer", bundle("optional-to-required") + "/V1.xcdatamodel", bundle("optional-to-required") + "/V2.xcdatamodel",
        ])
        #expect(infer.status == 0, "\(infer.stderr)")
        #expect(infer.stdout.contains("TERNARY($source.title == nil, $destination.title, $source.title)"), "\(infer.stdout)")
        let result = try runModeldiff(["test", bundle("optional-to-required"), "--objects", "20"])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout == "PASS V1 → V2 (seeded store, inferred mapping)\n1 passed, 0 failed\n")
    }

    @Test func aCosmeticStepPasses() throws {
        let result = try runModeldiff(["test", bundle("cosmetic-change-user-info"), "--objects", "50"])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout == "PASS V1 → V2 (seeded store, inferred mapping)\n1 passed, 0 failed\n")
    }

    /// The lowered `Folder.notes` maximum fails with every seed and every count that gives a folder
    /// more than one note (the first folder holds three or more), where an even spread held one each.
    @Test(arguments: [("1", "2"), ("2", "3"), ("3", "10"), ("7", "200")])
    func theLoweredMaximumFailsWithAnySeed(seed: String, objects: String) throws {
        let result = try runModeldiff(["test", bundle("max-count-lowered"), "--seed", seed, "--objects", objects])
        #expect(result.status == 1, "\(result.stdout)")
        #expect(
            result.stdout.contains("more than its maximum 1 (NSValidationRelationshipExceedsMaximumCountError 1590"), "\(result.stdout)")
    }

    /// The seed that reaches the next version's bounds is validated against its own version before it
    /// is migrated (a seed that broke V1 would end `test` with exit 2), and the same seed fails the same way.
    @Test func theSeedStaysDeterministic() throws {
        let first = try runModeldiff(["test", bundle("cosmetic-change-max-length"), "--seed", "5", "--format", "json"])
        let second = try runModeldiff(["test", bundle("cosmetic-change-max-length"), "--seed", "5", "--format", "json"])
        let failures = { (text: String) -> [String] in
            let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
            let steps = object?["steps"] as? [[String: Any]] ?? []
            return steps.flatMap { $0["failures"] as? [String] ?? [] }
        }
        #expect(first.status == 1, "\(first.stderr)")
        #expect(!failures(first.stdout).isEmpty)
        #expect(failures(first.stdout) == failures(second.stdout))
    }
}

/// `test --order`: the team's order of versions, as `check --order` takes it. Version `A` is the
/// tightened current one and `B` the older, looser one: by name `B` sorts after the current version,
/// so no step is tested; in the team's order `B, A` the step fails as it would in the field.
@Test func testTakesTheTeamsOrder() throws {
    let folder = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = Paths.testModels.appendingPathComponent("FindingCodes/max-count-lowered.xcdatamodeld")
    let bundle = folder.appendingPathComponent("Notes.xcdatamodeld")
    try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: false)
    for (from, to) in [("V1", "B"), ("V2", "A")] {
        try FileManager.default.copyItem(
            at: source.appendingPathComponent("\(from).xcdatamodel"), to: bundle.appendingPathComponent("\(to).xcdatamodel"))
    }
    let current = try String(contentsOf: source.appendingPathComponent(".xccurrentversion"), encoding: .utf8)
    try current.replacingOccurrences(of: "V2.xcdatamodel", with: "A.xcdatamodel").write(
        to: bundle.appendingPathComponent(".xccurrentversion"), atomically: true, encoding: .utf8)
    let natural = try runModeldiff(["test", "Notes.xcdatamodeld"], in: folder)
    #expect(natural.status == 0, "\(natural.stdout)")
    #expect(natural.stdout.hasPrefix("no steps to test"))
    let ordered = try runModeldiff(["test", "Notes.xcdatamodeld", "--order", "B,A"], in: folder)
    #expect(ordered.status == 1, "\(ordered.stdout)\(ordered.stderr)")
    #expect(ordered.stdout.hasPrefix("FAIL B → A (seeded store, inferred mapping)\n"))
    #expect(ordered.stdout.contains("more than its maximum 1 (NSValidationRelationshipExceedsMaximumCountError 1590"))
    let unknown = try runModeldiff(["test", "Notes.xcdatamodeld", "--order", "B,Nope,A"], in: folder)
    #expect(unknown.status == 2)
    #expect(
        unknown.stderr == "Notes.xcdatamodeld: error: --order names version \"Nope\", which the bundle does not have (versions: A, B)\n")
    let twice = try runModeldiff(["test", "Notes.xcdatamodeld", "--order", "B,B,A"], in: folder)
    #expect(twice.status == 2)
    #expect(twice.stderr.contains("--order names version \"B\" twice"))
}
