import Foundation
@_spi(CLI) import ModelDiffKit

/// Where a migration is: the stage, the entity mapping, and the fraction done.
public struct MigrationProgress: Sendable {
    /// Core Data's three stages.
    public enum Stage: String, Sendable {
        case createInstances = "create instances"
        case createRelationships = "create relationships"
        case validate
    }

    /// The stage running.
    public let stage: Stage
    /// The entity mapping running.
    public let mapping: String
    /// Objects handled so far in the whole migration.
    public let objects: Int
    /// From 0 to 1.
    public let fraction: Double
}

/// Migrates a Core Data SQLite store from one model version to another with a mapping model
/// (NSMigrationManager): create destination instances, create relationships, validate.
public final class MigrationManager: ExpressionObject {
    /// The model the source store was written with.
    public let sourceModel: Model
    /// The model of the store being written.
    public let destinationModel: Model
    /// The mapping being run.
    public private(set) var mappingModel: MappingModel?
    /// The entity mapping being run.
    public private(set) var currentEntityMapping: EntityMapping?
    /// From 0 to 1: how much of the running migration is done, and 1 when none is running (before
    /// the first, after one ends or fails, after `reset()`). The NSMigrationManager reference: "A
    /// number from 0 to 1 that indicates the proportion of completeness of the migration. If a
    /// migration is not taking place, returns 1."
    public private(set) var migrationProgress: Double = 1
    /// Called as the migration advances (from the migrating thread).
    public var progressHandler: ((MigrationProgress) -> Void)?
    /// Free-form values for policies to share.
    public var userInfo: [String: String] = [:]
    /// Whether the SQL fast path may be used when the mapping allows it (Core Data's store-specific migrator).
    public var usesStoreSpecificMigrationManager = true
    /// How long opening the source waits while another process holds it locked (`migrate --lock-timeout`).
    public var lockTimeout = LockTimeout.brief
    /// Whether the last migration ran on the SQL fast path.
    public private(set) var usedFastPath = false
    /// Whether validation goes on past the first object that fails, to list every one in
    /// `validationFailures` (a pre-flight); the migration still fails, with the first of them.
    public var collectsValidationFailures = false
    /// With `collectsValidationFailures`, every object the last migration's validation refused.
    public private(set) var validationFailures: [MigrationError] = []
    /// The source's keys that point to no row, which the last migration carried over as nil (to-ones)
    /// or left out (join-table rows), on either path: one entry per relationship, for the warnings
    /// `migrate` prints (`DanglingKeys.message`).
    @_spi(CLI) public private(set) var nullifiedKeys: [DanglingKeys] = []
    /// What the last migration's source holds that Core Data reads and the migration read as it does
    /// (`SourceSoundness.warnings`): one line per kind, and one per join table read under the other
    /// side's name (`StoreLayout.renamedJoinTables(in:)`), for the warnings `migrate` prints.
    @_spi(CLI) public private(set) var sourceWarnings: [String] = []
    /// The objects of each destination entity, in entity-number order, after a migration on the SQL
    /// fast path (nil after the three-stage path): the change counts of its inserts (`SQLFastPath.objectCounts`).
    @_spi(CLI) public private(set) var fastPathObjectCounts: [(entity: String, count: Int)]?
    /// The objects of each entity mapping and the links of each relationship mapping, in the source and
    /// in the output of the last migration (`Conservation`), on either path.
    @_spi(CLI) public private(set) var conservation: [ConservationCount] = []
    /// The policy classes mapping files may name.
    public var policies = PolicyRegistry()

    /// The source store while migrating (Core Data's source context).
    public private(set) var sourceContext: PersistentStore?
    /// The destination store while migrating (Core Data's destination context).
    public private(set) var destinationContext: PersistentStore?

    var sourceLayout: StoreLayout
    var destinationLayout: StoreLayout
    var writer: StoreWriter?
    /// Association tables by entity mapping name.
    var associations: [String: AssociationTable] = [:]
    /// Attribute mappings worked out once per entity mapping name.
    var attributePlans: [String: AttributeMappingPlan?] = [:]
    /// Relationship mappings run table by table, by entity mapping name (stage 2).
    var bulkRelationships: [String: [BulkRelationship]] = [:]
    /// Relationship mappings (by position, by entity mapping name) whose to-one stage 1 wrote with
    /// each row, which stage 2 then skips (see MigrationManager+EarlyToOnes.swift).
    package internal(set) var toOnesWrittenEarly: [String: Set<Int>] = [:]
    var destinationObjects: [ObjectID: MigrationObject] = [:]
    var sourceObjects: [ObjectID: MigrationObject] = [:]
    /// How many objects of each side the manager keeps in memory at most.
    static let cacheLimit = 20_000
    var currentPolicy: EntityMigrationPolicy?
    /// Set while stage 2 evaluates the mapping of a to-many without an inverse (see
    /// `relatedDestinationInstances(forEntityMappingName:sourceInstances:)`).
    var resolvesSubentityObjects = false
    /// The destination relationship stage 2 is setting and the source object it reads, while it
    /// evaluates that relationship's mapping (see `destinationInstances(forSourceRelationshipNamed:…)`).
    var currentRelationship: (name: String, source: MigrationObject)?
    /// Expressions are parsed once per migration, not once per object.
    var parsedExpressions: [String: ValueExpression] = [:]
    /// What each entity mapping's source expression fetches, by mapping name (read before anything is written).
    var sourceFetches: [String: SourceFetch] = [:]
    private var handled = 0
    /// The dangling keys `SourceSoundness` counted per key column, for `Conservation`.
    private var danglingCounts: [SourceSoundness.KeyColumn: SourceSoundness.KeyCounts] = [:]
    /// The rows of each source entity table (`TableScan`), by table name, for `Conservation`.
    private var sourceRows: [String: Int] = [:]
    /// The source columns the pass over their table (`TableScan`) found no NULL in, by table, among those it was asked
    /// to count: the fast path's required values copied from them need no validation (`SQLFastPath.provenRequired`).
    private var cleanColumns: [String: Set<String>] = [:]
    private var total = 1
    private let cancellation = CancellationBox()

    /// Creates a manager for one pair of versions.
    public init(sourceModel: Model, destinationModel: Model) {
        self.sourceModel = sourceModel
        self.destinationModel = destinationModel
        self.sourceLayout = StoreLayout(model: sourceModel)
        self.destinationLayout = StoreLayout(model: destinationModel)
    }

    /// Stops a running migration from any thread; `migrateStore` then throws `error`.
    public func cancelMigration(error: Error) { cancellation.cancel(with: error) }

    /// Clears association tables and state so the manager can run again.
    public func reset() {
        associations = [:]
        validationFailures = []
        attributePlans = [:]
        sourceFetches = [:]
        bulkRelationships = [:]
        toOnesWrittenEarly = [:]
        destinationObjects = [:]
        sourceObjects = [:]
        currentEntityMapping = nil
        currentPolicy = nil
        migrationProgress = 1
        handled = 0
        nullifiedKeys = []
        danglingCounts = [:]
        sourceRows = [:]
        cleanColumns = [:]
        sourceWarnings = []
        fastPathObjectCounts = nil
        conservation = []
        cancellation.reset()
    }

    /// Migrates the store at `sourcePath` into a new store at `destinationPath` (which must not exist).
    ///
    /// The source is opened read-only. On failure the destination file is removed.
    public func migrateStore(from sourcePath: String, to destinationPath: String, mapping: MappingModel) throws {
        reset()
        migrationProgress = 0
        defer { migrationProgress = 1 }
        mappingModel = mapping
        for entityMapping in mapping.entityMappings {
            if let fetch = try SourceExpressionCheck.fetch(entityMapping) { sourceFetches[entityMapping.name] = fetch }
        }
        try SourceObjectCheck.check(mapping, source: sourceModel, destination: destinationModel)
        let source = try PersistentStore.open(path: sourcePath, lockTimeout: lockTimeout)
        let (adopted, renamedJoinTables) = try source.adoptedLayout(for: sourceModel)
        sourceLayout = adopted
        let storeHashes = source.metadata.versionHashes
        guard storeHashes == sourceModel.versionHashes().entityVersionHashes else {
            throw MigrationError(.sourceStore, "the store was not written with the source model (its entity version hashes differ)")
        }
        var kept = source.metadata.values.filter { !$0.key.hasPrefix("NS") && !$0.key.hasPrefix("_NS") }
        if let framework = source.metadata.values["NSPersistenceFrameworkVersion"] { kept["NSPersistenceFrameworkVersion"] = framework }
        try source.database.holdReadSnapshot()  // a committed snapshot, even if another process writes
        // The fast path's plan, drafted before anything is read, names the source columns it copies unchanged into
        // required attributes: the pass over each source table counts their NULLs too (`provenRequired`).
        let draft =
            usesStoreSpecificMigrationManager
            ? SQLFastPath.plan(mapping, source: sourceLayout, destination: destinationLayout, fetches: sourceFetches) : nil
        let nullChecked = draft.map { SQLFastPath.requiredSources(of: $0, destination: destinationLayout) } ?? [:]
        let scans = try SourceReadCheck.check(source, layout: sourceLayout, nulls: nullChecked)
        sourceRows = scans.mapValues(\.rows)
        cleanColumns = nullChecked.filter { scans[$0.key]?.flagged == 0 }.mapValues(Set.init)
        let soundness = try SourceSoundness.check(source, layout: sourceLayout, model: sourceModel, mapping: mapping, scans: scans)
        nullifiedKeys = soundness.dangling
        danglingCounts = soundness.danglingCounts
        sourceWarnings = renamedJoinTables + soundness.warnings
        try source.readRowsAsTheirOneEntity(soundness.adopted)
        // The destination is removed on failure, so only the finished file needs to reach the disk: one fsync at the end.
        let destination = try PersistentStore.create(path: destinationPath, model: destinationModel, keepingMetadata: kept, durable: false)
        sourceContext = source
        destinationContext = destination
        defer {
            sourceContext = nil
            destinationContext = nil
            writer = nil
        }
        do {
            usedFastPath = false
            if usesStoreSpecificMigrationManager,
                let statements = SQLFastPath.plan(
                    mapping, source: sourceLayout, destination: destinationLayout,
                    sourceJoinColumns: try SQLFastPath.joinColumns(of: source, layout: sourceLayout),
                    nullifying: nullifiedKeys, fetches: sourceFetches, adopted: Set(soundness.adopted.keys))
            {
                try runFastPath(statements, source: source, destination: destination, mapping: mapping)
                usedFastPath = true
                return
            }
            writer = try StoreWriter(store: destination, layout: destinationLayout)
            // The progress fraction's denominator: each table's rows, counted from its smallest index.
            total = max(1, 3 * (try source.rowCounts(layout: sourceLayout).reduce(0) { $0 + $1.count }))
            try destination.database.inTransaction {
                let uniqueIndexes = try destination.dropUniqueIndexes()
                var deferredIndexes = try deferIndexes(of: destination, mapping: mapping)
                var policies: [String: EntityMigrationPolicy] = [:]
                for entityMapping in mapping.entityMappings {
                    let policy = try self.policies.policy(named: entityMapping.policyClassName, mapping: entityMapping.name)
                    policies[entityMapping.name] = policy
                    try run(entityMapping, policy: policy, stage: .createInstances) {
                        try policy.begin(entityMapping, manager: self)
                        try self.createInstances(entityMapping, policy: policy)
                        try policy.endInstanceCreation(forMapping: entityMapping, manager: self)
                    }
                }
                planBulkRelationships(mapping, policies: policies)
                confirmEarlyToOnes(mapping)
                if !deferredIndexes.isEmpty && needsPerObjectRelationships(mapping) {
                    try rebuildIndexes(deferredIndexes, in: destination)
                    deferredIndexes = []
                }
                for entityMapping in mapping.entityMappings {
                    let policy = policies[entityMapping.name]!
                    try run(entityMapping, policy: policy, stage: .createRelationships) {
                        if Self.isDefault(policy) {
                            try self.createRelationships(entityMapping)
                        } else {
                            try self.associations[entityMapping.name]?.forEachPair { _, id in
                                try self.checkCancellation()
                                guard let object = try self.object(id, side: .destination) else { return }
                                try policy.createRelationships(forDestination: object, in: entityMapping, manager: self)
                                self.advance(.createRelationships, entityMapping)
                            }
                        }
                        try policy.endRelationshipCreation(forMapping: entityMapping, manager: self)
                    }
                }
                try rebuildIndexes(deferredIndexes, in: destination)
                for entityMapping in mapping.entityMappings {
                    let policy = policies[entityMapping.name]!
                    try run(entityMapping, policy: policy, stage: .validate) {
                        try self.checkCancellation()
                        // "This method is called before the default save validation is performed by the
                        // framework" (NSEntityMigrationPolicy reference): a policy may still fix objects up.
                        try policy.performCustomValidation(forMapping: entityMapping, manager: self)
                        if let entity = entityMapping.destinationEntity {
                            try self.validate(entity, in: destination, mapping: entityMapping.name)
                        }
                        try policy.end(entityMapping, manager: self)
                        self.handled += (self.associations[entityMapping.name]?.count ?? 0)
                    }
                }
                if let first = validationFailures.first { throw first }
                try destination.rebuild(uniqueIndexes)
                try writer?.finish()
                try checkConservation(source: source, destination: destination, mapping: mapping)
                KillPoint.beforeCommit.reach()
            }
            try destination.synchronize()
            KillPoint.afterCommit.reach()
        } catch {
            sourceContext = nil
            destinationContext = nil
            writer = nil
            StoreFiles.remove(destinationPath)
            throw error
        }
    }

    /// Core Data's validation of the migrated objects of `entity`: the first failure is thrown, or,
    /// with `collectsValidationFailures`, every one is kept and the migration fails after the last entity.
    private func validate(_ entity: String, in destination: PersistentStore, mapping: String, proven: Set<String> = []) throws {
        let validation = DestinationValidation(store: destination, layout: destinationLayout, mapping: mapping, proven: proven)
        if collectsValidationFailures {
            validationFailures += try validation.problems(entity: entity)
        } else {
            try validation.validate(entity: entity)
        }
    }

    private func runFastPath(
        _ statements: [SQLFastPath.Statement], source: PersistentStore, destination: PersistentStore, mapping: MappingModel
    ) throws {
        try destination.database.attach(readOnly: source.database.filePath, as: "src")
        defer { try? destination.database.detach("src") }
        var inserted: [String: Int] = [:]
        let proven = SQLFastPath.provenRequired(of: statements, destination: destinationLayout) { table, column in
            cleanColumns[table]?.contains(column) == true
        }
        try destination.database.inTransaction {
            let uniqueIndexes = try destination.dropUniqueIndexes()
            for statement in statements {
                try checkCancellation()
                KillPoint.fastPathStatement.reach()
                try destination.database.prepare(statement.sql).run(statement.arguments)
                if let entity = statement.fills { inserted[entity, default: 0] += destination.database.changes }
            }
            for entityMapping in mapping.entityMappings {
                currentEntityMapping = entityMapping
                KillPoint.fastPathValidate.reach()
                if let entity = entityMapping.destinationEntity {
                    try validate(entity, in: destination, mapping: entityMapping.name, proven: proven[entity] ?? [])
                }
                progressHandler?(MigrationProgress(stage: .validate, mapping: entityMapping.name, objects: handled, fraction: 1))
            }
            if let first = validationFailures.first { throw first }
            try destination.rebuild(uniqueIndexes)
            try checkConservation(source: source, destination: destination, mapping: mapping, copied: inserted)
            KillPoint.beforeCommit.reach()
        }
        try destination.synchronize()
        fastPathObjectCounts = SQLFastPath.objectCounts(inserted: inserted, layout: destinationLayout)
        KillPoint.afterCommit.reach()
    }

    /// Counts what every mapping carried (`Conservation`), inside the destination's transaction, and
    /// fails the migration on the first count the mapping does not explain. `copied`: the fast path's
    /// rows inserted per destination entity.
    private func checkConservation(
        source: PersistentStore, destination: PersistentStore, mapping: MappingModel, copied: [String: Int]? = nil
    ) throws {
        try TamperPoint.reach(destination.database)
        conservation = try Conservation(
            mapping: mapping, source: source, sourceLayout: sourceLayout, destination: destination, destinationLayout: destinationLayout,
            filtered: Set(sourceFetches.filter { $0.value.predicate != nil }.keys), danglingCounts: danglingCounts, copied: copied,
            sourceRows: sourceRows
        ).counts()
        guard let broken = conservation.first(where: { !$0.holds }) else { return }
        throw MigrationError(.migration, broken.failure, mapping: broken.mapping)
    }

    private func run(_ mapping: EntityMapping, policy: EntityMigrationPolicy, stage: MigrationProgress.Stage, _ body: () throws -> Void)
        throws
    {
        currentEntityMapping = mapping
        currentPolicy = policy
        KillPoint(stage).reach()
        do {
            try body()
        } catch let error as MigrationError {
            // A policy, or a function a value expression calls on it, may throw without saying where.
            guard error.mapping == nil else { throw error }
            throw MigrationError(error.code, error.message, mapping: mapping.name, entity: error.entity, object: error.object)
        } catch let error as StoreFailure {
            throw error  // the store could not be read or written (a full disk, a lock): the file says more than the stage
        } catch let error as Diagnostic {
            throw error
        } catch let error as CancellationBox.Cancelled {
            throw error.error
        } catch let error as ExpressionError {
            throw MigrationError(
                .migration, "a value expression failed: \(error.message)", mapping: mapping.name, entity: mapping.destinationEntity)
        } catch {
            throw MigrationError(
                .entityMigrationPolicy, "\(stage.rawValue) failed: \(error)", mapping: mapping.name, entity: mapping.destinationEntity)
        }
    }

    private func createInstances(_ mapping: EntityMapping, policy: EntityMigrationPolicy) throws {
        guard mapping.type != .add, mapping.type != .remove, let sourceEntity = mapping.sourceEntity, let source = sourceContext else {
            return
        }
        // The default policy's hook inserts one object per source object from the value
        // expressions: done table to table, without an object per row, it gives the same rows.
        if Self.isDefault(policy), try bulkCreateInstances(mapping, sourceEntity: sourceEntity, source: source) { return }
        try source.forEachObject(of: sourceEntity, layout: sourceLayout, includingSubentities: false) { stored in
            try checkCancellation()
            let object = MigrationObject(
                id: stored.id, entity: stored.entity, side: .source, attributes: stored.attributes, toOne: stored.toOne, manager: self)
            remember(object)
            // The source expression's fetch: only the objects its predicate selects are migrated.
            guard try isFetched(object, by: mapping) else { return }
            do {
                try policy.createDestinationInstances(forSource: object, in: mapping, manager: self)
            } catch let error as ExpressionError {
                throw MigrationError(
                    .migration, "a value expression failed: \(error.message)", mapping: mapping.name, entity: sourceEntity,
                    object: stored.id)
            }
            advance(.createInstances, mapping)
        }
    }

    /// Whether the mapping's source expression fetches `object`: its predicate, evaluated on the object
    /// (`SELF`, whose keys it reads bare) with `$manager`, `$entityMapping` and `$entityPolicy` bound, is
    /// true. Core Data runs the fetch request and migrates what it returns; an object the predicate
    /// leaves out gets no destination object.
    func isFetched(_ object: MigrationObject, by mapping: EntityMapping) throws -> Bool {
        guard let fetch = sourceFetches[mapping.name], let predicate = fetch.predicate else { return true }
        var variables: [String: ExpressionValue] = ["manager": .object(self), "entityMapping": .object(EntityMappingReference(mapping))]
        if let currentPolicy { variables["entityPolicy"] = .object(PolicyReference(currentPolicy)) }
        do {
            return try predicate.evaluate(in: EvaluationContext(variables: variables, evaluatedObject: .object(object))).isTrue
        } catch let error as ExpressionError {
            throw MigrationError(
                .migration, "the source expression's predicate \"\(fetch.predicateText)\" failed: \(error.message)", mapping: mapping.name,
                entity: object.entity, object: object.id)
        }
    }

    /// Whether `policy` is NSEntityMigrationPolicy itself, whose hooks the manager may run in bulk
    /// (a subclass, even one overriding nothing, gets every hook called for every object).
    static func isDefault(_ policy: EntityMigrationPolicy) -> Bool { type(of: policy) == EntityMigrationPolicy.self }

    func advance(_ stage: MigrationProgress.Stage, _ mapping: EntityMapping) {
        handled += 1
        migrationProgress = min(1, Double(handled) / Double(total))
        progressHandler?(MigrationProgress(stage: stage, mapping: mapping.name, objects: handled, fraction: migrationProgress))
    }

    func checkCancellation() throws {
        if let error = cancellation.error { throw CancellationBox.Cancelled(error: error) }
    }
}
