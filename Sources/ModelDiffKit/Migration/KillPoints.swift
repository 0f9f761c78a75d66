import Foundation

/// A testing hook, not a feature: named points of a migration where the crash-safety tests kill the
/// process, so they can check what a crash at exactly that moment leaves on disk.
///
/// `MODELDIFF_TEST_KILL_AT=<point>[:<n>[:<signal>]]` sends SIGKILL (or `INT`, `TERM`: what Ctrl-C and
/// a service manager send) to the process the n-th time (default: the first) the run reaches `point`. `MODELDIFF_TEST_KILL_AT=trace` kills nothing and prints each point
/// reached on standard error (`kill point: insert`), so a test can learn which points a migration
/// passes and how often. Unset, which is the normal case, `reach()` reads one static and returns.
public enum KillPoint: String, CaseIterable, Sendable {
    /// The start of the create-instances stage of an entity mapping.
    case createInstances = "create-instances"
    /// The start of the create-relationships stage of an entity mapping.
    case createRelationships = "create-relationships"
    /// The start of the validate stage of an entity mapping.
    case validate
    /// Just after a destination object was inserted (the three-stage path, mid-transaction).
    case insert
    /// Before each statement of the SQL fast path.
    case fastPathStatement = "fast-path-statement"
    /// Before the SQL fast path validates an entity mapping's objects.
    case fastPathValidate = "fast-path-validate"
    /// Just before the destination transaction commits.
    case beforeCommit = "before-commit"
    /// Just after the destination transaction committed.
    case afterCommit = "after-commit"
    /// Between two steps of a multi-version migration.
    case betweenSteps = "between-steps"
    /// Just before the finished store is renamed to the output path.
    case beforeRename = "before-rename"
    /// Just after the rename, before the run reports.
    case afterRename = "after-rename"

    /// Kills the process here when the environment asks for it (see the type's documentation).
    public func reach() {
        guard let target = Self.target else { return }
        if target.trace {
            FileHandle.standardError.write(Data("kill point: \(rawValue)\n".utf8))
            return
        }
        guard target.point == self, Self.counter.increment() == target.occurrence else { return }
        // raise() runs a handler on this thread before it returns, so the run stops exactly here.
        raise(target.signal)
    }

    private struct Target: Sendable {
        let point: KillPoint?
        let occurrence: Int
        let trace: Bool
        var signal: Int32 = SIGKILL
    }

    /// Read once: the environment does not change during a run.
    private static let target: Target? = {
        guard let value = ProcessInfo.processInfo.environment["MODELDIFF_TEST_KILL_AT"], !value.isEmpty else { return nil }
        if value == "trace" { return Target(point: nil, occurrence: 0, trace: true) }
        let parts = value.split(separator: ":").map(String.init)
        guard let point = KillPoint(rawValue: parts[0]) else { return nil }
        let signals = ["KILL": SIGKILL, "INT": SIGINT, "TERM": SIGTERM]
        return Target(
            point: point, occurrence: parts.count > 1 ? Int(parts[1]) ?? 1 : 1, trace: false,
            signal: parts.count > 2 ? signals[parts[2]] ?? SIGKILL : SIGKILL)
    }()

    private static let counter = Counter()

    /// How often the target point was reached; a lock because policies may run on any thread.
    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0

        func increment() -> Int {
            lock.lock()
            defer { lock.unlock() }
            count += 1
            return count
        }
    }
}

extension KillPoint {
    /// The point at the start of a three-stage migration stage.
    init(_ stage: MigrationProgress.Stage) {
        switch stage {
        case .createInstances: self = .createInstances
        case .createRelationships: self = .createRelationships
        case .validate: self = .validate
        }
    }
}
