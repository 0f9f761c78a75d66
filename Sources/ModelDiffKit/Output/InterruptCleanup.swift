import Foundation

/// Files and folders to remove if the process is interrupted (Ctrl-C, SIGTERM): partial outputs and
/// the private read copies of WAL stores.
///
/// A signal handler may only call async-signal-safe functions, so the paths are stored as C strings
/// prepared when they are registered, in a table allocated once; `removeAll()` only reads that
/// table and calls unlink(2) and rmdir(2). Registered strings are never freed: a handler on another
/// thread may be reading one, and a run registers a handful.
@_spi(CLI) public enum InterruptCleanup {
    private static let capacity = 1024
    /// Slot i holds a path or nil; `isFolder` says whether to rmdir instead of unlink.
    nonisolated(unsafe) private static let paths = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
    nonisolated(unsafe) private static let isFolder = UnsafeMutablePointer<Bool>.allocate(capacity: capacity)
    nonisolated(unsafe) private static var used = 0
    private static let lock: NSLock = {
        paths.initialize(repeating: nil, count: capacity)
        isFolder.initialize(repeating: false, count: capacity)
        return NSLock()
    }()

    /// A registration, to hand back to `unregister` once the files are gone or kept on purpose.
    @_spi(CLI) public struct Token: Sendable, Hashable { let slots: [Int] }

    /// Registers files (removed first) and folders (removed after them, when empty).
    @discardableResult
    @_spi(CLI) public static func register(files: [String], folders: [String] = []) -> Token {
        lock.lock()
        defer { lock.unlock() }
        var slots: [Int] = []
        for (path, folder) in files.map({ ($0, false) }) + folders.map({ ($0, true) }) {
            // Reuse an empty slot; past the capacity a path is simply not cleaned up on a signal.
            guard let slot = (0..<capacity).first(where: { paths[$0] == nil }) else { break }
            isFolder[slot] = folder
            paths[slot] = strdup(path)  // published last: a handler sees a complete entry or none
            used = max(used, slot + 1)
            slots.append(slot)
        }
        return Token(slots: slots)
    }

    /// Forgets a registration (its files were removed normally, or must now be kept).
    package static func unregister(_ token: Token) {
        lock.lock()
        defer { lock.unlock() }
        for slot in token.slots { paths[slot] = nil }
    }

    /// Removes every registered file, then every registered folder. Async-signal-safe.
    @_spi(CLI) public static func removeAll() {
        let count = used
        for slot in 0..<count where !isFolder[slot] { if let path = paths[slot] { unlink(path) } }
        for slot in 0..<count where isFolder[slot] { if let path = paths[slot] { rmdir(path) } }
    }
}
