import SwiftSyntax

/// `SchemaMigrationPlan`s: their `schemas` and their `stages`, each resolved to the
/// `MigrationStage.lightweight(fromVersion:toVersion:)` or `.custom(...)` it names.
extension SwiftDataHistoryAssembler {
    mutating func plans() -> [SwiftDataPlan] {
        Self.unique(declarations.plans).map { conformer in
            let name = conformer.qualifiedName
            let schemas = typeList(staticProperty("schemas", of: name), of: name, what: "schemas", at: conformer.location).map {
                SwiftDataPlan.SchemaReference(name: $0.0, location: $0.1)
            }
            return SwiftDataPlan(
                name: name, location: conformer.location, schemas: schemas, stages: stages(of: name, at: conformer.location))
        }
    }

    private mutating func stages(of plan: String, at location: SwiftSourceLocation) -> [SwiftDataStage] {
        guard let property = staticProperty("stages", of: plan) else {
            warn(location, "\(plan) has no stages the reader finds")
            return []
        }
        guard let array = property.value?.as(ArrayExprSyntax.self) else {
            let text = property.value.map(SwiftDataModelBuilder.excerpt) ?? "no value"
            warn(property.location, "\(plan).stages (\(text)) is not an array literal the reader evaluates")
            return []
        }
        var result: [SwiftDataStage] = []
        for element in array.elements {
            let expression = element.expression
            if let stage = stage(expression, named: nil, file: property.location) {
                result.append(stage)
                continue
            }
            // `migrateV1toV2`, `Self.migrateV1toV2`, `NotesMigrationPlan.migrateV1toV2`.
            var owner = plan
            var name: String?
            if let reference = expression.as(DeclReferenceExprSyntax.self) {
                name = reference.baseName.text
            } else if let member = expression.as(MemberAccessExprSyntax.self) {
                name = member.declName.baseName.text
                if let base = member.base?.trimmedDescription, base != "Self" { owner = base }
            }
            if let name, let holder = staticProperty(name, of: owner) ?? staticProperty(name, of: plan),
                let value = holder.value, let stage = stage(value, named: name, file: holder.location)
            {
                result.append(stage)
                continue
            }
            let place = place(of: expression, near: property.location)
            warn(
                place,
                "\(plan).stages has an entry the reader cannot resolve to a MigrationStage (\(SwiftDataModelBuilder.excerpt(expression))): left out"
            )
        }
        return result
    }

    /// A `.lightweight(fromVersion:toVersion:)` or `.custom(fromVersion:toVersion:willMigrate:didMigrate:)` call.
    private func stage(_ expression: ExprSyntax, named name: String?, file: SwiftSourceLocation) -> SwiftDataStage? {
        guard let call = expression.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            let kind = SwiftDataStage.Kind(rawValue: member.declName.baseName.text)
        else { return nil }
        if let base = member.base?.trimmedDescription, !["MigrationStage", "SwiftData.MigrationStage"].contains(base) { return nil }
        func version(_ label: String) -> String? {
            guard let argument = call.arguments.first(where: { $0.label?.text == label })?.expression.as(MemberAccessExprSyntax.self),
                argument.declName.baseName.text == "self", let base = argument.base
            else { return nil }
            return base.trimmedDescription
        }
        func passes(_ label: String) -> Bool {
            guard let argument = call.arguments.first(where: { $0.label?.text == label }) else { return false }
            return !argument.expression.is(NilLiteralExprSyntax.self)
        }
        guard let from = version("fromVersion"), let to = version("toVersion") else { return nil }
        // A trailing closure is the last parameter, `didMigrate`.
        let hasTrailing = call.trailingClosure != nil
        return SwiftDataStage(
            name: name, kind: kind, fromVersion: from, toVersion: to, location: place(of: member.period, near: file),
            hasWillMigrate: kind == .custom && passes("willMigrate"),
            hasDidMigrate: kind == .custom && (passes("didMigrate") || hasTrailing))
    }
}
