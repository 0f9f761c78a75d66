@_spi(CLI) import ModelDiffKit

/// What a source store holds that a migration cannot copy as it stands, found once, before either
/// path runs, on the migration's read snapshot, so that both paths see the same answer.
///
/// - A column of the layout's tables that the layout does not account for and that holds data is
///   refused: modeldiff never drops data it does not understand.
/// - A row whose `Z_ENT` is not an entity of its table's hierarchy is refused: no entity mapping
///   accounts for it (Core Data fetches by `Z_ENT IN (entity and sub-entities)`, so it is invisible to
///   it), and neither path may report success with fewer objects than the mapping accounts for.
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

    /// Queries `store`, laid out by `layout` of `model` (the source version).
    /// With `mapping`, data in a column the layout does not account for is let through when the
    /// mapping removes every entity of its table: the data goes with what it belongs to.
    init(store: PersistentStore, layout: StoreLayout, model: Model, mapping: MappingModel? = nil) throws(StoreFailure) {
        var problems: [String] = []
        var dangling: [DanglingKeys] = []
        for table in layout.tables {
            let count = try store.strayRowCount(table: table.name, entities: table.entities.compactMap { layout.entityNumbers[$0] })
            if count > 0 {
                problems.append("\(table.name) has \(count) rows whose Z_ENT is not an entity of its hierarchy")
            }
            for column in table.columns {
                guard case .toOne(let owner, let name) = column.kind,
                    let destination = layout.toOne(name, of: owner)?.relationship.destinationEntity,
                    let target = layout.table(for: destination)
                else { continue }
                let count = try store.danglingKeyCount(table: table.name, keyColumn: column.name, target: target.name)
                if count > 0 {
                    dangling.append(
                        DanglingKeys(
                            kind: .toOne(table: table.name, column: column.name, target: target.name),
                            relationship: layout.label(ofToOne: name, of: owner),
                            destination: destination, count: count))
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
                let count = try store.danglingKeyCount(table: join.name, keyColumn: column, target: target.name)
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
    }

    /// Throws the problems as one migration error (NSMigrationManagerSourceStoreError) when there are
    /// any; else returns the dangling keys the migration nullifies.
    static func check(_ store: PersistentStore, layout: StoreLayout, model: Model, mapping: MappingModel? = nil) throws -> [DanglingKeys] {
        let soundness = try SourceSoundness(store: store, layout: layout, model: model, mapping: mapping)
        guard soundness.problems.isEmpty else {
            throw MigrationError(
                .sourceStore, "the source store is not sound: \(soundness.problems.joined(separator: "; ")) (see `modeldiff store verify`)")
        }
        return soundness.dangling
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
