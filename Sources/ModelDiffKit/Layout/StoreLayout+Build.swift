extension StoreLayout {
    /// Lays out `model` as Core Data would.
    public init(model: Model) {
        self.model = model
        // Children by parent and a loop over an explicit stack: a model may have many entities or a
        // deep hierarchy, and neither may cost quadratic time or one stack frame per level.
        let children = Dictionary(grouping: model.entities.filter { $0.parentEntity != nil }, by: { $0.parentEntity! })
            .mapValues { $0.sorted { coreDataCompare($0.name, $1.name) } }
        let roots = model.entities.filter { $0.parentEntity == nil }.sorted { coreDataCompare($0.name, $1.name) }
        var ordered: [String] = []
        var rootOf: [String: String] = [:]
        var stack = roots.reversed().map { ($0, $0.name) }
        while let (entity, root) = stack.popLast() {
            ordered.append(entity.name)
            rootOf[entity.name] = root
            stack += (children[entity.name] ?? []).reversed().map { ($0, root) }
        }
        let membersByRoot = Dictionary(grouping: ordered, by: { rootOf[$0]! })
        let numbers = Dictionary(uniqueKeysWithValues: ordered.enumerated().map { ($0.element, $0.offset + 1) })
        self.orderedEntities = ordered
        self.entityNumbers = numbers

        let names = ColumnNames(model: model, ordered: ordered, rootOf: rootOf, numbers: numbers)
        let virtuals = VirtualToOne.all(in: model, ordered: ordered, numbers: numbers)
        self.virtualToOnes = virtuals
        var tables: [Table] = []
        var indexes: [Index] = []
        var joins: [JoinTable] = []
        for root in roots {
            let members = membersByRoot[root.name] ?? []
            let tableName = ModelDiffKit.tableName(root: root.name, number: numbers[root.name] ?? 0)
            var columns = [
                Column(name: "Z_PK", sqlType: "INTEGER PRIMARY KEY", kind: .primaryKey),
                Column(name: "Z_ENT", sqlType: "INTEGER", kind: .entity),
                Column(name: "Z_OPT", sqlType: "INTEGER", kind: .optimisticLock),
            ]
            // Core Data creates the columns entity by entity (root first, then sub-entities in number
            // order): each entity's attributes by name, then its to-ones by name (each followed by its
            // `Z<n>_` entity column); the order keys of the hierarchy come last, each entity's in the
            // slot order of its property dictionary (`PropertyDictionaryOrder`). `CREATE TABLE` then
            // sorts them with a stable sort by column class (`StoreLayout.columnRank`), so within a
            // class the creation order stays.
            var created: [(rank: Int, column: Column)] = []
            var orderKeys: [Column] = []
            var toOneIndexes: [Index] = []
            for name in members {
                let entity = model.entity(named: name)!
                var entityOrderKeys: [Column] = []
                let attributes = entity.attributes.filter { !$0.isTransient }.sorted {
                    coreDataCompare($0.name.uppercased(), $1.name.uppercased())
                }
                for attribute in attributes {
                    // A Composite attribute has no column: its elements do, each of its own type, made where
                    // the walk reaches the composite (`CompositeElements`).
                    let stored =
                        attribute.type == .composite
                        ? CompositeElements.elements(of: attribute, in: model).map { ($0.keyPath, $0.attribute.type) }
                        : [(attribute.name, attribute.type)]
                    for (valueName, type) in stored {
                        created.append(
                            (
                                Self.columnRank(type),
                                Column(
                                    name: names.column(name, valueName), sqlType: StorageClass(type).sqlType,
                                    kind: .attribute(entity: name, name: valueName, type: type))
                            ))
                    }
                }
                for relationship in entity.relationships.filter({ !$0.isTransient && !$0.isToMany }).sorted(by: {
                    coreDataCompare($0.name.uppercased(), $1.name.uppercased())
                }) {
                    let column = names.column(name, relationship.name)
                    created.append((0, Column(name: column, sqlType: "INTEGER", kind: .toOne(entity: name, name: relationship.name))))
                    toOneIndexes.append(
                        Index(name: tableName + "_" + column + "_INDEX", table: tableName, columns: [(column, false)], kind: .key))
                    if let destination = relationship.destinationEntity.flatMap(model.entity(named:)),
                        children[destination.name] != nil
                    {
                        let number = numbers[destination.name] ?? 0
                        created.append(
                            (
                                0,
                                Column(
                                    name: "Z\(number)_\(column.dropFirst())", sqlType: "INTEGER",
                                    kind: .toOneEntity(entity: name, name: relationship.name))
                            ))
                    }
                    if let inverse = Self.inverse(of: relationship, in: entity, model: model), inverse.isToMany, inverse.isOrdered {
                        entityOrderKeys.append(
                            Column(
                                name: "Z_FOK_\(column.dropFirst())", sqlType: "INTEGER",
                                kind: .orderKey(entity: name, name: relationship.name)))
                    }
                }
                if entityOrderKeys.count > 1 {
                    let order = PropertyDictionaryOrder(
                        keys: PropertyDictionaryOrder.keys(
                            of: entity, in: model, column: { names.column($0, $1) },
                            entityColumn: { relationship, key in
                                guard let destination = relationship.destinationEntity, children[destination] != nil else { return nil }
                                return "Z\(numbers[destination] ?? 0)_\(key.dropFirst())"
                            }))
                    entityOrderKeys = entityOrderKeys.enumerated().sorted { a, b in
                        guard case .orderKey(_, let x) = a.element.kind, case .orderKey(_, let y) = b.element.kind else {
                            return a.offset < b.offset
                        }
                        return (order.position(of: x), a.offset) < (order.position(of: y), b.offset)
                    }.map(\.element)
                }
                orderKeys += entityOrderKeys
            }
            created += orderKeys.map { (0, $0) }
            // The virtual to-ones of to-manys without an inverse are added after every entity's own
            // properties (`_generateInverseRelationshipsAndMore` runs after `_generateProperties`):
            // key, entity column, order column, as `_addVirtualToOneForToMany:` adds them.
            for virtual in virtuals where members.contains(virtual.holder) {
                let name = virtual.toOne.name
                let column = columnName(name)
                created.append((0, Column(name: column, sqlType: "INTEGER", kind: .toOne(entity: virtual.holder, name: name))))
                toOneIndexes.append(
                    Index(name: tableName + "_" + column + "_INDEX", table: tableName, columns: [(column, false)], kind: .key))
                if children[virtual.owner] != nil {
                    created.append(
                        (
                            0,
                            Column(
                                name: "Z\(numbers[virtual.owner] ?? 0)_\(column.dropFirst())", sqlType: "INTEGER",
                                kind: .toOneEntity(entity: virtual.holder, name: name))
                        ))
                }
                if model.entity(named: virtual.owner)?.relationships.first(where: { $0.name == virtual.toMany })?.isOrdered == true {
                    created.append(
                        (
                            0,
                            Column(
                                name: "Z_FOK_\(column.dropFirst())", sqlType: "INTEGER", kind: .orderKey(entity: virtual.holder, name: name)
                            )
                        ))
                }
            }
            // A stable sort: Swift's `sort` is not guaranteed stable, so the creation index breaks ties.
            columns += created.enumerated().sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }.map(\.element.column)
            tables.append(Table(name: tableName, rootEntity: root.name, entities: members, columns: columns))
            indexes += toOneIndexes
            if members.count > 1 {
                indexes.append(Index(name: tableName + "_Z_ENT_INDEX", table: tableName, columns: [("Z_ENT", false)], kind: .key))
            }
            for name in members {
                let entity = model.entity(named: name)!
                for index in entity.fetchIndexes {
                    let elements = index.elements.compactMap { element in
                        element.property.map { (property: $0, descending: element.order == "descending", type: element.type) }
                    }
                    let parts = Self.fetchIndexColumns(elements, total: index.elements.count, of: entity, in: model) {
                        names.column(name, $0)
                    }
                    if !parts.isEmpty {
                        indexes.append(Index(name: "Z_" + name + "_" + index.name, table: tableName, columns: parts, kind: .fetch))
                    }
                }
                // Xcode's older index forms, which Core Data (framework 847 and later) turns into fetch
                // indexes of the declaring entity: an `indexed` attribute is `Z_<Entity>_<attribute>`, a
                // compound index `Z_<Entity>_<a>_<b>` (Wire's stores 2.39 to 2.101).
                let legacy = entity.attributes.filter { $0.isIndexed && !$0.isTransient }.map { [$0.name] } + entity.compoundIndexes
                for properties in legacy where !properties.isEmpty {
                    let elements = properties.map { (property: $0, descending: false, type: "Binary") }
                    let parts = Self.fetchIndexColumns(elements, total: elements.count, of: entity, in: model) { names.column(name, $0) }
                    guard !parts.isEmpty else { continue }
                    indexes.append(
                        Index(name: "Z_" + name + "_" + properties.joined(separator: "_"), table: tableName, columns: parts, kind: .fetch))
                }
                for constraint in entity.uniquenessConstraints where !constraint.isEmpty {
                    let parts = constraint.map { (name: names.column(name, $0), descending: false) }
                    indexes.append(
                        Index(
                            name: "Z_" + name + "_UNIQUE_" + constraint.joined(separator: "_"), table: tableName, columns: parts,
                            kind: .unique))
                }
            }
        }
        for pair in names.manyToManyPairs {
            let (table, source, destination) = (pair.tableName, pair.inverseColumn, pair.relationshipColumn)
            var orders: [(String, String)] = []
            if pair.isReflexive {
                // Its own inverse: `FOK_REFLEXIVE` orders each owner's list (`inverseOrderColumnName`), and the
                // relationship's own `Z_FOK_<n><NAME>` (its order column as the other side) follows.
                if let own = pair.relationshipOrderColumn {
                    orders = [("FOK_" + destination, pair.relationship.name), (own, pair.relationship.name)]
                }
            } else {
                if let column = pair.inverseOrderColumn { orders.append((column, pair.inverse.name)) }
                if let column = pair.relationshipOrderColumn { orders.append((column, pair.relationship.name)) }
            }
            let join = JoinTable(
                name: table, relationship: (pair.entity, pair.relationship.name), inverse: (pair.inverseEntity, pair.inverse.name),
                sourceColumn: source, destinationColumn: destination, orderColumns: orders)
            joins.append(join)
        }
        self.tables = tables
        self.joinTables = joins
        self.indexes = indexes
    }

    /// The class `CREATE TABLE` sorts a column into (Core Data's `sortColumnsByType`, a stable sort on
    /// a rank per SQL type): integers, Booleans, to-one keys and order keys; then Double, Float and
    /// Date together; Decimal; String and URI; UUID; Transformable; Binary. Read off every Apple store
    /// in `../shared` (docs/STORE.md, "Column order").
    static func columnRank(_ type: AttributeType) -> Int {
        switch type {
        case .integer16, .integer32, .integer64, .boolean: 0
        case .double, .float, .date: 1
        case .decimal: 2
        case .string: 3
        case .uri: 4
        case .uuid: 5
        case .transformable: 6
        case .binary: 7
        default: 8
        }
    }

    package static func inverse(of relationship: Relationship, in entity: Entity, model: Model) -> Relationship? {
        guard let inverseName = relationship.inverseName,
            let owner = (relationship.inverseEntity ?? relationship.destinationEntity).flatMap(model.entity(named:))
        else { return nil }
        return model.allRelationships(of: owner).first { $0.name == inverseName }
    }
}
