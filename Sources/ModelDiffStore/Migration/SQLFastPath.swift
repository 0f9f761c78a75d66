@_spi(CLI) import ModelDiffKit

/// Core Data's store-specific in-place migrator, in SQL: when every entity mapping only copies
/// attributes and to-ones by key path (the mappings lightweight migration infers), the rows are
/// moved with `INSERT … SELECT` inside SQLite, keeping their primary keys, instead of object by object.
enum SQLFastPath {
    /// One statement of the plan: its text (names quoted by `SQL`) and the values of its parameters.
    struct Statement: Sendable, Hashable {
        let sql: String
        let arguments: [SQLiteValue]
        /// The destination entity whose rows the statement inserts, every one with that entity's `Z_ENT`
        /// (nil for join rows and `Z_PRIMARYKEY`): what its change count counts.
        let fills: String?
        /// For an entity's insert: the source table it reads, and the destination columns it fills with a
        /// source column's value unchanged (no conversion, no default), each with that source column.
        let unchanged: Unchanged?

        init(sql: String, arguments: [SQLiteValue], fills: String? = nil, unchanged: Unchanged? = nil) {
            self.sql = sql
            self.arguments = arguments
            self.fills = fills
            self.unchanged = unchanged
        }
    }

    /// The columns an entity's insert copies unchanged from its source table (`Statement.unchanged`).
    struct Unchanged: Sendable, Hashable {
        let table: String
        /// Source column by destination column.
        let columns: [String: String]
    }

    /// The statements that migrate the attached source (`src`) into the main database, or nil when
    /// the mapping needs the three-stage path.
    ///
    /// `sourceJoinColumns` gives the column order of the source file's join tables, by table name:
    /// a join table whose rows are copied unchanged into a table of the same shape is then copied
    /// with `INSERT INTO … SELECT *`, which SQLite runs as a page-level transfer (its xfer
    /// optimisation) instead of one index insert per row, the dominant cost of this path.
    ///
    /// `nullifying` lists the source's dangling keys (`SourceSoundness`): a dangling to-one is copied
    /// as NULL, with its entity and order-key columns, and a join row pointing to no row is not copied,
    /// as the generic path does (it finds no object for the key, so no destination instance).
    ///
    /// `adopted` names the source tables of one entity whose rows are all read as that entity, whatever
    /// their `Z_ENT` (`SourceSoundness`): their rows are selected without a `Z_ENT` condition.
    ///
    /// `fetches` holds the source expressions' fetches by entity mapping name: a predicate becomes
    /// part of the WHERE clause when `PredicateSQL` can write it exactly, else the plan is nil. The
    /// objects of a filtered mapping are not all carried, so relationships to them take the generic
    /// path too (it leaves them empty where the fast path would keep a key to a row that is not copied).
    static func plan(
        _ mapping: MappingModel, source: StoreLayout, destination: StoreLayout, sourceJoinColumns: [String: [String]] = [:],
        nullifying: [DanglingKeys] = [], fetches: [String: SourceFetch] = [:], adopted: Set<String> = []
    ) -> [Statement]? {
        var statements: [Statement] = []
        let filtered = Set(fetches.filter { $0.value.predicate != nil }.keys)
        var danglingToOnes: [String: [String: String]] = [:]  // source table → key column → the table it should point into
        var danglingJoins: [String: [(column: String, target: String)]] = [:]  // source join table → its dangling columns
        for keys in nullifying {
            switch keys.kind {
            case .toOne(let table, let column, let target): danglingToOnes[table, default: [:]][column] = target
            case .joinRows(let table, let column, let target): danglingJoins[table, default: []].append((column, target))
            }
        }
        /// `value`, or NULL in the rows whose to-one key `column` of `table` points to no row.
        func nullifyingDangling(_ value: SQLFragment, key column: String, of table: String) -> SQLFragment {
            guard let target = danglingToOnes[table]?[column] else { return value }
            return .when(.rowExists(key: .column(column, of: "s"), in: target, schema: "src"), then: value)
        }
        var rootSources: [String: String] = [:]  // destination root → the one source root feeding it
        var copiedJoins: Set<String> = []
        let mappingBySource = Dictionary(
            mapping.entityMappings.compactMap { m in m.sourceEntity.map { ($0, m) } }, uniquingKeysWith: { a, _ in a })
        for entityMapping in mapping.entityMappings {
            guard entityMapping.policyClassName == nil else { return nil }
            switch entityMapping.type {
            case .add, .remove: continue
            case .copy, .transform: break
            default: return nil
            }
            guard let sourceName = entityMapping.sourceEntity, let destinationName = entityMapping.destinationEntity,
                let sourceEntity = source.model.entity(named: sourceName),
                let destinationEntity = destination.model.entity(named: destinationName),
                let sourceTable = source.table(for: sourceName), let destinationTable = destination.table(for: destinationName),
                let sourceNumber = source.entityNumbers[sourceName], let destinationNumber = destination.entityNumbers[destinationName]
            else { return nil }
            // Keys are kept, so one destination hierarchy may be fed by one source hierarchy only.
            if let feeding = rootSources[destinationTable.name], feeding != sourceTable.name { return nil }
            rootSources[destinationTable.name] = sourceTable.name
            let attributes = Dictionary(entityMapping.attributeMappings.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
            let relationships = Dictionary(entityMapping.relationshipMappings.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
            let ancestry = Set(destination.model.ancestry(of: destinationEntity).map(\.name))
            var columns = ["Z_PK", "Z_ENT", "Z_OPT"]
            var values: [SQLFragment] = [.column("Z_PK", of: "s"), .value(.integer(Int64(destinationNumber))), .column("Z_OPT", of: "s")]
            var unchanged: [String: String] = [:]
            for column in destinationTable.columns {
                // A virtual to-one (the storage of a to-many without an inverse) is mapped by its owner's mapping.
                if let (holder, name) = column.kind.toOneParts, ancestry.contains(holder),
                    let virtual = destination.virtualToOnes.first(where: { $0.holder == holder && $0.toOne.name == name })
                {
                    let entityNumbers = mapping.entityMappings.compactMap { m -> (Int64, Int64)? in
                        guard let s = m.sourceEntity, let d = m.destinationEntity, let a = source.entityNumbers[s],
                            let b = destination.entityNumbers[d]
                        else { return nil }
                        return (Int64(a), Int64(b))
                    }
                    switch virtualColumnSource(
                        virtual, kind: column.kind, mapping: mapping, source: source, destination: destination, sourceTable: sourceTable,
                        mappings: mappingBySource, filtered: filtered)
                    {
                    case .refused: return nil
                    case .empty: continue
                    case .copied(let sourceColumn, let key):
                        columns.append(column.name)
                        let value: SQLFragment =
                            if case .toOneEntity = column.kind { .map(.column(sourceColumn, of: "s"), entityNumbers) } else {
                                .column(sourceColumn, of: "s")
                            }
                        values.append(nullifyingDangling(value, key: key, of: sourceTable.name))
                    }
                    continue
                }
                switch column.kind {
                case .attribute(let owner, let name, let type)
                where ancestry.contains(owner)
                    && CompositeElements.composite(holding: name, of: destinationEntity, in: destination.model) != nil:
                    guard
                        let value = elementValue(
                            name, type: type, mappings: attributes, destinationEntity: destinationEntity, in: destination.model,
                            sourceEntity: sourceEntity, sourceTable: sourceTable, source: source)
                    else { return nil }
                    columns.append(column.name)
                    values.append(value)
                case .attribute(let owner, let name, let type) where ancestry.contains(owner):
                    guard
                        let value = attributeValue(
                            attributes[name], type: type, destinationEntity: destinationEntity, in: destination.model, name: name,
                            sourceEntity: sourceEntity, sourceTable: sourceTable, source: source)
                    else { return nil }
                    columns.append(column.name)
                    values.append(value)
                    if let copied = sourceTable.columns.first(where: { value == .column($0.name, of: "s") }) {
                        unchanged[column.name] = copied.name
                    }
                case .toOne(let owner, let name) where ancestry.contains(owner):
                    // A new side of a one-to-one whose other side a mapping sets is filled on the generic path,
                    // where setting one side sets its inverse as Core Data's context does; SQL copies only a column.
                    if relationships[name]?.valueExpression == nil,
                        oneToOneInverseIsSet(name, of: destinationEntity, mapping: mapping, destination: destination)
                    {
                        return nil
                    }
                    guard let mapped = relationships[name] else { continue }
                    let throughInverse = sourceToOneThroughInverse(
                        name, of: destinationEntity, sourceEntity: sourceEntity, mapping: mapping, source: source,
                        destination: destination, mappings: mappingBySource, filtered: filtered)
                    // A to-one new in the destination has a mapping without value expression: nothing to copy,
                    // NULL as on the generic path, when optional (a required one fails validation there: 1570),
                    // unless its inverse's mapping links it (`sourceToOneThroughInverse`).
                    // A placeholder (a re-targeted to-one) fails on the generic path: refused here too.
                    if mapped.valueExpression == nil, throughInverse == nil {
                        guard mapped.placeholder == nil,
                            destination.model.allRelationships(of: destinationEntity).first(where: { $0.name == name })?.isOptional == true
                        else { return nil }
                        continue
                    }
                    guard
                        let sourceRelationship = mapped.valueExpression == nil
                            ? throughInverse
                            : sourceToOne(mapped, in: sourceEntity, model: source.model, mappings: mappingBySource, filtered: filtered),
                        let sourceColumn = source.column(entity: sourceName, property: sourceRelationship.name),
                        givesAccepted(
                            sourceRelationship, to: name, of: destinationEntity, source: source, destination: destination,
                            mappings: mappingBySource)
                    else { return nil }
                    columns.append(column.name)
                    values.append(nullifyingDangling(.column(sourceColumn.name, of: "s"), key: sourceColumn.name, of: sourceTable.name))
                case .toOneEntity(let owner, let name) where ancestry.contains(owner),
                    .orderKey(let owner, let name) where ancestry.contains(owner):
                    // Carried over only when the source stores the same thing for the mapped to-one.
                    guard let mapped = relationships[name],
                        let sourceRelationship = mapped.valueExpression == nil
                            ? sourceToOneThroughInverse(
                                name, of: destinationEntity, sourceEntity: sourceEntity, mapping: mapping, source: source,
                                destination: destination, mappings: mappingBySource, filtered: filtered)
                            : sourceToOne(mapped, in: sourceEntity, model: source.model, mappings: mappingBySource, filtered: filtered)
                    else { continue }
                    let role: StoreLayout.ColumnRole = if case .toOneEntity = column.kind { .entityNumber } else { .orderKey }
                    guard let match = source.column(entity: sourceName, property: sourceRelationship.name, role: role),
                        let key = source.column(entity: sourceName, property: sourceRelationship.name)
                    else { return nil }
                    columns.append(column.name)
                    if case .toOneEntity = column.kind {
                        // Entity numbers change between versions: map each source number to its destination number.
                        let cases = mapping.entityMappings.compactMap { m -> (Int64, Int64)? in
                            guard let s = m.sourceEntity, let d = m.destinationEntity, let a = source.entityNumbers[s],
                                let b = destination.entityNumbers[d]
                            else { return nil }
                            return (Int64(a), Int64(b))
                        }
                        values.append(nullifyingDangling(.map(.column(match.name, of: "s"), cases), key: key.name, of: sourceTable.name))
                    } else {
                        values.append(nullifyingDangling(.column(match.name, of: "s"), key: key.name, of: sourceTable.name))
                    }
                default:
                    continue
                }
            }
            // To-many relationships must be stored the same way on both sides (the inverse key or a join table).
            for relationship in destination.model.allRelationships(of: destinationEntity)
            where relationship.isToMany && !relationship.isTransient {
                guard let mapped = relationships[relationship.name] else { continue }
                // A placeholder (a re-targeted relationship) fails on the generic path: refused here too.
                guard mapped.placeholder == nil else { return nil }
                guard mapped.valueExpression != nil else { continue }
                guard let sourceRelationship = sourceRelationship(mapped, in: sourceEntity, model: source.model),
                    sourceRelationship.isToMany
                else { return nil }
                let declaring =
                    destination.model.declaringEntity(ofProperty: relationship.name, in: destinationEntity)?.name ?? destinationName
                let sourceDeclaring =
                    source.model.declaringEntity(ofProperty: sourceRelationship.name, in: sourceEntity)?.name ?? sourceName
                let join = destination.joinTable(entity: declaring, relationship: relationship.name)
                let sourceJoin = source.joinTable(entity: sourceDeclaring, relationship: sourceRelationship.name)
                guard (join == nil) == (sourceJoin == nil) else { return nil }
                // Stored by a virtual to-one on one side and by an inverse on the other: no column to copy.
                if join == nil,
                    (destination.virtualToOne(storing: relationship.name, of: declaring) == nil)
                        != (source.virtualToOne(storing: sourceRelationship.name, of: sourceDeclaring) == nil)
                {
                    return nil
                }
                // A join row copied by SQL must not point at objects a `remove` mapping drops.
                if sourceJoin != nil, let other = sourceRelationship.destinationEntity,
                    !isCarried(other, model: source.model, mappings: mappingBySource, filtered: filtered)
                        || !isCarried(
                            source.model.rootEntity(of: sourceEntity).name, model: source.model, mappings: mappingBySource,
                            filtered: filtered)
                {
                    return nil
                }
                if let join, let sourceJoin, join.isNamed(after: declaring, relationship: relationship.name) {
                    let (owners, targets) = sourceJoin.keyColumns(from: sourceDeclaring, relationship: sourceRelationship.name)
                    guard
                        let orders = orderColumns(
                            of: join, relationship: relationship.name, from: sourceJoin, relationship: sourceRelationship.name)
                    else { return nil }
                    let destinationColumns = [join.sourceColumn, join.destinationColumn] + orders.map(\.destination)
                    let sourceColumns = [owners, targets] + orders.map(\.source)
                    // The copy takes every row of the table: once, though each sub-entity's mapping inherits the relationship.
                    guard !copiedJoins.contains(join.name) else { continue }
                    copiedJoins.insert(join.name)
                    if let dangling = danglingJoins[sourceJoin.name] {
                        // Only the rows whose both keys name a row (the others point to nothing to link).
                        let kept = SQL.joined(
                            dangling.map { SQLFragment.rowExists(key: .column($0.column, of: "j"), in: $0.target, schema: "src") },
                            separator: .and)
                        statements.append(
                            Statement(
                                sql:
                                    """
                                    INSERT INTO main.\(SQL.quote(join.name)) (\(SQL.quote(destinationColumns))) SELECT \
                                    \(SQL.quote(sourceColumns, alias: "j")) FROM src.\(SQL.quote(sourceJoin.name)) j WHERE \
                                    \(SQL.joined([kept], separator: .and).text)
                                    """,
                                arguments: kept.arguments))
                    } else if sourceJoinColumns[sourceJoin.name] == sourceColumns {
                        // Positional copy: the destination's columns are (sourceColumn, destinationColumn, its order columns), see `createStatements`.
                        statements.append(
                            Statement(
                                sql: "INSERT INTO main.\(SQL.quote(join.name)) SELECT * FROM src.\(SQL.quote(sourceJoin.name))",
                                arguments: []))
                    } else {
                        statements.append(
                            Statement(
                                sql:
                                    """
                                    INSERT INTO main.\(SQL.quote(join.name)) (\(SQL.quote(destinationColumns))) SELECT \
                                    \(SQL.quote(sourceColumns)) FROM src.\(SQL.quote(sourceJoin.name))
                                    """,
                                arguments: []))
                    }
                }
                // An order the source lacks cannot be copied; one the destination drops is left out (the source's
                // `Z_FOK_` column is not read), as the generic path writes an unordered to-many.
                if join == nil, relationship.isOrdered && !sourceRelationship.isOrdered { return nil }
            }
            let selected = SQL.joined(values, separator: .comma)
            var filter: SQLFragment?
            if let predicate = fetches[entityMapping.name]?.predicate {
                guard let clause = PredicateSQL.clause(predicate, entity: sourceEntity, model: source.model, table: sourceTable) else {
                    return nil
                }
                filter = clause
            }
            // The rows of the source entity, and of them those the fetch predicate selects.
            let entityCondition =
                adopted.contains(sourceTable.name)
                ? [SQLFragment.value(.integer(1))]
                : [SQLFragment.predicate(.column("Z_ENT", of: "s"), .equal, .integer(Int64(sourceNumber)))]
            let condition = entityCondition + (filter.map { [$0] } ?? [])
            statements.append(
                Statement(
                    sql:
                        """
                        INSERT INTO main.\(SQL.quote(destinationTable.name)) (\(SQL.quote(columns))) SELECT \
                        \(SQL.joined(values, separator: .comma).text) FROM src.\(SQL.quote(sourceTable.name)) s WHERE \
                        \(SQL.joined(condition, separator: .and).text)
                        """,
                    arguments: selected.arguments + SQL.joined(condition, separator: .and).arguments, fills: destinationName,
                    unchanged: Unchanged(table: sourceTable.name, columns: unchanged)))
        }
        for (destinationTable, sourceTable) in rootSources {
            guard let root = destination.tables.first(where: { $0.name == destinationTable })?.rootEntity,
                let sourceRoot = source.tables.first(where: { $0.name == sourceTable })?.rootEntity,
                let number = destination.entityNumbers[root], let sourceNumber = source.entityNumbers[sourceRoot]
            else { return nil }
            statements.append(
                Statement(
                    sql:
                        """
                        UPDATE main.Z_PRIMARYKEY SET Z_MAX = MAX((SELECT IFNULL(MAX(Z_PK), 0) FROM main.\(SQL.quote(destinationTable))), \
                        IFNULL((SELECT Z_MAX FROM src.Z_PRIMARYKEY WHERE Z_ENT = ?), 0)) WHERE Z_ENT = ?
                        """,
                    arguments: [.integer(Int64(sourceNumber)), .integer(Int64(number))]))
        }
        return statements
    }

    /// The source columns whose NULLs the pass over each source table counts (`TableScan`), by table: those
    /// `statements` copy unchanged into the column of a required attribute of the entity they fill.
    static func requiredSources(of statements: [Statement], destination: StoreLayout) -> [String: [String]] {
        var sources: [String: Set<String>] = [:]
        for statement in statements {
            guard let entity = statement.fills, let unchanged = statement.unchanged else { continue }
            for column in requiredColumns(of: entity, in: destination) {
                if let source = unchanged.columns[column] { sources[unchanged.table, default: []].insert(source) }
            }
        }
        return sources.mapValues { $0.sorted() }
    }

    /// The required attributes' columns of each destination entity whose value every statement filling it copies
    /// unchanged from a source column `isClean` says holds no NULL: in every row the plan writes, that value is
    /// the source's, so validation's required-value rule holds there without reading the output again.
    static func provenRequired(
        of statements: [Statement], destination: StoreLayout, isClean: (_ table: String, _ column: String) -> Bool
    ) -> [String: Set<String>] {
        var proven: [String: Set<String>] = [:]
        for entity in Set(statements.compactMap(\.fills)) {
            let filling = statements.filter { $0.fills == entity }
            proven[entity] = Set(
                requiredColumns(of: entity, in: destination).filter { column in
                    filling.allSatisfy { statement in
                        guard let unchanged = statement.unchanged, let source = unchanged.columns[column] else { return false }
                        return isClean(unchanged.table, source)
                    }
                })
        }
        return proven
    }

    /// The columns of `entity`'s required attributes (not optional, transient or derived): those whose NULL
    /// `DestinationValidation` refuses.
    private static func requiredColumns(of entity: String, in layout: StoreLayout) -> [String] {
        guard let described = layout.model.entity(named: entity) else { return [] }
        return layout.model.allAttributes(of: described).filter { !$0.isOptional && !$0.isTransient && !$0.isDerived }.compactMap {
            layout.column(entity: entity, property: $0.name)?.name
        }
    }

    /// The objects of every entity of the destination, in entity-number order (as
    /// `PersistentStore.rowCounts()` lists them), from the change counts of the plan's inserts, by
    /// the entity each fills: a count of the output without reading it again. The same number as a
    /// count of its rows, because the destination starts with no entity rows, only the plan's inserts
    /// write them, each row with the constant `Z_ENT` of the entity the statement fills, as plain
    /// `INSERT`s (no `OR IGNORE`/`REPLACE`, and the schema has no triggers, so a change count is the
    /// rows added), and validation only reads. An entity no insert fills has none.
    static func objectCounts(inserted: [String: Int], layout: StoreLayout) -> [(entity: String, count: Int)] {
        layout.entityNumbers.sorted { $0.value < $1.value }.map { ($0.key, inserted[$0.key] ?? 0) }
    }

    /// The columns of a source file's join tables, in file order (a store written by another tool
    /// may order them differently from the layout), for `plan`'s `sourceJoinColumns`.
    static func joinColumns(of store: PersistentStore, layout: StoreLayout) throws(StoreFailure) -> [String: [String]] {
        var columns: [String: [String]] = [:]
        for join in layout.joinTables {
            columns[join.name] = try store.columnNames(of: join.name)
        }
        return columns
    }

    /// The SQL value of a destination attribute: a copied column (converted as Core Data would), its default, or NULL.
    private static func attributeValue(
        _ mapping: PropertyMapping?, type: AttributeType, destinationEntity: Entity, in destinationModel: Model, name: String,
        sourceEntity: Entity,
        sourceTable: StoreLayout.Table, source: StoreLayout
    ) -> SQLFragment? {
        guard let mapping, let text = mapping.valueExpression else {
            if mapping?.placeholder != nil { return nil }
            // An inherited attribute is looked up along the destination's hierarchy (a renamed parent is not in the source model).
            let attribute = destinationModel.allAttributes(of: destinationEntity).first { $0.name == name }
            if let attribute, attribute.defaultDateTimeInterval == nil, let value = AttributeMappingPlan.defaultValue(of: attribute) {
                return literal(value)
            }
            return .null
        }
        guard let expression = try? ExpressionParser.parse(text) else { return nil }
        // A nil made the destination's default (`NilBecomesDefault`): the copied column, or the default where it is NULL.
        if let key = NilBecomesDefault.sourceKey(of: expression, destination: name),
            let attribute = destinationModel.allAttributes(of: destinationEntity).first(where: { $0.name == name }),
            let value = AttributeMappingPlan.defaultValue(of: attribute), case let fallback = literal(value), fallback != .null,
            let copied = copiedColumn(key, type: type, sourceEntity: sourceEntity, sourceTable: sourceTable, source: source)
        {
            return .ifNull(copied, fallback)
        }
        guard case .keyPath(.variable("source"), let components) = expression, components.count == 1 else { return nil }
        return copiedColumn(components[0], type: type, sourceEntity: sourceEntity, sourceTable: sourceTable, source: source)
    }

    /// The SQL value of a Composite element's column (`center.x`, `CompositeElements`): the source element of the same
    /// key path under the source composite the mapping copies (`$source.<name>`), the element's default when the
    /// mapping has no expression (a composite new in the destination), as on the generic path; nil otherwise.
    private static func elementValue(
        _ keyPath: String, type: AttributeType, mappings: [String: PropertyMapping], destinationEntity: Entity, in destinationModel: Model,
        sourceEntity: Entity, sourceTable: StoreLayout.Table, source: StoreLayout
    ) -> SQLFragment? {
        guard let composite = CompositeElements.composite(holding: keyPath, of: destinationEntity, in: destinationModel) else { return nil }
        let rest = keyPath.dropFirst(composite.name.count)
        let mapping = mappings[composite.name]
        guard let mapping, let text = mapping.valueExpression else {
            if mapping?.placeholder != nil { return nil }
            let element = CompositeElements.elements(of: composite, in: destinationModel).first { $0.keyPath == keyPath }
            if let element, element.attribute.defaultDateTimeInterval == nil,
                let value = AttributeMappingPlan.defaultValue(of: element.keyPathAttribute)
            {
                return literal(value)
            }
            return .null
        }
        guard case .keyPath(.variable("source"), let components)? = try? ExpressionParser.parse(text), components.count == 1,
            let sourceComposite = source.model.allAttributes(of: sourceEntity).first(where: { $0.name == components[0] }),
            let element = CompositeElements.elements(of: sourceComposite, in: source.model).first(where: {
                $0.keyPath == components[0] + rest
            }),
            let owner = source.model.declaringEntity(ofProperty: sourceComposite.name, in: sourceEntity)?.name,
            let column = sourceTable.column(entity: owner, property: element.keyPath)
        else { return nil }
        return converted(.column(column.name, of: "s"), from: element.attribute.type, to: type)
    }

    /// The source attribute `key`'s column, converted to `type` as Core Data converts it; nil when it cannot be.
    private static func copiedColumn(
        _ key: String, type: AttributeType, sourceEntity: Entity, sourceTable: StoreLayout.Table, source: StoreLayout
    ) -> SQLFragment? {
        guard let sourceAttribute = source.model.allAttributes(of: sourceEntity).first(where: { $0.name == key }),
            let owner = source.model.declaringEntity(ofProperty: sourceAttribute.name, in: sourceEntity)?.name,
            let column = sourceTable.column(entity: owner, property: sourceAttribute.name)
        else { return nil }
        return converted(.column(column.name, of: "s"), from: sourceAttribute.type, to: type)
    }

    /// A source column's value of type `from` as Core Data converts it to `type`; nil when it cannot be.
    private static func converted(_ value: SQLFragment, from sourceType: AttributeType, to type: AttributeType) -> SQLFragment? {
        switch (sourceType, type) {
        case (.boolean, .boolean): return .storedBoolean(value)
        case (let a, let b) where a == b: return value
        case (let a, .boolean) where a.isNumber: return .boolean(value)
        case (let a, let b) where (a.isNumber || a == .boolean) && b.isInteger: return .cast(value, to: .integer)
        case (let a, let b) where (a.isNumber || a == .boolean) && (b == .double || b == .float): return .cast(value, to: .real)
        default: return nil
        }
    }

    /// The source column feeding each order column (`Z_FOK_…`) of a destination join table: the
    /// column of the same side (the mapped relationship, or its inverse), whose keys are copied as
    /// they are, as a to-one side's order key is. Core Data orders the objects of an ordered
    /// relationship by these keys and only their order matters, so the copy keeps each object's
    /// place in both lists. Nil when a side is ordered in the destination only (the source holds no
    /// order to copy) or both sides share one name (the column would not say which it orders). A side
    /// ordered in the source only is dropped, as the generic path does.
    private static func orderColumns(
        of join: StoreLayout.JoinTable, relationship name: String, from sourceJoin: StoreLayout.JoinTable, relationship sourceName: String
    ) -> [(destination: String, source: String)]? {
        if join.orderColumns.isEmpty { return [] }
        // An order column names the relationship it orders by name only: both sides must differ.
        guard join.relationship.name != join.inverse.name, sourceJoin.relationship.name != sourceJoin.inverse.name else { return nil }
        var pairs: [(destination: String, source: String)] = []
        for order in join.orderColumns {
            let sameSide = order.relationship == name
            guard let match = sourceJoin.orderColumns.first(where: { ($0.relationship == sourceName) == sameSide }) else { return nil }
            pairs.append((order.column, match.column))
        }
        return pairs
    }

    /// The source to-one a standard relationship mapping reads (`FUNCTION($manager, "destinationInstances…", M, $source.r)`).
    private static func sourceToOne(
        _ mapping: PropertyMapping, in entity: Entity, model: Model, mappings: [String: EntityMapping], filtered: Set<String>
    ) -> Relationship? {
        guard let relationship = sourceRelationship(mapping, in: entity, model: model), !relationship.isToMany,
            case .call(_, _, let arguments)? = mapping.valueExpression.flatMap({ try? ExpressionParser.parse($0) }),
            case .constant(.string(let name))? = arguments.first,
            let destination = relationship.destinationEntity, mappings[destination]?.name == name,
            isCarried(destination, model: model, mappings: mappings, filtered: filtered)
        else { return nil }
        return relationship
    }

    /// The source to-one whose key column feeds the destination to-one `name` of `entity` when that
    /// to-one has no value expression (it is new) but its inverse, a to-many, is mapped by every mapping
    /// of the inverse's owners (nil when one does not) from one source to-many that the source stores in `sourceEntity`'s rows,
    /// as the key of its own inverse to-one: the generic path's stage 2 sets the to-many, and Core
    /// Data's inverse upkeep sets this to-one with it, so the key the source's to-one holds is the link.
    /// Wire's `store1-24` (read with its cached model) has `Conversation.messages` ↔ `Message.conversation`;
    /// the current version renames the to-many `allMessages` (renaming identifier `messages`) and its
    /// inverse `visibleInConversation` (no renaming identifier): the 159 links are that column.
    private static func sourceToOneThroughInverse(
        _ name: String, of entity: Entity, sourceEntity: Entity, mapping: MappingModel, source: StoreLayout, destination: StoreLayout,
        mappings: [String: EntityMapping], filtered: Set<String>
    ) -> Relationship? {
        let model = destination.model
        guard let toOne = model.allRelationships(of: entity).first(where: { $0.name == name }), !toOne.isToMany,
            let inverseName = toOne.inverseName, let ownerName = toOne.destinationEntity, let owner = model.entity(named: ownerName),
            model.allRelationships(of: owner).first(where: { $0.name == inverseName })?.isToMany == true
        else { return nil }
        let owners = Set(([owner] + model.subentities(of: owner)).map(\.name))
        var found: Relationship?
        for entityMapping in mapping.entityMappings where entityMapping.destinationEntity.map(owners.contains) == true {
            guard let property = entityMapping.relationshipMappings.first(where: { $0.name == inverseName }), property.placeholder == nil,
                property.valueExpression != nil,
                let ownerSource = entityMapping.sourceEntity.flatMap(source.model.entity(named:)),
                let toMany = sourceRelationship(property, in: ownerSource, model: source.model), toMany.isToMany,
                let sourceInverse = toMany.inverseName,
                let stored = source.model.allRelationships(of: sourceEntity).first(where: { $0.name == sourceInverse }), !stored.isToMany,
                let target = stored.destinationEntity, isCarried(target, model: source.model, mappings: mappings, filtered: filtered),
                found == nil || found?.name == stored.name
            else { return nil }
            found = stored
        }
        return found
    }

    /// Whether every object the source to-one `sourceRelationship` leads to becomes, through the entity mapping of
    /// its entity, an object the destination to-one `name` of `entity` takes (its destination entity or a sub-entity).
    /// Core Data's setter raises for any other (`StoreWriter.unacceptable`): such a to-one takes the generic path,
    /// which fails the step with Core Data's words, where a copied key would name a row of the wrong entity.
    private static func givesAccepted(
        _ sourceRelationship: Relationship, to name: String, of entity: Entity, source: StoreLayout, destination: StoreLayout,
        mappings: [String: EntityMapping]
    ) -> Bool {
        guard let target = sourceRelationship.destinationEntity,
            let desired = destination.model.allRelationships(of: entity).first(where: { $0.name == name })?.destinationEntity
        else { return false }
        let accepted = Set(destination.entityAndSubentities(desired))
        return source.entityAndSubentities(target).allSatisfy { member in
            mappings[member]?.destinationEntity.map(accepted.contains) ?? true
        }
    }

    /// Whether `entity.name` is one side of a one-to-one whose other side an entity mapping sets
    /// (a relationship mapping with a value expression): Core Data sets the inverse with it.
    private static func oneToOneInverseIsSet(_ name: String, of entity: Entity, mapping: MappingModel, destination: StoreLayout) -> Bool {
        let model = destination.model
        guard let toOne = model.allRelationships(of: entity).first(where: { $0.name == name }), !toOne.isToMany,
            let inverseName = toOne.inverseName, let ownerName = toOne.destinationEntity, let owner = model.entity(named: ownerName),
            model.allRelationships(of: owner).first(where: { $0.name == inverseName })?.isToMany == false
        else { return false }
        let owners = Set(([owner] + model.subentities(of: owner)).map(\.name))
        return mapping.entityMappings.contains { entityMapping in
            entityMapping.destinationEntity.map(owners.contains) == true
                && entityMapping.relationshipMappings.contains { $0.name == inverseName && $0.valueExpression != nil }
        }
    }

    /// Whether every object of `entity` and its sub-entities is carried over (copied or transformed).
    ///
    /// A key copied by SQL keeps pointing at its row; when that row's entity is removed (a sub-entity
    /// dropped by a `remove` mapping), the generic path sets the relationship to nil and validates it,
    /// which refuses a required one (1570). The fast path would keep a key to a row that is gone, so
    /// such a relationship takes the generic path and both paths give the same answer.
    /// A mapping whose fetch predicate selects some objects (`filtered`) does not carry every one.
    private static func isCarried(_ entity: String, model: Model, mappings: [String: EntityMapping], filtered: Set<String>) -> Bool {
        guard let root = model.entity(named: entity) else { return false }
        return ([root] + model.subentities(of: root)).allSatisfy { member in
            mappings[member.name].map { ($0.type == .copy || $0.type == .transform) && !filtered.contains($0.name) } ?? false
        }
    }

    private static func sourceRelationship(_ mapping: PropertyMapping, in entity: Entity, model: Model) -> Relationship? {
        guard let text = mapping.valueExpression,
            case .call(.variable("manager"), let selector, let arguments)? = try? ExpressionParser.parse(text),
            ManagerSelector(selector) == .destinationInstancesForEntityMapping,
            arguments.count == 2, case .keyPath(.variable("source"), let components) = arguments[1], components.count == 1
        else { return nil }
        return model.allRelationships(of: entity).first { $0.name == components[0] }
    }

    /// Where a destination virtual to-one's column comes from.
    enum VirtualSource {
        /// The fast path cannot copy it.
        case refused
        /// Nothing maps the to-many it stores: NULL, as on the generic path.
        case empty
        /// The source column of the same role, and the source key column it belongs to.
        case copied(String, key: String)
    }

    /// The source column feeding `kind`, a column of the virtual to-one `virtual` of the destination:
    /// the same column of the source's virtual to-one, when every mapping of the owner's objects maps
    /// the to-many from one source to-many without an inverse by `destinationInstances…`, whose owners
    /// and destinations are all carried (their keys are kept), stored in the table being copied.
    private static func virtualColumnSource(
        _ virtual: StoreLayout.VirtualToOne, kind: StoreLayout.Column.Kind, mapping: MappingModel, source: StoreLayout,
        destination: StoreLayout, sourceTable: StoreLayout.Table, mappings: [String: EntityMapping], filtered: Set<String>
    ) -> VirtualSource {
        guard let owner = destination.model.entity(named: virtual.owner) else { return .refused }
        let owners = Set(([owner] + destination.model.subentities(of: owner)).map(\.name))
        var found: StoreLayout.VirtualToOne?
        for entityMapping in mapping.entityMappings where entityMapping.destinationEntity.map(owners.contains) == true {
            guard let mapped = entityMapping.relationshipMappings.first(where: { $0.name == virtual.toMany }), mapped.valueExpression != nil
            else { continue }
            guard mapped.placeholder == nil, let sourceName = entityMapping.sourceEntity,
                let sourceEntity = source.model.entity(named: sourceName),
                let sourceRelationship = sourceRelationship(mapped, in: sourceEntity, model: source.model), sourceRelationship.isToMany,
                let sourceVirtual = source.virtualToOne(storing: sourceRelationship.name, of: sourceName),
                source.table(for: sourceVirtual.holder)?.name == sourceTable.name,
                isCarried(sourceVirtual.owner, model: source.model, mappings: mappings, filtered: filtered),
                isCarried(sourceVirtual.holder, model: source.model, mappings: mappings, filtered: filtered),
                found == nil || found == sourceVirtual
            else { return .refused }
            found = sourceVirtual
        }
        guard let found else { return .empty }
        let role: StoreLayout.ColumnRole
        switch kind {
        case .toOneEntity: role = .entityNumber
        case .orderKey: role = .orderKey
        default: role = .value
        }
        guard let key = sourceTable.column(entity: found.holder, property: found.toOne.name) else { return .refused }
        // The destination orders the list, or numbers the owner's entity, where the source does not: the generic path decides.
        guard let column = sourceTable.column(entity: found.holder, property: found.toOne.name, role: role) else { return .refused }
        return .copied(column.name, key: key.name)
    }

    /// A default value, bound as a parameter: a model file has no Binary or UUID default, but a SwiftData default
    /// computed at launch (`UUID()`, `Data()`) is one, bound as the blob Core Data stores.
    private static func literal(_ value: StoreValue) -> SQLFragment {
        switch value.sqliteValue {
        case .null: .null
        case let other: .value(other)
        }
    }
}
