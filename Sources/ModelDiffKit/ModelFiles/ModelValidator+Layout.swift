/// What Core Data could not lay out in SQLite, refused when the model is read (so `check` reports it
/// and `migrate` stops before touching a store), rather than left to fail as raw SQLite errors.
///
/// Core Data names a hierarchy's table `Z` and its root entity's name in capitals, and a property's
/// column `Z` and the property's name in capitals (`StoreLayout`). SQLite compares identifiers without
/// regard to case, so `Tag` and `TAG` are one table, and `title` beside `tItle` one column.
extension ModelValidator {
    /// Core Data's own tables, which no entity's table may replace.
    static let coreDataTables: Set<String> = ["Z_METADATA", "Z_PRIMARYKEY", "Z_MODELCACHE"]

    /// SQLite's default `SQLITE_MAX_COLUMN`: a table with more columns cannot be created.
    static let maximumColumns = 2_000

    func validateLayout() throws(Diagnostic) {
        var tables: [String: Entity] = [:]
        for entity in model.entities where entity.parentEntity == nil {
            let table = columnName(entity.name)
            if Self.coreDataTables.contains(table) {
                throw error(entity.line, "entity \"\(entity.name)\" would be stored in table \(table), which is Core Data's own")
            }
            if let first = tables[table] {
                throw error(
                    entity.line,
                    """
                    entities \"\(first.name)\" (line \(first.line)) and \"\(entity.name)\" would both be stored in table \(table); SQLite does \
                    not tell names apart by case
                    """
                )
            }
            tables[table] = entity
        }
        if hasNamesSharingAColumn() {
            for entity in model.entities {
                try validateColumns(of: entity)
            }
        }
        try validateIndexNames()
        // A table has Core Data's 3 own columns, one per stored attribute and at most three per to-one
        // (the key, the `Z<n>_` entity column, an order key); when the whole model cannot reach the
        // limit, no table can, and laying out the store (a tenth of `check`'s time) is not needed.
        let bound = model.entities.reduce(3) { $0 + $1.attributes.count + 3 * $1.relationships.count }
        guard bound > Self.maximumColumns else { return }
        let layout = StoreLayout(model: model)
        for table in layout.tables where table.columns.count > Self.maximumColumns {
            let root = model.entity(named: table.rootEntity)
            throw error(
                root?.line ?? .none,
                """
                table \(table.name) (entity \"\(table.rootEntity)\" and its sub-entities) would have \(table.columns.count) columns; SQLite \
                allows at most \(Self.maximumColumns)
                """
            )
        }
    }

    /// Fetch indexes and uniqueness constraints become SQLite indexes named `Z_<entity>_<index>` and
    /// `Z_<entity>_UNIQUE_<properties>`; two with one name (again without regard to case, as SQLite
    /// compares them) would make the second `CREATE INDEX` fail.
    private func validateIndexNames() throws(Diagnostic) {
        var seen: [String: String] = [:]
        for entity in model.entities {
            let names =
                entity.fetchIndexes.map {
                    ("Z_\(entity.name)_\($0.name)", "fetch index \"\($0.name)\" of entity \"\(entity.name)\"", $0.line)
                }
                + entity.uniquenessConstraints.filter { !$0.isEmpty }.map {
                    (
                        "Z_\(entity.name)_UNIQUE_\($0.joined(separator: "_"))",
                        "uniqueness constraint (\($0.joined(separator: ", "))) of entity \"\(entity.name)\"", entity.line
                    )
                }
            for (name, what, line) in names {
                if let first = seen[name.uppercased()] {
                    throw error(line, "\(first) and \(what) would both be SQLite index \(name); SQLite does not tell names apart by case")
                }
                seen[name.uppercased()] = what
            }
        }
    }

    /// Whether two stored properties of one hierarchy have different names and one column.
    ///
    /// `validateColumns(of:)` refuses exactly such a pair within one entity's ancestry, which lies
    /// within one hierarchy, so when no hierarchy has one it has nothing to find: this one pass
    /// looks at each property once, where that check builds a dictionary per entity over its whole
    /// ancestry (a tenth of reading a model). Different hierarchies may share a column name (36 of
    /// WooCommerce's 117 versions have `imageURL` and `imageUrl` in two root entities), so the pairs are
    /// looked for per hierarchy. Whenever one exists, the check runs unchanged: the same errors, in the
    /// same order.
    private func hasNamesSharingAColumn() -> Bool {
        let count = model.entities.reduce(0) { $0 + $1.attributes.count + $1.relationships.count }
        var columns = Set<ASCIIColumn>(minimumCapacity: count)
        // A root without sub-entities whose own checks passed (`isLocallyValid`) has no two properties of
        // one column, and no other entity has its table: it has nothing to find.
        let parents = locallyValid.contains(true) ? Set(model.entities.compactMap(\.parentEntity)) : []
        for (position, entity) in model.entities.enumerated() {
            if isLocallyValid(at: position), entity.parentEntity == nil, !parents.contains(entity.name) { continue }
            // Entity names are unique by now, so a root's position stands for its name.
            let root = entity.parentEntity == nil ? position : model.entityPosition(named: model.rootEntity(of: entity).name) ?? position
            // nil for a name that is not ASCII, whose column only `uppercased()` can tell.
            func shares(_ name: String) -> Bool? {
                guard let column = ASCIIColumn(root: root, name: name) else { return nil }
                let (inserted, first) = columns.insert(column)
                return !inserted && first.name != name
            }
            for attribute in entity.attributes where !attribute.isTransient {
                guard let shared = shares(attribute.name) else { return hasNamesSharingAColumnByString() }
                if shared { return true }
            }
            for relationship in entity.relationships where !relationship.isTransient && !relationship.isToMany {
                guard let shared = shares(relationship.name) else { return hasNamesSharingAColumnByString() }
                if shared { return true }
            }
        }
        return false
    }

    /// `hasNamesSharingAColumn()` for a model with a name that is not ASCII: Unicode's upper case
    /// gives some such names the column of an ASCII one (`ſ` and `s` are both `S`), so every name
    /// is upper-cased as `columnName` does.
    private func hasNamesSharingAColumnByString() -> Bool {
        struct Column: Hashable {
            let root: String
            /// `columnName` without its constant `Z`, which decides nothing here.
            let name: String
        }
        let count = model.entities.reduce(0) { $0 + $1.attributes.count + $1.relationships.count }
        var names = [Column: String](minimumCapacity: count)
        for entity in model.entities {
            let root = entity.parentEntity == nil ? entity.name : model.rootEntity(of: entity).name
            func shares(_ name: String) -> Bool {
                let column = Column(root: root, name: name.uppercased())
                if let first = names[column] { return first != name }
                names[column] = name
                return false
            }
            for attribute in entity.attributes where !attribute.isTransient && shares(attribute.name) { return true }
            for relationship in entity.relationships where !relationship.isTransient && !relationship.isToMany && shares(relationship.name)
            {
                return true
            }
        }
        return false
    }

    /// Stored properties of the entity and its ancestors that would share a column. Sub-entities on
    /// different branches may reuse a name: Core Data numbers their columns (`ZTEXT`, `ZTEXT1`).
    private func validateColumns(of entity: Entity) throws(Diagnostic) {
        var columns: [String: (owner: String, name: String)] = [:]
        for ancestor in model.ancestry(of: entity).reversed() {  // root first, the entity itself last
            let stored =
                ancestor.attributes.filter { !$0.isTransient }.map { ($0.name, $0.line) }
                + ancestor.relationships.filter { !$0.isTransient && !$0.isToMany }.map { ($0.name, $0.line) }
            for (name, line) in stored {
                let column = columnName(name)
                if let first = columns[column], first.name != name {
                    // Reported once, for the entity that declares the second property.
                    guard ancestor.name == entity.name else { continue }
                    throw error(
                        line,
                        """
                        properties \"\(first.owner).\(first.name)\" and \"\(entity.name).\(name)\" would both be stored in column \(column); \
                        SQLite does not tell names apart by case
                        """
                    )
                }
                columns[column] = (ancestor.name, name)
            }
        }
    }
}

/// An ASCII property name in the hierarchy of the root entity at `root`, equal to another when
/// `columnName` would give both one column: the same root, the same bytes but for the case of letters.
///
/// Compared and hashed from the bytes, folding `a`–`z` to `A`–`Z` as `uppercased()` does for ASCII:
/// an `uppercased()` string per property and a hash of two strings per lookup made this pass cost
/// half of the per-entity check it lets a model skip. The folded bytes are hashed once, when the
/// column is made (FNV-1a): a set compares its element with every one it probes, and the hash
/// tells almost all of them apart without reading a byte.
private struct ASCIIColumn: Hashable {
    let root: Int
    let name: String
    private let folded: UInt64

    /// The column of `name`, or nil when the name is not ASCII.
    init?(root: Int, name: String) {
        var text = name
        var folded: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(truncatingIfNeeded: root)
        let isASCII = text.withUTF8 { bytes in
            for byte in bytes {
                guard byte < 0x80 else { return false }
                folded = (folded ^ UInt64(Self.upper(byte))) &* 0x100_0000_01B3
            }
            return true
        }
        guard isASCII else { return nil }
        self.root = root
        self.name = name
        self.folded = folded
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        guard lhs.folded == rhs.folded, lhs.root == rhs.root else { return false }
        var left = lhs.name
        var right = rhs.name
        return left.withUTF8 { a in
            right.withUTF8 { b in a.count == b.count && zip(a, b).allSatisfy { upper($0) == upper($1) } }
        }
    }

    func hash(into hasher: inout Hasher) { hasher.combine(folded) }

    private static func upper(_ byte: UInt8) -> UInt8 { (0x61...0x7A).contains(byte) ? byte - 0x20 : byte }
}

extension ModelValidator {
    /// A fetch index element naming a to-many without an inverse: Core Data's
    /// `-[NSSQLBinaryIndex generateStatementsForStore:]` skips a to-many with an inverse but looks
    /// this one up as a column, and the decompilation does not show which name it has (the table has
    /// no column for it). The layout leaves the element out and says so (docs/STORE.md).
    func fetchIndexWarnings() -> [Diagnostic] {
        model.entities.filter { !$0.fetchIndexes.isEmpty }.flatMap { entity in
            let ancestry = model.ancestry(of: entity)
            return entity.fetchIndexes.flatMap { index in
                index.elements.compactMap { element -> Diagnostic? in
                    guard let name = element.property,
                        let relationship = ancestry.lazy.compactMap({ $0.relationships.first { $0.name == name } }).first,
                        relationship.isToMany, relationship.inverseName == nil, !relationship.isTransient
                    else { return nil }
                    return Diagnostic(
                        .warning, path: index.line.file(or: path), line: index.line.value,
                        message: """
                            fetch index \"\(index.name)\" of entity \"\(entity.name)\" names \"\(name)\", a to-many without an inverse, which \
                            has no column: the store's index leaves it out (Core Data's treatment of such an element is not known)
                            """)
                }
            }
        }
    }
}
