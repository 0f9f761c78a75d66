import Foundation
import Testing

@Test(arguments: ["bash", "zsh", "fish"])
func completionScriptsNameEverySubcommand(_ shell: String) throws {
    let result = try runModeldiff(["--generate-completion-script", shell])
    #expect(result.status == 0)
    for command in ["diff", "check", "hash", "versions", "store", "infer", "mapping", "migrate", "graph"] {
        #expect(result.stdout.contains(command), "\(shell): \(command)")
    }
}

@Test(arguments: ["diff", "check", "hash", "versions", "infer", "migrate", "graph", "store info", "store verify", "mapping validate"])
func everySubcommandsHelpShowsAnExample(_ command: String) throws {
    let result = try runModeldiff(command.split(separator: " ").map(String.init) + ["--help"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("modeldiff "), "\(command)")
    #expect(result.stdout.contains("Example"), "\(command)")
}

/// The GitHub Actions recipe in the README runs these two commands; run them on a fixture.
@Test func githubWorkflowCommandsWork() throws {
    let bundle = Paths.fixtures.appendingPathComponent("11-DDG-BookmarksModel/BookmarksModel.xcdatamodeld").path
    let annotations = try runModeldiff(["check", bundle, "--format", "github"])
    #expect(annotations.status == 0)
    #expect(annotations.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix("::notice ") || $0.hasPrefix("::warning ") })
    let sarif = try runModeldiff(["check", bundle, "--format", "sarif"])
    #expect(sarif.status == 0)
    #expect(sarif.stdout.contains("\"version\" : \"2.1.0\""))
}
