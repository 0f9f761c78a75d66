extension XcodeModelArchiver {
    /// Entity inheritance as Xcode records it in CoreDataPlus's SampleModel2 archive (Car → SportCar →
    /// LuxuryCar): one `XDUMLGeneralizationImp` per sub-entity, with `_specific` and `_owner` the
    /// sub-entity, `_general` its parent, a `_uniqueElementID`, `_visibility` 0 and no `_name`. The
    /// sub-entity holds it in its generalizations bucket, the parent in a specializations bucket (the
    /// same object), which only entities with sub-entities have.
    struct Generalizations {
        /// The slot of each sub-entity's generalization, by the sub-entity's name.
        private var slots: [String: Int] = [:]
        /// Each entity's parent, by name.
        private let parents: [String: String]
        /// Each entity's sub-entities, in the model's order.
        private let children: [String: [String]]

        init(_ model: Model, in b: inout KeyedArchiveBuilder) {
            var parents: [String: String] = [:]
            var children: [String: [String]] = [:]
            for entity in model.entities {
                guard let parent = entity.parentEntity else { continue }
                parents[entity.name] = parent
                children[parent, default: []].append(entity.name)
                slots[entity.name] = b.reserve()
            }
            self.parents = parents
            self.children = children
        }

        /// The entity and its ancestors, nearest first (a cycle, which the model check refuses, ends the walk).
        func lineage(of name: String) -> [String] {
            var result = [name]
            var current = name
            while let parent = parents[current], !result.contains(parent) {
                result.append(parent)
                current = parent
            }
            return result
        }

        /// The entity's generalization and specialization buckets.
        func fields(of name: String, in b: inout KeyedArchiveBuilder) -> [String: PlistValue] {
            var fields = bucket("XDBucketForGeneralizations", b.mutableArray(slots[name].map { [.uid($0)] } ?? []), in: &b)
            fields["XDBucketForGeneralizationsduplicates"] = b.string("duplicates")
            if let subentities = children[name] {
                let storage = b.mutableArray(subentities.compactMap { slots[$0].map(PlistValue.uid) })
                fields.merge(bucket("XDBucketForSpecializations", storage, in: &b)) { a, _ in a }
                fields["XDBucketForSpecializationsduplicates"] = b.string("duplicates")
            }
            return fields
        }

        /// Fills each generalization once every entity has its slot.
        func fill(entities: [String: Int], ids: inout ElementIDs, in b: inout KeyedArchiveBuilder) {
            for (name, slot) in slots.sorted(by: { $0.key < $1.key }) {
                guard let child = entities[name], let parent = parents[name].flatMap({ entities[$0] }) else { continue }
                b.fill(
                    slot, classes: ["XDUMLGeneralizationImp"] + elementChain,
                    [
                        "_name": KeyedArchiveBuilder.null, "_specific": .uid(child), "_owner": .uid(child), "_general": .uid(parent),
                        "_uniqueElementID": b.number(.integer(ids.next("\(name) generalization"))), "_visibility": .integer(0),
                    ])
            }
        }
    }
}
