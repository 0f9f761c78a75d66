import Foundation
import ModelDiffTestSupport
import Testing

/// `swift package modeldiff-check` on the sample package `TestModels/PluginSample`, first with its
/// inferable Notes bundle and SwiftData target, then with a non-inferable bundle added. It builds modeldiff once more, in
/// `.build-plugin-sample` (a scratch folder of its own, so the outer `swift test`'s lock on `.build` is
/// never waited for), which later runs reuse.
///
/// On a clean clone that second build costs as much as the first. So `.ci/run` defers this test
/// (`MODELDIFF_PLUGIN_LATER=1`) and runs it alone once `swift test` has released `.build`, with
/// `MODELDIFF_PLUGIN_SCRATCH` naming `.build` as the sample's scratch folder: SwiftPM finds every
/// object of modeldiff and its dependencies there already built by the same commands, and only
/// resolves and links (21 s instead of a second build of 15 CPU minutes, measured on a clean clone).
@Test(
    .tags(.slow), .notInFastTier, .disabled(if: TestTier.pluginLater, "run alone by .ci/run after swift test"),
    .timeLimit(.minutes(20)))
func pluginChecksEveryModelBundleOfAPackage() throws {
    let work = Paths.repository.appendingPathComponent(".build-plugin-sample")
    let package = work.appendingPathComponent("PluginSample")
    let scratch =
        ProcessInfo.processInfo.environment["MODELDIFF_PLUGIN_SCRATCH"].map { URL(fileURLWithPath: $0) }
        ?? work.appendingPathComponent("scratch")
    let files = FileManager.default
    try? files.removeItem(at: package)
    try files.createDirectory(at: work, withIntermediateDirectories: true)
    try files.copyItem(at: Paths.testModels.appendingPathComponent("PluginSample"), to: package)
    let manifest = package.appendingPathComponent("Package.swift")
    let text = try String(contentsOf: manifest, encoding: .utf8)
    #expect(text.contains(#".package(path: "../..")"#))
    try text.replacingOccurrences(of: #".package(path: "../..")"#, with: ".package(path: \"\(Paths.repository.path)\")")
        .write(to: manifest, atomically: true, encoding: .utf8)

    func modeldiffCheck(_ arguments: [String]) throws -> ProcessOutcome {
        try runProcess(
            ["/usr/bin/env", "swift", "package", "--package-path", package.path, "--scratch-path", scratch.path, "modeldiff-check"]
                + arguments,
            in: package)
    }

    let passing = try modeldiffCheck([])
    let passingOutput = passing.stdout + passing.stderr
    #expect(passing.status == 0, "\(passingOutput)")
    #expect(passingOutput.contains("modeldiff check -- Sources/Notes/Notes.xcdatamodeld\n"))
    #expect(passingOutput.contains("overall: inferable (1 pairs on path all: 0 not inferable; 0 errors, 0 warnings"))
    #expect(passingOutput.contains("modeldiff check -- Sources/NotesData\n"))
    #expect(passingOutput.contains("modeldiff-check: 1 bundle and 1 SwiftData target passed"))

    // A String → Integer 32 attribute change: lightweight migration cannot infer it.
    func addBrokenBundle(_ path: String) throws {
        let broken = package.appendingPathComponent(path)
        let rule = Paths.testModels.appendingPathComponent("rules/attribute-type-incompatible")
        for (version, file) in [("Broken", "old.xml"), ("Broken 2", "new.xml")] {
            let folder = broken.appendingPathComponent("\(version).xcdatamodel")
            try files.createDirectory(at: folder, withIntermediateDirectories: true)
            try files.copyItem(at: rule.appendingPathComponent(file), to: folder.appendingPathComponent("contents"))
        }
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>_XCCurrentVersionName</key>
        \t<string>Broken 2.xcdatamodel</string>
        </dict>
        </plist>

        """.write(to: broken.appendingPathComponent(".xccurrentversion"), atomically: true, encoding: .utf8)
    }
    try addBrokenBundle("Sources/Notes/Broken.xcdatamodeld")

    let failing = try modeldiffCheck(["--format", "github"])
    let failingOutput = failing.stdout + failing.stderr
    #expect(failing.status != 0, "\(failingOutput)")
    #expect(failingOutput.contains("modeldiff check --format github -- Sources/Notes/Broken.xcdatamodeld\n"))
    #expect(failingOutput.contains("modeldiff check --format github -- Sources/Notes/Notes.xcdatamodeld\n"))
    #expect(
        failingOutput.contains(
            "::error file=Sources/Notes/Broken.xcdatamodeld/Broken 2.xcdatamodel/contents,line=5,title=attribute-type-incompatible::"))
    #expect(failingOutput.contains("modeldiff check failed for Sources/Notes/Broken.xcdatamodeld (exit status 1)"))
    #expect(!failingOutput.contains("Sources/Notes/Notes.xcdatamodeld (exit status"))

    // The SwiftData target's plan given a schema that shares the first one's checksum.
    let schemas = package.appendingPathComponent("Sources/NotesData/NotesSchemas.swift")
    let source = try String(contentsOf: schemas, encoding: .utf8)
    try source.replacingOccurrences(of: "        var isPinned: Bool = false\n", with: "")
        .write(to: schemas, atomically: true, encoding: .utf8)
    let duplicate = try modeldiffCheck([])
    let duplicateOutput = duplicate.stdout + duplicate.stderr
    #expect(duplicate.status != 0, "\(duplicateOutput)")
    #expect(duplicateOutput.contains("[swiftdata-duplicate-checksum]"), "\(duplicateOutput)")
    #expect(
        duplicateOutput.contains(
            "modeldiff check failed for Sources/Notes/Broken.xcdatamodeld (exit status 1), Sources/NotesData (exit status 1)"))

    // A bundle whose name begins with `-` is checked, not read as an option (`-h` would print the help and exit 0).
    try source.write(to: schemas, atomically: true, encoding: .utf8)
    try files.removeItem(at: package.appendingPathComponent("Sources/Notes/Broken.xcdatamodeld"))
    try addBrokenBundle("-h.xcdatamodeld")
    let dashed = try modeldiffCheck(["--format", "github"])
    let dashedOutput = dashed.stdout + dashed.stderr
    #expect(dashed.status != 0, "\(dashedOutput)")
    #expect(dashedOutput.contains("modeldiff check --format github -- -h.xcdatamodeld\n"), "\(dashedOutput)")
    #expect(dashedOutput.contains("::error file=-h.xcdatamodeld/Broken 2.xcdatamodel/contents,line=5,title=attribute-type-incompatible::"))
    #expect(dashedOutput.contains("modeldiff check failed for -h.xcdatamodeld (exit status 1)\n"), "\(dashedOutput)")
    #expect(!dashedOutput.contains("USAGE:"))
    try? files.removeItem(at: package)
}
