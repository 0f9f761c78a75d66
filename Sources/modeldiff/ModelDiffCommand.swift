import ArgumentParser
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
}
