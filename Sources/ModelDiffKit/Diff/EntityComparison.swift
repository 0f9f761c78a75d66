/// What comparing an entity of the old version with its counterpart in the new version finds, as
/// positions in their property lists rather than the properties themselves, so it holds no line.
///
/// Everything it records follows from what its initializer reads: the two hierarchies
/// (each entity up to its root, line-free), the property version hashes of both entities, and the
/// new names of the old hierarchy's entities. A bundle's versions repeat most entities unchanged,
/// or moved to other lines, so ``EntityPairMemo`` computes it once per distinct pair of inputs and
/// ``ModelDiff`` applies it to each version pair's own entities and properties, with their own lines.
package struct EntityComparison: Sendable {
    /// One property change, by position in the old and the new property list.
    struct PropertyRecord: Sendable {
        let sides: Sides<Int>
        let fields: [FieldChange]
        let hashChanged: Bool
        let movedFrom: String?
        let movedTo: String?
    }

    /// How the properties (inherited ones included) pair up.
    let positions: ModelMatch.PropertyPositions
    /// Entity-level fields that differ.
    let fields: [FieldChange]
    /// The properties that changed: matched ones in the new list's order, then added, then removed.
    let changes: [PropertyRecord]

    /// Compares `oldChain[0]` with `newChain[0]`; `oldProperties` and `newProperties` are their
    /// properties inherited ones first (`Model.allProperties(of:)`), `counterparts` the name each old
    /// entity has in the new version.
    init(
        oldChain: [Entity], newChain: [Entity], oldProperties: [Property], newProperties: [Property],
        oldPropertyHashes: [String: [UInt8]], newPropertyHashes: [String: [UInt8]], counterparts: [String: String]
    ) {
        let positions = ModelMatch.matchPropertyPositions(oldProperties, newProperties)
        self.positions = positions
        // Equal entities have equal fields: describe them only when something differs.
        fields = oldChain[0] == newChain[0] ? [] : Fields.changes(Fields.entity(oldChain[0]), Fields.entity(newChain[0]))
        // Most entities of a long history are untouched between two versions. When both hierarchies are
        // equal entity for entity, each owner its own counterpart, every property paired with its equal
        // and every property hash the same, no property changed: skip comparing them one by one.
        if positions.added.isEmpty, positions.removed.isEmpty, positions.ambiguousNames.isEmpty, oldPropertyHashes == newPropertyHashes,
            oldChain == newChain, oldChain.allSatisfy({ counterparts[$0.name] == $0.name })
        {
            changes = []
            return
        }
        let oldOwners = Self.owners(oldChain)
        let newOwners = Self.owners(newChain)
        var changes: [PropertyRecord] = []
        for (sourcePosition, destinationPosition) in positions.pairs {
            let source = oldProperties[sourcePosition]
            let destination = newProperties[destinationPosition]
            let oldOwner = oldOwners[source.name]
            let newOwner = newOwners[destination.name]
            // A move is between hierarchy levels: the declaring entity is no longer the counterpart of the old one.
            let ownerCounterpart = oldOwner.flatMap { counterparts[$0] }
            let moved = oldOwner != nil && newOwner != nil && ownerCounterpart != newOwner
            // Most properties are unchanged: compare values before describing their fields.
            let fields = source == destination ? [] : Fields.changes(Fields.property(source), Fields.property(destination))
            let hashChanged = oldPropertyHashes[source.name] != newPropertyHashes[destination.name]
            // PropertyChange.isChange, for a matched property.
            guard source.name != destination.name || !fields.isEmpty || hashChanged || moved else { continue }
            changes.append(
                PropertyRecord(
                    sides: .matched(sourcePosition, destinationPosition), fields: fields, hashChanged: hashChanged,
                    movedFrom: moved ? oldOwner : nil, movedTo: moved ? newOwner : nil))
        }
        changes += positions.added.map {
            PropertyRecord(sides: .added($0), fields: [], hashChanged: true, movedFrom: nil, movedTo: nil)
        }
        changes += positions.removed.map {
            PropertyRecord(sides: .removed($0), fields: [], hashChanged: true, movedFrom: nil, movedTo: nil)
        }
        self.changes = changes
    }

    /// The property changes, with the properties of these very lists (and so their lines).
    func propertyChanges(_ oldProperties: [Property], _ newProperties: [Property]) -> [PropertyChange] {
        changes.map { record in
            let sides: Sides<Property> =
                switch record.sides {
                case .matched(let source, let destination): .matched(oldProperties[source], newProperties[destination])
                case .removed(let source): .removed(oldProperties[source])
                case .added(let destination): .added(newProperties[destination])
                }
            return PropertyChange(
                sides: sides, fields: record.fields, hashChanged: record.hashChanged, movedFrom: record.movedFrom, movedTo: record.movedTo)
        }
    }

    /// The entity declaring each property of the hierarchy's first entity, inherited ones included.
    private static func owners(_ chain: [Entity]) -> [String: String] {
        var result: [String: String] = [:]
        for owner in chain {
            for name in owner.propertyNames where result[name] == nil { result[name] = owner.name }
        }
        return result
    }
}
