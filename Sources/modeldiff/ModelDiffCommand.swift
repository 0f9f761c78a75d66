import ArgumentParser
import Foundation
import ModelDiffKit

@main
struct ModelDiffCommand: ParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "modeldiff",
        abstract: "Read, hash, diff and migrate Core Data models outside Xcode.",
        discussion: """
            `modeldiff OLD NEW` runs `diff`. Every bad input is one line `path:line:col: error: ...` on stderr and exit status 2.

            Examples:
              modeldiff Model.xcdatamodeld/Model.xcdatamodel "Model.xcdatamodeld/Model 2.xcdatamodel"
              modeldiff check Model.xcdatamodeld
              modeldiff help migrate
            """,
        version: version,
        subcommands: [DiffCommand.self, CheckCommand.self, HashCommand.self, VersionsCommand.self, StoreCommand.self, InferCommand.self, MappingCommand.self, MigrateCommand.self, GraphCommand.self, TextconvCommand.self, PlanCommand.self, TestCommand.self],
        defaultSubcommand: DiffCommand.self
    )

    /// Runs the command line: usage errors exit 2 like every other trouble (ArgumentParser's own
    /// choice is 64), with ArgumentParser's message and the usage line after it.
    static func main() {
        // A write past `ulimit -f` then fails with EFBIG, which the store layer reports as one line,
        // instead of SIGXFSZ killing the process with a partial file left behind.
        signal(SIGXFSZ, SIG_IGN)
        // A closed pipe on standard output is an error to report, not a signal that kills silently.
        signal(SIGPIPE, SIG_IGN)
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure {
                printError(fullMessage(for: error))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}
