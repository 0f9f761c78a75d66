@_spi(CLI) import ModelDiffKit

/// A relationship mapping that stage 2 can run table by table: the standard expression
/// `FUNCTION($manager, "destinationInstancesForEntityMappingNamed:sourceInstances:", "M", $source.r)`
/// of a default-policy entity mapping. Instead of evaluating it per destination object, the source
/// links of `r` are streamed with one query and each is turned into destination keys through the
/// two association tables, then written with one prepared statement.
struct BulkRelationship {
    /// How the source links are read.
    enum Links {
        /// A to-one: (source key, target key[, target entity]) for every source object in key order;
        /// the target entity is the declared destination's number when the row has no entity column.
        /// The query's one parameter is the owners' source entity number.
        case toOne(StoreQuery, declaredTarget: Int, hasEntityColumn: Bool)
        /// A to-many: (owner key, target entity, target key), from the join table or the inverse's key column.
        case toMany(StoreQuery)
        /// The source layout has no column holding the relationship's links (neither an inverse's key
        /// nor a virtual to-one's, `StoreLayout.storingToOne`), so there is nothing to read.
        case none
    }

    /// How each destination link is written.
    enum Write {
        /// Sets the mapped to-one of each destination object.
        case toOne(StoreWriter.ToOneWrite)
        /// Sets the inverse to-one (named here) of each target, which is how a to-many is stored.
        case inverse(String)
        /// Adds a row to the join table of a many-to-many (rows are queued: flush the batch after the run).
        case join(StoreWriter.LinkBatch)
    }

    /// The relationship mapping's position in its entity mapping.
    let index: Int
    /// The entity mapping it belongs to.
    let owner: String
    /// The entity mapping its expression names (the targets' association table).
    let target: String
    /// The destination relationship it sets.
    let relationship: Relationship
    /// The source relationship it reads.
    let sourceRelationship: Relationship
    let links: Links
    let write: Write
    /// Whether another bulk relationship writes exactly these links already (the inverse side of a
    /// pair whose both sides are mapped), so running this one would only repeat its writes.
    var isCovered = false

    /// Whether `other` writes the same links from the other end: the same pair of mappings, crossed,
    /// and relationships that are each other's inverses in both models.
    func mirrors(_ other: BulkRelationship) -> Bool {
        owner == other.target && target == other.owner
            && relationship.inverseName == other.relationship.name && other.relationship.inverseName == relationship.name
            && sourceRelationship.inverseName == other.sourceRelationship.name
            && other.sourceRelationship.inverseName == sourceRelationship.name
    }

    /// Whether this is a to-many stored through its inverse's key and `other` sets that inverse
    /// for every object of the target mapping: `other`'s writes include all of this one's.
    func isCovered(by other: BulkRelationship) -> Bool {
        guard mirrors(other), case .toOne = other.write else { return false }
        if case .inverse = write { return true }
        return false
    }

    /// Whether this is a many-to-many whose inverse side `other` inserts the same join rows.
    func duplicates(_ other: BulkRelationship) -> Bool {
        guard mirrors(other), case .join = write, case .join = other.write, case .toMany = links, case .toMany = other.links else {
            return false
        }
        return true
    }
}
