@_spi(CLI) import ModelDiffKit

/// The data a step deletes by design: for each entity, stored attribute and stored relationship
/// `check` reports removed (`entity-removed`, `attribute-removed`, `relationship-removed`) or made
/// transient (`attribute-made-transient`, `relationship-made-transient`: a transient property has no
/// column, so its stored values or links are dropped as a removed one's are), what the source store
/// holds of it. An inferred mapping carries none of it, so each one the store holds is a failure of
/// `test`, tagged with the finding's code so the team can acknowledge it as for `check`.
/// A mapping file decides for itself what it carries: it is not judged here.
enum MigrationTestRemovals {
    static let codes: Set<FindingCode> = [
        .entityRemoved, .attributeRemoved, .relationshipRemoved, .attributeMadeTransient, .relationshipMadeTransient,
    ]

    static func failures(of report: InferenceReport, source: PersistentStore, old: Model, to version: String) throws -> [String] {
        let layout = try source.layout(for: old)
        let rows = Dictionary(try source.rowCounts().map { ($0.entity, $0.count) }, uniquingKeysWith: +)
        var failures: [String] = []
        for finding in report.findings where codes.contains(finding.code) {
            guard let entity = finding.entity, old.entity(named: entity) != nil else { continue }
            let lost: (count: Int, noun: String, change: String)
            switch (finding.code, finding.property) {
            case (.entityRemoved, _):
                lost = (rows[entity] ?? 0, "object", "removes the entity")
            case (.attributeRemoved, let property?), (.attributeMadeTransient, let property?):
                var count = 0
                try source.forEachObject(of: entity, layout: layout) { object in
                    if let value = object.attributes[property], value != .null { count += 1 }
                }
                lost = (count, "value", finding.code == .attributeRemoved ? "removes the attribute" : "makes the attribute transient")
            case (.relationshipRemoved, let property?), (.relationshipMadeTransient, let property?):
                let links = try MigrationTestChecks.linkCount(source, layout, entity: entity, relationship: property)
                lost = (
                    links, "link", finding.code == .relationshipRemoved ? "removes the relationship" : "makes the relationship transient"
                )
            default:
                continue
            }
            guard lost.count > 0 else { continue }
            let subject = finding.property.map { "\(entity).\($0)" } ?? entity
            let amount = lost.count == 1 ? "1 \(lost.noun) is" : "\(lost.count) \(lost.noun)s are"
            failures.append("\(subject): \(amount) lost: \(version) \(lost.change) [\(finding.code.rawValue)]")
        }
        return failures
    }
}
