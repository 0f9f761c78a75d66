import Foundation

/// How one run of a child process ended.
package struct ProcessOutcome: Sendable {
    package let stdout: String
    package let stderr: String
    /// The exit status, or the signal number when `signaled`.
    package let status: Int32
    /// Whether a signal ended the process.
    package let signaled: Bool
    /// The child's process id (names its partial files).
    package let pid: Int32
    /// Wall-clock seconds from start to exit.
    package let seconds: Double
}

/// Runs `arguments` (the first is the executable's path) in `directory` with extra environment
/// variables, optionally sending SIGKILL from outside after `killAfter` seconds.
package func runProcess(
    _ arguments: [String], in directory: URL, environment: [String: String] = [:], killAfter: Double? = nil
) throws -> ProcessOutcome {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: arguments[0])
    process.arguments = Array(arguments.dropFirst())
    process.currentDirectoryURL = directory
    var env = ProcessInfo.processInfo.environment
    env["NO_COLOR"] = "1"
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    let started = Date()
    try process.run()
    let pid = process.processIdentifier
    if let killAfter {
        DispatchQueue.global().asyncAfter(deadline: .now() + killAfter) { if process.isRunning { kill(pid, SIGKILL) } }
    }
    // Read both pipes before waiting so a large output cannot block the child.
    let (outData, errData) = readToEnd(out, err)
    process.waitUntilExit()
    return ProcessOutcome(
        stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self),
        status: process.terminationStatus, signaled: process.terminationReason == .uncaughtSignal, pid: pid,
        seconds: Date().timeIntervalSince(started))
}

/// The bytes of a store and its companion files (nil where a file does not exist).
package func storeFileBytes(_ path: String) -> [String: Data?] {
    var files: [String: Data?] = [:]
    for suffix in ["", "-wal", "-shm", "-journal"] { files[suffix] = FileManager.default.contents(atPath: path + suffix) }
    return files
}

/// The names in a folder, sorted; empty when it does not exist.
package func folderContents(_ folder: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
}

/// Everything both pipes of a child process hold, read side by side until each is closed.
package func readToEnd(_ out: Pipe, _ err: Pipe) -> (Data, Data) {
    let group = DispatchGroup()
    nonisolated(unsafe) var outData = Data()
    nonisolated(unsafe) var errData = Data()
    group.enter()
    DispatchQueue.global().async {
        outData = out.fileHandleForReading.readDataToEndOfFile()
        group.leave()
    }
    group.enter()
    DispatchQueue.global().async {
        errData = err.fileHandleForReading.readDataToEndOfFile()
        group.leave()
    }
    group.wait()
    return (outData, errData)
}
