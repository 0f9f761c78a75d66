@_spi(CLI) import ModelDiffKit

/// What a command has read and computed, left for the process's exit to free.
///
/// A command prints its report and the process ends: freeing a bundle's parsed versions and their
/// comparisons object by object on the way out would be work the exit does at once. Values kept here
/// stay reachable, so a leak checker reports none of them.
enum LeftToExit {
    private static let values = Locked<[any Sendable]>([])

    /// Keeps `value` until the process exits.
    static func keep(_ value: any Sendable) {
        values.withLock { $0.append(value) }
    }
}
