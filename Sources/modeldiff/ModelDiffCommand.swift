import ArgumentParser
import Foundation
@_spi(CLI) import ModelDiffKit

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
        subcommands: [
            DiffCommand.self, CheckCommand.self, HashCommand.self, VersionsCommand.self, StoreCommand.self, InferCommand.self,
            MappingCommand.self, MigrateCommand.self, GraphCommand.self, TextconvCommand.self, PlanCommand.self, TestCommand.self,
            LockCommand.self, LogCommand.self, ExplainCommand.self,
        ],
        defaultSubcommand: DiffCommand.self
    )

    /// Parses and runs a command, so that every kind of trouble exits 2, usage errors included.
    ///
    /// ArgumentParser exits 64 (`EX_USAGE`) for a usage error; the README promises `diff`'s statuses
    /// (0 same or passed, 1 differences or failed checks, 2 trouble), so a usage error is one line
    /// `error: …` followed by the usage, and status 2. `--help` and `--version` still exit 0.
    static func main() {
        // A write past `ulimit -f` then fails with EFBIG, which the store layer reports as one line,
        // instead of SIGXFSZ killing the process with a partial file left behind.
        signal(SIGXFSZ, SIG_IGN)
        // A closed pipe on standard output is an error to report, not a signal that kills silently.
        signal(SIGPIPE, SIG_IGN)
        StandardStreams.occupyClosedDescriptors()
        KillPointHook.installFromEnvironment()
        let command: ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            exitReportingUsage(error)
        }
        do {
            var running = command
            try running.run()
        } catch {
            exitReportingUsage(error)
        }
    }

    private static func exitReportingUsage(_ error: Error) -> Never {
        guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
        let message = self.message(for: error)
        printError("error: " + message)
        // The usage lines follow ArgumentParser's own "Error: …" line in its full message.
        let full = fullMessage(for: error)
        if let range = full.range(of: message) {
            let usage = full[range.upperBound...].trimmingCharacters(in: .whitespacesAndNewlines)
            if !usage.isEmpty { writeAll(Data((usage + "\n").utf8), to: STDERR_FILENO) }
        }
        Foundation.exit(2)
    }
}

/// The three standard descriptors, made safe before anything opens a file.
enum StandardStreams {
    /// Puts /dev/null on a closed standard descriptor (`modeldiff … >&-`).
    ///
    /// Otherwise the next file opened (a store, a mapping being written) would get descriptor 1 and
    /// whatever the CLI prints would land inside it. Standard output is reopened read-only, so printing
    /// to it still fails (EBADF) and the CLI reports that with exit 2 instead of succeeding silently.
    static func occupyClosedDescriptors() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 {
            let reopened = open("/dev/null", descriptor == STDOUT_FILENO ? O_RDONLY : O_RDWR)
            if reopened >= 0 && reopened != descriptor {
                dup2(reopened, descriptor)
                close(reopened)
            }
        }
    }
}
