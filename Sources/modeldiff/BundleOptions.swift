import ArgumentParser
@_spi(CLI) import ModelDiffKit

/// The options every command that takes a bundle shares: the version order and the project
/// configuration it may come from (`VersionOrder` gives the precedence).
struct BundleOptions: ParsableArguments {
    @Option(
        help:
            "Comma-separated version names, oldest first, instead of the lock file's order, .modeldiff.yml's order: or the bundle's own (bundle mode)."
    )
    var order: String?

    @Option(
        help:
            """
            The project configuration to read (defaults, order, acknowledged findings); by default the nearest .modeldiff.yml in the \
            current folder or its parents.
            """
    )
    var config: String?

    @Flag(help: "Read no .modeldiff.yml.")
    var noConfig = false

    func validate() throws {
        if config != nil && noConfig { throw ValidationError("--config and --no-config exclude each other") }
        // A version named twice would be checked against itself: a mistake in the order, not an order.
        var seen = Set<String>()
        for name in orderNames ?? [] where !seen.insert(name).inserted {
            throw ValidationError("--order names version \"\(name)\" twice")
        }
    }

    /// `--order`'s names.
    var orderNames: [String]? { order?.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }

    /// The path of the configuration `settings()` reads (`--config`, else the nearest `.modeldiff.yml`), or nil.
    var configPath: String? { noConfig ? nil : config ?? ModelDiffConfig.find() }

    /// The configuration read (`--config`, else the nearest `.modeldiff.yml`), or nil.
    func settings() throws(Diagnostic) -> ModelDiffConfig? {
        try configPath.map { path throws(Diagnostic) in try ModelDiffConfig.load(path: path) }
    }

    /// The order of `bundle`'s versions (nil: the bundle's own), checked against it; `settings` as
    /// the command read them.
    func versionOrder(of bundle: ModelBundle, settings: ModelDiffConfig?, listingVersions: Bool = true) throws(Diagnostic) -> [String]? {
        let lockPath = VersionLock.path(forBundle: bundle.path)
        let resolved = try VersionOrder.resolve(
            bundle: bundle, flag: orderNames, lock: try VersionLock.load(forBundle: bundle.path), lockPath: lockPath,
            configuration: settings)
        if resolved.source == .flag { try checkOrder(resolved.names, of: bundle, listingVersions: listingVersions) }
        return resolved.names
    }
}
