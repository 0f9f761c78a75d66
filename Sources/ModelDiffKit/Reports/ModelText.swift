/// A model version as stable, line-per-element text, for `git diff` (`modeldiff textconv`).
///
/// Every entity, property, index, fetch request and configuration is one line that starts with its
/// full name (`Note.title`), so a changed setting shows as one changed line and the hunk names the
/// element without context lines. Elements are sorted by name, so reordering in Xcode is no change.
/// Every setting the file holds is shown, in Core Data's words, unknown XML attributes included
/// (`key=value`); only the diagram layout (`<elements>`) is left out, because it never matters.
@_spi(CLI) public enum ModelText {
    /// The text of `model`, ending with a newline.
    @_spi(CLI) public static func render(_ model: Model) -> String {
        var lines: [String] = []
        let header = model.rootAttributes.filter {
            ["userDefinedModelVersionIdentifier", "minimumToolsVersion", "sourceLanguage"].contains($0.name)
        }
        lines.append("model" + (header.isEmpty ? "" : ": " + header.map { "\($0.name) \(quoted($0.value))" }.joined(separator: ", ")))
        if !model.userInfo.isEmpty { lines.append("model userInfo: " + userInfo(model.userInfo)) }
        for entity in model.entities.sorted(by: { $0.name < $1.name }) {
            lines.append("")
            lines += self.entity(entity)
        }
        for composite in model.composites.sorted(by: { $0.name < $1.name }) {
            lines.append("")
            lines.append("composite \(composite.name)")
            lines += composite.attributes.sorted(by: { $0.name < $1.name }).map { "  \(composite.name).\($0.name): " + attribute($0) }
        }
        if !model.fetchRequests.isEmpty { lines.append("") }
        for request in model.fetchRequests.sorted(by: { $0.name < $1.name }) {
            lines.append("fetchRequest \(request.name): " + fetchRequest(request))
        }
        if !model.configurations.isEmpty { lines.append("") }
        for configuration in model.configurations.sorted(by: { $0.name < $1.name }) {
            var parts = ["entities [" + configuration.memberEntities.sorted().joined(separator: ", ") + "]"]
            if configuration.usedWithCloudKit { parts.append("used with CloudKit") }
            parts += others(configuration.otherAttributes)
            lines.append("configuration \(configuration.name): " + parts.joined(separator: ", "))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func entity(_ entity: Entity) -> [String] {
        var parts: [String] = []
        if let parent = entity.parentEntity { parts.append("parent \(parent)") }
        if entity.isAbstract { parts.append("abstract") }
        if let name = entity.representedClassName { parts.append("class \(name)") }
        if let generation = entity.codeGeneration { parts.append("codegen \(generation.rawValue)") }
        parts += identity(entity.renamingIdentifier, entity.versionHashModifier)
        if !entity.uniquenessConstraints.isEmpty {
            parts.append("unique " + entity.uniquenessConstraints.map { "[" + $0.joined(separator: ", ") + "]" }.joined(separator: " "))
        }
        if !entity.compoundIndexes.isEmpty {
            parts.append("compound indexes " + entity.compoundIndexes.map { "[" + $0.joined(separator: ", ") + "]" }.joined(separator: " "))
        }
        if !entity.userInfo.isEmpty { parts.append("userInfo " + userInfo(entity.userInfo)) }
        parts += others(entity.otherAttributes)
        var lines = ["entity \(entity.name)" + (parts.isEmpty ? "" : ": " + parts.joined(separator: ", "))]
        var properties: [(String, String)] = entity.attributes.map { ($0.name, "attribute: " + attribute($0)) }
        properties += entity.relationships.map { ($0.name, "relationship: " + relationship($0)) }
        properties += entity.fetchedProperties.map { ($0.name, "fetched property: " + fetchedProperty($0)) }
        for (name, text) in properties.sorted(by: { $0.0 < $1.0 }) { lines.append("  \(entity.name).\(name) \(text)") }
        for index in entity.fetchIndexes.sorted(by: { $0.name < $1.name }) {
            let elements = index.elements.map { element in
                [element.property ?? element.expression.map { "expression \(quoted($0))" } ?? "?", element.type, element.order]
                    .joined(separator: " ")
                    + (element.otherAttributes.isEmpty ? "" : " " + others(element.otherAttributes).joined(separator: " "))
            }
            lines.append("  \(entity.name).\(index.name) fetch index: " + elements.joined(separator: ", "))
        }
        return lines
    }

    static func attribute(_ a: Attribute) -> String {
        var parts = [a.isTypeOmitted ? "Undefined (no attributeType)" : a.type.xcodeName]
        if a.isOptional { parts.append("optional") }
        if a.isTransient { parts.append("transient") }
        if a.isDerived { parts.append("derived " + quoted(a.derivationExpression ?? "")) }
        if let value = a.defaultValueString { parts.append("default \(quoted(value))") }
        if let value = a.defaultDateTimeInterval { parts.append("default date \(value)") }
        if let value = a.launchDefault { parts.append(value.description) }
        if let value = a.minValueString { parts.append("min \(value)") }
        if let value = a.maxValueString { parts.append("max \(value)") }
        if let value = a.minDateTimeInterval { parts.append("min date \(value)") }
        if let value = a.maxDateTimeInterval { parts.append("max date \(value)") }
        if let value = a.regularExpressionString { parts.append("regex \(quoted(value))") }
        if let value = a.valueTransformerName { parts.append("transformer \(value)") }
        if let value = a.customClassName { parts.append("class \(value)") }
        if let value = a.compositeName { parts.append("composite \(value)") }
        if a.allowsExternalBinaryDataStorage { parts.append("external storage") }
        if a.allowsCloudEncryption { parts.append("cloud encryption") }
        if a.isIndexed { parts.append("indexed") }
        if a.isIndexedBySpotlight { parts.append("Spotlight") }
        if a.isStoredInExternalRecord { parts.append("external record") }
        if a.preservesValueInHistoryOnDeletion { parts.append("preserve after deletion") }
        if let scalar = a.usesScalarValueType { parts.append(scalar ? "scalar type" : "no scalar type") }
        parts += identity(a.renamingIdentifier, a.versionHashModifier)
        if !a.userInfo.isEmpty { parts.append("userInfo " + userInfo(a.userInfo)) }
        return (parts + others(a.otherAttributes)).joined(separator: ", ")
    }

    static func relationship(_ r: Relationship) -> String {
        var parts = ["\(r.isToMany ? "to-many" : "to-one") \(r.destinationEntity ?? "(no destination)")"]
        if r.isOptional { parts.append("optional") }
        if r.isTransient { parts.append("transient") }
        if r.isOrdered { parts.append("ordered") }
        if r.isIndexed { parts.append("indexed") }
        if let inverse = r.inverseName { parts.append("inverse \(r.inverseEntity.map { "\($0)." } ?? "")\(inverse)") }
        if let rule = r.deleteRule { parts.append("delete \(rule.rawValue)") }
        if let count = r.minCountAsWritten { parts.append("min \(count)") }
        if let count = r.maxCountAsWritten { parts.append("max \(count)") }
        parts += identity(r.renamingIdentifier, r.versionHashModifier)
        if !r.userInfo.isEmpty { parts.append("userInfo " + userInfo(r.userInfo)) }
        return (parts + others(r.otherAttributes)).joined(separator: ", ")
    }

    private static func fetchedProperty(_ f: FetchedProperty) -> String {
        var parts = [fetchRequest(f.fetchRequest)]
        if f.isOptional { parts.append("optional") }
        parts += identity(f.renamingIdentifier, f.versionHashModifier)
        if !f.userInfo.isEmpty { parts.append("userInfo " + userInfo(f.userInfo)) }
        return (parts + others(f.otherAttributes)).joined(separator: ", ")
    }

    private static func fetchRequest(_ request: FetchRequest) -> String {
        var parts = ["entity \(request.entity)"]
        if let predicate = request.predicateString { parts.append("predicate \(quoted(predicate))") }
        return (parts + others(request.settings)).joined(separator: ", ")
    }

    private static func identity(_ renamingIdentifier: String?, _ versionHashModifier: String?) -> [String] {
        [renamingIdentifier.map { "renaming identifier \(quoted($0))" }, versionHashModifier.map { "version hash modifier \(quoted($0))" }]
            .compactMap { $0 }
    }

    private static func userInfo(_ info: UserInfo) -> String {
        "{" + info.entries.sorted { $0.key < $1.key }.map { "\(quoted($0.key)) = \(quoted($0.value))" }.joined(separator: ", ") + "}"
    }

    /// Settings modeldiff keeps verbatim (newer Xcode output), so that no change in the file is hidden.
    private static func others(_ attributes: [XMLAttribute]) -> [String] {
        attributes.filter { $0.name != "syncable" }.map { "\($0.name)=\(quoted($0.value))" }
    }

    /// A value in double quotes, with quotes, backslashes and line breaks escaped so it stays on its line.
    private static func quoted(_ value: String) -> String {
        var text = "\""
        for character in value {
            switch character {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            default: text.append(character)
            }
        }
        return text + "\""
    }
}
