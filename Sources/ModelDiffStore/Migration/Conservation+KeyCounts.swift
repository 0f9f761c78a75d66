@_spi(CLI) import ModelDiffKit

/// Links counted from the keys their columns hold, without looking any key up, where another check
/// already proves what a look-up would find (docs/STORE.md, *What migrate checks before it reports success*).
extension Conservation {
    /// How the links of a store are counted.
    enum Counting {
        /// Every key looked up in its target's table (`links`, `joinTallies`): the three-stage path's output.
        case lookingUp
        /// A source that passed `SourceSoundness`, with the keys it counted in each key column, and the dangling
        /// ones among them, in the pass that looked each key up. Where the owner's and the target's tables each
        /// hold one entity, every row of them is an object of that entity (soundness reads a stray `Z_ENT` as the
        /// table's entity, `adopted`), so a key names an object of the target entity exactly when it names a
        /// row: the keys less the dangling ones are the links naming an object, and the target's entity says
        /// whether the mapping carries them.
        case sound(dangling: [SourceSoundness.KeyColumn: SourceSoundness.KeyCounts])
        /// The SQL fast path's output. Its keys are the source's, copied unchanged by `INSERT … SELECT`, with
        /// a dangling to-one copied as NULL and a join row naming no row left out (`SQLFastPath.plan`'s
        /// `nullifying`, from the same `SourceSoundness` counts); the plan copies a key only where every object
        /// of its target's entity is carried, under its `Z_PK`, and the object counts (`copied`, checked with
        /// the links) confirm that every one was. So every key of the output names an object: the keys held
        /// by the owner's rows are its links. A link lost or added by the copy still changes that count.
        case copied
    }

    /// What a relationship's links are counted from without a look-up.
    struct Shortcut {
        enum Kind {
            /// A source's key column as `SourceSoundness` counted it. `danglingAreLinks`: a key naming no row counts
            /// among every key (a to-one in its owner's rows), or not (a to-many stored in its targets' rows: such
            /// a key has no owner).
            case counted(SourceSoundness.KeyCounts, danglingAreLinks: Bool)
            /// A source's join table, each row naming the owner in one column and the target in the other, both
            /// columns as `SourceSoundness` counted them.
            case join(table: String, own: SourceSoundness.KeyCounts, other: SourceSoundness.KeyCounts)
            /// The keys of `column` in the output's `table`; with `entity`, in the rows of that `Z_ENT` only.
            case column(table: String, column: String, entity: Int?)
            /// The rows of the output's join table `table` holding both keys.
            case pairs(table: String, String, String)
        }
        let kind: Kind
        /// The entity number of every object a key names, in a source (nil for the fast path's output).
        let target: Int?

        /// The counts it needs from `PersistentStore.keyCounts`, by table.
        var counts: [(table: String, count: PersistentStore.KeyCount)] {
            switch kind {
            case .counted: []
            case .join(let table, _, _): [(table, .rows)]
            case .column(let table, let column, let entity): [(table, .keys(column, entity: entity))]
            case .pairs(let table, let a, let b): [(table, .pairs(min(a, b), max(a, b)))]
            }
        }

        /// The tally from those counts; nil when they cannot say (both columns of a join table hold keys naming
        /// no row, so which rows name two objects is unknown without a look-up).
        func tally(_ counted: [String: [PersistentStore.KeyCount: Int]], exact: Set<Int>, inexact: Set<Int>) -> LinkTally? {
            func named(_ existing: Int) -> LinkTally {
                LinkTally(
                    all: existing, existing: existing, exact: target.map(exact.contains) == true ? existing : 0,
                    inexact: target.map(inexact.contains) == true ? existing : 0)
            }
            switch kind {
            case .counted(let keys, let danglingAreLinks):
                var tally = named(keys.keys - keys.dangling)
                if danglingAreLinks { tally.all = keys.keys }
                return tally
            case .join(let table, let own, let other):
                let rows = counted[table]?[.rows] ?? 0
                let owned = own.keys - own.dangling
                let reached = other.keys - other.dangling
                // The rows naming two objects: all those naming a target when every row names its owner, and the reverse.
                let both: Int
                if owned == rows {
                    both = reached
                } else if reached == rows {
                    both = owned
                } else {
                    return nil
                }
                var tally = named(both)
                tally.all = owned
                return tally
            case .column(let table, let column, let entity): return named(counted[table]?[.keys(column, entity: entity)] ?? 0)
            case .pairs(let table, let a, let b): return named(counted[table]?[.pairs(min(a, b), max(a, b))] ?? 0)
            }
        }
    }

    /// The entity number of the one entity `table` holds; nil when it holds several.
    private func onlyEntity(of table: StoreLayout.Table, layout: StoreLayout) -> Int? {
        table.entities.count == 1 ? layout.entityNumbers[table.entities[0]] : nil
    }

    /// How `key`'s links, kept in a key column, can be counted without a look-up; nil when they cannot.
    func shortcut(of key: LinkKey, layout: StoreLayout, counting: Counting) -> Shortcut? {
        let model = layout.model
        let dangling: [SourceSoundness.KeyColumn: SourceSoundness.KeyCounts]
        switch counting {
        case .lookingUp: return nil
        case .sound(let counted): dangling = counted
        case .copied: dangling = [:]
        }
        guard let described = model.entity(named: key.entity), let number = layout.entityNumbers[key.entity],
            let declared = model.allRelationships(of: described).first(where: { $0.name == key.relationship }),
            let destinationName = declared.destinationEntity, let table = layout.table(for: key.entity),
            let targetTable = layout.table(for: destinationName)
        else { return nil }
        let ownerAlone = onlyEntity(of: table, layout: layout) != nil
        let target = onlyEntity(of: targetTable, layout: layout)
        if !declared.isToMany {
            guard let column = layout.column(entity: key.entity, property: key.relationship) else { return nil }
            if case .copied = counting {
                return Shortcut(kind: .column(table: table.name, column: column.name, entity: ownerAlone ? nil : number), target: nil)
            }
            guard ownerAlone, let target, let keys = dangling[.init(table: table.name, column: column.name, target: targetTable.name)]
            else { return nil }
            return Shortcut(kind: .counted(keys, danglingAreLinks: true), target: target)
        }
        let declaring = model.declaringEntity(ofProperty: key.relationship, in: described)?.name ?? key.entity
        // The target rows hold the owner's key (the inverse's or the virtual to-one's column): owners counted only when
        // their table holds their entity alone.
        guard ownerAlone, let (holder, name) = layout.storingToOne(of: declaring, relationship: key.relationship),
            let column = targetTable.column(entity: holder, property: name)
        else { return nil }
        if case .copied = counting {
            return Shortcut(kind: .column(table: targetTable.name, column: column.name, entity: nil), target: nil)
        }
        guard let target, let keys = dangling[.init(table: targetTable.name, column: column.name, target: table.name)] else { return nil }
        return Shortcut(kind: .counted(keys, danglingAreLinks: false), target: target)
    }

    /// How `key`'s links, kept in `join`, can be counted without a look-up; nil when they cannot.
    func joinShortcut(of key: LinkKey, in join: StoreLayout.JoinTable, layout: StoreLayout, counting: Counting) -> Shortcut? {
        let model = layout.model
        guard let described = model.entity(named: key.entity),
            let declared = model.allRelationships(of: described).first(where: { $0.name == key.relationship }),
            let destinationName = declared.destinationEntity, let table = layout.table(for: key.entity),
            let targetTable = layout.table(for: destinationName), onlyEntity(of: table, layout: layout) != nil
        else { return nil }
        let declaring = model.declaringEntity(ofProperty: key.relationship, in: described)?.name ?? key.entity
        let (own, other) = join.keyColumns(from: declaring, relationship: key.relationship)
        switch counting {
        case .lookingUp: return nil
        case .copied: return Shortcut(kind: .pairs(table: join.name, own, other), target: nil)
        case .sound(let dangling):
            guard let target = onlyEntity(of: targetTable, layout: layout),
                let owners = dangling[.init(table: join.name, column: own, target: table.name)],
                let targets = dangling[.init(table: join.name, column: other, target: targetTable.name)]
            else { return nil }
            return Shortcut(kind: .join(table: join.name, own: owners, other: targets), target: target)
        }
    }

    /// Every count `shortcuts` need, by table: one statement per table.
    func keyCounts(_ shortcuts: some Sequence<Shortcut>, in store: PersistentStore) throws(StoreFailure)
        -> [String: [PersistentStore.KeyCount: Int]]
    {
        var needed: [String: [PersistentStore.KeyCount]] = [:]
        var order: [String] = []
        for shortcut in shortcuts {
            for (table, count) in shortcut.counts where needed[table]?.contains(count) != true {
                if needed[table] == nil { order.append(table) }
                needed[table, default: []].append(count)
            }
        }
        var result: [String: [PersistentStore.KeyCount: Int]] = [:]
        for table in order.sorted() {
            let counts = needed[table] ?? []
            result[table] = Dictionary(zip(counts, try store.keyCounts(in: table, counts)), uniquingKeysWith: { a, _ in a })
        }
        return result
    }
}
