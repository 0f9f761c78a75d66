import ArgumentParser
import Foundation
@_spi(CLI) import ModelDiffKit

struct HashCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hash",
        abstract: "Print Core Data's version hashes of a model: entities, versionChecksum, metadata digest.",
        discussion: """
            The values are those Core Data writes into store metadata (NSStoreModelVersionHashes, \
            NSStoreModelVersionChecksumKey, NSStoreModelVersionHashesDigest). With --all-versions, a version \
            that cannot be read is one error line on stderr and the others are hashed; the exit status is then 1.

            Example:
              modeldiff hash TestModels/Notes.xcdatamodeld --properties --format json
            """
    )

    @Argument(
        help:
            "A model: XML file, .xcdatamodel, .xcdatamodeld (current version), a version inside one, or a SwiftData source folder (current schema)."
    )
    var model: String

    @Flag(help: "Also print every property's version hash.")
    var properties = false

    @Option(help: "Output format: text or json.")
    var format: TextOrJSON = .text

    @Flag(help: "Hash every version of a .xcdatamodeld bundle (or a SwiftData source folder), not only the current one.")
    var allVersions = false

    @OptionGroup var bundleOptions: BundleOptions

    func validate() throws {
        // Only --all-versions reads more than one version: an order means nothing to the current one.
        if !allVersions && bundleOptions.order != nil {
            throw ValidationError("--order orders the versions of --all-versions; give --all-versions")
        }
    }

    func run() throws {
        let allRead = try reportingFailures {
            if allVersions {
                let bundle = try ModelBundle.load(path: model, keepingUnreadable: true)
                printNotes(bundle.notes + (bundle.swiftData?.warnings ?? []) + swiftDataHashNote(bundle))
                for (name, problem) in bundle.unreadableVersions {
                    printError(
                        Diagnostic(
                            path: problem.path, line: problem.line, column: problem.column,
                            message: "version \"\(name)\" cannot be read, so it is not hashed: \(problem.message)"
                        ).description)
                }
                let versions = try bundle.orderedVersions(
                    try bundleOptions.versionOrder(of: bundle, settings: try bundleOptions.settings())
                )
                .versions
                let hashes = Array(zip(versions.map(\.name), versions.map(\.model).versionHashes()))
                switch format {
                case .json:
                    printOut(
                        try jsonText(Dictionary(uniqueKeysWithValues: hashes.map { ($0.0, HashReport($0.1, properties: properties)) })))
                case .text:
                    let width = hashes.map(\.0.count).max() ?? 0
                    printOut(
                        hashes.map { "\($0.0.padding(toLength: width, withPad: " ", startingAt: 0))  \($0.1.versionChecksum)\n" }.joined())
                }
                LeftToExit.keep((bundle, hashes))
                return bundle.unreadableVersions.isEmpty
            }
            if ModelInput.isSwiftSourceFolder(model) {
                let bundle = try ModelBundle.load(path: model, keepingUnreadable: true)
                printNotes(bundle.current.loaded.notes + (bundle.swiftData?.warnings ?? []) + swiftDataHashNote(bundle))
                return try printHashes(bundle.current.model.versionHashes())
            }
            let loaded = try ModelFile.load(path: model)
            printNotes(loaded.notes)
            return try printHashes(loaded.model.versionHashes())
        }
        if !allRead { throw ExitCode(1) }
    }

    /// Prints one version's hashes; true, since the one version was read.
    private func printHashes(_ hashes: VersionHashes) throws -> Bool {
        switch format {
        case .json: printOut(try jsonText(HashReport(hashes, properties: properties)))
        case .text: printOut(text(hashes))
        }
        return true
    }

    private func text(_ hashes: VersionHashes) -> String {
        let names = hashes.sortedEntityNames
        let width = names.map(\.count).max() ?? 0
        var output = ""
        for name in names {
            output += name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + (hashes.base64(entity: name) ?? "") + "\n"
            if properties {
                let entityProperties = hashes.propertyVersionHashes[name] ?? [:]
                let propertyWidth = entityProperties.keys.map(\.count).max() ?? 0
                for property in entityProperties.keys.sorted(by: coreDataCompare) {
                    output +=
                        "    " + property.padding(toLength: propertyWidth, withPad: " ", startingAt: 0) + "  "
                        + Data(entityProperties[property]!).base64EncodedString() + "\n"
                }
            }
        }
        output += "versionChecksum      \(hashes.versionChecksum)\n"
        output += "versionHashesDigest  \(hashes.versionHashesDigest)\n"
        return output
    }
}

/// The JSON shape of `modeldiff hash`.
private struct HashReport: Encodable {
    let entityVersionHashes: [String: String]
    let versionChecksum: String
    let versionHashesDigest: String
    let propertyVersionHashes: [String: [String: String]]?

    init(_ hashes: VersionHashes, properties: Bool) {
        entityVersionHashes = hashes.entityVersionHashes.mapValues { Data($0).base64EncodedString() }
        versionChecksum = hashes.versionChecksum
        versionHashesDigest = hashes.versionHashesDigest
        propertyVersionHashes =
            properties
            ? hashes.propertyVersionHashes.mapValues { $0.mapValues { Data($0).base64EncodedString() } } : nil
    }
}
