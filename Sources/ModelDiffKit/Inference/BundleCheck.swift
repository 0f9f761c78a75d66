/// The checks `modeldiff check BUNDLE` runs: consecutive pairs of versions up to the current one, and
/// every old version against the current one.
///
/// The current version is the one `.xccurrentversion` names, wherever it falls in name order: it is the
/// model the app ships, so it is the destination of every migration a shipped store can need. Versions
/// ordered after it are drafts (not yet current) and are reported, not checked.
public struct BundleCheck: Sendable {
    /// Which migration path a pair belongs to.
    public enum Path: String, Sendable, CaseIterable, Codable {
        /// Each version against the next one (apps that migrate step by step).
        case consecutive
        /// Every old version against the current one (what `NSPersistentContainer`'s automatic
        /// lightweight migration does: it maps a store straight to the current model).
        case direct
        /// Both.
        case all

        func includes(_ other: Path) -> Bool { self == .all || self == other }
    }

    /// One analysed pair of versions.
    public struct Pair: Sendable {
        /// The old version's name.
        public let from: String
        /// The new version's name.
        public let to: String
        /// The path this pair is for: `.consecutive` or `.direct` (the step from the version just
        /// before the current one is both, and reported as `.consecutive` unless only `.direct` is asked).
        public let path: Path
        /// The analysis.
        public let report: InferenceReport
    }

    /// The pairs, consecutive ones first, then the jumps to the current version.
    public let pairs: [Pair]
    /// The current version's name.
    public let current: String
    /// Versions ordered after the current one: drafts, which no shipped store can be in; not checked.
    public let drafts: [String]

    /// The worst verdict of all pairs.
    public var verdict: Verdict { pairs.map(\.report.verdict).max() ?? .identical }

    /// Checks a bundle's versions in `order` (natural order of names unless given), ending at the current one.
    ///
    /// - Parameters:
    ///   - path: which pairs to check (see ``Path``).
    ///   - since: when given, only pairs whose newer side comes after this version.
    public init(bundle: ModelBundle, order: [String]? = nil, path: Path = .all, since: String? = nil) throws(Diagnostic) {
        var versions: [ModelVersion] = []
        let names = bundle.versions.map(\.name)
        for name in order ?? names {
            guard let version = bundle.version(named: name) else {
                throw Diagnostic(path: bundle.path, message: "--order names version \"\(name)\", which the bundle does not have (versions: \(names.joined(separator: ", ")))")
            }
            versions.append(version)
        }
        guard let current = versions.firstIndex(where: { $0.name == bundle.currentVersionName }) else {
            throw Diagnostic(path: bundle.path, message: "--order leaves out the current version \"\(bundle.currentVersionName)\" (named by .xccurrentversion)")
        }
        var sinceIndex = -1
        if let since {
            guard let index = versions.firstIndex(where: { $0.name == since }) else {
                throw Diagnostic(path: bundle.path, message: "--since names version \"\(since)\", which the bundle does not have (versions: \(versions.map(\.name).joined(separator: ", ")))")
            }
            sinceIndex = index
        }
        self.current = bundle.currentVersionName
        self.drafts = versions[(current + 1)...].map(\.name)
        let history = bundle.historicalNames
        var cache: [Int: VersionHashes] = [:]
        func hashes(_ i: Int) -> VersionHashes {
            // Hash each version once: a long-lived bundle has hundreds of pairs.
            if let known = cache[i] { return known }
            let computed = versions[i].model.versionHashes()
            cache[i] = computed
            return computed
        }
        func analyse(_ i: Int, _ j: Int, _ kind: Path) -> Pair {
            let diff = ModelDiff(source: versions[i].model, destination: versions[j].model, sourceHashes: hashes(i), destinationHashes: hashes(j))
            let report = InferenceReport(diff: diff, sourcePath: versions[i].loaded.path, destinationPath: versions[j].loaded.path, historicalNames: history)
            return Pair(from: versions[i].name, to: versions[j].name, path: kind, report: report)
        }
        var pairs: [Pair] = []
        if path.includes(.consecutive) {
            for index in stride(from: 1, through: current, by: 1) where index > sinceIndex {
                pairs.append(analyse(index - 1, index, .consecutive))
            }
        }
        if path.includes(.direct), current > sinceIndex {
            // With `.all` the step from the version just before the current one is already there.
            let last = path == .all ? current - 1 : current
            for index in 0..<max(last, 0) { pairs.append(analyse(index, current, .direct)) }
        }
        self.pairs = pairs
    }
}

extension ModelBundle {
    /// Entity names, renaming identifiers and `Entity.property` names of every version of the bundle:
    /// a renaming identifier naming one of them is left over from an older version, not a typo.
    public var historicalNames: Set<String> {
        var history = Set<String>()
        for version in versions {
            for entity in version.model.entities {
                history.insert(entity.name)
                if let identifier = entity.renamingIdentifier { history.insert(identifier) }
                for property in entity.properties {
                    history.insert("\(entity.name).\(property.name)")
                    history.insert("\(entity.name).\(property.canonicalName)")
                }
            }
        }
        return history
    }
}
