import Foundation

/// A value that threads share, read and written only under a lock: the migration's cancellation,
/// the kill-point hook, the regular-expression cache. It is `Synchronization.Mutex` for a package
/// that still supports macOS 13 (`Mutex` needs macOS 15).
@_spi(CLI) public final class Locked<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `value` is only touched inside `withLock`, under `lock`, and `Value` is Sendable,
    // so what a caller takes out may cross threads.
    private let lock = NSLock()
    private var value: Value

    @_spi(CLI) public init(_ value: Value) { self.value = value }

    /// Runs `body` on the value under the lock and returns its result.
    @_spi(CLI) public func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
