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
