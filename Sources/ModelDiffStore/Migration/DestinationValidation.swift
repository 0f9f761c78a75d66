import Foundation
import ModelDiffKit

/// Core Data's validation of migrated objects, run in SQL over the destination tables: required
/// values, min/max values and lengths, regular expressions, relationship counts, uniqueness constraints.
struct DestinationValidation {
    let store: PersistentStore
    let layout: StoreLayout
    let mapping: String

    func validate(entity name: String) throws {
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
                if anyBroken { try fail(when: condition, number, table, code, message) }
            case .pattern(let column, let regex, let pattern, let what):
                for row in try store.values(of: column, in: table.name, entity: number) {
                    guard case .text(let text) = row.value else { continue }
                    if regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) == nil {
                        throw MigrationError(
                            .stringPatternMatching, "\(what) \"\(text)\" does not match \(pattern)", mapping: mapping, entity: name,
                            object: ObjectID(entity: number, primaryKey: row.primaryKey))
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
                try fail(when: .isNull(.column(column)), number, table, .missingMandatoryProperty, "\(what) is required but empty")
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
            if let (pk, count) = counted.first(where: { $0.1 < minimum && !(relationship.isOptional && $0.1 == 0) }) {
                throw MigrationError(
                    .relationshipLacksMinimumCount, "\(what) holds \(count) objects, fewer than its minimum \(minimum)", mapping: mapping,
                    entity: name, object: ObjectID(entity: number, primaryKey: pk))
            }
            if relationship.maxCount > 0, let (pk, count) = counted.first(where: { $0.1 > relationship.maxCount }) {
                throw MigrationError(
                    .relationshipExceedsMaximumCount, "\(what) holds \(count) objects, more than its maximum \(relationship.maxCount)",
                    mapping: mapping, entity: name, object: ObjectID(entity: number, primaryKey: pk))
            }
        }
        for constraint in entity.uniquenessConstraints where !constraint.isEmpty {
            let columns = constraint.compactMap { layout.column(entity: name, property: $0)?.name }
            guard columns.count == constraint.count else { continue }
            let numbers = layout.entityAndSubentities(model.rootEntity(of: entity).name).compactMap { layout.entityNumbers[$0] }
            if let row = try store.firstDuplicate(in: table.name, entities: numbers, columns: columns) {
                throw MigrationError(
                    .constraintValidation,
                    "\(row.count) \(name) objects share the same \(constraint.joined(separator: " and ")), which must be unique",
                    mapping: mapping, entity: name, object: ObjectID(entity: number, primaryKey: row.primaryKey))
            }
        }
    }

    private func fail(
        when condition: SQLFragment, _ entity: Int, _ table: StoreLayout.Table, _ code: MigrationError.Code, _ message: String
    ) throws {
        if let object = try store.firstObject(in: table.name, entity: entity, where: condition) {
            throw MigrationError(code, message, mapping: mapping, entity: nil, object: object)
        }
    }
}
