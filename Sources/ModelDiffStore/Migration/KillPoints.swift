import Foundation
@_spi(CLI) import ModelDiffKit

/// A testing hook, not a feature: named points of a migration where the crash-safety tests kill the
/// process, so they can check what a crash at exactly that moment leaves on disk.
///
/// The library only names the points and calls the hook installed with `install(_:)`; with none
/// installed, the normal case, `reach()` returns at once. The `modeldiff` command installs one when
/// `MODELDIFF_TEST_KILL_AT` asks for it (see `KillPointHook` in the command's sources).
@_spi(CLI) public enum KillPoint: String, CaseIterable, Sendable {
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
    /// Just after a reader took its private copy of a WAL store (`ReadSnapshot`), for any command.
    case readSnapshot = "read-snapshot"

    /// Calls the installed hook, if any: the crash-safety tests' hook kills the process here.
    package func reach() {
        Self.installed.withLock { $0 }?(self)
    }

    /// Installs what reaching a point does, for every migration in the process from now on (nil: nothing).
    @_spi(CLI) public static func install(_ hook: (@Sendable (KillPoint) -> Void)?) {
        installed.withLock { $0 = hook }
    }

    /// The hook, behind a lock because migrations and their policies may run on any thread.
    private static let installed = Locked<(@Sendable (KillPoint) -> Void)?>(nil)
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

/// A testing hook, not a feature: what the conservation tests run on the destination's connection,
/// inside its transaction, just before a migration counts what it carried (`Conservation`), to break
/// a link on purpose and see the migration refuse its output. With none installed, nothing.
/// The `modeldiff` command installs one when `MODELDIFF_TEST_BREAK_LINK` asks for it (`KillPointHook`).
@_spi(CLI) public enum TamperPoint {
    /// Runs the installed hook, if any.
    package static func reach(_ database: SQLiteDatabase) throws {
        try installed.withLock { $0 }?(database)
    }

    /// Installs what reaching the point does (nil: nothing).
    package static func install(_ hook: (@Sendable (SQLiteDatabase) throws -> Void)?) {
        installed.withLock { $0 = hook }
    }

    /// Installs a hook that breaks one link of the output: `TABLE.COLUMN` sets that key column to
    /// NULL in the first row holding one, `TABLE` deletes a join table's first row.
    @_spi(CLI) public static func installBreakingLink(_ target: String) {
        let parts = target.split(separator: ".", maxSplits: 1).map(String.init)
        install { database in
            if parts.count == 2 {
                try database.execute(
                    """
                    UPDATE \(SQL.quote(parts[0])) SET \(SQL.quote(parts[1])) = NULL
                    WHERE Z_PK = (SELECT MIN(Z_PK) FROM \(SQL.quote(parts[0])) WHERE \(SQL.quote(parts[1])) IS NOT NULL)
                    """)
            } else {
                try database.execute(
                    "DELETE FROM \(SQL.quote(parts[0])) WHERE rowid = (SELECT MIN(rowid) FROM \(SQL.quote(parts[0])))")
            }
        }
    }

    private static let installed = Locked<(@Sendable (SQLiteDatabase) throws -> Void)?>(nil)
}
