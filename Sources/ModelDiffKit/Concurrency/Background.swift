import Foundation

/// A value computed on another thread from the moment it is made: a command starts work that does not
/// depend on what it reads next (`check` reads a bundle's mapping models while it reads its versions)
/// and takes the result when it needs it. Errors travel in `Value` (a `Result`), so the caller reports
/// them where it would have, had it done the work in turn.
@_spi(CLI) public final class Background<Value: Sendable>: Sendable {
    private let done = DispatchGroup()
    private let result = Locked<Value?>(nil)

    @_spi(CLI) public init(_ work: @escaping @Sendable () -> Value) {
        DispatchQueue.global().async(group: done) { [result] in
            let value = work()
            result.withLock { $0 = value }
        }
    }

    /// The value, once the work is done.
    @_spi(CLI) public var value: Value {
        done.wait()
        // The work has stored its value before `done` is left.
        return result.withLock { $0 }!
    }
}
