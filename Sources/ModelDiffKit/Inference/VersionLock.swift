import Foundation

/// The lock file `modeldiff lock` writes beside a bundle (`Model.modeldiff.lock`): every version that
/// exists, with its `versionChecksum` and entity version hashes. Once a version has shipped, stores
/// written by the app carry its hashes, and editing it in place (instead of adding a version) makes
/// those stores unopenable (Core Data error 134100); `check` compares the bundle with the lock.
public struct VersionLock: Sendable, Codable, Equatable {
    /// One locked version.
    public struct Version: Sendable, Codable, Equatable {
        /// The version's name.
        public let name: String
        /// Its `versionChecksum`.
        public let versionChecksum: String
        /// Entity name → base64 version hash.
        public let entities: [String: String]
    }

    /// The current version when the lock was written.
    public let currentVersion: String
    /// Every version, oldest first: the order `check` and every other command use (`VersionOrder`).
    public let versions: [Version]

    /// The lock of `bundle` as it is now, its versions in `order` (the bundle's order when nil; a
    /// version `order` leaves out is not locked).
    public init(bundle: ModelBundle, order: [String]? = nil) {
        currentVersion = bundle.currentVersionName
        var digests = DigestMemo()
        let ordered = order.map { $0.compactMap { bundle.version(named: $0) } } ?? bundle.versions
        versions = ordered.map { version in
            let hashes = version.model.versionHashes(digests: &digests)
            return Version(
                name: version.name, versionChecksum: hashes.versionChecksum,
                entities: Dictionary(uniqueKeysWithValues: hashes.entityVersionHashes.keys.map { ($0, hashes.base64(entity: $0) ?? "") }))
        }
    }

    /// Where the lock of a bundle lives: beside it, named after it (`Model.modeldiff.lock` beside
    /// `Model.xcdatamodeld`, `Sources.modeldiff.lock` beside a Swift source folder `Sources/`).
    public static func path(forBundle bundle: String) -> String {
        let trimmed = bundle.trimmingTrailingSlashes
        let folder = (trimmed as NSString).lastPathComponent
        // `check .` names the folder by its real name: the lock goes beside it, not inside it.
        if folder == "." || folder == ".." {
            let absolute = URL(fileURLWithPath: trimmed).standardizedFileURL.path
            if absolute != "/" { return path(forBundle: absolute) }
        }
        let name = trimmed.hasSuffix(".xcdatamodeld") ? (folder as NSString).deletingPathExtension : folder
        return ((trimmed as NSString).deletingLastPathComponent as NSString).appendingPathComponent("\(name).modeldiff.lock")
    }

    /// The lock beside `bundle`, or nil when there is none; a lock that cannot be read is an error.
    public static func load(forBundle bundle: String) throws(Diagnostic) -> VersionLock? {
        let path = path(forBundle: bundle)
        // Only a missing lock is no lock: a folder, a FIFO or a device in its place is an error.
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        let data = Data(try RegularFile.bytes(at: path))
        let lock: VersionLock
        do {
            lock = try JSONDecoder().decode(VersionLock.self, from: data)
        } catch {
            throw Diagnostic(
                path: path, line: 1, message: "not a modeldiff lock file: \(Self.describe(error)); run modeldiff lock to write it again")
        }
        // A version listed twice (a merge that kept both sides' entry) has two records of what shipped,
        // which may differ: which one holds cannot be decided, so the lock is refused, at the second.
        var seen = Set<String>()
        for version in lock.versions where !seen.insert(version.name).inserted {
            throw Diagnostic(
                path: path, line: secondLine(naming: version.name, in: String(decoding: data, as: UTF8.self)),
                message:
                    """
                    the lock lists version "\(version.name)" twice; a version is locked once: remove the entry that is not what \
                    shipped (or both, and run modeldiff lock to lock the bundle as it is)
                    """)
        }
        return lock
    }

    /// The line of the second `"name": NAME` in the lock's text (1 when it cannot be found).
    private static func secondLine(naming name: String, in text: String) -> Int {
        guard let literal = try? JSONEncoder().encode(name),
            let pattern = try? NSRegularExpression(
                pattern: #""name"\s*:\s*"# + NSRegularExpression.escapedPattern(for: String(decoding: literal, as: UTF8.self)))
        else { return 1 }
        let matches = pattern.matches(in: text, range: NSRange(text.startIndex..., in: text))
        guard matches.count > 1, let range = Range(matches[1].range, in: text) else { return 1 }
        return text[..<range.lowerBound].count(where: { $0 == "\n" }) + 1
    }

    /// The lock as JSON: keys sorted, so the file diffs well.
    public func encoded() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
    }

    /// The findings of comparing `bundle` with the lock: versions removed, versions whose entity
    /// hashes changed, and a current version moved back before the lock's.
    package func findings(for bundle: ModelBundle, lockPath: String) -> [Finding] {
        var digests = DigestMemo()
        return findings(for: bundle, lockPath: lockPath, digests: &digests)
    }

    /// ``findings(for:lockPath:)``, hashing the versions with `digests`.
    package func findings(for bundle: ModelBundle, lockPath: String, digests: inout DigestMemo) -> [Finding] {
        findings(for: bundle, lockPath: lockPath) { $0.model.versionHashes(digests: &digests) }
    }

    /// ``findings(for:lockPath:)``, with each version's hashes from `hashes` (`check`'s, which hashed them already).
    package func findings(for bundle: ModelBundle, lockPath: String, hashes: (ModelVersion) -> VersionHashes) -> [Finding] {
        var findings: [Finding] = []
        for locked in versions {
            guard let version = bundle.version(named: locked.name) else {
                // An unreadable version is still there: its own finding (`version-unreadable`) says so.
                if bundle.problem(ofVersion: locked.name) != nil { continue }
                findings.append(
                    Finding(
                        .lockedVersionRemoved, entity: nil, file: lockPath, line: nil,
                        message:
                            """
                            version \(locked.name) is in the lock file but no longer in the bundle: stores written with it can no longer be \
                            migrated; restore it
                            """
                    ))
                continue
            }
            let hashes = hashes(version)
            let now = Dictionary(uniqueKeysWithValues: hashes.entityVersionHashes.keys.map { ($0, hashes.base64(entity: $0) ?? "") })
            let changed = Set(now.keys).union(locked.entities.keys).filter { now[$0] != locked.entities[$0] }.sorted()
            if !changed.isEmpty {
                findings.append(
                    Finding(
                        .lockedVersionChanged, entity: changed.first, file: version.loaded.path, line: nil,
                        message:
                            """
                            version \(locked.name) has shipped (it is in the lock file), but the version hashes of \
                            \(changed.joined(separator: ", ")) changed: stores written with it would no longer open (Core Data error 134100); \
                            undo the edit and add a new model version instead
                            """
                    ))
            }
        }
        let order = bundle.versions.map(\.name)
        if let lockedIndex = order.firstIndex(of: currentVersion), let currentIndex = order.firstIndex(of: bundle.currentVersionName),
            currentIndex < lockedIndex
        {
            findings.append(
                Finding(
                    .currentVersionMovedBack, entity: nil, file: lockPath, line: nil,
                    message:
                        """
                        the current version is \(bundle.currentVersionName), older than \(currentVersion), the current version in the lock \
                        file: stores already migrated to \(currentVersion) would no longer open; set .xccurrentversion back
                        """
                ))
        }
        return findings
    }

    private static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "the key \"\(key.stringValue)\" is missing"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context): context.debugDescription
        case DecodingError.dataCorrupted(let context): context.debugDescription
        default: "\(error)"
        }
    }
}
