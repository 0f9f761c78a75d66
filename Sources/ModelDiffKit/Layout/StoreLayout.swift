/// How Core Data lays a model out in SQLite: entity numbers, one table per hierarchy, join tables, indexes.
///
/// The rules were settled against the Apple-written stores in `../shared/fixtures` (docs/STORE.md).
/// To a library user a layout is what `PersistentStore.layout(for:)` returns and
/// `PersistentStore.object(_:layout:)` and `StoreWriter` take, plus the entity numbers an
/// `ObjectID` carries; its tables and columns are the store writer's business, not API.
public struct StoreLayout: Sendable {
    /// A column of an entity table.
    package struct Column: Sendable, Hashable {
        /// What the column stores.
        package enum Kind: Sendable, Hashable {
            case primaryKey, entity, optimisticLock
            /// An attribute of an entity of the hierarchy.
            case attribute(entity: String, name: String, type: AttributeType)
            /// A to-one relationship: the destination's `Z_PK`.
            case toOne(entity: String, name: String)
            /// The destination's `Z_ENT`, for to-ones into hierarchies.
            case toOneEntity(entity: String, name: String)
            /// The position in the inverse ordered to-many.
            case orderKey(entity: String, name: String)
        }

        /// The column's name (`ZTITLE`).
        package let name: String
        /// Its declared SQL type (`VARCHAR`).
        package let sqlType: String
        /// What it stores.
        package let kind: Kind
    }

    /// One table holding every entity of a hierarchy.
    package struct Table: Sendable, Hashable {
        /// The table's name: `Z` and the root entity's name in capitals.
        package let name: String
        /// The hierarchy's root entity.
        package let rootEntity: String
        /// The entities stored in it, parents before children.
        package let entities: [String]
        /// The columns, in Core Data's order.
        package let columns: [Column]

        /// The column holding that property of that entity: with `role` `.value` an attribute's
        /// column or a to-one's `Z_PK` column; a to-one's entity-number or order-key column otherwise.
        package func column(entity: String, property: String, role: ColumnRole = .value) -> Column? {
            columnIndex(entity: entity, property: property, role: role).map { columns[$0] }
        }

        /// Where ``column(entity:property:role:)``'s column is in `columns` (a row's value index).
        package func columnIndex(entity: String, property: String, role: ColumnRole = .value) -> Int? {
            columns.firstIndex {
                switch ($0.kind, role) {
                case (.attribute(let e, let n, _), .value), (.toOne(let e, let n), .value), (.toOneEntity(let e, let n), .entityNumber),
                    (.orderKey(let e, let n), .orderKey):
                    e == entity && n == property
                default: false
                }
            }
        }
    }

    /// Which of a property's columns a lookup asks for.
    package enum ColumnRole: Sendable, Hashable {
        /// An attribute's value, or a to-one's destination key (`Z_PK`).
        case value
        /// A to-one's destination entity number (`Z<NAME>1`, for destinations in a hierarchy).
        case entityNumber
        /// A to-one's position in its inverse ordered to-many (`Z_FOK_<NAME>`).
        case orderKey
    }

    /// A join table for a many-to-many relationship pair.
    package struct JoinTable: Sendable, Hashable {
        /// The table's name (`Z_1FAVORITES`).
        package let name: String
        /// The relationship the table is named after (entity, name).
        package let relationship: (entity: String, name: String)
        /// Its inverse (entity, name).
        package let inverse: (entity: String, name: String)
        /// The column holding the pks of `relationship`'s source objects (named after the inverse).
        package let sourceColumn: String
        /// The column holding the pks of `relationship`'s destination objects (named after it).
        package let destinationColumn: String
        /// Order-key columns, for ordered sides: (column, the relationship it orders).
        package let orderColumns: [(column: String, relationship: String)]

        /// Whether the table is named after `entity.name` rather than after its inverse.
        package func isNamed(after entity: String, relationship name: String) -> Bool {
            relationship.entity == entity && relationship.name == name
        }

        /// The two key columns seen from the side `entity.name` (the entity declaring it): the column
        /// holding that side's object keys, then the one holding their destinations' keys.
        package func keyColumns(from entity: String, relationship name: String) -> (own: String, other: String) {
            isNamed(after: entity, relationship: name) ? (sourceColumn, destinationColumn) : (destinationColumn, sourceColumn)
        }

        package static func == (a: JoinTable, b: JoinTable) -> Bool { a.name == b.name }
        package func hash(into hasher: inout Hasher) { hasher.combine(name) }
    }

    /// Entity numbers (`Z_ENT`): roots by name, each followed by its sub-entities, depth first.
    public let entityNumbers: [String: Int]
    /// Entity names in number order.
    package let orderedEntities: [String]
    /// The entity tables, in entity-number order of their roots.
    package let tables: [Table]
    /// The join tables.
    package let joinTables: [JoinTable]
    /// The to-ones Core Data adds to store the to-manys without an inverse (`StoreLayout+VirtualToOne.swift`).
    package let virtualToOnes: [VirtualToOne]
    /// The entity tables' indexes, in Core Data's order; the store writes them, and then one per join
    /// table, as `indexStatements`.
    package let indexes: [Index]
    /// The model the layout is for.
    package let model: Model

    /// The table holding an entity.
    package func table(for entity: String) -> Table? { tables.first { $0.entities.contains(entity) } }

    /// The column holding `property` (an attribute or a to-one's key) of `entity`, declared by it or
    /// inherited: the one lookup by owner, because sibling sub-entities may declare properties of the
    /// same name in one table (`ZTEXT`, `ZTEXT1`).
    package func column(entity: String, property: String, role: ColumnRole = .value) -> Column? {
        guard let described = model.entity(named: entity), let table = table(for: entity) else { return nil }
        // A Composite element's key path (`center.x`) belongs to the entity declaring the composite.
        let declared = CompositeElements.composite(holding: property, of: described, in: model)?.name ?? property
        let owner = model.declaringEntity(ofProperty: declared, in: described)?.name ?? toOne(property, of: entity)?.declaring ?? entity
        return table.column(entity: owner, property: property, role: role)
    }

    /// The join table of a many-to-many relationship (either side).
    package func joinTable(entity: String, relationship: String) -> JoinTable? {
        joinTables.first {
            $0.isNamed(after: entity, relationship: relationship) || ($0.inverse.entity == entity && $0.inverse.name == relationship)
        }
    }

    /// The entity and its sub-entities, in number order (the `Z_ENT` values a fetch includes).
    package func entityAndSubentities(_ name: String) -> [String] {
        guard let entity = model.entity(named: name) else { return [] }
        return orderedEntities.filter { candidate in
            model.entity(named: candidate).map { model.ancestry(of: $0).contains(entity) } ?? false
        }
    }
}

/// The SQL storage class of an attribute: its declared column type (the column order is `StoreLayout.columnRank`).
enum StorageClass: Int, Comparable {
    case integer, float, timestamp, decimal, varchar, blob

    init(_ type: AttributeType) {
        switch type {
        case .integer16, .integer32, .integer64, .boolean: self = .integer
        case .double, .float: self = .float
        case .date: self = .timestamp
        case .decimal: self = .decimal
        case .string, .uri: self = .varchar
        default: self = .blob
        }
    }

    var sqlType: String {
        switch self {
        case .integer: "INTEGER"
        case .float: "FLOAT"
        case .timestamp: "TIMESTAMP"
        case .decimal: "DECIMAL"
        case .varchar: "VARCHAR"
        case .blob: "BLOB"
        }
    }

    static func < (a: StorageClass, b: StorageClass) -> Bool { a.rawValue < b.rawValue }
}

/// The column name Core Data uses for a property: `Z` and the name in capitals.
package func columnName(_ property: String) -> String { "Z" + property.uppercased() }

/// The table of the hierarchy whose root entity is `root`, numbered `number` in `Z_PRIMARYKEY`: the
/// one table-name rule. Model entities are numbered from 1 and their tables are `Z` + the upper-cased
/// name; the entities Core Data adds itself (persistent history, numbered from 16001, see
/// SQLITE-STORE.md) have tables whose names start with `A`.
package func tableName(root: String, number: Int) -> String { (number >= 16000 ? "A" : "Z") + root.uppercased() }
