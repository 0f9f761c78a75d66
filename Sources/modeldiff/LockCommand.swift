import ArgumentParser
import ModelDiffKit

struct LockCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lock",
        abstract: "Record every version of a bundle as shipped, so check fails when one is edited in place.",
        discussion: """
            Writes (or rewrites) NAME.modeldiff.lock beside NAME.xcdatamodeld: every version's name, \
            versionChecksum and entity version hashes, and the current version. With a lock file, check fails \
            with locked-version-changed when a locked version's hashes change (stores written with it would no \
            longer open, Core Data error 134100), locked-version-removed when one disappears, and \
            current-version-moved-back when .xccurrentversion names an older version. Commit the file.

            Example:
              modeldiff lock App/Model.xcdatamodeld
            """
    )

    @Argument(help: "A .xcdatamodeld bundle.")
    var bundle: String

    func run() throws {
        try reportingFailures {
            let loaded = try ModelBundle.load(path: bundle)
            let lock = VersionLock(bundle: loaded)
            let path = VersionLock.path(forBundle: bundle)
            try OutputPath.write(try lock.encoded(), to: path)
            printOut(
                "\(MessageEscaping.escaped(path)): \(lock.versions.count) versions locked, current \(MessageEscaping.escaped(lock.currentVersion))\n"
            )
        }
    }
}
