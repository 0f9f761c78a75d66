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
    package init(swiftData history: SwiftDataHistory) throws(Diagnostic) {
        var seen: [String: SwiftDataSchema] = [:]
        for schema in history.schemas {
            if let first = seen[schema.name] {
                throw Diagnostic(
                    path: schema.location.path, line: schema.location.line, column: schema.location.column,
                    message:
                        "a second VersionedSchema is named \(schema.name) (the first is at \(first.location.path):\(first.location.line)): "
                        + "a version is named by its type, so each needs its own name")
            }
            seen[schema.name] = schema
        }
        let versions: [ModelVersion]
        let current: String
        if history.schemas.isEmpty {
            guard let live = history.liveModels else {
                throw Diagnostic(
                    path: history.folder,
                    message: "this Swift source folder declares no @Model class and no VersionedSchema, so there is no model to read")
            }
            let name = (history.folder.trimmingTrailingSlashes as NSString).lastPathComponent
            versions = [ModelVersion(name: name, loaded: live)]
            current = name
        } else {
            let (ordered, last) = Self.schemaOrder(history)
            versions = ordered.map { ModelVersion(name: $0.name, loaded: $0.loaded) }
            current = last
        }
        self.init(
            path: history.folder, versions: versions, currentVersionName: current, notes: [], unreadableVersions: [],
            versionNames: versions.map(\.name), swiftData: Self.notingSchemasOutsideThePlan(history, versions: versions.map(\.name)))
    }

    /// The history with a note on each `VersionedSchema` the plan's `schemas` does not list: SwiftData only
    /// ever builds the plan's schemas, so such a schema is no version, no step and no checksum to compare.
    private static func notingSchemasOutsideThePlan(_ history: SwiftDataHistory, versions: [String]) -> SwiftDataHistory {
        guard history.plans.count == 1 else { return history }
        let plan = history.plans[0]
        let notes = history.schemas.filter { !versions.contains($0.name) }.map { schema in
            Diagnostic(
                .note, path: schema.location.path, line: schema.location.line, column: schema.location.column,
                message:
                    "\(schema.name) is declared, not in the plan: \(plan.name).schemas does not list it, so SwiftData never builds it; "
                    + "modeldiff leaves it out of every version pair")
        }
        guard !notes.isEmpty else { return history }
        return SwiftDataHistory(
            folder: history.folder, schemas: history.schemas, liveModels: history.liveModels, plans: history.plans,
            warnings: history.warnings + notes)
    }

    /// The schemas in the history's order and the current one's name (``init(swiftData:)`` says which).
    static func schemaOrder(_ history: SwiftDataHistory) -> (schemas: [SwiftDataSchema], current: String) {
        let byIdentifier = history.schemas.sorted { a, b in
            switch (a.versionIdentifier, b.versionIdentifier) {
            case (let x?, let y?) where x != y: return x.lexicographicallyPrecedes(y)
            case (.some, nil): return true
            case (nil, .some): return false
            default: return a.name < b.name
            }
        }
        if history.plans.count == 1 {
            var ordered: [SwiftDataSchema] = []
            for reference in history.plans[0].schemas where !ordered.contains(where: { $0.name == reference.name }) {
                if let schema = history.schemas.first(where: { $0.name == reference.name }) { ordered.append(schema) }
            }
            if let last = ordered.last { return (ordered, last.name) }
        }
        return (byIdentifier, byIdentifier.last!.name)
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
