import Foundation
@_spi(CLI) import ModelDiffKit
@_spi(CLI) import ModelDiffStore

/// The crash-safety tests' hook: `MODELDIFF_TEST_KILL_AT=<point>[:<n>[:<signal>]]` sends SIGKILL (or
/// `INT`, `TERM`: what Ctrl-C and a service manager send) to the process the n-th time (default: the
/// first) the run reaches `point`. `MODELDIFF_TEST_KILL_AT=trace` kills nothing and prints each point
/// reached on standard error (`kill point: insert`), so a test can learn which points a migration
/// passes and how often. The command reads the variable; the library only calls the hook.
enum KillPointHook {
    /// Installs the hook the environment asks for, if any.
    static func installFromEnvironment() {
        installTamperingFromEnvironment()
        guard let value = ProcessInfo.processInfo.environment["MODELDIFF_TEST_KILL_AT"], !value.isEmpty else { return }
        if value == "trace" {
            KillPoint.install { point in FileHandle.standardError.write(Data("kill point: \(point.rawValue)\n".utf8)) }
            return
        }
        let parts = value.split(separator: ":").map(String.init)
        guard let target = KillPoint(rawValue: parts[0]) else { return }
        let occurrence = parts.count > 1 ? Int(parts[1]) ?? 1 : 1
        let signals = ["KILL": SIGKILL, "INT": SIGINT, "TERM": SIGTERM]
        let signal = parts.count > 2 ? signals[parts[2]] ?? SIGKILL : SIGKILL
        // How often the target point was reached, under a lock because policies may run on any thread.
        let counter = Locked(0)
        KillPoint.install { point in
            guard point == target,
                counter.withLock({ count in
                    count += 1
                    return count
                }) == occurrence
            else { return }
            // raise() runs a handler on this thread before it returns, so the run stops exactly here.
            raise(signal)
        }
    }
}

extension KillPointHook {
    /// The conservation tests' hook: `MODELDIFF_TEST_BREAK_LINK=TABLE.COLUMN` sets that key column to
    /// NULL in the first output row holding one, `MODELDIFF_TEST_BREAK_LINK=TABLE` deletes a join
    /// table's first row, just before a migration counts what it carried (`TamperPoint`).
    static func installTamperingFromEnvironment() {
        guard let value = ProcessInfo.processInfo.environment["MODELDIFF_TEST_BREAK_LINK"], !value.isEmpty else { return }
        TamperPoint.installBreakingLink(value)
    }
}
