extension StoreLayout {
    /// The layout with each join table under the name the store really uses.
    ///
    /// Apple's stores have a pair's table under the other side's name where the framework that wrote them
    /// walked the entity's keys in another order than `ManyToManyNaming` does (docs/STORE.md, "CareKit's
    /// next / previous"): Wire's stores of 2.89 to 2.95 have `Z_25TRUSTEDCLIENTS` where the walk names
    /// `Z_25TRUSTEDBYCLIENTS` (the in-place migration to 2.96 renamed it, so those frameworks named it so),
    /// CareKit's `SampleStore2.1.sqlite` `Z_1PREVIOUS` where it names `Z_1NEXT`. A store is read under
    /// its own name. Pairs whose table is under neither name keep the computed one (`store verify` then
    /// reports the missing table).
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

extension StoreLayout.JoinTable {
    /// The same pair, named after the other side (`Z_<n><INVERSE>`); the key columns keep their names.
    func swapped(entityNumber: Int) -> StoreLayout.JoinTable {
        StoreLayout.JoinTable(
            name: "Z_\(entityNumber)\(inverse.name.uppercased())", relationship: inverse, inverse: relationship,
            sourceColumn: destinationColumn, destinationColumn: sourceColumn, orderColumns: orderColumns.reversed())
    }
}
