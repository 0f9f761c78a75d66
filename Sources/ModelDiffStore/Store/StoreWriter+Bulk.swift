@_spi(CLI) import ModelDiffKit

/// Writes for callers that link many objects at once (a migration's relationship stage): the
/// statement is worked out once, and each link binds two or three integers and steps (join-table
/// links are batched, see `StoreWriter.LinkBatch`).
extension StoreWriter {
    /// Sets a to-one with a plan from `toOnePlan(entity:relationship:)`; the same as `setToOne`
    /// with that entity and relationship, without its per-call lookups when the relationship has
    /// neither an order key nor a one-to-one inverse to keep up.
    func setToOne(_ object: ObjectID, to destination: ObjectID?, using plan: ToOneWrite, entity: String) throws(StoreFailure) {
        guard plan.orderColumn == nil, plan.oneToOneInverse == nil else {
            // That `setToOne` checks the destination (`requireAccepted`) with the same plan.
            try setToOne(object, entity: entity, relationship: plan.declared.name, to: destination)
            return
        }
        try requireAccepted(destination, by: plan, entity: entity)
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
}
