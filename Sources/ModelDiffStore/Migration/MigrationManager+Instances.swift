import Foundation
@_spi(CLI) import ModelDiffKit

/// Creating objects, associating them, and answering value expressions.
extension MigrationManager {
    /// Inserts a destination object with attribute values and returns it.
    public func insertDestinationObject(entity: String, values: [String: StoreValue]) throws -> MigrationObject {
        guard let writer else { throw MigrationError(.migration, "no migration is running") }
        let id = try writer.insert(entity: entity, attributes: values)
        KillPoint.insert.reach()
        let object = MigrationObject(id: id, entity: entity, side: .destination, attributes: values, toOne: [:], manager: self)
        remember(object)
        return object
    }

    /// Records that `destination` was made from `source` by `mapping` (NSMigrationManager's association table).
    public func associate(
        sourceInstance source: MigrationObject, withDestinationInstance destination: MigrationObject, for mapping: EntityMapping
    ) {
        association(for: mapping.name).append(source: source.id, destination: destination.id)
    }

    /// The association table of a mapping, created when first needed.
    func association(for name: String) -> AssociationTable {
        if let table = associations[name] { return table }
        let table = AssociationTable()
        associations[name] = table
        return table
    }

    /// The destination objects `mapping` made from these source objects; an unknown mapping name is an error.
    /// `sourceInstances` nil means every source object the mapping read, as the NSMigrationManager
    /// reference has it.
    public func destinationInstances(forEntityMappingName name: String, sourceInstances: [MigrationObject]?) throws -> [MigrationObject] {
        let table = try associationTable(named: name)
        guard let sourceInstances else {
            var all: [ObjectID] = []
            table.forEachPair { _, destination in all.append(destination) }
            return try all.compactMap { try object($0, side: .destination) }
        }
        return try sourceInstances.flatMap { table.destinations(of: $0.id) }.compactMap { try object($0, side: .destination) }
    }

    /// The source objects `mapping` made these destination objects from (nil: every one it made).
    public func sourceInstances(forEntityMappingName name: String, destinationInstances: [MigrationObject]?) throws -> [MigrationObject] {
        let table = try associationTable(named: name)
        guard let destinationInstances else {
            var all: [ObjectID] = []
            table.forEachPair { source, _ in all.append(source) }
            return try all.compactMap { try object($0, side: .source) }
        }
        return try destinationInstances.flatMap { table.sources(of: $0.id) }.compactMap { try object($0, side: .source) }
    }

    /// The destination objects made from what the current mapping's source relationship `name` points
    /// to: each object through the entity mapping that migrates its own entity (a sub-entity's
    /// objects through theirs), as Xcode's compiled mapping models ask with
    /// `destinationInstancesForSourceRelationshipNamed:sourceInstances:`.
    public func destinationInstances(forSourceRelationshipNamed name: String, sourceInstances: [MigrationObject]?) throws
        -> [MigrationObject]
    {
        guard let mapping = currentEntityMapping, let entity = sourceEntity(for: mapping),
            let relationship = sourceModel.allRelationships(of: entity).first(where: { $0.name == name }),
            let target = relationship.destinationEntity
        else {
            throw MigrationError(
                .migration, "the source entity of \(currentEntityMapping?.name ?? "this mapping") has no relationship named \(name)",
                mapping: currentEntityMapping?.name)
        }
        let carrying = mappingModel?.entityMappings.filter { [.copy, .transform, .custom].contains($0.type) } ?? []
        guard let sourceInstances else {
            let family = Set([target] + (sourceModel.entity(named: target).map { sourceModel.subentities(of: $0).map(\.name) } ?? []))
            return try carrying.filter { $0.sourceEntity.map(family.contains) ?? false }.flatMap {
                try destinationInstances(forEntityMappingName: $0.name, sourceInstances: nil)
            }
        }
        // Core Data takes only the entity mappings whose destination is a kind of the destination
        // relationship's (the current property mapping's) destination: for a relationship re-targeted
        // to another entity there is none, and a link has nowhere to go.
        let current = currentRelationship.flatMap { current -> (Relationship, MigrationObject)? in
            destinationEntity(for: mapping).flatMap { destinationModel.allRelationships(of: $0).first { $0.name == current.name } }
                .map { ($0, current.source) }
        }
        return try sourceInstances.flatMap { object -> [MigrationObject] in
            guard let through = carrying.first(where: { $0.sourceEntity == object.entity }) else { return [] }
            if let (written, owner) = current, let wanted = written.destinationEntity,
                let made = through.destinationEntity.flatMap(destinationModel.entity(named:)),
                !destinationModel.ancestry(of: made).contains(where: { $0.name == wanted })
            {
                throw Self.retargetedLink(
                    owner: owner, relationship: name, written: written, linked: object, madeInto: made.name, mapping: mapping)
            }
            return try destinationInstances(forEntityMappingName: through.name, sourceInstances: [object])
        }
    }

    /// A link of a relationship re-targeted to an entity no entity mapping leads to. Core Data's
    /// `destinationInstancesForSourceRelationshipNamed:sourceInstances:` finds no mapping for it, so its
    /// migration manager drops the link, while its in-place SQLite migration (`_NSSQLEntityMigrationDescription`)
    /// copies the raw key, which then names whichever object of the new destination has that primary key.
    /// The two disagree and neither keeps the link: refused, naming the object, with NSMigrationError.
    static func retargetedLink(
        owner: MigrationObject, relationship: String, written: Relationship, linked: MigrationObject, madeInto: String,
        mapping: EntityMapping
    ) -> MigrationError {
        let entity = mapping.destinationEntity ?? owner.entity
        return MigrationError(
            .migration,
            """
            \(owner.entity) (Z_PK \(owner.id.primaryKey)) links \(linked.entity) (Z_PK \(linked.id.primaryKey)) through \(relationship), \
            but \(entity).\(written.name) now points to \(written.destinationEntity ?? "another entity"), and no entity mapping makes one \
            of a \(linked.entity) (it becomes \(madeInto)): nothing to link (Core Data's migration manager \
            drops such a link, its in-place SQLite migration copies the raw key); carry it in a mapping model, or empty \(relationship) \
            in the store before migrating
            """,
            mapping: mapping.name, entity: entity, object: owner.id)
    }

    /// What a relationship mapping's `destinationInstancesForEntityMappingNamed:sourceInstances:` gives:
    /// the named mapping's destination objects for `sources`; and, while `resolvesSubentityObjects` (a
    /// relationship mapping of stage 2), an object of a sub-entity of that mapping's source entity,
    /// which it did not migrate, through the mapping that migrates its own entity, as
    /// `destinationInstancesForSourceRelationshipNamed:sourceInstances:` does. The inferred mapping names
    /// the mapping of the relationship's declared destination, so otherwise a to-one to a sub-entity
    /// object would be set to nil (after the inverse's mapping set it), a to-many without an inverse
    /// would lose it, and so would a to-many whose inverse is new in the destination (no mapping of its
    /// own sets it: Wire's `Conversation.allMessages`, renamed from `messages`, whose inverse
    /// `Message.visibleInConversation` the cached model of `store1-24` names `conversation`); the SQL
    /// fast path keeps all three (it copies the key).
    func relatedDestinationInstances(forEntityMappingName name: String, sourceInstances sources: [MigrationObject]) throws
        -> [MigrationObject]
    {
        let lookup = resolvesSubentityObjects ? subentityMappings(of: name) : [:]
        guard !lookup.isEmpty else { return try destinationInstances(forEntityMappingName: name, sourceInstances: sources) }
        let table = try associationTable(named: name)
        return try sources.flatMap { source -> [MigrationObject] in
            let found = table.destinations(of: source.id)
            if found.isEmpty, let own = lookup[source.entity] {
                return try destinationInstances(forEntityMappingName: own, sourceInstances: [source])
            }
            return try found.compactMap { try object($0, side: .destination) }
        }
    }

    /// The mappings migrating each sub-entity of the source entity of the entity mapping `name`, by
    /// sub-entity name (the first that carries it, as `destinationInstances(forSourceRelationshipNamed:…)` takes).
    func subentityMappings(of name: String) -> [String: String] {
        guard let named = mappingModel?.entityMapping(named: name), let root = named.sourceEntity.flatMap(sourceModel.entity(named:)) else {
            return [:]
        }
        var result: [String: String] = [:]
        for member in sourceModel.subentities(of: root) {
            if let carrying = mappingModel?.entityMappings.first(where: {
                $0.sourceEntity == member.name && [.copy, .transform, .custom].contains($0.type)
            }) {
                result[member.name] = carrying.name
            }
        }
        return result
    }

    private func associationTable(named name: String) throws -> AssociationTable {
        guard let table = associations[name] ?? (mappingModel?.entityMapping(named: name) != nil ? AssociationTable() : nil) else {
            throw MigrationError(.missingMappingModel, "no entity mapping is named \(name)", mapping: currentEntityMapping?.name)
        }
        return table
    }

    /// The source model's entity a mapping reads.
    public func sourceEntity(for mapping: EntityMapping) -> Entity? { mapping.sourceEntity.flatMap(sourceModel.entity(named:)) }

    /// The destination model's entity a mapping creates.
    public func destinationEntity(for mapping: EntityMapping) -> Entity? {
        mapping.destinationEntity.flatMap(destinationModel.entity(named:))
    }

    /// The attribute values a mapping's value expressions give for a source object.
    ///
    /// As NSEntityMigrationPolicy's `createDestinationInstancesForSourceInstance:…` does: the new
    /// destination object holds every attribute's default, then each attribute mapping, in the
    /// mapping's order, is evaluated and set at once, so `$destination.x` gives the value an earlier
    /// mapping set, or the default of one not mapped yet. (The object is inserted once all are set:
    /// the store sees the same row.)
    public func attributeValues(for source: MigrationObject, in mapping: EntityMapping) throws -> [String: StoreValue] {
        guard let plan = attributePlan(for: mapping) else { return [:] }
        guard plan.readsDestination else {
            var values: [String: StoreValue] = Dictionary(minimumCapacity: plan.entries.count + plan.defaults.count)
            for entry in plan.entries {
                values[entry.name] = try value(of: entry, source: source, mapping: mapping, entity: plan.entity)
            }
            // Attributes without a value get their default, as a new managed object would.
            for (name, value) in plan.defaults { values[name] = value }
            return values
        }
        let draft = DestinationDraft(entity: plan.entity, values: plan.newObjectValues, toMany: plan.toManyRelationships)
        for entry in plan.entries {
            draft.values[entry.name] = try value(of: entry, source: source, mapping: mapping, entity: plan.entity, destination: draft)
        }
        return draft.values
    }

    /// The plan for a mapping's attribute mappings, made on first use in a migration.
    func attributePlan(for mapping: EntityMapping) -> AttributeMappingPlan? {
        if let cached = attributePlans[mapping.name], cached?.attributeMappings == mapping.attributeMappings,
            cached?.entity == mapping.destinationEntity
        {
            return cached
        }
        let plan = AttributeMappingPlan(mapping: mapping, destinationModel: destinationModel)
        attributePlans[mapping.name] = plan
        return plan
    }

    /// One attribute mapping's value for a source object, converted to the attribute's type;
    /// `destination` is `$destination` (the object being made), when an expression reads it.
    func value(
        of entry: AttributeMappingPlan.Entry, source: MigrationObject, mapping: EntityMapping, entity: String,
        destination: DestinationDraft? = nil
    ) throws -> StoreValue {
        let result: ExpressionValue
        switch entry.source {
        case .key(let key): result = try source.value(forKey: key)
        case .keyOrDefault(let key, let value):
            let read = try source.value(forKey: key)
            if case .null = read { result = ExpressionValue(value) } else { result = read }
        case .expression(let expression):
            let property = mapping.attributeMappings.first { $0.name == entry.name }
            result = try evaluate(expression, source: source, mapping: mapping, property: property, destination: destination)
        case .unparsable(let error): throw error
        case .placeholder(let placeholder):
            throw MigrationError(
                .migration, "the mapping for \(entity).\(entry.name) is still a placeholder: \(placeholder)", mapping: mapping.name,
                entity: entity, object: source.id)
        }
        return try result.storeValue(for: entry.type)
    }

    /// Sets a destination object's relationships from the mapping's relationship mappings.
    public func applyRelationshipMappings(to destination: MigrationObject, in mapping: EntityMapping) throws {
        try applyRelationshipMappings(to: destination, in: mapping, skipping: [])
    }

    /// Sets a destination object's relationships but those whose mappings (by index) were run in bulk.
    func applyRelationshipMappings(to destination: MigrationObject, in mapping: EntityMapping, skipping done: Set<Int>) throws {
        guard let writer, let entity = destinationEntity(for: mapping) else { return }
        let sources = try sourceInstances(forEntityMappingName: mapping.name, destinationInstances: [destination])
        guard let source = sources.first else { return }
        let relationships = Dictionary(destinationModel.allRelationships(of: entity).map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        for (index, property) in mapping.relationshipMappings.enumerated() where !done.contains(index) {
            guard let relationship = relationships[property.name] else { continue }
            if let placeholder = property.placeholder {
                throw MigrationError(
                    .migration, "the mapping for \(entity.name).\(property.name) is still a placeholder: \(placeholder)",
                    mapping: mapping.name, entity: entity.name, object: destination.id)
            }
            guard let text = property.valueExpression else { continue }
            resolvesSubentityObjects = true
            currentRelationship = (property.name, source)
            defer { (resolvesSubentityObjects, currentRelationship) = (false, nil) }
            let result = try evaluate(text, source: source, mapping: mapping, property: property, destination: destination)
            let objects: [MigrationObject]
            switch result {
            case .null: objects = []
            case .object(let object as MigrationObject): objects = [object]
            case .array(let items): objects = items.compactMap { if case .object(let o as MigrationObject) = $0 { o } else { nil } }
            default:
                throw MigrationError(
                    .migration, "the mapping for \(entity.name).\(property.name) gave \(result), not destination objects",
                    mapping: mapping.name, entity: entity.name, object: destination.id)
            }
            // A source object's key names a row of the other store: written as is, it would link
            // whatever new object has that key. Core Data refuses it (objects from another context).
            if let stray = objects.first(where: { $0.side == .source }) {
                let name = SourceObjectCheck.mappingName(from: stray.entity, to: relationship.destinationEntity, in: mappingModel)
                throw MigrationError(
                    .migration,
                    SourceObjectCheck.message(
                        property: "\(entity.name).\(property.name)", text: text, sourceEntity: stray.entity, mappingName: name),
                    mapping: mapping.name, entity: entity.name, object: destination.id)
            }
            let targets = objects.map(\.id)
            if relationship.isToMany {
                try writer.addToMany(destination.id, entity: destination.entity, relationship: relationship.name, destinations: targets)
            } else {
                try requireAccepted(
                    targets.first, by: try writer.toOnePlan(entity: destination.entity, relationship: relationship.name),
                    entity: destination.entity, object: destination.id)
                try writer.setToOne(destination.id, entity: destination.entity, relationship: relationship.name, to: targets.first)
            }
        }
    }

    /// Throws NSMigrationError, naming the object (and, through `run`, its mapping), where the to-one `plan`
    /// writes cannot take `target` (`StoreWriter.unacceptable`: Core Data's setter raises there).
    func requireAccepted(_ target: ObjectID?, by plan: StoreWriter.ToOneWrite, entity: String, object: ObjectID) throws {
        if let message = writer?.unacceptable(target, by: plan, entity: entity) {
            throw MigrationError(.migration, message, entity: entity, object: object)
        }
    }

    func evaluate(
        _ text: String, source: MigrationObject, mapping: EntityMapping, property: PropertyMapping? = nil,
        destination: (any ExpressionObject)? = nil
    ) throws -> ExpressionValue {
        let expression: ValueExpression
        if let cached = parsedExpressions[text] {
            expression = cached
        } else {
            expression = try ExpressionParser.parse(text)
            parsedExpressions[text] = expression
        }
        return try evaluate(expression, source: source, mapping: mapping, property: property, destination: destination)
    }

    /// Evaluates with Core Data's variables bound: `$source`, `$manager`, `$entityMapping` (the entity
    /// mapping, not its name), `$propertyMapping` (the property mapping being evaluated), `$destination`
    /// (the destination object: in relationship mappings, and in attribute mappings that read it) and
    /// `$entityPolicy`.
    func evaluate(
        _ expression: ValueExpression, source: MigrationObject, mapping: EntityMapping, property: PropertyMapping? = nil,
        destination: (any ExpressionObject)? = nil
    ) throws -> ExpressionValue {
        var variables: [String: ExpressionValue] = ["source": .object(source), "manager": .object(self)]
        if let destination { variables["destination"] = .object(destination) }
        if let currentPolicy { variables["entityPolicy"] = .object(PolicyReference(currentPolicy)) }
        variables["entityMapping"] = .object(EntityMappingReference(mapping))
        if let property { variables["propertyMapping"] = .object(PropertyMappingReference(property)) }
        return try expression.evaluate(in: EvaluationContext(variables: variables, evaluatedObject: .object(source)))
    }

    /// An object by ID, from the association caches or the store.
    func object(_ id: ObjectID, side: MigrationObject.Side) throws -> MigrationObject? {
        if let cached = side == .destination ? destinationObjects[id] : sourceObjects[id] { return cached }
        let (store, layout) = side == .destination ? (destinationContext, destinationLayout) : (sourceContext, sourceLayout)
        guard let store, let stored = try store.object(id, layout: layout) else { return nil }
        let object = MigrationObject(
            id: stored.id, entity: stored.entity, side: side, attributes: stored.attributes, toOne: stored.toOne, manager: self)
        remember(object)
        return object
    }

    /// Caches an object; the caches are emptied when they grow large, so memory stays bounded on
    /// big stores (objects are read back from the stores when needed again).
    func remember(_ object: MigrationObject) {
        if object.side == .destination {
            if destinationObjects.count >= Self.cacheLimit { destinationObjects.removeAll(keepingCapacity: true) }
            destinationObjects[object.id] = object
        } else {
            if sourceObjects.count >= Self.cacheLimit { sourceObjects.removeAll(keepingCapacity: true) }
            sourceObjects[object.id] = object
        }
    }

    /// The objects a source object's to-many relationship holds, or nil when the key is no to-many.
    func sourceRelated(_ object: MigrationObject, relationship: String) throws -> [MigrationObject]? {
        guard let store = sourceContext, let entity = sourceModel.entity(named: object.entity),
            let declared = sourceModel.allRelationships(of: entity).first(where: { $0.name == relationship }), declared.isToMany
        else { return nil }
        return try store.relatedObjects(of: object.id, entity: object.entity, relationship: relationship, layout: sourceLayout)
            .compactMap { try self.object($0, side: .source) }
    }

    /// Writes a changed attribute of a destination object (policies setting values after insertion).
    func updateDestination(_ object: MigrationObject, key: String, value: StoreValue) throws {
        guard let writer, let column = destinationLayout.column(entity: object.entity, property: key), case .attribute = column.kind
        else { throw MigrationError(.migration, "\(object.entity) has no attribute \(key)", entity: object.entity, object: object.id) }
        // The object was inserted in this migration's one save: it keeps Z_OPT 1.
        try writer.update(object.id, entity: object.entity, attributes: [key: value], bumpingVersion: false)
    }

    /// `$manager` in value expressions: NSMigrationManager's lookups.
    public func value(forKey key: String) throws -> ExpressionValue {
        switch key {
        case "sourceContext", "destinationContext": .string(key)
        case "currentEntityMapping": currentEntityMapping.map { .object(EntityMappingReference($0)) } ?? .null
        case "userInfo": .object(ByNameReference { [userInfo] key in userInfo[key].map { .string($0) } ?? .null })
        case "mappingModel": mappingModel.map { .object(MappingModelReference($0)) } ?? .null
        case "migrationProgress": .double(migrationProgress)
        case "usesStoreSpecificMigrationManager": .bool(usesStoreSpecificMigrationManager)
        case "sourceModel": .object(ModelReference(sourceModel))
        case "destinationModel": .object(ModelReference(destinationModel))
        default: .null
        }
    }

    /// FUNCTION($manager, …) in value expressions.
    public func perform(selector: String, arguments: [ExpressionValue]) throws -> ExpressionValue {
        let objects = { (value: ExpressionValue) -> [MigrationObject] in
            switch value {
            case .object(let object as MigrationObject): [object]
            case .array(let items): items.compactMap { if case .object(let o as MigrationObject) = $0 { o } else { nil } }
            default: []
            }
        }
        // In an expression, a nil second argument is a nil to-one (`$source.folder` of an object without
        // one) and gives no instances, as Core Data's inferred mappings rely on; "nil means every
        // instance" is the methods' contract when policy code calls them (the Swift API below).
        switch ManagerSelector(selector) {
        case .destinationInstancesForEntityMapping?:
            guard arguments.count == 2, case .string(let name) = arguments[0] else { break }
            let result = try relatedDestinationInstances(forEntityMappingName: name, sourceInstances: objects(arguments[1]))
            if case .array = arguments[1] { return .array(result.map { .object($0) }) }
            return result.first.map { .object($0) } ?? .null
        case .destinationInstancesForSourceRelationship?:
            guard arguments.count == 2, case .string(let name) = arguments[0] else { break }
            let result = try destinationInstances(forSourceRelationshipNamed: name, sourceInstances: objects(arguments[1]))
            if case .array = arguments[1] { return .array(result.map { .object($0) }) }
            return result.first.map { .object($0) } ?? .null
        case .sourceInstancesForEntityMapping?:
            guard arguments.count == 2, case .string(let name) = arguments[0] else { break }
            return .array(try sourceInstances(forEntityMappingName: name, destinationInstances: objects(arguments[1])).map { .object($0) })
        case nil:
            break
        }
        throw MigrationError(
            .migration, "the migration manager does not respond to \(selector) with \(arguments.count) arguments",
            mapping: currentEntityMapping?.name)
    }
}

/// Lets `cancelMigration(error:)` be called from any thread.
final class CancellationBox: Sendable {
    struct Cancelled: Error { let error: Error }
    private let stored = Locked<Error?>(nil)

    var error: Error? { stored.withLock { $0 } }
    func cancel(with error: Error) { stored.withLock { $0 = error } }
    func reset() { stored.withLock { $0 = nil } }
}
