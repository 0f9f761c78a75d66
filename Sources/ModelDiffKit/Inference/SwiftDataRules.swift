/// SwiftData's own failures in a Swift source folder's history, as bundle findings of `check`: a shipped
/// schema that follows a live class, two schemas with one version checksum, a plan whose `schemas` or
/// `stages` do not walk the versions one step at a time, and a `.lightweight` stage that lightweight
/// migration cannot infer. Evidence and fixes are in each code's unit (`Findings/SwiftDataFindings.swift`).
enum SwiftDataRules {
    /// The findings about `bundle`'s SwiftData history (none for a `.xcdatamodeld`). `order` is the
    /// order the check uses; `checksums` the `versionChecksum` of each version by name; `report` analyses
    /// a pair of versions by name (the check's own report when the pair is on its path; nil for a version the check leaves out).
    static func findings(
        bundle: ModelBundle, order: [String], checksums: [String: String], report: (String, String) throws(Diagnostic) -> InferenceReport?
    ) throws(Diagnostic) -> [Finding] {
        guard let history = bundle.swiftData else { return [] }
        return outsideModels(history, order: order, current: bundle.currentVersionName)
            + duplicateChecksums(history, order: order, checksums: checksums)
            + history.plans.flatMap { planOrder($0, history: history) }
            + (try lightweightStages(history, report: report))
    }

    /// A schema shipped before the current one whose `models` names a class declared outside it that can
    /// still change: a live class, or one nested in the current schema or a later one. A class nested in
    /// another shipped schema (`typealias Note = V1.Note` in V2) is that schema's frozen copy, so reusing it is sound.
    static func outsideModels(_ history: SwiftDataHistory, order: [String], current: String) -> [Finding] {
        let shipped = order.prefix { $0 != current }
        func isFrozen(_ typeName: String) -> Bool { shipped.contains { typeName.hasPrefix($0 + ".") } }
        return history.schemas.filter { shipped.contains($0.name) }.flatMap { schema in
            schema.outsideModels.filter { !isFrozen($0.typeName) }.map { outside in
                Finding(
                    .swiftdataOutsideModel, entity: nil, file: outside.location.path, line: outside.location.line,
                    column: outside.location.column,
                    message:
                        "\(schema.name) shipped before the current version \(current), but its models names \(outside.typeName), which "
                        + "is declared outside it: its hash follows every later edit of \(outside.typeName), so stores it wrote stop "
                        + "opening (\"unknown model version\", 134504); freeze a copy of the class as it shipped, nested in \(schema.name)")
            }
        }
    }

    /// Every schema whose `versionChecksum` equals an earlier one's, in `order`.
    static func duplicateChecksums(_ history: SwiftDataHistory, order: [String], checksums: [String: String]) -> [Finding] {
        var first: [String: String] = [:]
        var findings: [Finding] = []
        for name in order {
            guard let checksum = checksums[name], let schema = history.schemas.first(where: { $0.name == name }) else { continue }
            guard let earlier = first[checksum] else {
                first[checksum] = name
                continue
            }
            findings.append(
                Finding(
                    .swiftdataDuplicateChecksum, entity: nil, file: schema.location.path, line: schema.location.line,
                    column: schema.location.column,
                    message:
                        "\(name) has the same version checksum as \(earlier) (\(checksum)): every entity hashes alike, so SwiftData "
                        + "cannot tell their stores apart and refuses the plan (\"Duplicate version checksums across stages\"); "
                        + "change the model, drop the duplicate schema, or give an entity a hashModifier"))
        }
        return findings
    }

    /// The plan's `schemas` against the folder's declarations and their `versionIdentifier`s, and each stage
    /// against `schemas`: a stage goes from one schema to the next, once, in order.
    static func planOrder(_ plan: SwiftDataPlan, history: SwiftDataHistory) -> [Finding] {
        var findings: [Finding] = []
        func finding(_ location: SwiftSourceLocation, _ message: String) {
            findings.append(
                Finding(
                    .swiftdataStageOrder, entity: nil, file: location.path, line: location.line, column: location.column,
                    message: message))
        }
        let declared = Set(history.schemas.map(\.name) + history.unreadableSchemas.map(\.name))
        let identifiers = Dictionary(
            history.schemas.map { ($0.name, $0.versionIdentifier) } + history.unreadableSchemas.map { ($0.name, $0.versionIdentifier) },
            uniquingKeysWith: { first, _ in first })
        let names = plan.schemas.map(\.name)
        var previous: (name: String, identifier: [Int])?
        for (index, reference) in plan.schemas.enumerated() {
            guard declared.contains(reference.name) else {
                finding(
                    reference.location, "\(plan.name).schemas names \(reference.name), which no VersionedSchema in this folder declares")
                continue
            }
            if names[..<index].contains(reference.name) {
                finding(reference.location, "\(plan.name).schemas names \(reference.name) twice: each version comes once, oldest first")
                continue
            }
            guard let identifier = identifiers[reference.name] ?? nil else { continue }
            if let previous, !previous.identifier.lexicographicallyPrecedes(identifier) {
                finding(
                    reference.location,
                    "\(plan.name).schemas puts \(reference.name) (versionIdentifier \(Self.text(identifier))) after \(previous.name) "
                        + "(\(Self.text(previous.identifier))): the schemas go oldest first, and their versionIdentifiers must increase")
            }
            previous = (reference.name, identifier)
        }
        var lastFrom = -1
        var stepsTaken = Set<Int>()
        for stage in plan.stages {
            let label =
                stage.name.map { "stage \($0) (\(stage.fromVersion) → \(stage.toVersion))" }
                ?? "stage \(stage.fromVersion) → \(stage.toVersion)"
            var unknown: [String] = []
            for name in [stage.fromVersion, stage.toVersion] where !unknown.contains(name) {
                if !declared.contains(name) {
                    unknown.append(name)
                    finding(stage.location, "\(label) names \(name), which no VersionedSchema in this folder declares")
                } else if !names.contains(name) {
                    unknown.append(name)
                    finding(stage.location, "\(label) names \(name), which \(plan.name).schemas does not list")
                }
            }
            guard unknown.isEmpty, let from = names.firstIndex(of: stage.fromVersion), let to = names.firstIndex(of: stage.toVersion)
            else { continue }
            if to == from {
                finding(stage.location, "\(label) migrates \(stage.fromVersion) to itself: a stage goes from one schema to the next")
            } else if to < from {
                finding(
                    stage.location,
                    "\(label) reverses the plan's order: \(plan.name).schemas lists \(stage.toVersion) before \(stage.fromVersion); "
                        + "a stage goes from one schema to the next")
            } else if to > from + 1 {
                finding(
                    stage.location,
                    "\(label) skips \(names[(from + 1)..<to].joined(separator: ", ")): a stage goes from one schema to the next in "
                        + "\(plan.name).schemas, so give one stage per step")
            } else if !stepsTaken.insert(from).inserted {
                finding(
                    stage.location,
                    "\(label) repeats a step an earlier stage already takes: SwiftData refuses two stages from one version "
                        + "(\"Duplicate version checksums across stages\"); keep one")
            } else if from < lastFrom {
                finding(
                    stage.location,
                    "\(label) comes after a stage from a later schema: list the stages in the order of \(plan.name).schemas")
            }
            lastFrom = max(lastFrom, from)
        }
        return findings
    }

    /// Every `.lightweight` stage between two declared schemas whose change lightweight migration cannot infer.
    static func lightweightStages(
        _ history: SwiftDataHistory, report: (String, String) throws(Diagnostic) -> InferenceReport?
    ) throws(Diagnostic) -> [Finding] {
        let declared = Set(history.schemas.map(\.name))
        var findings: [Finding] = []
        for plan in history.plans {
            for stage in plan.stages
            where stage.kind == .lightweight && stage.fromVersion != stage.toVersion && declared.contains(stage.fromVersion)
                && declared.contains(stage.toVersion)
            {
                guard let analysed = try report(stage.fromVersion, stage.toVersion) else { continue }
                let blocking = analysed.findings.filter { $0.severity == .error }
                guard !blocking.isEmpty else { continue }
                let codes = Array(Set(blocking.map(\.code.rawValue))).sorted().joined(separator: ", ")
                let label = stage.name.map { "stage \($0)" } ?? "this stage"
                findings.append(
                    Finding(
                        .swiftdataLightweightNotInferable, entity: nil, file: stage.location.path, line: stage.location.line,
                        column: stage.location.column,
                        message:
                            "\(label) is .lightweight, but lightweight migration cannot infer \(stage.fromVersion) → \(stage.toVersion) "
                            + "(\(blocking.count) blocking: \(codes)); make it .custom(fromVersion: \(stage.fromVersion).self, "
                            + "toVersion: \(stage.toVersion).self, willMigrate:, didMigrate:): willMigrate's context holds "
                            + "\(stage.fromVersion)'s models, so fix the old data there (fill the nils, remove the duplicates) before "
                            + "SwiftData migrates the store; didMigrate's holds \(stage.toVersion)'s; a change no data fix makes "
                            + "inferable (an incompatible type) needs an intermediate schema"))
            }
        }
        return findings
    }

    /// `1.0.0` for `[1, 0, 0]`.
    static func text(_ identifier: [Int]) -> String { identifier.map(String.init).joined(separator: ".") }
}
