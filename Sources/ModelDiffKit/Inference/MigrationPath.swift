/// Which steps between a bundle's versions a command takes: the paths an app's migrations follow.
///
/// `check` and `test` take either path or both (`all`); a store migrates along one of them.
public enum MigrationPath: String, Sendable, CaseIterable {
    /// Each version to the next, as apps that migrate step by step do (an iterative migrator running
    /// each version's mapping model).
    case consecutive
    /// Each older version straight to the current one, as `NSPersistentContainer`'s automatic
    /// migration does: a mapping file for exactly that step when there is one, else the mapping Core
    /// Data would infer between the two versions.
    case direct
    /// Both: every consecutive step and every jump to the current version.
    case all

    /// Whether the path takes each version to the next.
    package var includesConsecutive: Bool { self != .direct }
    /// Whether the path takes each older version straight to the current one.
    package var includesDirect: Bool { self != .consecutive }
}
