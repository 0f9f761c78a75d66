/// The checks `modeldiff check BUNDLE` runs: every consecutive pair, and every old version against the
/// current one (`.xccurrentversion`'s), as the migration path asks.
public struct BundleCheck: Sendable {
    /// One analysed pair of versions.
    public struct Pair: Sendable {
        /// The old version's name.
        public let from: String
        /// The new version's name.
        public let to: String
        /// The analysis (verdict `mapped` when a mapping file covers the step).
        public let report: InferenceReport
        /// Whether the pair is a jump to the current version rather than a step to the next version.
        public let isJump: Bool
        /// Whether the newer side comes after the current version (a draft).
        public let isDraft: Bool
    }

    /// The pairs, consecutive ones first, then the jumps to the current version.
    public let pairs: [Pair]
    /// The path the pairs were chosen for.
    public let path: MigrationPath
    /// The current version (`.xccurrentversion`).
    public let currentVersion: String
    /// Versions ordered after the current one: drafts, checked step by step but never jumped to.
    public let drafts: [String]
    /// What comparing the bundle with its lock file found (`modeldiff lock`): shipped versions edited or removed.
    public let lockFindings: [Finding]
    /// Acknowledgements of the project's `.modeldiff.yml` that match no finding of a pair they name
    /// (or of any pair, when they name none): warnings, `acknowledgement-unused`.
    public let configFindings: [Finding]
    /// With `cloudKit`, the current version's breaches of CloudKit's model rules (`CloudKitRules`).
    public let cloudKitFindings: [Finding]
    /// How many distinct entity pairs the check compared (each once, however many version pairs share it).
    package let entityComparisons: Int

    /// The findings about the bundle as a whole: the lock file's, then the configuration's.
    public var bundleFindings: [Finding] { lockFindings + cloudKitFindings + configFindings }

    /// The worst verdict of all pairs (not inferable when the lock file finds a shipped version changed).
    public var verdict: Verdict {
        let worst = pairs.map(\.report.verdict).max() ?? .identical
        return bundleFindings.contains { $0.severity == .error } ? .notInferable : worst
    }

    /// Checks a bundle's versions in `order` (natural order of names unless given) along `path`,
    /// only the pairs whose newer side comes after `since` (when given); a step that one of
    /// `mappings` covers and that validates gets the verdict `mapped`.
    public init(
        bundle: ModelBundle, order: [String]? = nil, path: MigrationPath = .all, since: String? = nil, mappings: [MappingFile] = [],
        lock: (lock: VersionLock, path: String)? = nil, acknowledgements: [Acknowledgement] = [], cloudKit: Bool = false
    ) throws(Diagnostic) {
        var digests = DigestMemo()
        try self.init(
            bundle: bundle, order: order, path: path, since: since, mappings: mappings, lock: lock, acknowledgements: acknowledgements,
            cloudKit: cloudKit, digests: &digests)
    }

    /// Checks a bundle as the public initializer does, hashing its versions with `digests`: a caller
    /// that hashes the same versions for its own needs (`plan`) shares one memo with the check.
    package init(
        bundle: ModelBundle, order: [String]? = nil, path: MigrationPath = .all, since: String? = nil, mappings: [MappingFile] = [],
        lock: (lock: VersionLock, path: String)? = nil, acknowledgements: [Acknowledgement] = [], cloudKit: Bool = false,
        digests: inout DigestMemo
    ) throws(Diagnostic) {
        let (versions, current) = try bundle.orderedVersions(order)
        var sinceIndex = -1
        if let since {
            guard let index = versions.firstIndex(where: { $0.name == since }) else {
                throw Diagnostic(path: bundle.path, message: "the versions checked do not include \"\(since)\", the version to check after")
            }
            sinceIndex = index
        }
        // Hash each version once (a long-lived bundle has hundreds of pairs), sharing the digests the versions have in common.
        let hashes = versions.map { $0.model.versionHashes(digests: &digests) }
        // Compare each distinct pair of entities once for the whole bundle (most repeat, many on other lines).
        var memo = EntityPairMemo()
        let compared = versions.indices.map { memo.version(versions[$0].model, hashes: hashes[$0]) }
        let history = bundle.historicalNames
        func analyse(_ i: Int, _ j: Int, jump: Bool) throws(Diagnostic) -> Pair {
            let diff = ModelDiff(source: compared[i], destination: compared[j], memo: &memo)
            var report = InferenceReport(
                diff: diff, sourcePath: versions[i].loaded.path, destinationPath: versions[j].loaded.path, historicalNames: history)
            if let file = mappings.first(where: {
                MappingDiscovery.maps($0, from: versions[i], to: versions[j], hashes: (hashes[i], hashes[j]))
            }) {
                report = Self.applying(file, to: report, from: versions[i], to: versions[j])
            }
            if cloudKit {
                report = report.adding(
                    CloudKitRules.change(diff, sourcePath: versions[i].loaded.path, destinationPath: versions[j].loaded.path))
            }
            return Pair(from: versions[i].name, to: versions[j].name, report: report, isJump: jump, isDraft: j > current)
        }
        var pairs: [Pair] = []
        if path.includesConsecutive {
            for index in versions.indices.dropFirst() where index > sinceIndex { pairs.append(try analyse(index - 1, index, jump: false)) }
        }
        if path.includesDirect && current > sinceIndex {
            // `direct` includes the last step into the current version; `all` has it among the consecutive ones.
            let lastOld = path == .direct ? current - 1 : current - 2
            if lastOld >= 0 { for index in 0...lastOld { pairs.append(try analyse(index, current, jump: index != current - 1)) } }
        }
        var used = Set<Acknowledgement>()
        if !acknowledgements.isEmpty {
            pairs = pairs.map { pair in
                let (report, matched) = pair.report.acknowledging(acknowledgements, from: pair.from, to: pair.to)
                used.formUnion(matched)
                return Pair(from: pair.from, to: pair.to, report: report, isJump: pair.isJump, isDraft: pair.isDraft)
            }
        }
        // The current version's CloudKit findings are acknowledged by entries that name no pair.
        let (cloudKitFindings, cloudKitUsed) = Acknowledgement.apply(
            acknowledgements.filter { $0.pair == nil },
            to: cloudKit ? CloudKitRules.model(versions[current].model, path: versions[current].loaded.path) : [], from: nil, to: nil)
        used.formUnion(cloudKitUsed)
        self.cloudKitFindings = cloudKitFindings
        let checked = Set(pairs.map { "\($0.from) → \($0.to)" })
        self.configFindings = acknowledgements.filter { !used.contains($0) }.compactMap { acknowledgement in
            if let pair = acknowledgement.pair {
                for name in [pair.from, pair.to] where bundle.version(named: name) == nil {
                    return Finding(
                        .acknowledgementUnused, entity: nil, file: acknowledgement.file, line: acknowledgement.line,
                        message: "this acknowledgement names version \"\(name)\", which \(bundle.path) does not have")
                }
                // A pair left out by --path or --since is simply not under review in this run.
                guard checked.contains(acknowledgement.pairText ?? "") else { return nil }
            }
            let scope = acknowledgement.pairText.map { "in \($0)" } ?? "in any pair checked"
            return Finding(
                .acknowledgementUnused, entity: nil, file: acknowledgement.file, line: acknowledgement.line,
                message:
                    "this acknowledgement of \(acknowledgement.code) matches no finding \(scope): remove it, or correct its code, pair, entity or property"
            )
        }
        self.pairs = pairs
        self.path = path
        self.currentVersion = bundle.currentVersionName
        self.drafts = versions.count > current + 1 ? versions[(current + 1)...].map(\.name) : []
        self.lockFindings = lock.map { $0.lock.findings(for: bundle, lockPath: $0.path, digests: &digests) } ?? []
        self.entityComparisons = memo.comparisonCount
    }

    /// A step's report once the mapping file that claims it is checked against both versions:
    /// `mapped` when it validates, else an error naming the mapping and its first problem.
    static func applying(_ file: MappingFile, to report: InferenceReport, from old: ModelVersion, to new: ModelVersion) -> InferenceReport {
        let resolved = file.resolved(source: old.model, destination: new.model)
        do {
            _ = try MappingValidation.validate(resolved, path: file.path, text: file.text, source: old.model, destination: new.model)
            return report.covered(by: file.path)
        } catch {
            // Validation throws every problem it found; the finding names the first.
            let first = error.diagnostics.first?.description ?? "\(error)"
            return report.adding(
                Finding(
                    .mappingInvalid, entity: nil, file: file.path, line: nil,
                    message: "the mapping model \(file.path) covers \(old.name) → \(new.name) but does not validate against them: \(first)")
            )
        }
    }
}

extension ModelBundle {
    /// Entity names, renaming identifiers and `Entity.property` names of every version of the bundle:
    /// a renaming identifier naming one of them is left over from an older version, not a typo.
    /// `check BUNDLE` and `check OLD NEW` (when both are versions of one bundle) use the same set, so
    /// a pair gets the same verdict either way.
    public var historicalNames: Set<String> {
        var history = Set<String>()
        for version in versions { Self.addHistoricalNames(of: version.model, to: &history) }
        return history
    }

    /// Adds one version's names to `history` (``historicalNames``), for callers that read the
    /// versions one at a time.
    package static func addHistoricalNames(of model: Model, to history: inout Set<String>) {
        for entity in model.entities {
            history.insert(entity.name)
            if let identifier = entity.renamingIdentifier { history.insert(identifier) }
            for property in entity.properties {
                history.insert("\(entity.name).\(property.name)")
                history.insert("\(entity.name).\(property.canonicalName)")
            }
        }
    }
}
