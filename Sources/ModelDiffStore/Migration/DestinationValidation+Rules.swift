import Foundation
@_spi(CLI) import ModelDiffKit

/// The attribute rules `DestinationValidation` checks, in Core Data's order (per attribute:
/// required, minimum, maximum, earliest and latest date, pattern).
extension DestinationValidation {
    enum Rule {
        /// Broken by any row for which the SQL condition holds.
        case column(condition: SQLFragment, code: MigrationError.Code, message: String)
        /// Broken by a text value the regular expression does not match in full.
        case pattern(column: String, regex: NSRegularExpression, pattern: String, what: String)
    }

    func attributeRules(of entity: Entity, table: StoreLayout.Table) -> [Rule] {
        var rules: [Rule] = []
        for attribute in layout.model.allAttributes(of: entity) where !attribute.isTransient && !attribute.isDerived {
            guard let name = layout.column(entity: entity.name, property: attribute.name)?.name else { continue }
            let column = SQLFragment.column(name)
            let what = "\(entity.name).\(attribute.name)"
            if !attribute.isOptional && !proven.contains(name) {
                rules.append(
                    .column(condition: .isNull(column), code: .missingMandatoryProperty, message: "\(what) is required but has no value"))
            }
            let isText = attribute.type == .string || attribute.type == .uri
            // A Binary's minimum and maximum bound its length in bytes (SQLite's length() of a blob), as a
            // string's bound its length: compared as numbers, every blob is above any maximum.
            let measured = isText || attribute.type == .binary ? .length(column) : column
            if let min = attribute.minValueString.flatMap(Double.init) {
                rules.append(
                    .column(
                        condition: .compare(measured, .less, .real(min)), code: isText ? .stringTooShort : .numberTooSmall,
                        message: "\(what) is below its minimum \(attribute.minValueString!)"))
            }
            if let max = attribute.maxValueString.flatMap(Double.init) {
                rules.append(
                    .column(
                        condition: .compare(measured, .greater, .real(max)), code: isText ? .stringTooLong : .numberTooLarge,
                        message: "\(what) is above its maximum \(attribute.maxValueString!)"))
            }
            if let min = attribute.minDateTimeInterval.flatMap(Double.init) {
                rules.append(
                    .column(
                        condition: .compare(column, .less, .real(min)), code: .dateTooSoon,
                        message: "\(what) is earlier than its minimum date"))
            }
            if let max = attribute.maxDateTimeInterval.flatMap(Double.init) {
                rules.append(
                    .column(
                        condition: .compare(column, .greater, .real(max)), code: .dateTooLate,
                        message: "\(what) is later than its maximum date"))
            }
            if let pattern = attribute.regularExpressionString, isText, let regex = try? NSRegularExpression(pattern: "^(?:\(pattern))$") {
                rules.append(.pattern(column: name, regex: regex, pattern: pattern, what: what))
            }
        }
        return rules
    }
}
