@_spi(CLI) import ModelDiffKit

/// What a source store holds that a migration cannot copy as it stands, found once, before either
/// path runs, on the migration's read snapshot, so that both paths see the same answer.
///
/// - A column of the layout's tables that the layout does not account for and that holds data is
///   refused: modeldiff never drops data it does not understand.
/// - A row whose `Z_ENT` is not an entity of its table's hierarchy, in a table of several entities, is
///   refused: no entity mapping accounts for it (Core Data fetches by `Z_ENT IN (entity and
///   sub-entities)`, so it is invisible to it), and neither path may report success with fewer objects
///   than the mapping accounts for.
/// - Such a row in the table of an entity without sub-entities is read as that entity, as Core Data
///   reads it: its SQL for an entity without sub-entities restricts nothing by `Z_ENT` (one table, one
///   entity), so a fetch, a fault and its in-place migrator's `INSERT … SELECT` all take the row. A
///   production app's own migration spec relies on it (issue 46: its `Artwork` row holds Album's
///   `Z_ENT` and survives Core Data's inferred migration). One warning per table and value (`adopted`).
/// - Two rows of one `Z_PK` in a table are refused: an object ID names one row, so Core Data would
///   read one of them and neither path can carry both under their keys.
/// - A to-one key that names a row of another entity sharing the destination's table is refused:
///   Core Data builds the object ID from the relationship's destination (or its entity column) and the
///   row is not an object of that entity, so faulting it fails; nothing decides which object it meant.
/// - `Z_PRIMARYKEY.Z_MAX` below a table's highest `Z_PK` (-1 and 0 in hand-written fixtures) or no
///   row for a root entity: Core Data numbers entities from the model and only hands out keys from
///   `Z_MAX`, so it reads the rows; both paths set the output's `Z_MAX` from the rows they write. One
///   warning per entity (`warnings`).
/// - A to-one key or a join-table row that points to no row is nullified on both paths (the to-one is
///   migrated as nil, the join row is not copied) and reported as a warning (`DanglingKeys`). Real
///   stores hold such keys: `NSBatchDeleteRequest` deletes rows in SQL without applying delete rules,
///   so the keys that pointed at them stay behind, and Core Data's in-place lightweight migration copies
///   them as they are. Copying them verbatim would give an output `store verify` refuses and that Core
///   Data throws on when the app faults the key; linking them to another row or dropping their owner
///   would change the data. Nil is what the app saw the relationship as until it faulted it.
struct SourceSoundness {
    /// Each problem that refuses the source, worded as `store verify` words it.
    let problems: [String]
    /// The dangling keys both paths nullify, one entry per relationship.
    let dangling: [DanglingKeys]
    /// What the source holds that Core Data reads and both paths read as it does, one line per kind.
    let warnings: [String]
    /// The tables of one entity holding rows whose `Z_ENT` is another number, by table name: the
    /// entity number their rows are read as.
    let adopted: [String: Int]
    /// How many keys each key column checked for dangling keys holds (every to-one column whose target has
    /// a table, both columns of every join table), and how many of them name no row (none included):
    /// counted in the same pass, and what `Conservation` counts the source's links from instead of looking
    /// every key up again.
    let danglingCounts: [KeyColumn: KeyCounts]

    /// The keys a column holds, and how many of them name no row.
    struct KeyCounts: Hashable {
        let keys: Int
        let dangling: Int
    }

    /// A key column of a table, with the table its keys should name.
    struct KeyColumn: Hashable {
        let table: String
        let column: String
        let target: String
    }

    /// Queries `store`, laid out by `layout` of `model` (the source version).
    /// With `mapping`, data in a column the layout does not account for is let through when the
    /// mapping removes every entity of its table: the data goes with what it belongs to.
    /// `scans` holds each table's `TableScan`, when `SourceReadCheck` made them: a table where it counts no
    /// row has no stray `Z_ENT`, and its `Z_ENT` is not read again.
    init(
        store: PersistentStore, layout: StoreLayout, model: Model, mapping: MappingModel? = nil, scans: [String: TableScan] = [:]
    ) throws(StoreFailure) {
        var problems: [String] = []
        var dangling: [DanglingKeys] = []
        var warnings: [String] = []
        var adopted: [String: Int] = [:]
        var danglingCounts: [KeyColumn: KeyCounts] = [:]
        let names = Dictionary(layout.entityNumbers.map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        let maxima = Dictionary(try store.primaryKeyTable().map { ($0.name, $0.max) }, uniquingKeysWith: { a, _ in a })
        for table in layout.tables {
            let numbers = table.entities.compactMap { layout.entityNumbers[$0] }
            // A table whose `TableScan` counts no row has no other Z_ENT: not read again.
            let mayHoldOthers = scans[table.name]?.flagged != 0
            if mayHoldOthers, table.entities.count == 1, let number = numbers.first {
                let stray = try store.strayEntityNumbers(table: table.name, entity: number)
                for (value, count) in stray {
                    let other = value.map { "\($0)\(names[$0].map { " (\($0))" } ?? "")" } ?? "NULL"
                    warnings.append(
                        "\(count) \(count == 1 ? "row" : "rows") of \(table.name) \(count == 1 ? "has" : "have") Z_ENT \(other); "
                            + "read as \(table.rootEntity), as Core Data reads it")
                }
                if !stray.isEmpty { adopted[table.name] = number }
            } else if mayHoldOthers {
                let count = try store.strayRowCount(table: table.name, entities: numbers)
                if count > 0 {
                    problems.append("\(table.name) has \(count) rows whose Z_ENT is not an entity of its hierarchy")
                }
            }
            let duplicated = try store.duplicatePrimaryKeys(table: table.name)
            if let first = duplicated.first {
                problems.append(
                    "\(table.name) has \(duplicated.count) Z_PK \(duplicated.count == 1 ? "value" : "values") held by more than one row "
                        + "(Z_PK \(first)); an object ID names one row")
            }
            if let highest = try store.highestPrimaryKey(table: table.name) {
                if let recorded = maxima[table.rootEntity] {
                    if highest > recorded {
                        warnings.append(
                            "Z_PRIMARYKEY.Z_MAX of \(table.rootEntity) is \(recorded), below the highest Z_PK \(highest) in \(table.name); "
                                + "the output's Z_MAX is set from its rows")
                    }
                } else {
                    warnings.append(
                        "Z_PRIMARYKEY has no row for \(table.rootEntity) (the highest Z_PK in \(table.name) is \(highest)); "
                            + "the output's Z_MAX is set from its rows")
                }
            }
            for column in table.columns {
                guard case .toOne(let owner, let name) = column.kind,
                    let destination = layout.toOne(name, of: owner)?.relationship.destinationEntity,
                    let target = layout.table(for: destination)
                else { continue }
                let (keys, count) = try store.keyColumnCounts(table: table.name, keyColumn: column.name, target: target.name)
                danglingCounts[KeyColumn(table: table.name, column: column.name, target: target.name)] = KeyCounts(
                    keys: keys, dangling: count)
                if count > 0 {
                    dangling.append(
                        DanglingKeys(
                            kind: .toOne(table: table.name, column: column.name, target: target.name),
                            relationship: layout.label(ofToOne: name, of: owner),
                            destination: destination, count: count))
                }
                // A table of one entity reads every row as that entity (above): only a shared table can hold another.
                guard target.entities.count > 1 else { continue }
                let accepted = layout.entityAndSubentities(destination).compactMap { layout.entityNumbers[$0] }
                let wrong = try store.keysToOtherEntities(
                    table: table.name, keyColumn: column.name, target: target.name, entities: accepted)
                if wrong > 0 {
                    problems.append(
                        "\(layout.label(ofToOne: name, of: owner)): \(wrong) rows point to an object that is not a \(destination) "
                            + "(a row of \(target.name) of another entity; Core Data cannot fault it as a \(destination))")
                }
            }
        }
        for join in layout.joinTables {
            // The destination column holds the partners of `relationship`'s owners, the source column those owners.
            for (column, side, partner) in [
                (join.destinationColumn, join.relationship, join.inverse.entity),
                (join.sourceColumn, join.inverse, join.relationship.entity),
            ] {
                guard let target = layout.table(for: partner) else { continue }
                let (keys, count) = try store.keyColumnCounts(table: join.name, keyColumn: column, target: target.name)
                danglingCounts[KeyColumn(table: join.name, column: column, target: target.name)] = KeyCounts(keys: keys, dangling: count)
                if count > 0 {
                    dangling.append(
                        DanglingKeys(
                            kind: .joinRows(table: join.name, column: column, target: target.name),
                            relationship: "\(side.entity).\(side.name)",
                            destination: partner, count: count))
                }
            }
        }
        // Data in a column or table the layout does not account for would be dropped by either path: refused,
        // unless the mapping removes every entity of the column's table.
        let carried = Set(
            (mapping?.entityMappings ?? []).filter { $0.type != .remove && $0.destinationEntity != nil }.compactMap(\.sourceEntity))
        let removed = { (table: String) in
            mapping != nil
                && layout.tables.first { $0.name.uppercased() == table.uppercased() }.map { !$0.entities.contains(where: carried.contains) }
                    == true
        }
        let unaccounted = try StoreSchemaCheck.unaccounted(in: store, layout: layout).filter {
            $0.count > 0 && !($0.column != nil && removed($0.table))
        }
        self.problems = problems + unaccounted.map(\.message)
        self.dangling = dangling
        self.warnings = warnings
        self.adopted = adopted
        self.danglingCounts = danglingCounts
    }

    /// Throws the problems as one migration error (NSMigrationManagerSourceStoreError) when there are
    /// any; else returns what the migration reads as Core Data does: the dangling keys it nullifies,
    /// the warnings it gives, and the tables whose rows it reads as their one entity.
    static func check(
        _ store: PersistentStore, layout: StoreLayout, model: Model, mapping: MappingModel? = nil, scans: [String: TableScan] = [:]
    ) throws -> SourceSoundness {
        let soundness = try SourceSoundness(store: store, layout: layout, model: model, mapping: mapping, scans: scans)
        guard soundness.problems.isEmpty else {
            throw MigrationError(
                .sourceStore, "the source store is not sound: \(soundness.problems.joined(separator: "; ")) (see `modeldiff store verify`)")
        }
        return soundness
    }
}

/// The keys of one relationship, in a source store, that point to no row: a migration carries them
/// over as nil (to-one columns) or leaves them out (join-table rows), and says so.
@_spi(CLI) public struct DanglingKeys: Sendable, Hashable {
    /// Where the keys are stored in the source.
    package enum Kind: Sendable, Hashable {
        /// A to-one's key column (`column` of `table`), pointing into `target`.
        case toOne(table: String, column: String, target: String)
        /// A many-to-many's join table, whose `column` points into `target`.
        case joinRows(table: String, column: String, target: String)
    }

    /// Where the keys are stored.
    package let kind: Kind
    /// The relationship as `Entity.relationship` (for join rows, the side whose partners are missing).
    package let relationship: String
    /// The entity the keys should point to.
    package let destination: String
    /// How many rows hold such a key.
    package let count: Int

    /// The warning a migration gives, as `store verify` words the problem, and what was done.
    @_spi(CLI) public var message: String {
        switch kind {
        case .toOne: "\(relationship): \(count) rows point to a \(destination) that does not exist; migrated as nil"
        case .joinRows(let table, _, _):
            "\(relationship): \(count) rows of \(table) point to a \(destination) that does not exist; not copied"
        }
    }
}
