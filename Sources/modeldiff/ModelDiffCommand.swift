import ArgumentParser
import ModelDiffKit

@main
struct ModelDiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "modeldiff",
        abstract: "Read, hash, diff and migrate Core Data models outside Xcode.",
        subcommands: [HashCommand.self, VersionsCommand.self]
    )
}
