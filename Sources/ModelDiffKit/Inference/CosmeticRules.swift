/// Notes about changes that need no data migration or change only the schema's shape.
enum CosmeticRules {

    /// One note per kind of change in an entity: properties that change the same settings the same
    /// way (a new Xcode writing `usesScalarValueType="NO"` on every attribute, `indexed="YES"` on
    /// every relationship) are one line naming them, not one line each.
    static func report(
        _ changes: [(property: String, line: SourceLine, change: String, effect: String)], entity: String, _ context: inout RuleContext
    ) {
        var order: [String] = []
        var groups: [String: [(property: String, line: SourceLine, change: String, effect: String)]] = [:]
        for change in changes {
            let key = change.change + "\u{0}" + change.effect
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(change)
        }
        for key in order {
            let group = groups[key]!
            let first = group[0]
            if group.count == 1 {
                context.new(
                    .cosmeticChange, entity: entity, property: first.property, line: first.line,
                    "`\(entity).\(first.property)` changes \(first.change); \(first.effect)")
            } else {
                let names = group.map { "`\($0.property)`" }.joined(separator: ", ")
                context.new(
                    .cosmeticChange, entity: entity, line: first.line,
                    "\(group.count) properties of `\(entity)` (\(names)) change \(first.change); \(first.effect)")
            }
        }
    }

    /// A uniqueness constraint the new version adds (one the old did not have, as a set of properties):
    /// the migration fails on stored objects that break it (Core Data 1551 in `test`), so it is a warning.
    static func uniquenessConstraintsAdded(from old: Entity, to entity: Entity, _ context: inout RuleContext) {
        let before = Set(old.uniquenessConstraints.map { Set($0) })
        for constraint in entity.uniquenessConstraints where !before.contains(Set(constraint)) {
            let names = constraint.map { "`\($0)`" }.joined(separator: ", ")
            context.new(
                .uniquenessConstraintAdded, entity: entity.name, line: entity.line,
                "`\(entity.name)` adds a uniqueness constraint on \(names): migrating a store whose objects repeat "
                    + "\(constraint.count == 1 ? "a value" : "a combination") fails; deduplicate before migrating "
                    + "(a custom stage's willMigrate in SwiftData)")
        }
    }

    static func model(_ context: inout RuleContext) {
        for change in context.diff.entities where !change.fields.isEmpty {
            guard case .matched(let old, let entity) = change.sides else { continue }
            let stored = change.fields.filter { $0.field.changesVersionHash(of: .entity) }
            uniquenessConstraintsAdded(from: old, to: entity, &context)
            let cosmetic = change.fields.filter { !$0.field.changesVersionHash(of: .entity) }
            if stored.contains(where: { $0.field == .parentEntity }) {
                context.new(
                    .hierarchyChanged, entity: entity.name, line: entity.line,
                    "`\(entity.name)` changes \(PropertyRules.describe(stored.filter { $0.field == .parentEntity })): inferable")
            }
            let otherStored = stored.filter { $0.field != .parentEntity }
            if !otherStored.isEmpty {
                context.new(
                    .entityChanged, entity: entity.name, line: entity.line,
                    "`\(entity.name)` changes \(PropertyRules.describe(otherStored)): inferable")
            }
            if !cosmetic.isEmpty {
                context.new(
                    .cosmeticChange, entity: entity.name, line: entity.line,
                    "`\(entity.name)` changes \(PropertyRules.describe(cosmetic)); the store is not affected")
            }
        }
        let diff = context.diff
        for change in diff.configurationChanges {
            let line = diff.destination.configurations.first { $0.name == change.name }?.line ?? .none
            context.findings.append(
                Finding(
                    .configurationChanged, entity: nil, file: context.destinationPath, line: line.value,
                    message: "configuration `\(change.name)` changes its entities from [\(change.old)] to [\(change.new)]"))
        }
        for change in diff.fetchRequestChanges {
            let line = diff.destination.fetchRequests.first { $0.name == change.name }?.line ?? .none
            context.findings.append(
                Finding(
                    .fetchRequestChanged, entity: nil, file: context.destinationPath, line: line.value,
                    message: "fetch request `\(change.name)` changes from [\(change.old)] to [\(change.new)]; the store is not affected"))
        }
    }
}
