import Foundation

extension ModelBundle {
    /// The bundle a Swift source folder's SwiftData history makes: one version per `VersionedSchema`, named by
    /// its type name (`NotesSchemaV2`). When the folder declares exactly one `SchemaMigrationPlan` whose
    /// `schemas` names a declared schema, the versions are the plan's schemas in its order (one it leaves out
    /// is a note, "declared, not in the plan"); else every schema by `versionIdentifier`, then name. The
    /// current version is the last one.
    /// With no `VersionedSchema` at all, the live `@Model` types are one version named after the folder.
    ///
    /// SwiftData opens a store with the plan's last schema and migrates through `schemas` in order
    /// (`SchemaMigrationPlan.schemas`, Apple's documentation: "the schemas in the order of their versions"),
    /// so the plan's order is the history's order.
    ///
    /// A schema SwiftData cannot build (``SwiftDataHistory/unreadableSchemas``) is the thrown error unless
    /// `keepingUnreadable`: then it is kept in ``unreadableVersions`` and the others are read, as an unreadable
    /// version of a `.xcdatamodeld` is. The current schema's problem is the thrown error either way.
    package init(swiftData history: SwiftDataHistory, keepingUnreadable: Bool = false) throws(Diagnostic) {
        var seen: [String: SwiftSourceLocation] = [:]
        let declared = history.schemas.map { ($0.name, $0.location) } + history.unreadableSchemas.map { ($0.name, $0.location) }
        for (name, location) in declared {
            if let first = seen[name] {
                throw Diagnostic(
                    path: location.path, line: location.line, column: location.column,
                    message:
                        "a second VersionedSchema is named \(name) (the first is at \(first.path):\(first.line)): "
                        + "a version is named by its type, so each needs its own name")
            }
            seen[name] = location
        }
        let versions: [ModelVersion]
        let current: String
        var unreadable: [(name: String, problem: Diagnostic)] = []
        var names: [String]
        if declared.isEmpty {
            guard let live = history.liveModels else {
                throw Diagnostic(
                    path: history.folder,
                    message: "this Swift source folder declares no @Model class and no VersionedSchema, so there is no model to read")
            }
            let name = (history.folder.trimmingTrailingSlashes as NSString).lastPathComponent
            versions = [ModelVersion(name: name, loaded: live)]
            current = name
            names = [name]
        } else {
            (names, current) = Self.schemaOrder(history)
            let problems = Dictionary(history.unreadableSchemas.map { ($0.name, $0.problem) }, uniquingKeysWith: { first, _ in first })
            for name in names {
                guard let problem = problems[name] else { continue }
                guard keepingUnreadable, name != current else { throw problem }
                unreadable.append((name, problem))
            }
            versions = names.compactMap { name in
                history.schemas.first { $0.name == name }.map { ModelVersion(name: name, loaded: $0.loaded) }
            }
        }
        self.init(
            path: history.folder, versions: versions, currentVersionName: current, notes: [], unreadableVersions: unreadable,
            versionNames: names, swiftData: Self.notingSchemasOutsideThePlan(history, versions: names))
    }

    /// The history with a note on each `VersionedSchema` the plan's `schemas` does not list: SwiftData only
    /// ever builds the plan's schemas, so such a schema is no version, no step and no checksum to compare.
    private static func notingSchemasOutsideThePlan(_ history: SwiftDataHistory, versions: [String]) -> SwiftDataHistory {
        guard history.plans.count == 1 else { return history }
        let plan = history.plans[0]
        let declared = history.schemas.map { ($0.name, $0.location) } + history.unreadableSchemas.map { ($0.name, $0.location) }
        let notes = declared.filter { !versions.contains($0.0) }.map { name, location in
            Diagnostic(
                .note, path: location.path, line: location.line, column: location.column,
                message:
                    "\(name) is declared, not in the plan: \(plan.name).schemas does not list it, so SwiftData never builds it; "
                    + "modeldiff leaves it out of every version pair")
        }
        guard !notes.isEmpty else { return history }
        return SwiftDataHistory(
            folder: history.folder, schemas: history.schemas, unreadableSchemas: history.unreadableSchemas, liveModels: history.liveModels,
            plans: history.plans, warnings: history.warnings + notes)
    }

    /// The names of the schemas, readable or not, in the history's order, and the current one's name
    /// (``init(swiftData:keepingUnreadable:)`` says which).
    static func schemaOrder(_ history: SwiftDataHistory) -> (names: [String], current: String) {
        let declared =
            history.schemas.map { (name: $0.name, identifier: $0.versionIdentifier) }
            + history.unreadableSchemas.map { (name: $0.name, identifier: $0.versionIdentifier) }
        let byIdentifier = declared.sorted { a, b in
            switch (a.identifier, b.identifier) {
            case (let x?, let y?) where x != y: return x.lexicographicallyPrecedes(y)
            case (.some, nil): return true
            case (nil, .some): return false
            default: return a.name < b.name
            }
        }.map(\.name)
        if history.plans.count == 1 {
            var ordered: [String] = []
            for reference in history.plans[0].schemas where !ordered.contains(reference.name) {
                if byIdentifier.contains(reference.name) { ordered.append(reference.name) }
            }
            if let last = ordered.last { return (ordered, last) }
        }
        return (byIdentifier, byIdentifier.last!)
    }

    /// Whether the bundle is a Swift source folder's SwiftData history rather than a `.xcdatamodeld`.
    @_spi(CLI) public var isSwiftSource: Bool { swiftData != nil }

    /// What the bundle is, in messages: "bundle", or "Swift source folder".
    @_spi(CLI) public var kindName: String { isSwiftSource ? "Swift source folder" : "bundle" }

    /// The one line `hash`, `versions` and `lock` print about a Swift source folder's hashes.
    @_spi(CLI) public static let swiftDataHashNote =
        "these hashes are modeldiff's reading of the Swift source (the Core Data model SwiftData builds from it), "
        + "not yet confirmed against a store SwiftData wrote"
}
