/// The lightweight-migration analysis of one pair of versions: findings and the verdict.
public struct InferenceReport: Sendable {
    /// The old version's file.
    public let sourcePath: String
    /// The new version's file.
    public let destinationPath: String
    /// Every finding, errors first, then warnings, then notes, each group in file order.
    public let findings: [Finding]
    /// The verdict.
    public let verdict: Verdict
    /// The diff the findings are about.
    public let diff: ModelDiff
    /// The mapping file that covers the step (verdict `mapped`), if any.
    public let mappingPath: String?

    /// Analyses a diff of two loaded versions.
    ///
    /// `historicalNames` holds entity names, renaming identifiers and `Entity.property` names seen in
    /// other versions of the same bundle, so an identifier kept from an older rename is not taken for a typo.
    public init(diff: ModelDiff, sourcePath: String, destinationPath: String, historicalNames: Set<String> = []) {
        self.diff = diff
        self.mappingPath = nil
        self.sourcePath = sourcePath
        self.destinationPath = destinationPath
        var context = RuleContext(diff: diff, sourcePath: sourcePath, destinationPath: destinationPath, historicalNames: historicalNames)
        for rule in InferenceRules.all { rule(&context) }
        if diff.isIdenticalForTheStore {
            // Every entity version hash is equal: Core Data finds the store compatible and never migrates
            // it (isConfiguration:compatibleWithStoreMetadata: compares exactly these), so no rule can fail.
            context.findings = context.findings.map {
                $0.asNote(because: "every entity version hash is unchanged, so Core Data opens the store as it is")
            }
        }
        let ordered = context.findings.enumerated().sorted { a, b in
            if a.element.severity != b.element.severity { return a.element.severity > b.element.severity }
            return a.offset < b.offset
        }.map(\.element)
        self.findings = ordered
        if ordered.contains(where: { $0.severity == .error }) {
            verdict = .notInferable
        } else if diff.isIdenticalForTheStore {
            verdict = .identical
        } else {
            verdict = .inferable
        }
    }

    /// Analyses two loaded versions.
    public init(source: LoadedModel, destination: LoadedModel) {
        self.init(
            diff: ModelDiff(source: source.model, destination: destination.model),
            sourcePath: source.path, destinationPath: destination.path)
    }

    private init(copying report: InferenceReport, findings: [Finding], verdict: Verdict, mappingPath: String?) {
        sourcePath = report.sourcePath
        destinationPath = report.destinationPath
        diff = report.diff
        self.findings = findings
        self.verdict = verdict
        self.mappingPath = mappingPath
    }

    /// The report of a step a validated mapping file covers: verdict `mapped`, and what lightweight
    /// migration could not infer kept as notes that name the mapping, so nothing fails the build. The
    /// migration manager runs the mapping, not inference: a removed property an expression of the
    /// mapping reads (`relativePath = $source.path`) is carried, not lost, and an added property the
    /// mapping gives a value from the source is no dropped rename; both become notes saying so. So do a
    /// removed entity an entity mapping migrates (XcodeServer's `StatsToManagedStats`) and a new entity one
    /// fills from a removed one: the manager makes a destination object for each source object. A
    /// removal nothing reads stays the warning it is.
    package func covered(by mapping: String, reads: MappingReads = MappingReads()) -> InferenceReport {
        let findings = findings.map { finding -> Finding in
            let note = { (message: String) in
                Finding(
                    .note, finding.code, entity: finding.entity, property: finding.property, file: finding.file, line: finding.line,
                    column: finding.column, message: message)
            }
            switch finding.code {
            case _ where finding.severity == .error: return note(finding.message + " — covered by the mapping model \(mapping)")
            case .attributeRemoved, .relationshipRemoved:
                guard let entity = finding.entity, let property = finding.property,
                    let targets = reads.carried["\(entity).\(property)"], !targets.isEmpty
                else { return finding }
                return note("`\(entity).\(property)` is carried into \(targets.joined(separator: ", ")) by the mapping model \(mapping)")
            case .entityRemoved:
                guard let entity = finding.entity, finding.property == nil else { return finding }
                if let targets = reads.migrated[entity], !targets.isEmpty {
                    return note("`\(entity)` objects are migrated into \(targets.joined(separator: ", ")) by the mapping model \(mapping)")
                }
                // An abstract entity has no objects of its own: those of its sub-entities are its objects, and an
                // entity mapping of a sub-entity migrates them (Apptentive's ATAbstractMessage, v4 → v5).
                guard let removed = diff.source.entity(named: entity), removed.isAbstract else { return finding }
                let migrated = Self.descendants(of: removed, in: diff.source).filter { reads.migrated[$0]?.isEmpty == false }
                guard !migrated.isEmpty else { return finding }
                let targets = migrated.flatMap { reads.migrated[$0] ?? [] }.reduce(into: [String]()) {
                    if !$0.contains($1) { $0.append($1) }
                }
                return note(
                    "`\(entity)` is abstract: the objects of its sub-entities \(migrated.joined(separator: ", ")) are migrated into "
                        + "\(targets.joined(separator: ", ")) by the mapping model \(mapping)")
            case .relationshipRetargeted:
                // Inference's reading of a re-targeted relationship does not apply when the team's mapping sets it.
                guard let entity = finding.entity, let property = finding.property else { return finding }
                if let sources = reads.filled["\(entity).\(property)"], !sources.isEmpty {
                    return note("`\(entity).\(property)` is set from \(sources.joined(separator: ", ")) by the mapping model \(mapping)")
                }
                guard !reads.expressed.contains("\(entity).\(property)"), let inverse = inverseSetters(entity, property, reads: reads)
                else { return finding }
                return note(
                    "`\(entity).\(property)` is set through its inverse: the mapping model \(mapping) sets "
                        + inverse.map { "\($0.key) from \($0.value.joined(separator: ", "))" }.joined(separator: "; "))
            case .possibleRename where finding.property == nil:
                guard let entity = finding.entity, let sources = reads.migratedFrom[entity], !sources.isEmpty else { return finding }
                return note("`\(entity)` objects are made from \(sources.joined(separator: ", ")) objects by the mapping model \(mapping)")
            case .possibleRename:
                guard let entity = finding.entity, let property = finding.property,
                    let sources = reads.filled["\(entity).\(property)"], !sources.isEmpty
                else { return finding }
                return note(
                    "`\(entity).\(property)` is given its value from \(sources.joined(separator: ", ")) by the mapping model \(mapping)")
            default: return finding
            }
        }
        let ordered = findings.enumerated().sorted { a, b in
            a.element.severity != b.element.severity ? a.element.severity > b.element.severity : a.offset < b.offset
        }.map(\.element)
        return InferenceReport(copying: self, findings: ordered, verdict: .mapped, mappingPath: mapping)
    }

    /// The property mappings that set the inverse of the destination relationship `entity.property`
    /// (`Message.sender` for `Sender.sentMessages`, on the relationship's entity or a sub-entity of it), as
    /// `Destination.inverse` → the source properties they read; nil for none. Core Data's default policy
    /// passes over a relationship mapping without an expression, and sets every other relationship
    /// with `setValue:forKey:` (to-one) or adds to it with `unionSet:` (to-many), never removing a link
    /// (`-[NSEntityMigrationPolicy createRelationshipsForDestinationInstance:entityMapping:manager:error:]`,
    /// decompiled); a managed object context keeps inverses in step, so each link the inverse mapping
    /// sets is a link of the relationship too (Apptentive's `ATMessageSender.sentMessages`, v4 → v5).
    private func inverseSetters(_ entity: String, _ property: String, reads: MappingReads) -> [(key: String, value: [String])]? {
        let model = diff.destination
        guard let owner = model.entity(named: entity),
            let relationship = model.allRelationships(of: owner).first(where: { $0.name == property }),
            let inverse = relationship.inverseName, let targetName = relationship.destinationEntity,
            let target = model.entity(named: targetName)
        else { return nil }
        let setters = ([targetName] + Self.descendants(of: target, in: model)).compactMap { name -> (key: String, value: [String])? in
            guard let sources = reads.filled["\(name).\(inverse)"], !sources.isEmpty else { return nil }
            return ("`\(name).\(inverse)`", sources)
        }
        return setters.isEmpty ? nil : setters
    }

    /// The names of `entity`'s sub-entities, theirs, and so on, in the model's order.
    private static func descendants(of entity: Entity, in model: Model) -> [String] {
        var found: Set<String> = []
        var pending = model.subentities(of: entity)
        while let next = pending.popLast() {
            if found.insert(next.name).inserted { pending += model.subentities(of: next) }
        }
        return model.entities.map(\.name).filter(found.contains)
    }

    /// This report with `more` findings (CloudKit's rules, `check --cloudkit`), kept in severity order;
    /// an error among them makes the step not inferable, as the app cannot ship it.
    @_spi(CLI) public func adding(_ more: [Finding]) -> InferenceReport {
        guard !more.isEmpty else { return self }
        let all = (findings + more).enumerated().sorted { a, b in
            a.element.severity != b.element.severity ? a.element.severity > b.element.severity : a.offset < b.offset
        }.map(\.element)
        return replacing(findings: all, verdict: more.contains { $0.severity == .error } ? .notInferable : verdict)
    }

    /// This report with other findings and verdict (acknowledged findings, `.modeldiff.yml`).
    func replacing(findings: [Finding], verdict: Verdict) -> InferenceReport {
        InferenceReport(copying: self, findings: findings, verdict: verdict, mappingPath: mappingPath)
    }

    /// This report with one more error (a mapping that claims the step but does not validate).
    func adding(_ finding: Finding) -> InferenceReport {
        InferenceReport(copying: self, findings: [finding] + findings, verdict: .notInferable, mappingPath: nil)
    }

    /// How many findings have that severity.
    public func count(_ severity: Diagnostic.Severity) -> Int { findings.filter { $0.severity == severity }.count }
}

/// What a rule sees and where it records findings.
struct RuleContext {
    let diff: ModelDiff
    let sourcePath: String
    let destinationPath: String
    let historicalNames: Set<String>
    var findings: [Finding] = []

    /// Records a finding about an element of the new version.
    mutating func new(_ code: FindingCode, entity: String, property: String? = nil, line: SourceLine, _ message: String) {
        findings.append(
            Finding(code, entity: entity, property: property, file: line.file(or: destinationPath), line: line.value, message: message))
    }

    /// Records a finding about an element that exists only in the old version.
    mutating func old(_ code: FindingCode, entity: String, property: String? = nil, line: SourceLine, _ message: String) {
        findings.append(
            Finding(code, entity: entity, property: property, file: line.file(or: sourcePath), line: line.value, message: message))
    }

    /// Runs `rule` and makes its errors and warnings notes that say `why`: for an element whose version
    /// hash is unchanged, Core Data sees no change in the store (hashes decide), so nothing can fail.
    mutating func asNotes(because why: String, _ rule: (inout RuleContext) -> Void) {
        let start = findings.count
        rule(&self)
        for index in findings.indices.dropFirst(start) { findings[index] = findings[index].asNote(because: why) }
    }
}

extension Finding {
    /// This finding as a note ending with `why`; a note stays as it is.
    func asNote(because why: String) -> Finding {
        guard severity > .note else { return self }
        return Finding(
            .note, code, entity: entity, property: property, file: file, line: line, column: column, message: message + " — \(why): a note")
    }
}

/// The rules, in the order their findings are reported within a severity.
enum InferenceRules {
    static let all: [@Sendable (inout RuleContext) -> Void] = [
        MatchingRules.ambiguousNames, MatchingRules.unmatchedRenamingIdentifiers, HierarchyRules.merge,
        EntityRules.addedAndRemoved, PropertyRules.added, PropertyRules.removed, PropertyRules.changed,
        RenameSuggestions.suggest, CosmeticRules.model,
    ]
}
