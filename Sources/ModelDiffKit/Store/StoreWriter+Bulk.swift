/// Writes for callers that link many objects at once (a migration's relationship stage): the
/// statement is worked out once, and each link binds two or three integers and steps.
extension StoreWriter {
    /// Sets a to-one with a plan from `toOnePlan(entity:relationship:)`; the same as `setToOne`
    /// with that entity and relationship, without its per-call lookups when the relationship has
    /// neither an order key nor a one-to-one inverse to keep up.
    func setToOne(_ object: ObjectID, to destination: ObjectID?, using plan: ToOneWrite, entity: String) throws {
        guard plan.orderColumn == nil, plan.oneToOneInverse == nil else {
            try setToOne(object, entity: entity, relationship: plan.declared.name, to: destination)
            return
        }
        let statement = plan.statement
        statement.reset()
        for (index, kind) in plan.kinds.enumerated() {
            switch kind {
            case .toOneEntity: statement.bind(integer: destination.map { Int64($0.entity) }, at: index + 1)
            default: statement.bind(integer: destination?.primaryKey, at: index + 1)
            }
        }
        statement.bind(integer: plan.existingMax, at: plan.kinds.count + 1)
        statement.bind(integer: object.primaryKey, at: plan.kinds.count + 2)
        try statement.execute()
        try requireChanged(object, entity: entity)
    }

    /// The INSERT that links two objects through the join table of `entity.relationship` (declared
    /// there), taking (the object's key, the destination's key); nil when a side is ordered, as
    /// order keys need `addToMany`.
    func joinInsert(entity declaring: String, relationship: String) throws -> SQLiteStatement? {
        guard let join = layout.joinTable(entity: declaring, relationship: relationship), join.orderColumns.isEmpty else { return nil }
        let isNamedSide = join.relationship.entity == declaring && join.relationship.name == relationship
        let columns = isNamedSide ? [join.sourceColumn, join.destinationColumn] : [join.destinationColumn, join.sourceColumn]
        // The same key and SQL `addToMany` uses, so both share one prepared statement.
        return try cachedStatement("join.\(join.name).\(relationship)",
            "INSERT OR IGNORE INTO \(join.name) (\(columns.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))")
    }

    /// Runs a join insert from `joinInsert` for one link.
    func link(_ object: Int64, to destination: Int64, with statement: SQLiteStatement) throws {
        statement.reset()
        statement.bind(integer: object, at: 1)
        statement.bind(integer: destination, at: 2)
        try statement.execute()
    }
}
