@_spi(CLI) import ModelDiffKit

/// Relationships between seeded objects: every relationship pair is written once, from its to-many
/// side when it has one (the writer keeps the inverse's key or the join table), within the counts
/// and requirements of both sides; the store is then validated as Core Data would validate a save.
struct SeedLinks {
    let model: Model
    let writer: StoreWriter
    /// Seeded objects by concrete entity, in insertion order.
    let objects: [String: [ObjectID]]
    let path: String
    /// The next version: a to-many whose maximum count it lowers has an object holding more.
    let target: SeedTarget?
    private var done: Set<String> = []

    init(model: Model, writer: StoreWriter, objects: [String: [ObjectID]], path: String, target: SeedTarget? = nil) {
        self.model = model
        self.writer = writer
        self.objects = objects
        self.path = path
        self.target = target
    }

    mutating func linkAll() throws {
        for entity in model.entities.sorted(by: { $0.name < $1.name }) {
            for relationship in entity.relationships.sorted(by: { $0.name < $1.name }) where !relationship.isTransient {
                try link(entity, relationship)
            }
        }
        let layout = writer.layout
        for entity in model.entities.sorted(by: { $0.name < $1.name }) where !entity.isAbstract {
            do {
                try DestinationValidation(store: writer.store, layout: layout, mapping: "seed").validate(entity: entity.name)
            } catch let error as MigrationError {
                throw unsatisfiable(
                    "cannot seed objects that satisfy the model: \(error.message)", .change)
            }
        }
    }

    /// Objects of `entity` and its sub-entities, the ones a relationship to it may hold.
    private func members(_ name: String?) -> [ObjectID] {
        guard let name, let entity = model.entity(named: name) else { return [] }
        return ([entity] + model.subentities(of: entity)).flatMap { objects[$0.name] ?? [] }
            .sorted { ($0.primaryKey, $0.entity) < ($1.primaryKey, $1.entity) }
    }

    private func entityName(_ id: ObjectID) -> String { writer.layout.orderedEntities[id.entity - 1] }

    private mutating func link(_ entity: Entity, _ relationship: Relationship) throws {
        let inverse = StoreLayout.inverse(of: relationship, in: entity, model: model)
        // A to-one whose inverse is a to-many is written from that side, which keeps counts and order.
        if !relationship.isToMany && inverse?.isToMany == true { return }
        guard done.insert("\(entity.name).\(relationship.name)").inserted else { return }
        if let inverse, let owner = (relationship.inverseEntity ?? relationship.destinationEntity).flatMap(model.entity(named:)) {
            done.insert("\((model.declaringEntity(ofProperty: inverse.name, in: owner) ?? owner).name).\(inverse.name)")
        }
        let sources = members(entity.name)
        let destinations = members(relationship.destinationEntity)
        let what = "\(entity.name).\(relationship.name)"
        switch (relationship.isToMany, inverse?.isToMany) {
        case (true, nil):
            // Stored as Core Data does, by a virtual to-one of each destination (optional, one owner each).
            guard let virtual = writer.layout.virtualToOne(storing: relationship.name, of: entity.name) else { return }
            try oneToMany(relationship, sources, destinations, virtual.toOne, what, burst: burst(entity, relationship))
        case (true, true?):
            try manyToMany(relationship, sources, destinations, inverse!, what, burst: burst(entity, relationship))
        case (true, false?):
            try oneToMany(relationship, sources, destinations, inverse!, what, burst: burst(entity, relationship))
        case (false, _):
            try toOne(relationship, of: entity.name, sources, destinations, mutual: inverse, what)
        }
    }

    /// How many objects the first owner holds when the next version lowers the maximum count (a to-one
    /// holds at most 1): the old maximum, or twice the new one and one more when the old one is
    /// unbounded; nil otherwise.
    private func burst(_ entity: Entity, _ relationship: Relationship) -> Int? {
        guard let next = target?.relationship(relationship, of: entity) else { return nil }
        let newMaximum = next.isToMany ? next.maxCount : 1
        guard newMaximum > 0 else { return nil }
        if relationship.maxCount > 0 { return relationship.maxCount > newMaximum ? relationship.maxCount : nil }
        return newMaximum * 2 + 1
    }

    private func lowerBound(_ relationship: Relationship) -> Int {
        // A required to-many gets at least one object even when its minimum count is 0.
        relationship.isOptional ? relationship.minCount : max(relationship.minCount, 1)
    }

    private func oneToMany(
        _ relationship: Relationship, _ sources: [ObjectID], _ destinations: [ObjectID], _ inverse: Relationship, _ what: String,
        burst: Int?
    ) throws {
        guard !sources.isEmpty else { return }
        let lower = lowerBound(relationship)
        let upper = relationship.maxCount > 0 ? relationship.maxCount : Int.max
        guard lower * sources.count <= destinations.count else {
            throw unsatisfiable(
                """
                cannot seed \(what): \(sources.count) objects need at least \(lower) each, but there are \(destinations.count) \
                \(relationship.destinationEntity ?? "") objects
                """,
                .raise)
        }
        var held = [[ObjectID]](repeating: [], count: sources.count)
        var next = 0
        for source in sources.indices {
            held[source] = Array(destinations[next..<(next + lower)])
            next += lower
        }
        if let burst, burst > held[0].count {
            let extra = min(burst - held[0].count, destinations.count - next)
            held[0] += destinations[next..<(next + extra)]
            next += extra
        }
        // The rest are spread evenly over all the sources (sub-entities' objects included), so that each
        // kind of owner holds some; an optional inverse leaves every third one unlinked.
        let rest = destinations.count - next
        for (offset, destination) in destinations[next...].enumerated() {
            if inverse.isOptional && offset % 3 == 2 { continue }
            let turn = offset * sources.count / max(rest, 1)
            guard let source = (0..<sources.count).lazy.map({ (turn + $0) % sources.count }).first(where: { held[$0].count < upper }) else {
                if inverse.isOptional { continue }
                throw unsatisfiable(
                    "cannot seed \(what): every \(relationship.destinationEntity ?? "") object needs one, but the maximum count \(upper) leaves some out",
                    .lower)
            }
            held[source].append(destination)
        }
        for (index, source) in sources.enumerated() where !held[index].isEmpty {
            try writer.addToMany(source, entity: entityName(source), relationship: relationship.name, destinations: held[index])
        }
    }

    private func manyToMany(
        _ relationship: Relationship, _ sources: [ObjectID], _ destinations: [ObjectID], _ inverse: Relationship, _ what: String,
        burst: Int?
    ) throws {
        guard !sources.isEmpty else { return }
        let lower = max(lowerBound(relationship), sources.count < destinations.count && !inverse.isOptional ? 1 : 0)
        let upper = min(relationship.maxCount > 0 ? relationship.maxCount : 3, destinations.count)
        guard lower <= upper else {
            throw Diagnostic(
                path: path,
                message:
                    """
                    cannot seed \(what): each object needs at least \(lower) \(relationship.destinationEntity ?? "") objects, but there are \
                    \(destinations.count)
                    """
            )
        }
        for (index, source) in sources.enumerated() {
            // Object i holds i, i+1, … so that every destination is held by someone when there are as many sources.
            var count = lower + (upper > lower ? index % (upper - lower + 1) : 0)
            if index == 0, let burst { count = max(count, min(burst, destinations.count)) }
            guard count > 0 else { continue }
            let held = (0..<count).map { destinations[(index + $0) % destinations.count] }
            try writer.addToMany(source, entity: entityName(source), relationship: relationship.name, destinations: held)
        }
    }

    private func toOne(
        _ relationship: Relationship, of owner: String, _ sources: [ObjectID], _ destinations: [ObjectID], mutual inverse: Relationship?,
        _ what: String
    ) throws {
        guard !sources.isEmpty else { return }
        guard !destinations.isEmpty else {
            if relationship.isOptional { return }
            throw unsatisfiable(
                "cannot seed \(what): it is required, but there are no \(relationship.destinationEntity ?? "") objects", .raise)
        }
        if let inverse {
            // One-to-one: pairs must be mutual and distinct, so object i pairs with destination i.
            // Each side counts its sub-entities' objects too, so the totals are what must be equal.
            if !relationship.isOptional && sources.count > destinations.count || !inverse.isOptional && destinations.count > sources.count {
                throw unsatisfiable(
                    """
                    cannot seed \(what): a required one-to-one pairs each object with its own, but there are \
                    \(census(sources, of: owner)) and \(census(destinations, of: relationship.destinationEntity ?? ""))
                    """,
                    .equalize)
            }
        }
        for (index, source) in sources.enumerated() {
            let leaveEmpty = relationship.isOptional && (inverse?.isOptional ?? true) && index % 4 == 3
            if inverse != nil && index >= destinations.count || leaveEmpty { continue }
            try writer.setToOne(
                source, entity: entityName(source), relationship: relationship.name, to: destinations[index % destinations.count])
        }
    }
}

extension SeedLinks {
    /// `6 Item objects (Item 2, Book 2, Film 2)`: how many objects a side of a relationship has, by
    /// concrete entity when more than one gives them (a relationship to a parent holds its sub-entities').
    fileprivate func census(_ ids: [ObjectID], of entity: String) -> String {
        let total = "\(ids.count) \(entity) object\(ids.count == 1 ? "" : "s")"
        var counts: [(name: String, count: Int)] = []
        for id in ids {
            let name = entityName(id)
            if let index = counts.firstIndex(where: { $0.name == name }) { counts[index].count += 1 } else { counts.append((name, 1)) }
        }
        guard counts.count > 1 || counts.first?.name != entity else { return total }
        let parts = counts.sorted { $0.name < $1.name }.map { "\($0.name) \($0.count)" }
        return "\(total) (\(parts.joined(separator: ", ")))"
    }

    /// Counts that cannot give a store satisfying the model: the fact, and which way to change them.
    fileprivate func unsatisfiable(_ fact: String, _ remedy: SeedCountError.Remedy) -> SeedCountError {
        SeedCountError(path: path, problem: .unsatisfiable(fact, remedy: remedy))
    }
}
