import Foundation

extension Array where Element: Sendable {
    /// `map(transform)` run on every core, the results in the elements' order: for work items that
    /// share nothing (the versions of a bundle, each read from its own file by its own parser).
    package func concurrentMap<T: Sendable>(_ transform: @Sendable (Element) -> T) -> [T] {
        guard count > 1, ProcessInfo.processInfo.activeProcessorCount > 1 else { return map(transform) }
        let results = Locked([T?](repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let result = transform(self[index])
            results.withLock { $0[index] = result }
        }
        return results.withLock { $0.map { $0! } }
    }
}
