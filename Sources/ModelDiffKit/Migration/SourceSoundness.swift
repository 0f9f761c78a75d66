/// Refuses a source store whose rows a migration could not account for, before either path runs.
///
/// Two kinds of row would otherwise vanish or break the output: a row whose `Z_ENT` is not an entity of
/// its table's hierarchy (neither path has a mapping for it: the SQL fast path copies by entity number
/// and drops it, the generic path never fetches it), and a to-one key that points to no row (Core Data
/// cannot fulfil that fault when a relationship mapping follows it; the fast path would copy the
/// dangling key, and `store verify` then fails on the output). The check runs once, on the migration's
/// read snapshot, so both paths refuse the same store with the same message and neither reports
/// success with fewer objects than the mapping accounts for.
///
/// Evidence: `StoreVerification` reports the same two problems on such a store, and Core Data fetches
/// by `Z_ENT IN (entity and sub-entities)`, so a stray `Z_ENT` is invisible to it, not migrated.
struct SourceSoundness {
    /// Each problem found, worded as `store verify` words it.
    let problems: [String]

    /// Queries `store`, laid out by `layout` of `model` (the source version).
    init(store: PersistentStore, layout: StoreLayout, model: Model) throws(Diagnostic) {
        var problems: [String] = []
        for table in layout.tables {
            let numbers = table.entities.compactMap { layout.entityNumbers[$0] }.map { SQLiteValue.integer(Int64($0)) }
            let stray = try store.database.rows(
                "SELECT COUNT(*) FROM \(SQL.quote(table.name)) WHERE Z_ENT IS NULL OR Z_ENT NOT IN (\(SQL.parameters(numbers.count)))", numbers)
            if let count = stray.first?.first?.int, count > 0 {
                problems.append("\(table.name) has \(count) rows whose Z_ENT is not an entity of its hierarchy")
            }
            for column in table.columns {
                guard case .toOne(let owner, let name) = column.kind,
                    let destination = model.entity(named: owner)?.relationships.first(where: { $0.name == name })?.destinationEntity,
                    let target = layout.table(for: destination)
                else { continue }
                let dangling = try store.database.rows(
                    "SELECT COUNT(*) FROM \(SQL.quote(table.name)) t WHERE t.\(SQL.quote(column.name)) IS NOT NULL AND NOT EXISTS (SELECT 1 FROM \(SQL.quote(target.name)) d WHERE d.Z_PK = t.\(SQL.quote(column.name)))")
                if let count = dangling.first?.first?.int, count > 0 {
                    problems.append("\(owner).\(name): \(count) rows point to a \(destination) that does not exist")
                }
            }
        }
        self.problems = problems
    }

    /// Throws the problems as one migration error (NSMigrationManagerSourceStoreError) when there are any.
    static func check(_ store: PersistentStore, layout: StoreLayout, model: Model) throws {
        let problems = try SourceSoundness(store: store, layout: layout, model: model).problems
        guard !problems.isEmpty else { return }
        throw MigrationError(
            .sourceStore, "the source store is not sound: \(problems.joined(separator: "; ")) (see `modeldiff store verify`)")
    }
}
