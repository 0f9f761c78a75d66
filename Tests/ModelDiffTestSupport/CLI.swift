import Foundation

/// What one run of the built `modeldiff` binary printed and returned.
package struct CLIResult: Sendable {
    package let stdout: String
    package let stderr: String
    package let status: Int32
}

/// Runs the built `modeldiff` binary (a sibling of the test bundle) with the arguments, in `directory`.
package func runModeldiff(
    _ arguments: [String], in directory: URL = Paths.repository, environment: [String: String] = [:], stdin: Data? = nil
) throws -> CLIResult {
    let process = Process()
    process.executableURL = modeldiffBinary
    process.arguments = arguments
    process.currentDirectoryURL = directory
    var env = ProcessInfo.processInfo.environment
    env["NO_COLOR"] = "1"
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let out = Pipe()
    let err = Pipe()
    let input = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input
    try process.run()
    if let stdin { input.fileHandleForWriting.write(stdin) }
    try input.fileHandleForWriting.close()
    // Read both pipes before waiting so a large output cannot block the child.
    let (outData, errData) = readToEnd(out, err)
    process.waitUntilExit()
    return CLIResult(
        stdout: String(decoding: outData, as: UTF8.self),
        stderr: String(decoding: errData, as: UTF8.self),
        status: process.terminationStatus
    )
}

/// The `modeldiff` executable in the build folder the tests run from.
package let modeldiffBinary: URL = {
    var candidates: [URL] = []
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
        candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("modeldiff"))
    }
    let argv0 = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var folder = argv0.deletingLastPathComponent()
    for _ in 0..<4 {
        candidates.append(folder.appendingPathComponent("modeldiff"))
        folder = folder.deletingLastPathComponent()
    }
    candidates.append(Paths.repository.appendingPathComponent(".build/debug/modeldiff"))
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates.last!
}()
