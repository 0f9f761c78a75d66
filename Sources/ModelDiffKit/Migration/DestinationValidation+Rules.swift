import Foundation

/// The attribute rules `DestinationValidation` checks, in Core Data's order (per attribute:
/// required, minimum, maximum, earliest and latest date, pattern).
extension DestinationValidation {
    enum Rule {
        /// Broken by any row for which the SQL condition holds.
        case column(condition: String, code: MigrationError.Code, message: String)
        /// Broken by a text value the regular expression does not match in full.
        case pattern(column: String, regex: NSRegularExpression, pattern: String, what: String)
    }

    func attributeRules(of entity: Entity, table: StoreLayout.Table) -> [Rule] {
        var rules: [Rule] = []
        for attribute in layout.model.allAttributes(of: entity) where !attribute.isTransient && !attribute.isDerived {
            guard let column = layout.column(entity: entity.name, property: attribute.name)?.name else { continue }
            let what = "\(entity.name).\(attribute.name)"
            if !attribute.isOptional {
                rules.append(.column(condition: "\(column) IS NULL", code: .missingMandatoryProperty, message: "\(what) is required but has no value"))
            }
            let isText = attribute.type == .string || attribute.type == .uri
            let measured = isText ? "length(\(column))" : column
            if let min = attribute.minValueString.flatMap(Double.init) {
                rules.append(.column(condition: "\(measured) < \(min)", code: isText ? .stringTooShort : .numberTooSmall, message: "\(what) is below its minimum \(attribute.minValueString!)"))
            }
            if let max = attribute.maxValueString.flatMap(Double.init) {
                rules.append(.column(condition: "\(measured) > \(max)", code: isText ? .stringTooLong : .numberTooLarge, message: "\(what) is above its maximum \(attribute.maxValueString!)"))
            }
            if let min = attribute.minDateTimeInterval.flatMap(Double.init) {
                rules.append(.column(condition: "\(column) < \(min)", code: .dateTooSoon, message: "\(what) is earlier than its minimum date"))
            }
            if let max = attribute.maxDateTimeInterval.flatMap(Double.init) {
                rules.append(.column(condition: "\(column) > \(max)", code: .dateTooLate, message: "\(what) is later than its maximum date"))
            }
            if let pattern = attribute.regularExpressionString, isText, let regex = try? NSRegularExpression(pattern: "^(?:\(pattern))$") {
                rules.append(.pattern(column: column, regex: regex, pattern: pattern, what: what))
            }
        }
        return rules
    }
}
