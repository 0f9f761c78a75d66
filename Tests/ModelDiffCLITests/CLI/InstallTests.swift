import Foundation
import ModelDiffTestSupport
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
    #expect(sarif.stdout.contains(#""version":"2.1.0""#))
}

/// A command as `modeldiff --experimental-dump-help` describes it (the data the man page is made from).
private struct DumpedCommand {
    let path: [String]
    let abstract: String
    let discussion: String
    /// The abstracts and long option names of the arguments `--help` shows.
    let argumentAbstracts: [String]
    let longOptions: [String]
}

/// Every command of the built binary, the root first, in the order the man page lists them.
private func dumpedCommands() throws -> [DumpedCommand] {
    let dump = try runModeldiff(["--experimental-dump-help"])
    let json = try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any]
    var commands: [DumpedCommand] = []
    func walk(_ command: [String: Any], _ path: [String]) {
        let arguments = (command["arguments"] as? [[String: Any]] ?? []).filter { $0["shouldDisplay"] as? Bool ?? true }
        commands.append(
            DumpedCommand(
                path: path,
                abstract: command["abstract"] as? String ?? "",
                discussion: command["discussion"] as? String ?? "",
                argumentAbstracts: arguments.compactMap { $0["abstract"] as? String },
                longOptions: arguments.flatMap {
                    ($0["names"] as? [[String: String]] ?? []).filter { $0["kind"] == "long" }.compactMap { $0["name"] }
                }))
        for case let sub as [String: Any] in command["subcommands"] as? [Any] ?? [] {
            walk(sub, path + [sub["commandName"] as? String ?? "?"])
        }
    }
    if let root = json?["command"] as? [String: Any] { walk(root, []) }
    return commands
}

/// The checked-in man page must not go stale: it lists exactly the binary's commands, in order, with
/// their current help text and options (regenerate it with `make manual`).
@Test func manPageMatchesTheCommands() throws {
    let page = try String(contentsOf: Paths.repository.appendingPathComponent("docs/man/modeldiff.1"), encoding: .utf8)
    let lines = Set(page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    let commands = try dumpedCommands()
    #expect(commands.contains { $0.path == ["store", "verify"] } && commands.contains { $0.path == ["mapping", "validate"] })
    let stale = "docs/man/modeldiff.1 is stale: run make manual"
    let headings = page.split(separator: "\n").filter { $0.hasPrefix(".It Em ") }.map { String($0.dropFirst(7)) }
    #expect(headings == commands.dropFirst().map { $0.path.last! }, "\(stale)")
    for command in commands {
        let name = command.path.isEmpty ? "modeldiff" : command.path.joined(separator: " ")
        let texts = [command.abstract] + command.discussion.split(separator: "\n").map(String.init) + command.argumentAbstracts
        for text in texts where !text.isEmpty {
            // generate-manual drops non-ASCII characters, so help text stays ASCII.
            #expect(text.allSatisfy { $0.isASCII }, "\(name): help text is not ASCII: \(text)")
            #expect(lines.contains(text) || lines.contains(".Nd \"\(text)\""), "\(name): \(text)\n\(stale)")
        }
        for option in command.longOptions {
            let listed = page.contains("Fl -\(option)")
            #expect(listed, "\(name) --\(option)\n\(stale)")
        }
    }
}

/// Every command's `--help` (the groups and the root too, not only the leaves) shows an example.
@Test func everyCommandsHelpHasAnExample() throws {
    for command in try dumpedCommands() where command.path != ["help"] {
        #expect(command.discussion.contains("Example"), "modeldiff \(command.path.joined(separator: " ")) --help has no example")
    }
}

/// `make install` puts the man page under PREFIX/share/man/man1 (checked with make's dry run).
@Test func makeInstallInstallsTheManPage() throws {
    guard RequiredTool.make.require() != nil else { return }
    let make = try runProcess(["/usr/bin/env", "make", "-n", "install", "PREFIX=/opt/example"], in: Paths.repository)
    #expect(make.status == 0, "\(make.stderr)")
    #expect(make.stdout.contains(#"install -m 644 docs/man/modeldiff.1 "/opt/example/share/man/man1/modeldiff.1""#))
    let uninstall = try runProcess(["/usr/bin/env", "make", "-n", "uninstall", "PREFIX=/opt/example"], in: Paths.repository)
    #expect(uninstall.stdout.contains(#""/opt/example/share/man/man1/modeldiff.1""#))
}
