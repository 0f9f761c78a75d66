@_spi(CLI) import ModelDiffKit

/// Checks a store's integrity against its model: SQLite's own check, relationship keys that point to
/// no row or to a row of the wrong entity (to-one columns, their entity-number columns, join tables),
/// `Z_MAX` below a used key, entity numbers outside their table, a `Z_PK` held by two rows, both sides of one-to-ones, attribute
/// values their type cannot hold (`StoredValueCheck`); and counts the objects of each entity.
///
/// To-manys need no check of their own: a one-to-many is stored once, as its inverse's to-one column,
/// and a many-to-many once, as join-table rows, so both sides cannot disagree once those are sound.
public struct StoreVerification: Sendable {
    /// The problems found, one message each; empty when the store is sound.
    public let problems: [String]
    /// Rows per entity.
    public let counts: [(entity: String, count: Int)]
    /// What the store holds that the layout does not account for but that holds nothing (an empty
    /// column or table), and each join table under the other side's name than Core Data gives it (read
    /// under the store's name), one message each (`store verify` prints them as warnings).
    @_spi(CLI) public let warnings: [String]

    /// Verifies `store` against `model` (the version that wrote it).
    public init(store: PersistentStore, model: Model) throws(StoreFailure) {
        var problems: [String] = []
        let (layout, renamed) = try store.adoptedLayout(for: model)
        let integrity = try store.database.rows("PRAGMA integrity_check")
        if integrity != [[.text("ok")]] {
            problems += integrity.compactMap { $0.first?.string }.map { "SQLite integrity check: \($0)" }
        }
        if store.metadata.versionHashes != model.versionHashes().entityVersionHashes {
            problems.append("the store's NSStoreModelVersionHashes do not match the model")
        }
        // Every later check queries these tables and columns: without them there is nothing sound to count.
        let missing = try StoreSchemaCheck.missing(in: store, layout: layout)
        guard missing.isEmpty else {
            self.problems = problems + missing
            self.counts = []
            self.warnings = renamed
            return
        }
        let unaccounted = try StoreSchemaCheck.unaccounted(in: store, layout: layout)
        problems += unaccounted.filter { $0.count > 0 }.map(\.message)
        warnings = renamed + unaccounted.filter { $0.count == 0 }.map(\.message)
        problems += try StoredValueCheck.mistyped(in: store, layout: layout)
        let maxima = Dictionary(try store.primaryKeyTable().map { ($0.name, $0.max) }, uniquingKeysWith: { a, _ in a })
        for table in layout.tables {
            let numbers = table.entities.compactMap { layout.entityNumbers[$0] }
            let rows = try store.database.rows(
                "SELECT MAX(Z_PK), COUNT(*) FROM \(SQL.quote(table.name)) WHERE Z_ENT NOT IN (\(SQL.parameters(numbers.count)))",
                numbers.map { .integer(Int64($0)) })
            if let stray = rows.first, stray[1].int > 0 {
                problems.append("\(table.name) has \(stray[1].int) rows whose Z_ENT is not an entity of its hierarchy")
            }
            let duplicated = try store.duplicatePrimaryKeys(table: table.name)
            if let first = duplicated.first {
                problems.append(
                    "\(table.name) has \(duplicated.count) Z_PK \(duplicated.count == 1 ? "value" : "values") held by more than one row "
                        + "(Z_PK \(first)); an object ID names one row")
            }
            // An empty table has no key for Z_MAX to fall below, whatever Z_MAX holds (-1 in some stores).
            let highest = try store.database.rows("SELECT MAX(Z_PK) FROM \(SQL.quote(table.name))").first?.first ?? .null
            if highest != .null, maxima[table.rootEntity] == nil {
                problems.append("Z_PRIMARYKEY has no row for \(table.rootEntity), whose highest Z_PK in \(table.name) is \(highest.int)")
            } else if highest != .null, highest.int > (maxima[table.rootEntity] ?? 0) {
                problems.append(
                    "Z_PRIMARYKEY.Z_MAX of \(table.rootEntity) is \(maxima[table.rootEntity] ?? 0), below the highest Z_PK \(highest.int) in \(table.name)"
                )
            }
            for column in table.columns {
                guard case .toOne(let owner, let name) = column.kind, let relationship = layout.toOne(name, of: owner)?.relationship,
                    let destination = relationship.destinationEntity, let target = layout.table(for: destination)
                else { continue }
                let label = layout.label(ofToOne: name, of: owner)
                let count = try store.danglingKeyCount(table: table.name, keyColumn: column.name, target: target.name)
                if count > 0 {
                    problems.append("\(label): \(count) rows point to a \(destination) that does not exist")
                }
                let targets = Self.numbers(of: destination, in: layout)
                let wrong = try store.database.rows(
                    """
                    SELECT COUNT(*) FROM \(SQL.quote(table.name)) t JOIN \(SQL.quote(target.name)) d ON d.Z_PK = \
                    \(SQL.column(column.name, of: "t")) WHERE d.Z_ENT NOT IN (\(SQL.parameters(targets.count)))
                    """,
                    targets)
                if let count = wrong.first?.first?.int, count > 0 {
                    problems.append("\(label): \(count) rows point to an object that is not a \(destination)")
                }
                if let entityColumn = table.column(entity: owner, property: name, role: .entityNumber) {
                    let mislabelled = try store.database.rows(
                        """
                        SELECT COUNT(*) FROM \(SQL.quote(table.name)) t JOIN \(SQL.quote(target.name)) d ON d.Z_PK = \
                        \(SQL.column(column.name, of: "t")) WHERE \(SQL.column(entityColumn.name, of: "t")) IS NOT d.Z_ENT
                        """
                    )
                    if let count = mislabelled.first?.first?.int, count > 0 {
                        problems.append(
                            "\(label): \(count) rows have a \(entityColumn.name) that is not the entity number of the object they point to"
                        )
                    }
                }
                if let declaring = model.entity(named: owner),
                    let inverse = StoreLayout.inverse(of: relationship, in: declaring, model: model),
                    !inverse.isToMany,
                    let inverseColumn = target.column(
                        entity: model.declaringEntity(ofProperty: inverse.name, in: model.entity(named: destination)!)?.name ?? destination,
                        property: inverse.name)
                {
                    let mismatched = try store.database.rows(
                        """
                        SELECT COUNT(*) FROM \(SQL.quote(table.name)) t JOIN \(SQL.quote(target.name)) d ON d.Z_PK = \
                        \(SQL.column(column.name, of: "t")) WHERE \(SQL.column(inverseColumn.name, of: "d")) IS NOT t.Z_PK
                        """
                    )
                    if let count = mismatched.first?.first?.int, count > 0 {
                        problems.append("\(owner).\(name) and its inverse \(destination).\(inverse.name) disagree on \(count) rows")
                    }
                }
            }
        }
        for join in layout.joinTables {
            // The source column holds the objects that own `relationship`, the destination column their partners.
            for (column, entity) in [(join.sourceColumn, join.relationship.entity), (join.destinationColumn, join.inverse.entity)] {
                guard let target = layout.table(for: entity) else { continue }
                let dangling = try store.database.rows(
                    """
                    SELECT COUNT(*) FROM \(SQL.quote(join.name)) j WHERE NOT EXISTS (SELECT 1 FROM \(SQL.quote(target.name)) d WHERE d.Z_PK = \
                    \(SQL.column(column, of: "j")))
                    """
                )
                if let count = dangling.first?.first?.int, count > 0 {
                    problems.append("\(join.name).\(column): \(count) rows point to objects that do not exist")
                }
                let targets = Self.numbers(of: entity, in: layout)
                let wrong = try store.database.rows(
                    """
                    SELECT COUNT(*) FROM \(SQL.quote(join.name)) j JOIN \(SQL.quote(target.name)) d ON d.Z_PK = \(SQL.column(column, of: "j")) \
                    WHERE d.Z_ENT NOT IN (\(SQL.parameters(targets.count)))
                    """,
                    targets)
                if let count = wrong.first?.first?.int, count > 0 {
                    problems.append("\(join.name).\(column): \(count) rows point to an object that is not a \(entity)")
                }
            }
        }
        self.problems = problems
        self.counts = try store.rowCounts()
    }

    /// The `Z_ENT` values an object of `entity` may have: its own and its sub-entities', as the values
    /// of a `NOT IN` list (NULL when there are none, so that `NOT IN` matches no row, as before).
    private static func numbers(of entity: String, in layout: StoreLayout) -> [SQLiteValue] {
        let numbers = layout.entityAndSubentities(entity).compactMap { layout.entityNumbers[$0] }
        return numbers.isEmpty ? [.null] : numbers.map { .integer(Int64($0)) }
    }
}
