/// Where a bundle's version order comes from, strongest first: `--order`, the lock file (`modeldiff
/// lock` records the order it locked the versions in), `.modeldiff.yml`'s `order:`, and last the
/// bundle's own order (`ModelLocator.bundleOrder`: the version named after the bundle, then natural
/// order). An order given beside a lock that puts two locked versions the other way round is an
/// error naming both: the lock is the order the versions shipped in.
@_spi(CLI) public enum VersionOrder {
    /// Where an order came from.
    @_spi(CLI) public enum Source: Sendable, Equatable {
        case flag, lock, configuration, bundle
    }

    /// The version names to use (nil: the bundle's order) and their source. `flag` is `--order`'s
    /// names; `lock` the lock file beside the bundle, at `lockPath`; the configuration's `order:`
    /// must name every version and no other.
    @_spi(CLI) public static func resolve(
        bundle: ModelBundle, flag: [String]?, lock: VersionLock?, lockPath: String, configuration: ModelDiffConfig?
    ) throws(Diagnostic) -> (names: [String]?, source: Source) {
        let locked = lock.map { lock in
            let names = lock.versions.map(\.name).filter { bundle.versionNames.contains($0) }
            return names + bundle.versionNames.filter { !names.contains($0) }
        }
        if let flag {
            if let lock, let clash = clash(flag, lock.versions.map(\.name)) {
                throw Diagnostic(
                    path: bundle.path,
                    message:
                        "--order puts \"\(clash.0)\" before \"\(clash.1)\", but the lock file \(lockPath) puts it after: the lock records "
                        + "the order the versions shipped in; change --order, or write the lock again with modeldiff lock --order")
            }
            return (flag, .flag)
        }
        var configured: [String]?
        if let configuration, let order = configuration.order {
            let names = order.names.map(\.name)
            for entry in order.names where !bundle.versionNames.contains(entry.name) {
                let versions = bundle.versionNames.joined(separator: ", ")
                throw Diagnostic(
                    path: configuration.path, line: entry.line, column: entry.column,
                    message: "order names version \"\(entry.name)\", which \(bundle.path) does not have (versions: \(versions))")
            }
            let missing = bundle.versionNames.filter { !names.contains($0) }
            if !missing.isEmpty {
                throw Diagnostic(
                    path: configuration.path, line: order.line, column: order.column,
                    message:
                        "order leaves out \(missing.map { "\"\($0)\"" }.joined(separator: ", ")) of \(bundle.path): list every version, oldest first"
                )
            }
            if let lock, let clash = clash(names, lock.versions.map(\.name)) {
                let entry = order.names.first { $0.name == clash.0 }!
                throw Diagnostic(
                    path: configuration.path, line: entry.line, column: entry.column,
                    message:
                        "order puts \"\(clash.0)\" before \"\(clash.1)\", but the lock file \(lockPath) puts it after: the lock records "
                        + "the order the versions shipped in; correct order:, or write the lock again with modeldiff lock --order")
            }
            configured = names
        }
        if let locked { return (locked, .lock) }
        if let configured { return (configured, .configuration) }
        return (nil, .bundle)
    }

    /// The first two names that `order` and `reference` both list, in opposite orders.
    static func clash(_ order: [String], _ reference: [String]) -> (String, String)? {
        let rank = Dictionary(reference.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        let common = order.filter { rank[$0] != nil }
        for (index, name) in common.enumerated() {
            if let later = common[(index + 1)...].first(where: { rank[$0]! < rank[name]! }) { return (name, later) }
        }
        return nil
    }
}
