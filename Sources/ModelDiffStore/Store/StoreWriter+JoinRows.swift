@_spi(CLI) import ModelDiffKit

/// Many-to-many links: join-table rows written from one side, keeping both sides' orders.
extension StoreWriter {
    /// One side of a many-to-many's join table: its key columns and order columns seen from there.
    struct JoinSide {
        let table: String
        let mine: String
        let theirs: String
        let myOrder: String?
        let theirOrder: String?

        init(_ join: StoreLayout.JoinTable, entity: String, relationship: String) {
            table = join.name
            (mine, theirs) = join.keyColumns(from: entity, relationship: relationship)
            myOrder = join.orderColumns.first { $0.relationship == relationship }?.column
            theirOrder = join.orderColumns.first { $0.relationship != relationship }?.column
        }
    }

    /// Join-table rows from `object` to `destinations`.
    ///
    /// A migration's stage 3 sets each side of a many-to-many from that side's own relationship
    /// mapping, as Core Data does (`createRelationshipsForDestinationInstance` sets the ordered set
    /// the mapping gives): the side mapped first writes the rows, appending itself to the end of each
    /// destination's list; the other side then finds its rows there. So a row that exists already
    /// gets this side's order key (an upsert) instead of keeping the appended one, and each side's
    /// order is its own mapping's. The inverse side's key is written for new rows only; when the
    /// inverse has no mapping, it stays appended in the order this side visited its objects.
    func link(_ object: ObjectID, to destinations: [ObjectID], through side: JoinSide) throws(StoreFailure) {
        let columns = [side.mine, side.theirs] + [side.myOrder, side.theirOrder].compactMap { $0 }
        let statement = try cachedStatement(
            side.myOrder.map {
                "INSERT INTO \(SQL.quote(side.table)) (\(SQL.quote(columns))) VALUES (\(SQL.parameters(columns.count)))"
                    + " ON CONFLICT (\(SQL.quote([side.mine, side.theirs]))) DO UPDATE SET \(SQL.quote($0)) = excluded.\(SQL.quote($0))"
            } ?? "INSERT OR IGNORE INTO \(SQL.quote(side.table)) (\(SQL.quote(columns))) VALUES (\(SQL.parameters(columns.count)))")
        var next = try side.myOrder.map { (column) throws(StoreFailure) in
            try firstOrderKey(in: side, column: column, owner: object, placing: Set(destinations.map(\.primaryKey)))
        }
        var linked = Set<Int64>()
        // An object listed twice keeps its first place, as in an ordered set.
        for destination in destinations where linked.insert(destination.primaryKey).inserted {
            var values: [SQLiteValue] = [.integer(object.primaryKey), .integer(destination.primaryKey)]
            if let key = next {
                values.append(.integer(key))
                next = key + Self.orderKeyStep
            }
            // The inverse is ordered too: a new row puts `object` at the end of the destination's list.
            if let theirOrder = side.theirOrder {
                values.append(
                    .integer(
                        try nextOrderKey(
                            "SELECT MAX(\(SQL.quote(theirOrder))) FROM \(SQL.quote(side.table)) WHERE \(SQL.quote(side.theirs)) = ?",
                            owner: destination)))
            }
            try statement.run(values)
        }
    }

    /// The first order key for the objects `addToMany` places in `owner`'s list: after the largest
    /// key of the objects it holds that are not among them (2048 when there are none). The keys the
    /// placed objects hold (appended by the inverse side) do not count: they are handed out again.
    private func firstOrderKey(in side: JoinSide, column: String, owner: ObjectID, placing: Set<Int64>) throws(StoreFailure) -> Int64 {
        let statement = try cachedStatement(
            "SELECT \(SQL.quote([side.theirs, column])) FROM \(SQL.quote(side.table)) WHERE \(SQL.quote(side.mine)) = ?")
        try statement.bind([.integer(owner.primaryKey)])
        var largest = Self.orderKeyStep
        while try statement.step() {
            guard case .integer(let held) = statement.value(at: 0), !placing.contains(held), case .integer(let key) = statement.value(at: 1)
            else { continue }
            largest = max(largest, key)
        }
        return largest + Self.orderKeyStep
    }
}
