import Foundation

/// The stages of an `NSStagedMigrationManager` (iOS 17, macOS 14) for a bundle's versions up to the
/// current one: consecutive steps lightweight migration can infer share one `NSLightweightMigrationStage`;
/// every other step is an `NSCustomMigrationStage` of its own, carrying the findings that make it one,
/// or the team's mapping model that migrates it (found as `check` finds them, matched by hash).
@_spi(CLI) public struct StagedMigrationPlan: Sendable {
    /// One version of the bundle, as the plan refers to it.
    package struct Version: Sendable, Hashable {
        /// The version's name, which is also its compiled model's name in the `.momd` (`Model 2.mom`).
        package let name: String
        /// Core Data's `versionChecksum` of the version.
        package let versionChecksum: String
    }

    /// A stage, in the order the manager runs them.
    package enum Stage: Sendable, Hashable {
        /// Versions whose consecutive steps are all inferable (or identical), oldest first.
        case lightweight([Version])
        /// A step lightweight migration cannot infer, with the errors that say why, or a step a mapping
        /// model migrates (whatever inference would say: the mapping carries values inference drops).
        case custom(from: Version, to: Version, findings: [Finding], mapping: Mapping?)
    }

    /// The mapping model a custom stage runs: the file the team keeps and the policy classes it names.
    package struct Mapping: Sendable, Hashable {
        /// The mapping file as found (`…/Model2To3.xcmappingmodel/xcmapping.xml`).
        package let path: String
        /// The name Xcode compiles it under, in the app's bundle (`Model2To3` for `Model2To3.cdm`).
        package let compiledName: String
        /// The `NSEntityMigrationPolicy` subclasses its entity mappings name, sorted, each once.
        package let policyClasses: [String]

        init(_ file: MappingFile) {
            path = file.path
            var name = (file.path as NSString).lastPathComponent
            if name == "xcmapping.xml" { name = ((file.path as NSString).deletingLastPathComponent as NSString).lastPathComponent }
            for suffix in [".xcmappingmodel", ".mapping.xml", ".cdm"] where name.hasSuffix(suffix) {
                name = String(name.dropLast(suffix.count))
                break
            }
            compiledName = name
            policyClasses = Set(file.mapping.entityMappings.compactMap(\.policyClassName).filter { !$0.isEmpty }).sorted()
        }
    }

    /// The bundle's name without extension (`Model`): the compiled folder is `<name>.momd`.
    package let modelName: String
    /// The versions the plan covers, oldest first, ending with the current one.
    package let versions: [Version]
    /// Versions ordered after the current one (drafts), left out of the plan.
    package let drafts: [String]
    /// The stages.
    package let stages: [Stage]

    /// Plans `bundle`'s versions in natural order (or `order`) up to the current version. A version
    /// that cannot be read (a bundle loaded keeping them) has no checksum and is left out, and no stage
    /// crosses it: nobody ships the step from the version before it to the version after it. A step
    /// one of `mappings` maps and validates against is a custom stage that runs that mapping.
    @_spi(CLI) public init(bundle: ModelBundle, order: [String]? = nil, mappings: [MappingFile] = []) throws(Diagnostic) {
        let (ordered, currentIndex) = try bundle.orderedVersions(order)
        let file = bundle.path.split(separator: "/").last.map(String.init) ?? bundle.path
        modelName = file.hasSuffix(".xcdatamodeld") ? String(file.dropLast(".xcdatamodeld".count)) : file
        drafts = ordered[(currentIndex + 1)...].map(\.name)
        let planned = Array(ordered[...currentIndex])
        // One digest memo for the checksums and the check: the versions share most of their SHA-256 inputs.
        var digests = DigestMemo()
        versions = planned.map { Version(name: $0.name, versionChecksum: $0.model.versionHashes(digests: &digests).versionChecksum) }
        // The verdicts are `check`'s for the consecutive steps, so the plan and the CI gate never disagree.
        let allNames = order ?? bundle.versionNames
        let lastName = allNames.firstIndex(of: bundle.currentVersionName) ?? allNames.count - 1
        let check = try BundleCheck(bundle: bundle, order: Array(allNames[...lastName]), mappings: mappings, digests: &digests)
        var stages: [Stage] = []
        var run = [versions[0]]
        for index in planned.indices.dropFirst() {
            if let i = allNames.firstIndex(of: planned[index - 1].name), let j = allNames.firstIndex(of: planned[index].name),
                allNames[(i + 1)..<j].contains(where: { bundle.problem(ofVersion: $0) != nil })
            {
                if run.count > 1 { stages.append(.lightweight(run)) }
                run = [versions[index]]
                continue
            }
            let step = check.pairs.first { $0.from == planned[index - 1].name && $0.to == planned[index].name }
            let mapping = step?.report.mappingPath.flatMap { path in mappings.first { $0.path == path } }
            if let report = step?.report, report.verdict == .notInferable || mapping != nil {
                if run.count > 1 { stages.append(.lightweight(run)) }
                stages.append(
                    .custom(
                        from: versions[index - 1], to: versions[index], findings: report.findings.filter { $0.severity == .error },
                        mapping: mapping.map(Mapping.init)))
                run = [versions[index]]
            } else {
                run.append(versions[index])
            }
        }
        if run.count > 1 { stages.append(.lightweight(run)) }
        self.stages = stages
    }
}
