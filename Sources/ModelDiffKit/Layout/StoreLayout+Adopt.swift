extension StoreLayout {
    /// The layout with each join table under the name the store really uses.
    ///
    /// A store written by a framework that walked an entity's keys in another order than
    /// `ManyToManyNaming` has a pair's table under the other side's name. No Apple-written store checked
    /// has one (Wire's 80, CareKit's `SampleStore2.1`, the fixtures: docs/STORE.md, "Pairs on one
    /// entity"), but reading such a store under its own name costs nothing and loses nothing, where
    /// refusing it would. Pairs whose table is under neither name keep the computed one (`store verify`
    /// then reports the missing table).
    package func adopting(storeTables: Set<String>) -> StoreLayout {
        var renamed: [String: JoinTable] = [:]
        for join in joinTables where !storeTables.contains(join.name) {
            let other = join.swapped(entityNumber: entityNumbers[join.inverse.entity] ?? 0)
            if storeTables.contains(other.name) { renamed[join.name] = other }
        }
        guard !renamed.isEmpty else { return self }
        return StoreLayout(
            entityNumbers: entityNumbers, orderedEntities: orderedEntities, tables: tables,
            joinTables: joinTables.map { renamed[$0.name] ?? $0 }, virtualToOnes: virtualToOnes, indexes: indexes, model: model)
    }
}

extension StoreLayout {
    /// One line for each join table `adopted` (this layout adopted by a store) holds under the other
    /// side's name than this layout gives it: Core Data, which walks as this layout does, would look for
    /// the other name and find no table.
    package func renamedJoinTables(in adopted: StoreLayout) -> [String] {
        // `adopting` keeps the order of the join tables: a pair whose names differ was adopted.
        zip(joinTables, adopted.joinTables).filter { $0.name != $1.name }.map { ours, stored in
            "join table \(stored.name) of \(ours.relationship.entity).\(ours.relationship.name) / "
                + "\(ours.inverse.entity).\(ours.inverse.name) is under the other side's name: Core Data names it "
                + "\(ours.name) and would not find it there (docs/STORE.md, \"Pairs on one entity\"); read under the store's name"
        }
    }
}

extension StoreLayout.JoinTable {
    /// The same pair, named after the other side (`Z_<n><INVERSE>`); the key columns keep their names.
    func swapped(entityNumber: Int) -> StoreLayout.JoinTable {
        StoreLayout.JoinTable(
            name: "Z_\(entityNumber)\(inverse.name.uppercased())", relationship: inverse, inverse: relationship,
            sourceColumn: destinationColumn, destinationColumn: sourceColumn, orderColumns: orderColumns.reversed())
    }
}
