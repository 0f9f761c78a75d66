/// How Core Data names the columns of a hierarchy's table.
///
/// Evidence (the 82 Apple-written stores of `../shared/models/wire-ios-data-model` and the fixtures,
/// see docs/STORE.md): sibling sub-entities that declare a property of the same name share one table,
/// so Core Data numbers the later ones: `AssetClientMessage.delivered` (entity 11) is `ZDELIVERED`,
/// `ClientMessage.delivered` (12) is `ZDELIVERED1`; `SystemMessage.text` (15) `ZTEXT`, `TextMessage.text`
/// (16) `ZTEXT1`. A third would be `…2`. Names are claimed root entities first, then sub-entities level
/// by level, each level in entity-number order. The join tables and their key columns are named by
/// `ManyToManyNaming`, which follows Core Data's own walk.
struct ColumnNames {
    private var columns: [String: [String: String]] = [:]
    private(set) var manyToManyPairs: [ManyToManyNaming.Pair] = []
    private let model: Model

    init(model: Model, ordered: [String], rootOf: [String: String], numbers: [String: Int]) {
        self.model = model
        let claimOrder = ordered.sorted { a, b in
            let (da, db) = (Self.depth(a, model), Self.depth(b, model))
            return da != db ? da < db : numbers[a, default: 0] < numbers[b, default: 0]
        }
        var taken: [String: Set<String>] = [:]
        for name in claimOrder {
            guard let entity = model.entity(named: name), let root = rootOf[name] else { continue }
            // Per entity in `_generateProperties`' walk: the attributes in the order their columns are
            // made (`StoreLayout+Build`), a Composite attribute's elements where it stands, each named
            // from the element's own name (`center.x` claims `ZX`), then the to-ones.
            let attributes = entity.attributes.filter { !$0.isTransient }.sorted {
                coreDataCompare($0.name.uppercased(), $1.name.uppercased())
            }
            let stored =
                CompositeElements.storedValues(of: attributes, in: model)
                + entity.relationships.filter { !$0.isTransient && !$0.isToMany }.map { ($0.name, $0.name) }
            for (property, base) in stored {
                columns[name, default: [:]][property] = Self.claim(columnName(base), in: &taken[root, default: []])
            }
        }
        manyToManyPairs = ManyToManyNaming.pairs(
            model: model, numbers: numbers, rootOf: rootOf,
            column: { [columns] entity, property in
                Self.column(in: columns, model: model, entity, property)
            })
    }

    /// The key column of a self-inverse to-many's join table holding the destinations: Core Data's
    /// `-[NSSQLManyToMany inverseColumnName]` answers `REFLEXIVE` when the relationship is its own
    /// inverse, and `inverseOrderColumnName` `FOK_REFLEXIVE` when it is ordered.
    static let reflexiveColumn = "REFLEXIVE"

    /// The column of `property` as `entity` sees it (declared by it or by an ancestor).
    func column(_ entity: String, _ property: String) -> String { Self.column(in: columns, model: model, entity, property) }

    private static func column(in columns: [String: [String: String]], model: Model, _ entity: String, _ property: String) -> String {
        guard let described = model.entity(named: entity) else { return columnName(property) }
        for ancestor in model.ancestry(of: described).reversed() {
            if let name = columns[ancestor.name]?[property] { return name }
        }
        return columnName(property)
    }

    /// `base`, or `base` with the first free number after it (`ZTEXT1`), marked as taken.
    private static func claim(_ base: String, in taken: inout Set<String>) -> String {
        var candidate = base
        var suffix = 0
        while taken.contains(candidate) {
            suffix += 1
            candidate = base + String(suffix)
        }
        taken.insert(candidate)
        return candidate
    }

    private static func depth(_ name: String, _ model: Model) -> Int {
        model.entity(named: name).map { model.ancestry(of: $0).count } ?? 0
    }
}
