import Foundation

/// How long a connection waits for another process's lock before it fails with "the store is locked"
/// (SQLite's busy timeout), for connections opened from now on.
///
/// A writer in another process holds an exclusive lock on a rollback-journal store while it commits;
/// failing at once would turn an ordinary moment of contention into an error, so a migration waits a
/// bounded time, as Core Data itself waits for a busy store (`NSPersistentStoreTimeoutOption`).
/// Quick commands such as `store info` keep the short default.
public enum LockTimeout {
    private static let storage = Storage()

    /// The time to wait, in seconds; 0.2 unless set.
    public static var seconds: Double {
        get { storage.value }
        set { storage.value = max(0, newValue) }
    }

    /// The same, in whole milliseconds, as SQLite takes it.
    static var milliseconds: Int32 { Int32(min(seconds * 1000, Double(Int32.max)).rounded()) }

    /// The time as the error message shows it: `10 s`, `0.2 s`.
    static var described: String {
        let value = seconds
        return value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    /// A lock, because the value may be read from any thread that opens a store.
    private final class Storage: @unchecked Sendable {
        private let lock = NSLock()
        private var stored = 0.2

        var value: Double {
            get { lock.lock(); defer { lock.unlock() }; return stored }
            set { lock.lock(); stored = newValue; lock.unlock() }
        }
    }
}
