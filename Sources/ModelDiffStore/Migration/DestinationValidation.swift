import Foundation
@_spi(CLI) import ModelDiffKit

/// Core Data's validation of migrated objects, run in SQL over the destination tables: required
/// values, min/max values and lengths, regular expressions, relationship counts, uniqueness constraints.
struct DestinationValidation {
    let store: PersistentStore
    let layout: StoreLayout
    let mapping: String
    /// Columns whose required-value rule is known to hold in every row (`SQLFastPath.provenRequired`): not read.
    var proven: Set<String> = []

    /// Throws the first object that breaks a rule, as Core Data's validation of a save stops.
    func validate(entity name: String) throws {
        try check(entity: name, every: false) { throw $0 }
    }

    /// Every object that breaks a rule (each rule's failing objects, in rule order), for a pre-flight
    /// that lists them all; a uniqueness constraint names the first object of each duplicate group.
    func problems(entity name: String) throws -> [MigrationError] {
        var found: [MigrationError] = []
        try check(entity: name, every: true) { found.append($0) }
        return found
    }

    private func check(entity name: String, every: Bool, _ report: (MigrationError) throws -> Void) throws {
        let model = layout.model
        guard let entity = model.entity(named: name), let table = layout.table(for: name), let number = layout.entityNumbers[name] else {
            return
        }
        let rules = attributeRules(of: entity, table: table)
        // Every column rule is one scan of the table: one combined scan tells whether any row breaks
        // any of them, and only then does each run on its own, in order, to report the first as before.
        let conditions = rules.compactMap { rule -> SQLFragment? in
            if case .column(let condition, _, _) = rule { .parenthesized(condition) } else { nil }
        }
        let any = SQL.joined(conditions, separator: .or)
        let anyBroken = try !conditions.isEmpty && store.firstObject(in: table.name, entity: number, where: any) != nil
        for rule in rules {
            switch rule {
            case .column(let condition, let code, let message):
                guard anyBroken else { continue }
                let objects =
                    every
                    ? try store.objects(in: table.name, entity: number, where: condition)
                    : try store.firstObject(in: table.name, entity: number, where: condition).map { [$0] } ?? []
                for object in objects { try report(MigrationError(code, message, mapping: mapping, entity: nil, object: object)) }
            case .pattern(let column, let regex, let pattern, let what):
                for row in try store.values(of: column, in: table.name, entity: number) {
                    guard case .text(let text) = row.value else { continue }
                    if regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) == nil {
                        try report(
                            MigrationError(
                                .stringPatternMatching, "\(what) \"\(text)\" does not match \(pattern)", mapping: mapping, entity: name,
                                object: ObjectID(entity: number, primaryKey: row.primaryKey)))
                    }
                }
            }
        }
        for relationship in model.allRelationships(of: entity) where !relationship.isTransient {
            let what = "\(name).\(relationship.name)"
            if !relationship.isToMany {
                guard !relationship.isOptional,
                    let column = layout.column(entity: name, property: relationship.name)?.name
                else { continue }
                let condition = SQLFragment.isNull(.column(column))
                let objects =
                    every
                    ? try store.objects(in: table.name, entity: number, where: condition)
                    : try store.firstObject(in: table.name, entity: number, where: condition).map { [$0] } ?? []
                for object in objects {
                    try report(MigrationError(.missingMandatoryProperty, "\(what) is required but empty", mapping: mapping, object: object))
                }
                continue
            }
            // An empty to-many passes unless a minimum count asks for more: "optional NO" concerns nil,
            // and a to-many is never nil (see PropertyRules.added for the evidence from Apple's stores).
            let minimum = relationship.minCount
            guard minimum > 0 || relationship.maxCount > 0 else { continue }
            var counted: [(Int64, Int)] = []
            try store.forEachObject(of: name, layout: layout, includingSubentities: false) { object in
                let count = try store.relatedObjects(of: object.id, entity: name, relationship: relationship.name, layout: layout).count
                counted.append((object.id.primaryKey, count))
            }
            let few = counted.filter { $0.1 < minimum && !(relationship.isOptional && $0.1 == 0) }
            for (pk, count) in every ? few : Array(few.prefix(1)) {
                try report(
                    MigrationError(
                        .relationshipLacksMinimumCount, "\(what) holds \(count) objects, fewer than its minimum \(minimum)",
                        mapping: mapping,
                        entity: name, object: ObjectID(entity: number, primaryKey: pk)))
            }
            let many = relationship.maxCount > 0 ? counted.filter { $0.1 > relationship.maxCount } : []
            for (pk, count) in every ? many : Array(many.prefix(1)) {
                try report(
                    MigrationError(
                        .relationshipExceedsMaximumCount, "\(what) holds \(count) objects, more than its maximum \(relationship.maxCount)",
                        mapping: mapping, entity: name, object: ObjectID(entity: number, primaryKey: pk)))
            }
        }
        for constraint in entity.uniquenessConstraints where !constraint.isEmpty {
            let columns = constraint.compactMap { layout.column(entity: name, property: $0)?.name }
            guard columns.count == constraint.count else { continue }
            let numbers = layout.entityAndSubentities(model.rootEntity(of: entity).name).compactMap { layout.entityNumbers[$0] }
            let groups =
                every
                ? try store.duplicates(in: table.name, entities: numbers, columns: columns)
                : try store.firstDuplicate(in: table.name, entities: numbers, columns: columns).map { [$0] } ?? []
            for row in groups {
                try report(
                    MigrationError(
                        .constraintValidation,
                        "\(row.count) \(name) objects share the same \(constraint.joined(separator: " and ")), which must be unique",
                        mapping: mapping, entity: name, object: ObjectID(entity: number, primaryKey: row.primaryKey)))
            }
        }
    }
}
