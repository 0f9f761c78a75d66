@_spi(CLI) import ModelDiffKit

/// One object's chosen values, as `PersistentStore.forEachRow` streams them.
package struct ObjectRow: Sendable, Hashable {
    /// The object's ID (its own entity number, a sub-entity's when sub-entities are included).
    package let id: ObjectID
    /// The optimistic-locking counter (`Z_OPT`).
    package let version: Int64
    /// The attribute values, in the order they were asked for.
    package let values: [StoreValue]
    /// The to-one destinations, in the order they were asked for; nil when empty.
    package let toOne: [ObjectID?]
}

/// How to decode one entity's rows of its hierarchy table: column positions worked out once.
struct ReadPlan {
    /// An attribute column.
    struct AttributeColumn {
        let name: String
        let type: AttributeType
        let column: Int
    }

    /// A to-one: its key column and where the destination's entity number comes from.
    struct ToOneColumn {
        let name: String
        let column: Int
        /// The `Z<n>_NAME` column, for destinations with sub-entities.
        let entityColumn: Int?
        /// The destination's number otherwise.
        let destinationNumber: Int

        /// The destination read from the current row of `statement`, nil when the column is null.
        func read(_ statement: SQLiteStatement) -> ObjectID? {
            guard case .integer(let key) = statement.value(at: column) else { return nil }
            return ObjectID(entity: entityColumn.map { statement.value(at: $0).int } ?? destinationNumber, primaryKey: key)
        }
    }

    /// The entity's stored attributes (inherited ones included), in column order.
    let attributes: [AttributeColumn]
    /// The entity's to-one relationships (inherited ones included), in column order.
    let toOnes: [ToOneColumn]

    init(table: StoreLayout.Table, entity: String, layout: StoreLayout) {
        let model = layout.model
        let ancestry = Set(model.entity(named: entity).map { model.ancestry(of: $0).map(\.name) } ?? [entity])
        var attributes: [AttributeColumn] = []
        var toOnes: [ToOneColumn] = []
        for (index, column) in table.columns.enumerated() {
            switch column.kind {
            case .attribute(let owner, let name, let type) where ancestry.contains(owner):
                attributes.append(AttributeColumn(name: name, type: type, column: index))
            case .toOne(let owner, let name)
            where ancestry.contains(owner) && model.entity(named: owner)?.propertyNames.contains(name) == true:
                let entityColumn = table.columnIndex(entity: owner, property: name, role: .entityNumber)
                let destination = model.entity(named: owner).flatMap { declaring in
                    declaring.relationships.first { $0.name == name }?.destinationEntity
                }
                toOnes.append(
                    ToOneColumn(
                        name: name, column: index, entityColumn: entityColumn,
                        destinationNumber: destination.flatMap { layout.entityNumbers[$0] } ?? 0))
            default: break
            }
        }
        self.attributes = attributes
        self.toOnes = toOnes
    }

    /// The current row of `statement` decoded: attribute values and to-one destinations by name
    /// (a name that appears twice keeps its last column).
    func values(of statement: SQLiteStatement) -> (attributes: [String: StoreValue], toOne: [String: ObjectID?]) {
        var values: [String: StoreValue] = Dictionary(minimumCapacity: attributes.count)
        for attribute in attributes { values[attribute.name] = StoreValue(statement.value(at: attribute.column), type: attribute.type) }
        var toOne: [String: ObjectID?] = Dictionary(minimumCapacity: toOnes.count)
        for relationship in toOnes { toOne[relationship.name] = relationship.read(statement) }
        return (values, toOne)
    }
}
