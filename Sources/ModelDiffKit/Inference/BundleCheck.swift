/// The checks `modeldiff check BUNDLE` runs: every consecutive pair, and every old version against the current one.
public struct BundleCheck: Sendable {
    /// One analysed pair of versions.
    public struct Pair: Sendable {
        /// The old version's name.
        public let from: String
        /// The new version's name.
        public let to: String
        /// The analysis.
        public let report: InferenceReport
    }

    /// The pairs, consecutive ones first, then the jumps to the current version.
    public let pairs: [Pair]

    /// The worst verdict of all pairs.
    public var verdict: Verdict { pairs.map(\.report.verdict).max() ?? .identical }

    /// Checks a bundle's versions in `order` (natural order of names unless given), ending at the current one.
    public init(bundle: ModelBundle, order: [String]? = nil) throws(Diagnostic) {
        var versions: [ModelVersion] = []
        for name in order ?? bundle.versions.map(\.name) {
            guard let version = bundle.version(named: name) else {
                throw Diagnostic(path: bundle.path, message: "--order names version \"\(name)\", which the bundle does not have (versions: \(bundle.versions.map(\.name).joined(separator: ", ")))")
            }
            versions.append(version)
        }
        // Hash each version once: a long-lived bundle has hundreds of pairs.
        let hashes = versions.map { $0.model.versionHashes() }
        var history = Set<String>()
        for version in bundle.versions {
            for entity in version.model.entities {
                history.insert(entity.name)
                if let identifier = entity.renamingIdentifier { history.insert(identifier) }
                for property in entity.properties {
                    history.insert("\(entity.name).\(property.name)")
                    history.insert("\(entity.name).\(property.canonicalName)")
                }
            }
        }
        func analyse(_ i: Int, _ j: Int) -> Pair {
            let diff = ModelDiff(source: versions[i].model, destination: versions[j].model, sourceHashes: hashes[i], destinationHashes: hashes[j])
            let report = InferenceReport(diff: diff, sourcePath: versions[i].loaded.path, destinationPath: versions[j].loaded.path, historicalNames: history)
            return Pair(from: versions[i].name, to: versions[j].name, report: report)
        }
        var pairs: [Pair] = []
        if versions.count > 1 {
            for index in 1..<versions.count { pairs.append(analyse(index - 1, index)) }
            let current = versions.count - 1
            for index in 0..<max(current - 1, 0) { pairs.append(analyse(index, current)) }
        }
        self.pairs = pairs
    }
}
