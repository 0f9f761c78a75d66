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
        /// Whether the pair is off the path, checked because a mapping model beside the bundle maps it.
        public var isMappingOnly: Bool { kind == .mappingOnly }
        let kind: Kind

        /// Why a pair is checked: a step or jump of the path, or a mapping model's own pair.
        enum Kind: Sendable { case path, mappingOnly }

        init(from: String, to: String, report: InferenceReport, isJump: Bool, isDraft: Bool, kind: Kind = .path) {
            self.from = from
            self.to = to
            self.report = report
            self.isJump = isJump
            self.isDraft = isDraft
            self.kind = kind
        }
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
    /// Versions that sort after the current one when no order was given: a warning naming them and
    /// the fix, `version-after-current`.
    public let orderFindings: [Finding]
    /// Mapping models that could not be read: errors, `mapping-unreadable`, one per file.
    public let mappingFindings: [Finding]
    /// Versions the reader refused (``ModelBundle/unreadableVersions``): errors, `version-unreadable`,
    /// one per version, at the reader's line, naming the steps left unchecked.
    public let versionFindings: [Finding]
    /// A Swift source folder's SwiftData failures (`SwiftDataRules`): a shipped schema naming a live class,
    /// schemas that hash alike, a plan out of order, a `.lightweight` stage over a change that is not inferable.
    public let swiftDataFindings: [Finding]
    /// How many distinct entity pairs the check compared (each once, however many version pairs share it).
    package let entityComparisons: Int

    /// The findings about the bundle as a whole: the unreadable versions', SwiftData's, the lock file's, the mapping models', the order's,
    /// CloudKit's, then the configuration's.
    public var bundleFindings: [Finding] {
        versionFindings + swiftDataFindings + lockFindings + mappingFindings + orderFindings + cloudKitFindings + configFindings
    }

    /// The worst verdict of all pairs (not inferable when the lock file finds a shipped version changed).
    public var verdict: Verdict {
        let worst = pairs.map(\.report.verdict).max() ?? .identical
        return bundleFindings.contains { $0.severity == .error } ? .notInferable : worst
    }

    /// Checks a bundle's versions in `order` (natural order of names unless given) along `path`,
    /// only the pairs whose newer side comes after `since` (when given); a step that one of
    /// `mappings` covers and that validates gets the verdict `mapped`, and a pair off the path that
    /// one of them maps is checked too. `unreadableMappings` are the mapping files that could not be
    /// read (`MappingDiscovery`), each an error finding while the rest of the check goes on.
    public init(
        bundle: ModelBundle, order: [String]? = nil, path: MigrationPath = .all, since: String? = nil, mappings: [MappingFile] = [],
        unreadableMappings: [Diagnostic] = [], lock: (lock: VersionLock, path: String)? = nil, acknowledgements: [Acknowledgement] = [],
        cloudKit: Bool = false
    ) throws(Diagnostic) {
        var digests = DigestMemo()
        try self.init(
            bundle: bundle, order: order, path: path, since: since, mappings: mappings, unreadableMappings: unreadableMappings, lock: lock,
            acknowledgements: acknowledgements, cloudKit: cloudKit, digests: &digests)
    }

    /// Checks a bundle as the public initializer does. The checked versions are hashed on every core;
    /// a version of the lock file the check leaves out (`order`) is hashed with `digests`, which a
    /// caller that hashes versions for its own needs (`plan`) shares with the check.
    package init(
        bundle: ModelBundle, order: [String]? = nil, path: MigrationPath = .all, since: String? = nil, mappings: [MappingFile] = [],
        unreadableMappings: [Diagnostic] = [], lock: (lock: VersionLock, path: String)? = nil, acknowledgements: [Acknowledgement] = [],
        cloudKit: Bool = false, digests: inout DigestMemo
    ) throws(Diagnostic) {
        let (versions, current) = try bundle.orderedVersions(order)
        var sinceIndex = -1
        if let since {
            guard let index = versions.firstIndex(where: { $0.name == since }) else {
                throw Diagnostic(path: bundle.path, message: "the versions checked do not include \"\(since)\", the version to check after")
            }
            sinceIndex = index
        }
        // Hash each version once (a long-lived bundle has hundreds of pairs), on every core.
        let hashes = versions.map(\.model).versionHashes()
        // Compare each distinct pair of entities once for the whole bundle (most repeat, many on other lines).
        var sideMemo = EntityPairMemo()
        let compared = sideMemo.versions(versions.map(\.model), hashes: hashes)
        let memo = Locked(sideMemo)
        let history = Self.history(of: bundle, checked: versions, compared: compared)
        // Whether a mapping maps a pair is one test of each version (`MappingDiscovery.side`): made once per version.
        let sides = mappings.map { file in
            (
                source: versions.indices.map { MappingDiscovery.side(.source, of: file, version: versions[$0], hashes: hashes[$0]) },
                destination: versions.indices.map {
                    MappingDiscovery.side(.destination, of: file, version: versions[$0], hashes: hashes[$0])
                }
            )
        }
        @Sendable func analyse(_ i: Int, _ j: Int, jump: Bool, kind: Pair.Kind = .path) -> Pair {
            let diff = ModelDiff(source: compared[i], destination: compared[j], memo: memo)
            var report = InferenceReport(
                diff: diff, sourcePath: versions[i].loaded.path, destinationPath: versions[j].loaded.path, historicalNames: history)
            if let index = mappings.indices.first(where: { sides[$0].source[i].pairs(with: sides[$0].destination[j]) }) {
                report = Self.applying(mappings[index], to: report, from: versions[i], to: versions[j])
            }
            if cloudKit {
                report = report.adding(
                    CloudKitRules.change(diff, sourcePath: versions[i].loaded.path, destinationPath: versions[j].loaded.path))
            }
            return Pair(from: versions[i].name, to: versions[j].name, report: report, isJump: jump, isDraft: j > current, kind: kind)
        }
        // A step across an unreadable version is no step anybody ships: it is left out, and the
        // version's finding names the steps into and out of it instead.
        let allNames = order ?? bundle.versionNames
        let unreadable = Set(bundle.unreadableVersions.map(\.name))
        func crossesUnreadable(_ old: String, _ new: String) -> Bool {
            guard let i = allNames.firstIndex(of: old), let j = allNames.firstIndex(of: new), i < j else { return false }
            return allNames[(i + 1)..<j].contains { unreadable.contains($0) }
        }
        var steps: [(old: Int, new: Int, jump: Bool)] = []
        if path.includesConsecutive {
            for index in versions.indices.dropFirst()
            where index > sinceIndex && !crossesUnreadable(versions[index - 1].name, versions[index].name) {
                steps.append((index - 1, index, false))
            }
        }
        if path.includesDirect && current > sinceIndex {
            // `direct` includes the last step into the current version; `all` has it among the consecutive ones.
            let lastOld = path == .direct ? current - 1 : current - 2
            if lastOld >= 0 { for index in 0...lastOld { steps.append((index, current, index != current - 1)) } }
        }
        // The pairs share nothing but the memo: each is analysed on whichever core is free, in order.
        var pairs = steps.concurrentMap { analyse($0.old, $0.new, jump: $0.jump) }
        // A mapping model for a pair off the path (`Map44To47` beside a consecutive check) is checked
        // as its own pair: a mapping nobody runs through `check` would otherwise rot unseen.
        let onPath = Set(pairs.map { "\($0.from) → \($0.to)" })
        for (file, side) in zip(mappings, sides) {
            let mapped = Self.pairs(mappedBy: side, count: versions.count)
            let named = mapped.first {
                versions[$0.0].name == file.mapping.sourceVersion && versions[$0.1].name == file.mapping.destinationVersion
            }
            guard !mapped.contains(where: { onPath.contains("\(versions[$0.0].name) → \(versions[$0.1].name)") }),
                let (i, j) = named ?? mapped.first(where: { $0.0 < $0.1 }) ?? mapped.first, j > sinceIndex,
                !pairs.contains(where: { $0.from == versions[i].name && $0.to == versions[j].name })
            else { continue }
            pairs.append(analyse(i, j, jump: false, kind: .mappingOnly))
        }
        // A `.lightweight` stage is judged by its pair's report: the path's own when the pair is on it.
        let swiftDataFindings = try SwiftDataRules.findings(
            bundle: bundle, order: versions.map(\.name),
            checksums: Dictionary(versions.indices.map { (versions[$0].name, hashes[$0].versionChecksum) }) { first, _ in first }
        ) { (from: String, to: String) throws(Diagnostic) -> InferenceReport? in
            if let pair = pairs.first(where: { $0.from == from && $0.to == to }) { return pair.report }
            // A version --order leaves out is not under review in this run.
            guard let i = versions.firstIndex(where: { $0.name == from }), let j = versions.firstIndex(where: { $0.name == to }) else {
                return nil
            }
            return analyse(i, j, jump: false).report
        }
        var used = Set<Acknowledgement>()
        if !acknowledgements.isEmpty {
            pairs = pairs.map { pair in
                let (report, matched) = pair.report.acknowledging(acknowledgements, from: pair.from, to: pair.to)
                used.formUnion(matched)
                return Pair(from: pair.from, to: pair.to, report: report, isJump: pair.isJump, isDraft: pair.isDraft, kind: pair.kind)
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
        let drafts = versions.count > current + 1 ? versions[(current + 1)...].map(\.name) : []
        self.drafts = drafts
        self.orderFindings =
            order == nil
            ? Self.orderFindings(
                drafts: drafts, current: bundle.currentVersionName, bundle: bundle.path, plan: bundle.swiftData?.plans.first?.name)
            : []
        self.mappingFindings = unreadableMappings.map { diagnostic in
            Finding(
                .mappingUnreadable, entity: nil, file: diagnostic.path, line: diagnostic.line,
                message:
                    "this mapping model cannot be read, so no step is checked with it: \(diagnostic.message); "
                    + "restore the file (a Git LFS pointer needs `git lfs pull`) or remove it")
        }
        self.versionFindings = allNames.indices.compactMap { index in
            guard let problem = bundle.problem(ofVersion: allNames[index]) else { return nil }
            let name = allNames[index]
            let currentIndex = allNames.firstIndex(of: bundle.currentVersionName) ?? allNames.count
            var steps: [String] = []
            if path.includesConsecutive && index > 0 { steps.append("\(allNames[index - 1]) → \(name)") }
            if path.includesConsecutive && index + 1 < allNames.count { steps.append("\(name) → \(allNames[index + 1])") }
            if path.includesDirect && index < currentIndex && !steps.contains("\(name) → \(bundle.currentVersionName)") {
                steps.append("\(name) → \(bundle.currentVersionName)")
            }
            let unchecked = steps.isEmpty ? "" : ", so \(steps.joined(separator: ", ")) \(steps.count == 1 ? "is" : "are") not checked"
            return Finding(
                .versionUnreadable, entity: nil, file: problem.path, line: problem.line,
                message: "version \"\(name)\" cannot be read\(unchecked): \(problem.message)")
        }
        let hashesByName = Dictionary(versions.indices.map { (versions[$0].name, hashes[$0]) }) { first, _ in first }
        self.lockFindings =
            lock.map { lock in
                lock.lock.findings(for: bundle, lockPath: lock.path) { version in
                    hashesByName[version.name] ?? version.model.versionHashes(digests: &digests)
                }
            } ?? []
        self.swiftDataFindings = swiftDataFindings
        self.entityComparisons = memo.withLock { $0.comparisonCount }
    }

    /// The bundle's history (``ModelBundle/historicalNames``), each distinct entity of the `checked`
    /// versions named once: the memo's side of an entity (`compared`) is its whole content, so an
    /// entity of the same side in another version has the same names.
    private static func history(of bundle: ModelBundle, checked versions: [ModelVersion], compared: [ComparedVersion]) -> Set<String> {
        var history = Set<String>()
        var namedSides = Set<Int>()
        for index in versions.indices {
            for entity in versions[index].model.entities {
                if let side = compared[index].sides[entity.name], !namedSides.insert(side).inserted { continue }
                ModelBundle.addHistoricalNames(of: entity, to: &history)
            }
        }
        let checked = Set(versions.map(\.name))
        for version in bundle.versions where !checked.contains(version.name) {
            ModelBundle.addHistoricalNames(of: version.model, to: &history)
        }
        return history
    }

    /// The warning for versions sorting after the current one, which a team ordering its versions
    /// by hand (renamed versions) would not want checked as drafts; none when nothing sorts after it.
    /// In a Swift source folder the drafts are schemas the migration plan `plan` does not list.
    static func orderFindings(drafts: [String], current: String, bundle: String, plan: String? = nil) -> [Finding] {
        guard !drafts.isEmpty else { return [] }
        if let plan {
            let names = drafts.joined(separator: ", ")
            return [
                Finding(
                    .versionAfterCurrent, entity: nil, file: bundle, line: nil,
                    message:
                        "\(plan).schemas does not list \(names), so \(drafts.count == 1 ? "it comes" : "they come") after its last schema "
                        + "\(current), \(drafts.count == 1 ? "is" : "are") checked as \(drafts.count == 1 ? "a draft" : "drafts") and no store "
                        + "migrates to \(drafts.count == 1 ? "it" : "them"); if \(drafts.count == 1 ? "it ships" : "they ship"), "
                        + "list \(drafts.count == 1 ? "it" : "them") in \(plan).schemas with a stage from \(current)")
            ]
        }
        let names = drafts.map { "\"\($0)\"" }.joined(separator: ", ")
        let (verb, pronoun) = drafts.count == 1 ? ("comes", "it") : ("come", "they")
        let checked = drafts.count == 1 ? "it is checked as a draft" : "they are checked as drafts"
        return [
            Finding(
                .versionAfterCurrent, entity: nil, file: bundle, line: nil,
                message:
                    "\(names) \(verb) after the current version \"\(current)\" in the bundle's order, so \(checked) "
                    + "and no store migrates to \(drafts.count == 1 ? "it" : "them"); if \(pronoun) shipped before \"\(current)\", "
                    + "list the versions oldest first under order: in .modeldiff.yml, or give --order")
        ]
    }

    /// The pairs of `count` versions that a mapping maps (by its recorded hashes, else its version names),
    /// given how each version matches its source and destination ends: oldest source first; several when
    /// versions share hashes.
    static func pairs(
        mappedBy sides: (source: [MappingDiscovery.SideMatch], destination: [MappingDiscovery.SideMatch]), count: Int
    ) -> [(Int, Int)] {
        var found: [(Int, Int)] = []
        for i in 0..<count {
            for j in 0..<count where j != i && sides.source[i].pairs(with: sides.destination[j]) { found.append((i, j)) }
        }
        return found
    }

    /// A step's report once the mapping file that claims it is checked against both versions:
    /// `mapped` when it validates, else an error naming the mapping and its first problem.
    static func applying(_ file: MappingFile, to report: InferenceReport, from old: ModelVersion, to new: ModelVersion) -> InferenceReport {
        let resolved = file.resolved(source: old.model, destination: new.model)
        do {
            _ = try MappingValidation.validate(resolved, path: file.path, text: file.text, source: old.model, destination: new.model)
            return report.covered(by: file.path, reads: MappingReads(resolved))
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
        for entity in model.entities { addHistoricalNames(of: entity, to: &history) }
    }

    /// Adds one entity's names to `history` (``historicalNames``).
    static func addHistoricalNames(of entity: Entity, to history: inout Set<String>) {
        history.insert(entity.name)
        if let identifier = entity.renamingIdentifier { history.insert(identifier) }
        for property in entity.properties {
            history.insert("\(entity.name).\(property.name)")
            history.insert("\(entity.name).\(property.canonicalName)")
        }
    }
}
