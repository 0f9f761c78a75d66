/// Notes about changes that need no data migration or change only the schema's shape.
enum CosmeticRules {
    private static let storeFields: Set = ["parentEntity", "abstract", "versionHashModifier", "uniquenessConstraints"]

    static func model(_ context: inout RuleContext) {
        for change in context.diff.entities where change.kind == .matched && !change.fields.isEmpty {
            let entity = change.destination!
            let stored = change.fields.filter { storeFields.contains($0.field) }
            let cosmetic = change.fields.filter { !storeFields.contains($0.field) }
            if stored.contains(where: { $0.field == "parentEntity" }) {
                context.new(.note, "hierarchy-changed", entity: entity.name, line: entity.line, "`\(entity.name)` changes \(PropertyRules.describe(stored.filter { $0.field == "parentEntity" })): inferable")
            }
            let otherStored = stored.filter { $0.field != "parentEntity" }
            if !otherStored.isEmpty {
                context.new(.note, "entity-changed", entity: entity.name, line: entity.line, "`\(entity.name)` changes \(PropertyRules.describe(otherStored)): inferable")
            }
            if !cosmetic.isEmpty {
                context.new(.note, "cosmetic-change", entity: entity.name, line: entity.line, "`\(entity.name)` changes \(PropertyRules.describe(cosmetic)); the store is not affected")
            }
        }
        let diff = context.diff
        for change in diff.configurationChanges {
            let line = diff.destination.configurations.first { $0.name == change.field }?.line ?? .none
            context.findings.append(Finding(
                .note, "configuration-changed", entity: nil, file: context.destinationPath, line: line.value,
                message: "configuration `\(change.field)` changes its entities from [\(change.old)] to [\(change.new)]"))
        }
        for change in diff.fetchRequestChanges {
            let line = diff.destination.fetchRequests.first { $0.name == change.field }?.line ?? .none
            context.findings.append(Finding(
                .note, "fetch-request-changed", entity: nil, file: context.destinationPath, line: line.value,
                message: "fetch request `\(change.field)` changes from [\(change.old)] to [\(change.new)]; the store is not affected"))
        }
    }
}
