import ArgumentParser
@_spi(CLI) import ModelDiffKit

struct LockCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lock",
        abstract: "Record every version of a bundle as shipped, so check fails when one is edited in place.",
        discussion: """
            Writes (or rewrites) NAME.modeldiff.lock beside NAME.xcdatamodeld (or beside a Swift source folder NAME): every version's name, \
            versionChecksum and entity version hashes, and the current version. With a lock file, check fails \
            with locked-version-changed when a locked version's hashes change (stores written with it would no \
            longer open, Core Data error 134100), locked-version-removed when one disappears, and \
            current-version-moved-back when .xccurrentversion names an older version. The versions are recorded \
            in order, oldest first, and from then on the lock's order is the bundle's order: versions the lock \
            does not have yet follow in the bundle's order; --order (naming every version) records another. \
            Commit the file. A version that cannot be read is an error (exit 2) and no lock is written: a lock \
            records every version.

            Example:
              modeldiff lock App/Model.xcdatamodeld
            """
    )

    @Argument(help: "A .xcdatamodeld bundle, or a folder of Swift sources whose SwiftData VersionedSchemas are the versions.")
    var bundle: String

    @OptionGroup var bundleOptions: BundleOptions

    func run() throws {
        try reportingFailures {
            let loaded = try ModelBundle.load(path: bundle, keepingUnreadable: true)
            // A lock is a freeze of every version: one that omits a version would let it change unseen.
            if !loaded.unreadableVersions.isEmpty {
                throw DiagnosticList(
                    loaded.unreadableVersions.map { name, problem in
                        Diagnostic(
                            path: problem.path, line: problem.line, column: problem.column,
                            message:
                                "version \"\(name)\" cannot be read, so no lock is written (a lock records every version): \(problem.message)"
                        )
                    })
            }
            let order: [String]?
            if let names = bundleOptions.orderNames {
                // The lock records every version: an order that leaves one out would unlock it.
                try checkOrder(names, of: loaded, listingVersions: true)
                let missing = loaded.versions.map(\.name).filter { !names.contains($0) }
                if !missing.isEmpty {
                    throw Diagnostic(
                        path: loaded.path,
                        message: "--order leaves out \(missing.map { "\"\($0)\"" }.joined(separator: ", ")): the lock records every version"
                    )
                }
                order = names
            } else {
                order = try bundleOptions.versionOrder(of: loaded, settings: try bundleOptions.settings())
            }
            printNotes(swiftDataHashNote(loaded))
            let lock = VersionLock(bundle: loaded, order: order)
            let path = VersionLock.path(forBundle: bundle)
            try OutputPath.write(try lock.encoded(), to: path, notSameAs: [bundle] + [bundleOptions.configPath].compactMap { $0 })
            printOut(
                "\(MessageEscaping.escaped(path)): \(lock.versions.count) versions locked, current \(MessageEscaping.escaped(lock.currentVersion))\n"
            )
        }
    }
}
