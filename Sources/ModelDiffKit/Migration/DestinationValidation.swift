import Foundation

/// Core Data's validation of migrated objects, run in SQL over the destination tables: required
/// values, min/max values and lengths, regular expressions, relationship counts, uniqueness constraints.
struct DestinationValidation {
    let store: PersistentStore
    let layout: StoreLayout
    let mapping: String

    func validate(entity name: String) throws {
        let model = layout.model
        guard let entity = model.entity(named: name), let table = layout.table(for: name), let number = layout.entityNumbers[name] else { return }
        let filter = "Z_ENT = \(number)"
        for attribute in model.allAttributes(of: entity) where !attribute.isTransient && !attribute.isDerived {
            guard let column = table.columns.first(where: { if case .attribute(_, attribute.name, _) = $0.kind { true } else { false } })?.name else { continue }
            let what = "\(name).\(attribute.name)"
            if !attribute.isOptional {
                try fail(when: "\(column) IS NULL", filter, table, .missingMandatoryProperty, "\(what) is required but has no value")
            }
            let isText = attribute.type == .string || attribute.type == .uri
            let measured = isText ? "length(\(column))" : column
            if let min = attribute.minValueString.flatMap(Double.init) {
                try fail(when: "\(measured) < \(min)", filter, table, isText ? .stringTooShort : .numberTooSmall, "\(what) is below its minimum \(attribute.minValueString!)")
            }
            if let max = attribute.maxValueString.flatMap(Double.init) {
                try fail(when: "\(measured) > \(max)", filter, table, isText ? .stringTooLong : .numberTooLarge, "\(what) is above its maximum \(attribute.maxValueString!)")
            }
            if let min = attribute.minDateTimeInterval.flatMap(Double.init) {
                try fail(when: "\(column) < \(min)", filter, table, .dateTooSoon, "\(what) is earlier than its minimum date")
            }
            if let max = attribute.maxDateTimeInterval.flatMap(Double.init) {
                try fail(when: "\(column) > \(max)", filter, table, .dateTooLate, "\(what) is later than its maximum date")
            }
            if let pattern = attribute.regularExpressionString, isText, let regex = try? NSRegularExpression(pattern: "^(?:\(pattern))$") {
                for row in try store.database.rows("SELECT Z_PK, \(column) FROM \(table.name) WHERE \(filter) AND \(column) IS NOT NULL") {
                    guard case .text(let text) = row[1] else { continue }
                    if regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) == nil {
                        throw MigrationError(.stringPatternMatching, "\(what) \"\(text)\" does not match \(pattern)", mapping: mapping, entity: name, object: ObjectID(entity: number, primaryKey: Int64(row[0].int)))
                    }
                }
            }
        }
        for relationship in model.allRelationships(of: entity) where !relationship.isTransient {
            let what = "\(name).\(relationship.name)"
            if !relationship.isToMany {
                guard !relationship.isOptional,
                    let column = table.columns.first(where: { if case .toOne(_, relationship.name) = $0.kind { true } else { false } })?.name
                else { continue }
                try fail(when: "\(column) IS NULL", filter, table, .missingMandatoryProperty, "\(what) is required but empty")
                continue
            }
            let minimum = relationship.isOptional ? relationship.minCount : max(relationship.minCount, 1)
            guard minimum > 0 || relationship.maxCount > 0 else { continue }
            var counted: [(Int64, Int)] = []
            try store.forEachObject(of: name, layout: layout, includingSubentities: false) { object in
                let count = try store.relatedObjects(of: object.id, entity: name, relationship: relationship.name, layout: layout).count
                counted.append((object.id.primaryKey, count))
            }
            if let (pk, count) = counted.first(where: { $0.1 < minimum && !(relationship.isOptional && $0.1 == 0) }) {
                throw MigrationError(.relationshipLacksMinimumCount, "\(what) holds \(count) objects, fewer than its minimum \(minimum)", mapping: mapping, entity: name, object: ObjectID(entity: number, primaryKey: pk))
            }
            if relationship.maxCount > 0, let (pk, count) = counted.first(where: { $0.1 > relationship.maxCount }) {
                throw MigrationError(.relationshipExceedsMaximumCount, "\(what) holds \(count) objects, more than its maximum \(relationship.maxCount)", mapping: mapping, entity: name, object: ObjectID(entity: number, primaryKey: pk))
            }
        }
        for constraint in entity.uniquenessConstraints where !constraint.isEmpty {
            let columns = constraint.compactMap { property in table.column(entity: model.declaringEntity(ofProperty: property, in: entity)?.name ?? name, property: property)?.name }
            guard columns.count == constraint.count else { continue }
            let numbers = layout.entityAndSubentities(model.rootEntity(of: entity).name).compactMap { layout.entityNumbers[$0] }
            let rows = try store.database.rows("SELECT MIN(Z_PK), COUNT(*) FROM \(table.name) WHERE Z_ENT IN (\(numbers.map(String.init).joined(separator: ", "))) GROUP BY \(columns.joined(separator: ", ")) HAVING COUNT(*) > 1 LIMIT 1")
            if let row = rows.first {
                throw MigrationError(.constraintValidation, "\(row[1].int) \(name) objects share the same \(constraint.joined(separator: " and ")), which must be unique", mapping: mapping, entity: name, object: ObjectID(entity: number, primaryKey: Int64(row[0].int)))
            }
        }
    }

    private func fail(when condition: String, _ filter: String, _ table: StoreLayout.Table, _ code: MigrationError.Code, _ message: String) throws {
        let rows = try store.database.rows("SELECT Z_PK, Z_ENT FROM \(table.name) WHERE \(filter) AND \(condition) LIMIT 1")
        if let row = rows.first {
            throw MigrationError(code, message, mapping: mapping, entity: nil, object: ObjectID(entity: row[1].int, primaryKey: Int64(row[0].int)))
        }
    }
}
