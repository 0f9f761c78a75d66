import ArgumentParser
import Foundation
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore

struct StoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store",
        abstract: "Inspect Core Data SQLite stores.",
        discussion: """
            Examples:
              modeldiff store info Notes.sqlite --model Notes.xcdatamodeld
              modeldiff store verify Notes.sqlite --model Notes.xcdatamodeld
            """,
        subcommands: [StoreInfoCommand.self, StoreVerifyCommand.self, StoreSeedCommand.self]
    )
}

struct StoreInfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Print a store's metadata, its entities with row counts, and which model version wrote it.",
        discussion: """
            The store is opened read-only; its file (and -wal/-shm) is never modified. With a bundle, the \
            store's version is the one whose entity hashes are the store's; when several versions share them, \
            the first in the version order (--order, else the lock file's, else .modeldiff.yml's order:, else \
            the bundle's own) is named.

            Example:
              modeldiff store info Notes.sqlite --model Notes.xcdatamodeld
            """
    )

    @Argument(help: "A Core Data SQLite store.")
    var store: String

    @Option(help: "A model or .xcdatamodeld bundle to find the store's version in.")
    var model: String?

    @Option(help: "Output format: text or json.")
    var format: TextOrJSON = .text

    @OptionGroup var bundleOptions: BundleOptions

    func validate() throws {
        if bundleOptions.order != nil && !(model.map(ModelInput.isBundle) ?? false) {
            throw ValidationError("--order orders the versions of a bundle; give one with --model")
        }
    }

    func run() throws {
        // The private read copy of a WAL store is removed on Ctrl-C or SIGTERM too.
        Signals.removeOnInterrupt()
        let problems = try reportingFailures { () -> [String] in
            let opened = try PersistentStore.open(path: store)
            // Counts skip a table that is not there, so a damaged store is reported with what is wrong:
            // its metadata and the version it records are still worth showing.
            var problems = try StoreSchemaCheck.missingTables(in: opened).map { "not a sound Core Data store: \($0)" }
            let counts = try opened.rowCounts()
            var match: StoreVersionMatch?
            var modelCache: Result<Void, StoreFailure>?
            if let model {
                let settings = try bundleOptions.settings()
                let resolved = try StoreModel(of: opened, path: model) { bundle throws(Diagnostic) in
                    try bundleOptions.versionOrder(of: bundle, settings: settings)
                }
                match = resolved.match
                // Matched: the version's tables must be there. No version matches: Core Data would read
                // the store with the model cached in it, when it can be used.
                if problems.isEmpty, let name = resolved.match.versionName, case .success(let version) = resolved.model {
                    problems += try StoreSchemaCheck.missing(in: opened, layout: opened.layout(for: version)).map {
                        "not a sound Core Data store for \(name): \($0)"
                    }
                }
                if resolved.match.versionName == nil {
                    modelCache = resolved.model.map { _ in () }
                    if problems.isEmpty, case .success(let cached) = resolved.model {
                        problems += try StoreSchemaCheck.missing(in: opened, layout: opened.layout(for: cached)).map {
                            "not a sound Core Data store for its cached model: \($0)"
                        }
                    }
                }
            }
            // Without --model, or with a version that matches, the cache is not needed to read the store,
            // but one that is there and cannot be used is a problem of the store all the same.
            if modelCache == nil, let problem = try opened.modelCacheProblem() { modelCache = .failure(problem) }
            let info = StoreInfo(
                store: store, metadata: opened.metadata, uuid: try opened.storeUUID(), counts: counts, match: match,
                modelGiven: model != nil,
                modelCache: modelCache)
            switch format {
            case .json: printOut(try jsonText(info))
            case .text: printOut(info.text)
            }
            // A cache that is there and cannot be used (unreadable, invalid, not the metadata's model) is a
            // problem of the store too.
            if case .failure(let error)? = modelCache, try opened.holdsModelCache() { problems.append(error.message) }
            return problems
        }
        // Exit 1, as `store verify` for a store with problems: one line each.
        for problem in problems { printError(Diagnostic(path: store, message: problem).description) }
        if !problems.isEmpty { throw ExitCode(1) }
    }
}

/// What `store info` reports.
private struct StoreInfo: Encodable {
    struct EntityRows: Encodable {
        let name: String
        let rows: Int
    }

    let path: String
    let storeType: String?
    let uuid: String?
    let frameworkVersion: Int?
    let versionIdentifiers: [String]
    let versionChecksum: String?
    let entities: [EntityRows]
    let modelVersion: String??
    let differingEntities: [String]?
    /// Whether the model cached in the store (Z_MODELCACHE) is used (no version matches), or why a cache is not
    /// used (none, or one that cannot be: that also when the cache is not needed).
    let modelCache: String?

    init(
        store: String, metadata: StoreMetadata, uuid: String?, counts: [(entity: String, count: Int)], match: StoreVersionMatch?,
        modelGiven: Bool, modelCache: Result<Void, StoreFailure>?
    ) {
        path = store
        storeType = metadata.string("NSStoreType")
        self.uuid = uuid
        frameworkVersion = metadata.integer("NSPersistenceFrameworkVersion")
        versionIdentifiers = metadata.versionIdentifiers
        versionChecksum = metadata.string("NSStoreModelVersionChecksumKey")
        entities = counts.map { EntityRows(name: $0.entity, rows: $0.count) }
        modelVersion = modelGiven ? .some(match?.versionName) : nil
        differingEntities = modelGiven && match?.versionName == nil ? match?.differingEntities : nil
        switch modelCache {
        case .success?: self.modelCache = "used"
        case .failure(let error)?: self.modelCache = error.message
        case nil: self.modelCache = nil
        }
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(path, forKey: .path)
        try container.encodeIfPresent(storeType, forKey: .storeType)
        try container.encodeIfPresent(uuid, forKey: .uuid)
        try container.encodeIfPresent(frameworkVersion, forKey: .frameworkVersion)
        try container.encode(versionIdentifiers, forKey: .versionIdentifiers)
        try container.encodeIfPresent(versionChecksum, forKey: .versionChecksum)
        try container.encode(entities, forKey: .entities)
        if case .some(let version) = modelVersion { try container.encode(version, forKey: .modelVersion) }
        try container.encodeIfPresent(differingEntities, forKey: .differingEntities)
        try container.encodeIfPresent(modelCache, forKey: .modelCache)
    }

    private enum CodingKeys: String, CodingKey {
        case path, storeType, uuid, frameworkVersion, versionIdentifiers, versionChecksum, entities, modelVersion, differingEntities,
            modelCache
    }

    /// The text report; every value from the store (metadata, entity names) and the path escaped (`MessageEscaping`).
    var text: String {
        let e = MessageEscaping.escaped
        var output = "store: \(e(path))\n"
        output += "type: \(e(storeType ?? "?"))  uuid: \(e(uuid ?? "?"))  framework: \(frameworkVersion.map(String.init) ?? "?")\n"
        output += "version identifiers: \(versionIdentifiers.map { "\"\(e($0))\"" }.joined(separator: ", "))\n"
        let width = entities.map { e($0.name).count }.max() ?? 0
        output += "entities:\n"
        for entity in entities {
            output += "  \(e(entity.name).padding(toLength: width, withPad: " ", startingAt: 0))  \(entity.rows) rows\n"
        }
        if case .some(let version) = modelVersion {
            if let version {
                output += "model version: \(e(version))\n"
            } else {
                output += "model version: none matches; entities that differ: \(e((differingEntities ?? []).joined(separator: ", ")))\n"
                if modelCache == "used" {
                    output +=
                        "model: taken from the store's Z_MODELCACHE (the model Core Data cached when it wrote the store; its hashes match)\n"
                }
            }
        }
        if let modelCache, modelCache != "used" { output += "model cache: cannot be used: \(e(modelCache))\n" }
        return output
    }
}

struct StoreVerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check a store's integrity against its model: SQLite's check, relationship keys, Z_MAX, inverses.",
        discussion: """
            With a bundle, the version whose entity hashes are the store's is the model; versions that share \
            them lay the store out alike, so the version order does not matter here (no --order).
            Warnings, which leave the store sound: an empty table or column the model does not account \
            for; a many-to-many join table under the other side's name than Core Data gives it (read \
            under the store's name, where Core Data would not find it).
            Exit status: 0 sound, 1 problems found (one line each), 2 bad input.

            Example:
              modeldiff store verify Notes.sqlite --model Notes.xcdatamodeld
            """
    )

    @Argument(help: "A Core Data SQLite store.")
    var store: String

    @Option(help: "The model version that wrote the store (a bundle: the version whose hashes match).")
    var model: String

    func run() throws {
        Signals.removeOnInterrupt()  // and its private read copy with it
        let sound = try reportingFailures {
            let opened = try PersistentStore.open(path: store)
            let resolved = try StoreModel(of: opened, path: model)
            let version: Model
            switch (resolved.isBundle, resolved.model) {
            case (false, _): version = resolved.versions[0].model  // one version is taken as given
            case (true, .success(let found)): version = found
            case (true, .failure(let error)):
                // As Core Data does: the model cached in the store, when its hashes are the store's.
                throw Diagnostic(
                    path: store,
                    message: "the store matches no version of \(model), and its cached model could not be used: \(error.message)")
            }
            let verification = try StoreVerification(store: opened, model: version)
            for warning in verification.warnings { printError(Diagnostic(.warning, path: store, message: warning).description) }
            for problem in verification.problems { printError(Diagnostic(path: store, message: problem).description) }
            var text = ""
            for (entity, count) in verification.counts { text += "  \(entity): \(count) objects\n" }
            let name = MessageEscaping.escaped(store)  // a path is printed as the diagnostics print it
            printOut((verification.problems.isEmpty ? "\(name): ok\n" : "\(name): \(verification.problems.count) problems\n") + text)
            return verification.problems.isEmpty
        }
        if !sound { throw ExitCode(1) }
    }
}
