@_spi(CLI) import ModelDiffKit

/// How `Conservation` counts the links of a relationship in one store: one statement per relationship,
/// one per join table for every relationship it keeps.
extension Conservation {
    /// The links of one relationship in one store, by their target, counted in one pass.
    struct LinkTally: Equatable {
        /// Every stored key, dangling ones included.
        var all = 0
        /// Those naming a row.
        var existing = 0
        /// Those naming a row of an entity whose every object the mapping carries (`exact` numbers).
        var exact = 0
        /// Those naming a row of an entity a mapping may leave out (`inexact` numbers).
        var inexact = 0
    }

    /// A relationship of an entity whose links are counted.
    struct LinkKey: Hashable {
        let entity: String
        let relationship: String
    }

    /// The links of each of `keys` in `store`. Those `counting` lets be counted from the keys their columns
    /// hold (`shortcut`) are, with one statement per table for all of them (`PersistentStore.keyCounts`).
    /// The others are looked up: the relationships kept in one join table (both sides of a many-to-many,
    /// and sub-entities inheriting them) by one statement, which looks each row's two objects up once for
    /// all of them; each other relationship by its own (`links`).
    func tallies(
        of keys: [LinkKey], in store: PersistentStore, layout: StoreLayout, exact: Set<Int>, inexact: Set<Int>, counting: Counting
    ) throws(StoreFailure) -> [LinkKey: LinkTally] {
        var result: [LinkKey: LinkTally] = [:]
        var byJoin: [String: (join: StoreLayout.JoinTable, keys: [LinkKey])] = [:]
        var joinOrder: [String] = []
        var shortcuts: [LinkKey: Shortcut] = [:]
        var lookedUp: [LinkKey] = []
        for key in keys where shortcuts[key] == nil && !lookedUp.contains(key) {
            if let join = joinTable(of: key, layout: layout) {
                if byJoin[join.name] == nil { joinOrder.append(join.name) }
                if byJoin[join.name]?.keys.contains(key) != true { byJoin[join.name, default: (join, [])].keys.append(key) }
            } else if let shortcut = shortcut(of: key, layout: layout, counting: counting) {
                shortcuts[key] = shortcut
            } else {
                lookedUp.append(key)
            }
        }
        var joins: [(join: StoreLayout.JoinTable, keys: [LinkKey])] = []
        for name in joinOrder {
            guard let (join, joinKeys) = byJoin[name] else { continue }
            let found = joinKeys.compactMap { joinShortcut(of: $0, in: join, layout: layout, counting: counting) }
            if found.count == joinKeys.count {
                for (key, shortcut) in zip(joinKeys, found) { shortcuts[key] = shortcut }
            } else {
                joins.append((join, joinKeys))
            }
        }
        let counted = try keyCounts(shortcuts.values, in: store)
        for (key, shortcut) in shortcuts {
            if let tally = shortcut.tally(counted, exact: exact, inexact: inexact) {
                result[key] = tally
            } else if let join = joinTable(of: key, layout: layout) {
                // Both key columns of a join table hold keys that name no row: which rows name two objects needs a look-up.
                if !joins.contains(where: { $0.join.name == join.name }) { joins.append((join, byJoin[join.name]?.keys ?? [key])) }
            }
        }
        for key in lookedUp {
            result[key] = try links(
                in: store, layout: layout, entity: key.entity, relationship: key.relationship, exact: exact, inexact: inexact)
        }
        for (join, joinKeys) in joins {
            let counts = try joinTallies(join, keys: joinKeys, in: store, layout: layout, exact: exact, inexact: inexact)
            for (key, tally) in zip(joinKeys, counts) { result[key] = tally }
        }
        return result
    }

    /// The join table keeping `key`'s links, when it is a many-to-many whose owner and target have tables.
    func joinTable(of key: LinkKey, layout: StoreLayout) -> StoreLayout.JoinTable? {
        let model = layout.model
        guard let described = model.entity(named: key.entity), layout.entityNumbers[key.entity] != nil,
            let declared = model.allRelationships(of: described).first(where: { $0.name == key.relationship }), declared.isToMany,
            let destinationName = declared.destinationEntity, layout.table(for: key.entity) != nil,
            layout.table(for: destinationName) != nil
        else { return nil }
        let declaring = model.declaringEntity(ofProperty: key.relationship, in: described)?.name ?? key.entity
        return layout.joinTable(entity: declaring, relationship: key.relationship)
    }

    /// The links of `keys`, all kept in `join`, in one statement: the join table read once through its primary
    /// key's index (`INDEXED BY`), so its rows come in the order of their first column and the look-ups in that
    /// column's table go through it in order (in rowid order, the order rows were inserted, they go at random,
    /// several times slower); each of its two key columns looked up once in its table (`LEFT JOIN`, so that a
    /// key naming no row still counts among all keys); and, per key, the four counts restricted by `CASE` to
    /// the rows whose owner is of exactly its entity.
    private func joinTallies(
        _ join: StoreLayout.JoinTable, keys: [LinkKey], in store: PersistentStore, layout: StoreLayout, exact: Set<Int>, inexact: Set<Int>
    ) throws(StoreFailure) -> [LinkTally] {
        let model = layout.model
        var aliases: [String: String] = [:]  // key column → alias of the row it names
        var lookups: [SQLFragment] = []
        var columns: [SQLFragment] = []
        func alias(of column: String, table: String) -> String {
            if let known = aliases[column] { return known }
            let name = "t\(aliases.count)"
            aliases[column] = name
            lookups.append(SQL.rowNamed(by: column, of: "j", in: table, as: name))
            return name
        }
        for key in keys {
            guard let described = model.entity(named: key.entity), let number = layout.entityNumbers[key.entity],
                let declared = model.allRelationships(of: described).first(where: { $0.name == key.relationship }),
                let destinationName = declared.destinationEntity, let table = layout.table(for: key.entity),
                let targetTable = layout.table(for: destinationName)
            else { return [] }
            let declaring = model.declaringEntity(ofProperty: key.relationship, in: described)?.name ?? key.entity
            let (own, other) = join.keyColumns(from: declaring, relationship: key.relationship)
            let owner = alias(of: own, table: table.name)
            let target = alias(of: other, table: targetTable.name)
            columns += SQL.linkTallies(owner: (owner, number), target: target, exact: exact.sorted(), inexact: inexact.sorted())
        }
        let select = SQL.joined(columns, separator: .comma)
        let index = try store.primaryKeyIndex(table: join.name)
        let row =
            try store.database.rows(
                """
                SELECT \(SQL.joined([select], separator: .comma).text) FROM \(SQL.quote(join.name)) j\(SQL.indexedBy(index)) \
                \(SQL.joined(lookups, separator: .space).text)
                """, select.arguments
            ).first ?? []
        func value(_ index: Int) -> Int { index < row.count ? row[index].int : 0 }
        return keys.indices.map {
            LinkTally(all: value(4 * $0), existing: value(4 * $0 + 1), exact: value(4 * $0 + 2), inexact: value(4 * $0 + 3))
        }
    }

    /// The links of `relationship` held by the objects of exactly `entity`, kept in a key column, counted in one
    /// statement: one scan of the table holding the keys, the owner and the target each found by its `Z_PK`
    /// (the rowid, so one B-tree step per link; a Core Data table's `Z_PK` is its `INTEGER PRIMARY KEY`, and
    /// `SourceSoundness` refuses a source whose `Z_PK`s repeat). A join table's links are `joinTallies`'.
    func links(in store: PersistentStore, layout: StoreLayout, entity: String, relationship: String, exact: Set<Int>, inexact: Set<Int>)
        throws(StoreFailure) -> LinkTally
    {
        let model = layout.model
        guard let described = model.entity(named: entity), let number = layout.entityNumbers[entity],
            let declared = model.allRelationships(of: described).first(where: { $0.name == relationship }),
            let destinationName = declared.destinationEntity, let table = layout.table(for: entity),
            let targetTable = layout.table(for: destinationName)
        else { return LinkTally() }
        let declaring = model.declaringEntity(ofProperty: relationship, in: described)?.name ?? entity
        let owner: [SQLiteValue] = [.integer(Int64(number))]
        let rows: [[SQLiteValue]]
        if !declared.isToMany {
            guard let column = layout.column(entity: entity, property: relationship) else { return LinkTally() }
            let tallies = SQL.joined(
                SQL.linkTallies(owner: nil, target: "d", exact: exact.sorted(), inexact: inexact.sorted()), separator: .comma)
            rows = try store.database.rows(
                """
                SELECT \(SQL.joined([tallies], separator: .comma).text) FROM \(SQL.quote(table.name)) o \
                \(SQL.joined([SQL.rowNamed(by: column.name, of: "o", in: targetTable.name, as: "d")], separator: .space).text) \
                WHERE o.Z_ENT = ? AND \(SQL.column(column.name, of: "o")) IS NOT NULL
                """, tallies.arguments + owner)
        } else if let (holder, name) = layout.storingToOne(of: declaring, relationship: relationship),
            let column = targetTable.column(entity: holder, property: name)
        {
            // The target rows hold the owner's key: each row is a link, its target the row itself.
            let tallies = SQL.joined(
                SQL.linkTallies(owner: nil, target: "r", exact: exact.sorted(), inexact: inexact.sorted()), separator: .comma)
            rows = try store.database.rows(
                """
                SELECT \(SQL.joined([tallies], separator: .comma).text) FROM \(SQL.quote(targetTable.name)) r \
                JOIN \(SQL.quote(table.name)) o ON o.Z_PK = \(SQL.column(column.name, of: "r")) WHERE o.Z_ENT = ?
                """, tallies.arguments + owner)
        } else {
            return LinkTally()
        }
        let row = rows.first ?? []
        func value(_ index: Int) -> Int { index < row.count ? row[index].int : 0 }
        return LinkTally(all: value(0), existing: value(1), exact: value(2), inexact: value(3))
    }
}
