/// How long a connection waits for another process's lock before it fails with "the store is locked"
/// (SQLite's busy timeout).
///
/// A writer in another process holds an exclusive lock on a rollback-journal store while it commits;
/// failing at once would turn an ordinary moment of contention into an error, so a migration waits a
/// bounded time, as Core Data itself waits for a busy store (`NSPersistentStoreTimeoutOption`).
/// Quick commands such as `store info` keep the short default. Each connection is given its own, so
/// two migrations in one process may wait differently.
public struct LockTimeout: Sendable, Hashable {
    /// The time to wait, in seconds (never negative).
    public let seconds: Double

    /// A timeout of `seconds` (a negative value waits not at all).
    public init(seconds: Double) { self.seconds = max(0, seconds) }

    /// The default: 0.2 s, long enough for another process's commit, short enough for a quick command.
    public static let brief = LockTimeout(seconds: 0.2)

    /// The same, in whole milliseconds, as SQLite takes it.
    package var milliseconds: Int32 { Int32(min(seconds * 1000, Double(Int32.max)).rounded()) }

    /// The time as the error message shows it: `10 s`, `0.2 s`.
    package var described: String { seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s" }
}
