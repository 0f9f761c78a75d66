extension StoreLayout {
    /// An index Core Data creates on an entity table, as names: the store writes its `CREATE INDEX`.
    package struct Index: Sendable {
        /// How Core Data declares the index.
        package enum Kind: Sendable {
            /// A to-one's key or the `Z_ENT` column (`ZPOST_ZAUTHOR_INDEX`): bare columns.
            case key
            /// A fetch index, or an `indexed` attribute or compound index of older models: each
            /// column `COLLATE BINARY` and ascending or descending.
            case fetch
            /// A uniqueness constraint (`CREATE UNIQUE INDEX`), its columns as a fetch index's.
            case unique
        }

        /// The index's name (`Z_Note_byTitle`).
        package let name: String
        /// The table it indexes.
        package let table: String
        /// Its columns in order, each ascending or descending.
        package let columns: [(name: String, descending: Bool)]
        /// How it is declared.
        package let kind: Kind
    }
}

extension StoreLayout {
    /// The columns of a fetch index over `elements` (property name, descending, element type) of
    /// `entity` (`total` counts its expression elements too), as `-[NSSQLBinaryIndex
    /// generateStatementsForStore:]` writes them (docs/STORE.md, "Fetch indexes over
    /// relationships"): an index of one ascending binary element naming a
    /// relationship gets no statement (a to-one's key has its `_INDEX` already); otherwise an
    /// attribute is its column, a to-one its key column `Z<NAME>`, and a transient property, a
    /// to-many or a fetched property adds nothing. An index left with no column is not created.
    static func fetchIndexColumns(
        _ elements: [(property: String, descending: Bool, type: String)], total: Int, of entity: Entity, in model: Model,
        column: (String) -> String
    ) -> [(name: String, descending: Bool)] {
        let ancestry = model.ancestry(of: entity)
        func relationship(_ name: String) -> Relationship? {
            ancestry.lazy.compactMap { $0.relationships.first { $0.name == name } }.first
        }
        func attribute(_ name: String) -> Attribute? {
            ancestry.lazy.compactMap { $0.attributes.first { $0.name == name } }.first
        }
        if total == 1, elements.count == 1, let only = elements.first, !only.descending, only.type == "Binary",
            relationship(only.property) != nil
        {
            return []
        }
        return elements.compactMap { element in
            if let attribute = attribute(element.property) {
                return attribute.isTransient ? nil : (column(element.property), element.descending)
            }
            if let relationship = relationship(element.property), !relationship.isTransient, !relationship.isToMany {
                return (column(element.property), element.descending)
            }
            return nil
        }
    }
}
