@_spi(CLI) import ModelDiffKit

/// Relationships: to-one columns, one-to-one pairs, foreign-key to-manys and join tables, order keys.
extension StoreWriter {
    /// Order keys Core Data hands out in an ordered relationship: the first is 2048, then steps of
    /// 1024 (every ordered list in the Apple stores of ../shared/fixtures reads 2048, 3072, 4096 …).
    static let orderKeyStep: Int64 = 1024

    /// Sets a to-one relationship of `object` (declared by `entity` or an ancestor).
    ///
    /// `orderKey` fills `Z_FOK_<NAME>` when the inverse is an ordered to-many; without one, the
    /// object is appended to the end of the destination's list. For a one-to-one, the inverse side
    /// is set too, and objects that pointed at either side before are cleared, so each pair stays
    /// mutual as Core Data keeps it.
    public func setToOne(_ object: ObjectID, entity: String, relationship: String, to destination: ObjectID?, orderKey: Int64? = nil)
        throws(StoreFailure)
    {
        let plan = try toOnePlan(entity: entity, relationship: relationship)
        try requireAccepted(destination, by: plan, entity: entity)
        if let inverse = plan.oneToOneInverse, !updatingInverse {
            try clearOneToOnePartners(
                object, table: plan.table, column: plan.keyColumn, declaring: plan.declaring, inverse: inverse, of: plan.declared,
                destination: destination)
        }
        var order = orderKey
        if order == nil, let destination, let fok = plan.orderColumn {
            order = try nextOrderKey(
                "SELECT MAX(\(SQL.quote(fok))) FROM \(SQL.quote(plan.table.name)) WHERE \(SQL.quote(plan.keyColumn)) = ?",
                owner: destination)
        }
        var values: [SQLiteValue] = []
        values.reserveCapacity(plan.kinds.count + 2)
        for kind in plan.kinds {
            switch kind {
            case .toOne: values.append(destination.map { .integer($0.primaryKey) } ?? .null)
            case .toOneEntity: values.append(destination.map { .integer(Int64($0.entity)) } ?? .null)
            default: values.append(destination == nil ? .null : order.map { .integer($0) } ?? .null)
            }
        }
        values += [.integer(plan.existingMax), .integer(object.primaryKey)]
        try plan.statement.run(values)
        try requireChanged(object, entity: entity)
        // A one-to-one keeps a column on both sides: set the inverse too (once, not back again).
        if let inverse = plan.oneToOneInverse, let destination, !updatingInverse, let destinationName = entityNames[destination.entity] {
            updatingInverse = true
            defer { updatingInverse = false }
            try setToOne(destination, entity: destinationName, relationship: inverse.name, to: object)
        }
    }

    /// What setting `entity.relationship` needs, worked out on first use: model lookups and the
    /// prepared UPDATE are then one dictionary lookup per call.
    func toOnePlan(entity: String, relationship: String) throws(StoreFailure) -> ToOneWrite {
        let key = PropertyKey(entity: entity, property: relationship)
        if let plan = toOnePlans[key] { return plan }
        let model = layout.model
        // A to-one of the model, or the virtual one storing a to-many without an inverse.
        guard let (declaringName, declared) = layout.toOne(relationship, of: entity), !declared.isToMany,
            let declaring = model.entity(named: declaringName), let table = layout.table(for: entity)
        else {
            throw .input(Diagnostic(path: store.path, message: "no to-one relationship \(entity).\(relationship) in the destination model"))
        }
        let columns = table.columns.filter { column in
            switch column.kind {
            case .toOne(declaring.name, relationship), .toOneEntity(declaring.name, relationship), .orderKey(declaring.name, relationship):
                true
            default: false
            }
        }
        guard let keyColumn = table.column(entity: declaring.name, property: relationship) else {
            throw .input(Diagnostic(path: store.path, message: "\(entity).\(relationship) has no column"))
        }
        let inverse = StoreLayout.inverse(of: declared, in: declaring, model: model)
        let statement = try store.database.prepare(
            "UPDATE \(SQL.quote(table.name)) SET \(SQL.assignments(columns.map(\.name))), \(SQL.optimisticLockBump()) WHERE Z_PK = ?")
        let plan = ToOneWrite(
            table: table, declaring: declaring.name, declared: declared, keyColumn: keyColumn.name,
            orderColumn: table.column(entity: declaring.name, property: relationship, role: .orderKey)?.name,
            kinds: columns.map(\.kind), columns: columns.map(\.name), oneToOneInverse: inverse.flatMap { $0.isToMany ? nil : $0 },
            existingMax: existingMax[table.rootEntity] ?? 0, statement: statement,
            accepted: declared.destinationEntity.flatMap { model.entity(named: $0) == nil ? nil : $0 }.map {
                Set(layout.entityAndSubentities($0).compactMap { layout.entityNumbers[$0] })
            })
        toOnePlans[key] = plan
        return plan
    }

    /// Core Data's refusal of `destination` as the value of the to-one `plan` writes on an object of `entity`, nil
    /// when the to-one takes it: an object of the relationship's destination entity or one of its sub-entities.
    /// Core Data's setter raises for any other (NSInvalidArgumentException, "Unacceptable type of value for to-one
    /// relationship: property = "task"; desired type = …; given type = …"): a mapping whose expression gives the
    /// objects of another entity mapping (CareKit 2.0 → 2.1's `OCKCDHealthKitLinkage.task`, whose destination
    /// became `OCKCDHealthKitTask`, a sibling of `OCKCDTask`, while its expression still names the `OCKCDTask`
    /// mapping) fails there.
    func unacceptable(_ destination: ObjectID?, by plan: ToOneWrite, entity: String) -> String? {
        guard let destination, let accepted = plan.accepted, !accepted.contains(destination.entity) else { return nil }
        let desired = plan.declared.destinationEntity ?? "?"
        let given = entityNames[destination.entity] ?? "entity \(destination.entity)"
        return "\(entity).\(plan.declared.name) takes a \(desired) in the destination model, and the mapping gives it a \(given) "
            + "(Core Data: Unacceptable type of value for to-one relationship: property = \"\(plan.declared.name)\"; "
            + "desired type = \(desired); given type = \(given))"
    }

    /// Throws `unacceptable`'s refusal, naming the store (a migration names the mapping first: `MigrationManager`).
    func requireAccepted(_ destination: ObjectID?, by plan: ToOneWrite, entity: String) throws(StoreFailure) {
        if let message = unacceptable(destination, by: plan, entity: entity) {
            throw .input(Diagnostic(path: store.path, message: message))
        }
    }

    /// Before `object.relationship` becomes `destination`: whoever pointed at `object` through the
    /// inverse (its old partner) and whoever pointed at `destination` through `relationship` let go.
    private func clearOneToOnePartners(
        _ object: ObjectID, table: StoreLayout.Table, column: String, declaring: String, inverse: Relationship, of declared: Relationship,
        destination: ObjectID?
    ) throws(StoreFailure) {
        guard let inverseOwner = declared.destinationEntity.flatMap(layout.model.entity(named:)),
            let inverseDeclaring = layout.model.declaringEntity(ofProperty: inverse.name, in: inverseOwner),
            let inverseTable = layout.table(for: inverseDeclaring.name),
            let inverseColumn = inverseTable.column(entity: inverseDeclaring.name, property: inverse.name)
        else { return }
        try clear(
            inverseTable, column: inverseColumn.name, entity: inverseDeclaring.name, relationship: inverse.name,
            pointingAt: object, except: destination)
        if let destination {
            try clear(table, column: column, entity: declaring, relationship: declared.name, pointingAt: destination, except: object)
        }
    }

    /// Nulls a to-one (and its entity column) in every row of `table` pointing at `target`, but `except`.
    private func clear(
        _ table: StoreLayout.Table, column: String, entity: String, relationship: String, pointingAt target: ObjectID, except: ObjectID?
    ) throws(StoreFailure) {
        let entityColumns = table.column(entity: entity, property: relationship, role: .entityNumber).map { [$0.name] } ?? []
        let statement = try cachedStatement(
            """
            UPDATE \(SQL.quote(table.name)) SET \(SQL.quote(column)) = NULL\(SQL.nullAssignments(entityColumns)), \(SQL.optimisticLockBump()) \
            WHERE \(SQL.quote(column)) = ? AND Z_PK <> ?
            """
        )
        try statement.run([.integer(existingMax[table.rootEntity] ?? 0), .integer(target.primaryKey), .integer(except?.primaryKey ?? -1)])
    }

    /// Links `object` to `destinations` through a to-many relationship (appending to what it holds),
    /// maintaining the inverse side: the inverse's foreign key, or a join-table row for a many-to-many.
    ///
    /// In an ordered relationship, `destinations` end up last in `object`'s list, in their given
    /// order (as `NSMutableOrderedSet` removing them, then adding them): the objects it already
    /// held stay first. A many-to-many's inverse side is also kept, see `link(_:to:through:)`.
    public func addToMany(_ object: ObjectID, entity: String, relationship: String, destinations: [ObjectID]) throws(StoreFailure) {
        let model = layout.model
        guard let owner = model.entity(named: entity), let declaring = model.declaringEntity(ofProperty: relationship, in: owner),
            let declared = declaring.relationships.first(where: { $0.name == relationship }), declared.isToMany
        else {
            throw .input(
                Diagnostic(path: store.path, message: "no to-many relationship \(entity).\(relationship) in the destination model"))
        }
        guard !destinations.isEmpty else { return }
        if let join = layout.joinTable(entity: declaring.name, relationship: relationship) {
            let side = JoinSide(join, entity: declaring.name, relationship: relationship)
            try link(object, to: destinations, through: side)
            // Its own inverse: each destination's list holds `object` too, a row the other way.
            if join.inverse == join.relationship {
                for destination in destinations where destination != object { try link(destination, to: [object], through: side) }
            }
            return
        }
        // Stored by each destination's to-one: the inverse, or the virtual one of a to-many without an inverse.
        guard let destinationName = declared.destinationEntity,
            let (inverseDeclaring, inverseName) = layout.storingToOne(of: declaring.name, relationship: relationship)
        else {
            throw .input(Diagnostic(path: store.path, message: "\(entity).\(relationship) has no storage in the store layout"))
        }
        var next: Int64?
        if declared.isOrdered, let table = layout.table(for: destinationName),
            let fok = table.column(entity: inverseDeclaring, property: inverseName, role: .orderKey),
            let key = table.column(entity: inverseDeclaring, property: inverseName)
        {
            next = try nextOrderKey(
                "SELECT MAX(\(SQL.quote(fok.name))) FROM \(SQL.quote(table.name)) WHERE \(SQL.quote(key.name)) = ?", owner: object)
        }
        let names = Dictionary(uniqueKeysWithValues: layout.entityNumbers.map { ($1, $0) })
        for destination in destinations {
            try setToOne(
                destination, entity: names[destination.entity] ?? destinationName, relationship: inverseName, to: object, orderKey: next)
            next = next.map { $0 + Self.orderKeyStep }
        }
    }

    /// The order key after the largest one `owner`'s list holds (2048 for an empty list).
    func nextOrderKey(_ sql: String, owner: ObjectID) throws(StoreFailure) -> Int64 {
        let statement = try cachedStatement(sql)
        try statement.bind([.integer(owner.primaryKey)])
        var largest = Self.orderKeyStep
        // Step to the end so the statement does not keep a read open.
        while try statement.step() {
            if case .integer(let value) = statement.value(at: 0) { largest = value }
        }
        return largest + Self.orderKeyStep
    }
}
