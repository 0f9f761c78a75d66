import Foundation
import ModelDiffTestSupport
import Testing

private let v1 = "TestModels/Notes.xcdatamodeld/Notes.xcdatamodel"
private let v2 = "TestModels/Notes.xcdatamodeld/Notes 2.xcdatamodel"

@Test func plainModeldiffRunsDiffAndExitsOneOnDifferences() throws {
    let result = try runModeldiff([v1, v2])
    #expect(result.status == 1)
    #expect(result.stderr == "")
    try expectGolden(result.stdout, named: "cli/diff-notes.txt")
    #expect(try runModeldiff(["diff", v1, v2]).stdout == result.stdout)
}

@Test func diffOfAModelWithItselfExitsZero() throws {
    let result = try runModeldiff(["diff", v1, v1])
    #expect(result.status == 0)
    #expect(result.stdout.hasSuffix("no differences\n"))
}

@Test func diffAsJSON() throws {
    let result = try runModeldiff(["diff", v1, v2, "--format", "json"])
    #expect(result.status == 1)
    try expectGolden(result.stdout, named: "cli/diff-notes.json")
}

@Test func diffOfBadInputExitsTwo() throws {
    let result = try runModeldiff(["diff", v1, "TestModels/missing.xml"])
    #expect(result.status == 2)
    #expect(result.stderr == "TestModels/missing.xml: error: no such file or directory\n")
}

@Test func checkExitCodes() throws {
    let inferable = try runModeldiff(["check", "TestModels/rules/attribute-removed/old.xml", "TestModels/rules/attribute-removed/new.xml"])
    #expect(inferable.status == 0)
    let strict = try runModeldiff([
        "check", "--strict", "TestModels/rules/attribute-removed/old.xml", "TestModels/rules/attribute-removed/new.xml",
    ])
    #expect(strict.status == 1)
    let blocked = try runModeldiff([
        "check", "TestModels/rules/attribute-type-incompatible/old.xml", "TestModels/rules/attribute-type-incompatible/new.xml",
    ])
    #expect(blocked.status == 1)
    #expect(blocked.stdout.hasSuffix("not-inferable (1 error, 0 warnings, 0 notes)\n"))
    let bad = try runModeldiff(["check", "TestModels/rules/attribute-type-incompatible/old.xml", "TestModels/nothing.xml"])
    #expect(bad.status == 2)
}

@Test func checkOfABundleInEveryFormat() throws {
    for format in ["text", "json", "sarif", "github"] {
        let result = try runModeldiff(["check", "TestModels/Notes.xcdatamodeld", "--format", format])
        #expect(result.status == 0)
        try expectGolden(result.stdout, named: "cli/check-notes.\(format)")
    }
}

@Test func checkWithAnOrderThatNamesAMissingVersion() throws {
    let result = try runModeldiff(["check", "TestModels/Notes.xcdatamodeld", "--order", "Notes 2,Notes 9"])
    #expect(result.status == 2)
    #expect(
        result.stderr
            == "TestModels/Notes.xcdatamodeld: error: --order names version \"Notes 9\", which the bundle does not have (versions: Notes, Notes 2)\n"
    )
}

/// The current version (Notes 2, from .xccurrentversion) ordered first makes every later version a
/// draft, checked step by step and never jumped to.
@Test func checkWithAReversedOrderChecksTheDraftStepByStep() throws {
    let result = try runModeldiff(["check", "TestModels/Notes.xcdatamodeld", "--order", "Notes 2,Notes", "--format", "json"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("\"currentVersion\" : \"Notes 2\""))
    #expect(result.stdout.contains("\"drafts\" : [\n    \"Notes\"\n  ]"))
    #expect(result.stdout.contains("\"from\" : \"Notes 2\""))
    let text = try runModeldiff(["check", "TestModels/Notes.xcdatamodeld", "--order", "Notes 2,Notes", "--verbose"])
    #expect(text.stdout.contains("Notes 2 → Notes (draft): "))
    #expect(text.stdout.contains("note: Notes comes after the current version Notes 2 (drafts): checked step by step, not as jumps"))
}

/// Wire's 2.47.0 keeps a renaming identifier from an older version: alone and in the bundle, the same note.
@Test func checkOfTwoVersionsOfABundleUsesTheBundlesHistory() throws {
    let bundle = "../shared/models/wire-ios-data-model/Resources/zmessaging.xcdatamodeld"
    let pair = try runModeldiff([
        "check", "\(bundle)/zmessaging2.46.0.xcdatamodel", "\(bundle)/zmessaging2.47.0.xcdatamodel", "--format", "json",
    ])
    #expect(pair.status == 0)
    #expect(pair.stdout.contains("renaming-identifier-from-older-version"))
    let inBundle = try runModeldiff(["check", bundle, "--since", "zmessaging2.46.0", "--path", "consecutive", "--format", "json"])
    #expect(
        inBundle.stdout.contains(
            "\"from\" : \"zmessaging2.46.0\",\n      \"to\" : \"zmessaging2.47.0\",\n      \"verdict\" : \"identical\""),
        "\(inBundle.stdout.prefix(600))")
    #expect(pair.stdout.contains("\"verdict\" : \"identical\""))
}

@Test func checkWithASinceThatNamesAMissingVersion() throws {
    let result = try runModeldiff(["check", "TestModels/Notes.xcdatamodeld", "--since", "Notes 9"])
    #expect(result.status == 2)
    #expect(result.stderr == "TestModels/Notes.xcdatamodeld: error: --since names version \"Notes 9\", which the bundle does not have\n")
}

/// Issue 22: a bundle check a person reads in a CI log. On WooCommerce (231 pairs) the default text is
/// short, shows each distinct error once with the pairs it affects, and every distinct error of the
/// JSON output appears in it; `--verbose` keeps every pair and note; GitHub gets one annotation per
/// distinct finding, errors first, and one notice for the notes.
@Test func bundleCheckOutputIsShortAndKeepsEveryError() throws {
    let bundle = Paths.models.appendingPathComponent("woocommerce-ios/WooCommerce.xcdatamodeld").path
    let text = try runModeldiff(["check", bundle])
    #expect(text.status == 1)
    let lines = text.stdout.split(separator: "\n")
    #expect(lines.count <= 150, "\(lines.count) lines")
    #expect(!text.stdout.contains(": note: "))
    #expect(lines.last?.hasPrefix("overall: not-inferable (231 pairs on path all: 31 not inferable, 1 mapped;") == true)
    let json = try runModeldiff(["check", bundle, "--format", "json"])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let pairs = try #require(object["pairs"] as? [[String: Any]])
    let errors = Set(
        pairs.flatMap {
            ($0["findings"] as? [[String: Any]] ?? []).filter { $0["severity"] as? String == "error" }.compactMap {
                $0["message"] as? String
            }
        })
    #expect(!errors.isEmpty)
    for error in errors { #expect(text.stdout.contains(error), "missing from the default text: \(error)") }
    // Each distinct error once, naming the pairs it affects.
    for error in errors { #expect(text.stdout.components(separatedBy: error).count == 2, "printed more than once: \(error)") }
    #expect(text.stdout.contains("(in Model 31 → Model 32 and in "))
    let verbose = try runModeldiff(["check", bundle, "--verbose"])
    #expect(verbose.stdout.split(separator: "\n").count > 5_000)
    let github = try runModeldiff(["check", bundle, "--format", "github"])
    let annotations = github.stdout.split(separator: "\n")
    let firstWarning = annotations.firstIndex { $0.hasPrefix("::warning") } ?? annotations.count
    #expect(annotations.prefix(firstWarning).allSatisfy { $0.hasPrefix("::error") })
    #expect(annotations.prefix(firstWarning).count == errors.count)
    #expect(annotations.last?.hasPrefix("::notice title=modeldiff::") == true)
    // A passing bundle prints one line.
    let passing = try runModeldiff(["check", "TestModels/Notes.xcdatamodeld"])
    #expect(passing.stdout.split(separator: "\n").count == 1)
}
