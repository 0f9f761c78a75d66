import Foundation
@_spi(CLI) import ModelDiffKit

/// `modeldiff test`: proves a bundle's migrations on data. For every step of the chosen path it seeds
/// a store at the older version (or takes a real one), migrates it as the app would (a mapping file
/// beside the bundle where one maps the step, an inferred mapping elsewhere), and checks the result:
/// `store verify`, every source object accounted for, copied values and links kept, and the
/// validation Core Data runs at the end of a migration (which `migrate` runs as its third stage).
public struct MigrationTest: Sendable {
    /// One tested step.
    public struct Step: Sendable {
        /// The older version.
        public let from: String
        /// The newer version.
        public let to: String
        /// Where the source store came from: `seeded` or a store's path.
        public let origin: String
        /// The mapping file used, or nil for an inferred mapping.
        public let mappingPath: String?
        /// What failed; empty when the step passed.
        public let failures: [String]
        /// Failures `.modeldiff.yml`'s `acknowledged` list accepts, each with the acknowledgement's place and reason.
        public let acknowledged: [String]
        /// Seconds the step took.
        public let seconds: Double
        /// The `NSEntityMigrationPolicy` subclasses the step's mapping names: the app's code, which the test
        /// cannot run. The step ran with the default policy behaviour in their place and is checked as usual.
        /// A class whose functions value expressions call names them (`FlagsPolicy (negateBool:)`): the
        /// attributes they fill got a stand-in value and are left out of the value comparisons. A class
        /// its entity mappings leave required attributes to names those (`OutcomePolicy (stand-ins for
        /// Outcome.effectiveDate)`): they got a stand-in value of their type (`PolicyClassStandIn`).
        public let customCodeNotRun: [String]
        /// The attributes the step adds whose default is computed at launch (`Event.createdAt`, a SwiftData
        /// `= Date.now`): the migration gave them a stand-in value of their type (`DefaultValue.atLaunch`).
        public let launchDefaults: [String]

        /// Whether every check passed.
        public var passed: Bool { failures.isEmpty }
    }

    /// The steps that passed without running the custom policy classes their mappings name.
    public var stepsWithCustomCodeNotRun: [Step] { steps.filter { $0.passed && !$0.customCodeNotRun.isEmpty } }

    /// The steps, in the order they ran.
    public let steps: [Step]
    /// The versions that cannot be read, one error each at the reader's line: the steps into and out
    /// of such a version are not tested (nor a step across it); every other step is.
    public let unreadableVersions: [Diagnostic]

    /// The mapping files beside the bundle that cannot be read, one error each: every step is tested
    /// without them (a step one of them may have mapped is tested with the inferred mapping).
    public let unreadableMappings: [Diagnostic]

    /// Whether every step passed and every version and mapping file could be read.
    public var passed: Bool { steps.allSatisfy(\.passed) && unreadableVersions.isEmpty && unreadableMappings.isEmpty }

    /// Runs the test (throws `Diagnostic` or `DiagnosticList` for bad input). `objects` per entity are seeded with `seed`;
    /// `stores` are real stores to start from too.
    /// `order` names the versions oldest first, as the team shipped them, instead of the bundle's order.
    /// `data` is what the team says of its data: objects per entity and the ranges of number values.
    public init(
        bundle: ModelBundle, order: [String]? = nil, path: MigrationPath = .all, objects: Int = 10, seed: UInt64 = 1, stores: [String] = [],
        data: SeedData = SeedData(), acknowledgements: [Acknowledgement] = [], temporaryFolder: URL
    ) throws {
        try self.init(
            versions: Versions(bundle: bundle, order: order), path: path, objects: objects, seed: seed, stores: stores, data: data,
            acknowledgements: acknowledgements, temporaryFolder: temporaryFolder)
    }

    /// Runs the test on the bundle at `bundlePath`, reading each version only for the steps that use
    /// it, so memory stays that of one step per core however many versions the bundle has (with
    /// `stores`, every version is read to match their hashes).
    public init(
        bundleAt bundlePath: String, path: MigrationPath = .all, objects: Int = 10, seed: UInt64 = 1, stores: [String] = [],
        data: SeedData = SeedData(), acknowledgements: [Acknowledgement] = [], temporaryFolder: URL
    ) throws {
        try self.init(
            versions: Versions(path: bundlePath), path: path, objects: objects, seed: seed, stores: stores, data: data,
            acknowledgements: acknowledgements, temporaryFolder: temporaryFolder)
    }

    /// What a team says of its data, for the seeds: objects per entity (entities a version does not
    /// have, or has as abstract, are passed over for it) and, by `Entity.attribute`, the range of its numbers.
    public struct SeedData: Sendable {
        /// Objects per entity, instead of `objects`.
        public let counts: [String: Int]
        /// By `Entity.attribute`, the closed range its seeded numbers stay in.
        public let ranges: [String: ClosedRange<Double>]

        /// Creates the description.
        public init(counts: [String: Int] = [:], ranges: [String: ClosedRange<Double>] = [:]) {
            self.counts = counts
            self.ranges = ranges
        }

        func counts(for model: Model) -> [String: Int] {
            counts.filter { model.entity(named: $0.key).map { !$0.isAbstract } ?? false }
        }
    }

    private init(
        versions: Versions, path: MigrationPath, objects: Int, seed: UInt64, stores: [String], data: SeedData,
        acknowledgements: [Acknowledgement], temporaryFolder: URL
    ) throws {
        let current = versions.current
        // One mapping file that cannot be read is one error; the others, and every step, are still tested.
        let (mappings, unreadable) = try MappingDiscovery.readableFiles(besides: versions.path)
        self.unreadableMappings = unreadable.map { problem in
            Diagnostic(
                path: problem.path, line: problem.line, column: problem.column,
                message: "this mapping model cannot be read, so no step is tested with it: \(problem.message)")
        }
        let (history, problems) = try versions.historicalNames()
        var pairs: [(Int, Int)] = []
        if path.includesConsecutive { pairs += (0..<current).map { ($0, $0 + 1) } }
        if path.includesDirect { pairs += (0..<max(current - 1, 0)).map { ($0, current) } }
        pairs.removeAll { problems[$0.0] != nil || problems[$0.1] != nil }
        self.unreadableVersions = problems.keys.sorted().map { index in
            let problem = problems[index]!
            return Diagnostic(
                path: problem.path, line: problem.line, column: problem.column,
                message:
                    "version \"\(versions.names[index])\" cannot be read, so the steps into and out of it are not tested: \(problem.message)"
            )
        }
        // Steps share nothing (each seeds and migrates its own files), so they run on every core; the
        // report keeps the path's order.
        let outcomes = Array(pairs.enumerated()).concurrentMap { index, pair -> Result<Step, any Error> in
            let (from, to) = pair
            let source = temporaryFolder.appendingPathComponent("test-\(index)-source.sqlite").path
            defer { StoreMigration.removeStore(source) }
            do {
                let (old, new) = (try versions.version(from), try versions.version(to))
                do {
                    try StoreSeed(
                        defaultCount: objects, counts: data.counts(for: old.model), seed: seed &+ UInt64(from), toward: new.model,
                        ranges: data.ranges
                    ).write(model: old.model, to: source)
                } catch StoreFailure.input(let problem) where problem.path == source {
                    // The seeded store is a temporary file the user never sees: name the version it stands for, at the
                    // declaration of the property that cannot be seeded where the source gives its line.
                    let declaration = Self.declaration(of: problem.message, in: old.model)
                    throw Diagnostic(
                        path: declaration?.file(or: old.loaded.path) ?? old.loaded.path, line: declaration?.value,
                        column: declaration?.column,
                        message: "seeding version \"\(versions.names[from])\" for \(versions.names[from]) → \(versions.names[to]): "
                            + problem.message)
                } catch let count as SeedCountError where count.path == source {
                    var named = SeedCountError(path: old.loaded.path, problem: count.problem)
                    named.step = "seeding version \"\(versions.names[from])\" for \(versions.names[from]) → \(versions.names[to])"
                    throw named
                }
                return .success(
                    try Self.run(
                        old: old, new: new, source: source, origin: "seeded", mappings: mappings, history: history,
                        acknowledgements: acknowledgements,
                        folder: temporaryFolder, index: index))
            } catch {
                let step = "\(versions.names[from]) → \(versions.names[to]) (seeded store)"
                return .failure(Self.naming(error, step: step, folder: temporaryFolder, path: versions.path))
            }
        }
        var tested: [Step] = []
        for outcome in outcomes { tested.append(try outcome.get()) }
        if !stores.isEmpty {
            let hashes = try versions.names.indices.filter { problems[$0] == nil }.map { index in
                (versions.names[index], try versions.version(index).model)
            }
            for (offset, store) in stores.enumerated() {
                let opened = try PersistentStore.open(path: store)
                let match = StoreVersionMatch(storeHashes: opened.metadata.versionHashes, versions: hashes)
                guard let name = match.versionName, let from = versions.names.firstIndex(of: name) else {
                    throw Diagnostic(
                        path: store,
                        message: "the store matches no version of \(versions.path) (closest: \(match.closestVersion ?? "none"))")
                }
                guard from < current else { continue }
                let targets = path == .consecutive ? [from + 1] : path == .direct ? [current] : Array(Set([from + 1, current])).sorted()
                for to in targets {
                    tested.append(
                        try Self.run(
                            old: try versions.version(from), new: try versions.version(to), source: store, origin: store,
                            mappings: mappings,
                            history: history, acknowledgements: acknowledgements, folder: temporaryFolder,
                            index: pairs.count + offset * 2 + to))
                }
            }
        }
        self.steps = tested
    }

    /// `error` as the user can act on it: one that names a file of the temporary folder (the seeded
    /// store, the output) names the bundle and the step instead (`test: V1 → V2 (seeded store): …`).
    private static func naming(_ error: Error, step: String, folder: URL, path: String) -> Error {
        let file: String
        let message: String
        switch error {
        case let failure as StoreFailure: (file, message) = (failure.path, failure.message)
        case let diagnostic as Diagnostic: (file, message) = (diagnostic.path, diagnostic.message)
        case let count as SeedCountError where count.path.hasPrefix(folder.path):
            var named = SeedCountError(path: path, problem: count.problem)
            named.step = step
            return named
        default: return error
        }
        guard file.hasPrefix(folder.path) else { return error }
        return Diagnostic(path: path, message: "test: \(step): \(message)")
    }

    private static func run(
        old: ModelVersion, new: ModelVersion, source: String, origin: String, mappings: [MappingFile], history: Set<String>,
        acknowledgements: [Acknowledgement], folder: URL, index: Int
    ) throws -> Step {
        let started = Date()
        let step = try StoreMigration.step(from: old, to: new, mappings: mappings, history: history)
        let (mapping, mappingPath) = (step.mapping, step.mappingPath)
        let output = folder.appendingPathComponent("test-\(index)-output.sqlite").path
        defer { StoreMigration.removeStore(output) }
        var failures: [String] = []
        // A policy class is the app's compiled code: the test runs the default policy behaviour in its place,
        // a stand-in for each policy function a value expression calls (`PolicyFunctionStandIn`), and one for
        // each required attribute its entity mappings leave to it (`PolicyClassStandIn`).
        let custom = Set(
            mapping.entityMappings.compactMap(\.policyClassName).filter { !$0.isEmpty && $0 != "NSEntityMigrationPolicy" }
        ).sorted()
        let standIn = PolicyFunctionStandIn(mapping: mapping, policies: Set(custom), old: old.model, new: new.model)
        do {
            let manager = MigrationManager(sourceModel: old.model, destinationModel: new.model)
            for name in custom {
                manager.policies.register(
                    standIn.leftToPolicy[name] == nil ? EntityMigrationPolicy.self : PolicyClassStandIn.self, as: name)
            }
            try manager.migrateStore(from: source, to: output, mapping: standIn.mapping)
            failures = try MigrationTestChecks(source: source, output: output, old: old.model, new: new.model, mapping: mapping).failures()
        } catch let error as MigrationError {
            failures = ["migration failed: \(error)"]
        } catch let error as StoreFailure {
            failures = ["migration failed: \(error.message)"]
        } catch let error as Diagnostic {
            failures = ["migration failed: \(error.message)"]
        } catch {
            failures = ["migration failed: \(error)"]
        }
        let report = InferenceReport(
            diff: ModelDiff(source: old.model, destination: new.model), sourcePath: old.name, destinationPath: new.name,
            historicalNames: history)
        if mappingPath == nil {
            failures += MigrationTestRefusals.failures(of: report)
            failures += try MigrationTestRemovals.failures(
                of: report, source: try PersistentStore.open(path: source), old: old.model, to: new.name)
        }
        let (kept, accepted) = MigrationTestAcknowledgements.split(
            failures, report: report, acknowledgements: acknowledgements, from: old.name, to: new.name)
        return Step(
            from: old.name, to: new.name, origin: origin, mappingPath: mappingPath, failures: kept, acknowledged: accepted,
            seconds: Date().timeIntervalSince(started), customCodeNotRun: standIn.customCode(custom),
            launchDefaults: Self.launchDefaults(report.diff))
    }

    /// Where the property a seeding refusal names (`cannot seed Flag.isOn: …`, `cannot seed Item.center.x: …`, its
    /// composite) is declared, when the model's source gives its line and column (a SwiftData declaration).
    static func declaration(of message: String, in model: Model) -> SourceLine? {
        guard message.hasPrefix("cannot seed ") else { return nil }
        let subject = message.dropFirst("cannot seed ".count).prefix { $0 != ":" && $0 != " " }.split(separator: ".")
        guard subject.count >= 2, let entity = model.entity(named: String(subject[0])) else { return nil }
        let name = String(subject[1])
        let property =
            model.allAttributes(of: entity).first { $0.name == name }?.line
            ?? model.allRelationships(of: entity).first { $0.name == name }?.line
        guard let property, property.value != nil, property.column != nil else { return nil }
        return property
    }

    /// `Entity.attribute (expression)` for each attribute the diff adds with a default computed at launch.
    private static func launchDefaults(_ diff: ModelDiff) -> [String] {
        diff.entities.flatMap { change -> [String] in
            guard case .matched(_, let entity) = change.sides else { return [] }
            return change.properties.compactMap { property in
                guard case .added(.attribute(let attribute)) = property.sides, let value = attribute.launchDefault else { return nil }
                return "\(entity.name).\(attribute.name) (\(value.expression))"
            }
        }
    }
}

/// The versions a test reads: all of a loaded bundle, or each read from its folder when a step needs it.
/// `names` include the versions that cannot be read (a loaded bundle's `ModelBundle.unreadableVersions`,
/// or a folder the reader refuses), so that no step crosses one.
private struct Versions: Sendable {
    let path: String
    let names: [String]
    let current: Int
    let loaded: [String: ModelVersion]?
    let knownProblems: [String: Diagnostic]

    init(bundle: ModelBundle, order: [String]?) throws(Diagnostic) {
        do {
            _ = try bundle.versions(inOrder: order)
        } catch {
            switch error {
            case .unknownVersion(let name, _):
                throw Diagnostic(path: bundle.path, message: "the order names version \"\(name)\", which the bundle does not have")
            case .currentVersionLeftOut(let name):
                throw Diagnostic(path: bundle.path, message: "the order leaves out the current version \"\(name)\"")
            }
        }
        let names = (order ?? bundle.versionNames).filter { bundle.version(named: $0) != nil || bundle.problem(ofVersion: $0) != nil }
        guard let current = names.firstIndex(of: bundle.currentVersionName) else {
            throw Diagnostic(path: bundle.path, message: "the current version \(bundle.currentVersionName) is not in the bundle")
        }
        self.path = bundle.path
        self.names = names
        self.current = current
        self.loaded = Dictionary(uniqueKeysWithValues: bundle.versions.map { ($0.name, $0) })
        self.knownProblems = Dictionary(uniqueKeysWithValues: bundle.unreadableVersions.map { ($0.name, $0.problem) })
    }

    init(path: String) throws(Diagnostic) {
        let all = try ModelLocator.versionFolders(inBundle: path)
        let names = all.filter { !ModelLocator.isXcode3Model((path as NSString).appendingPathComponent($0 + ".xcdatamodel")) }
        let currentName = try ModelLocator.currentVersionName(ofBundle: path, versions: all)
        guard let current = names.firstIndex(of: currentName) else {
            throw Diagnostic(path: path, message: "the current version \"\(currentName)\" cannot be read (Xcode 3 binary model)")
        }
        self.path = path
        self.names = names
        self.current = current
        self.loaded = nil
        self.knownProblems = [:]
    }

    /// `ModelBundle.historicalNames`, reading one version at a time when they are not loaded, and the
    /// reader's error about each version that cannot be read, by index. The current version must be read.
    func historicalNames() throws(Diagnostic) -> (Set<String>, [Int: Diagnostic]) {
        var history = Set<String>()
        var problems: [Int: Diagnostic] = [:]
        for index in names.indices {
            if let problem = knownProblems[names[index]] {
                problems[index] = problem
                continue
            }
            do {
                ModelBundle.addHistoricalNames(of: try version(index).model, to: &history)
            } catch {
                guard index != current else { throw error }
                problems[index] = error
            }
        }
        return (history, problems)
    }

    func version(_ index: Int) throws(Diagnostic) -> ModelVersion {
        if let loaded, let version = loaded[names[index]] { return version }
        let folder = (path as NSString).appendingPathComponent(names[index] + ".xcdatamodel")
        return ModelVersion(name: names[index], loaded: try ModelFile.loadFolder(folder))
    }
}
