/// How an element is marked in a diagram of a diff.
public enum DiagramMark: String, Sendable {
    case added, removed, renamed, changed
}

/// Entity-relationship diagrams of a model, or of a diff, in Mermaid (GitHub renders it) and Graphviz DOT.
public enum Diagrams {
    /// Marks for the entities and properties of a diff, keyed by entity name and `Entity.property`.
    public static func marks(for diff: ModelDiff) -> [String: DiagramMark] {
        var marks: [String: DiagramMark] = [:]
        for change in diff.entities where change.isChange {
            let entity = change.name
            switch change.kind {
            case .added: marks[entity] = .added
            case .removed: marks[entity] = .removed
            case .matched: marks[entity] = change.isRenamed ? .renamed : (change.hashChanged || !change.fields.isEmpty ? .changed : nil)
            }
            for property in change.properties {
                let key = "\(entity).\(property.name)"
                switch property.kind {
                case .added: marks[key] = .added
                case .removed: marks[key] = .removed
                case .matched: marks[key] = property.isRenamed ? .renamed : .changed
                }
            }
        }
        return marks
    }

    /// The model drawn for a diff: the new version plus what the old one had and the new one lost.
    public static func combinedModel(for diff: ModelDiff) -> Model {
        var entities: [Entity] = []
        let removedProperties = Dictionary(
            grouping: diff.entities.flatMap { change in
                change.properties.compactMap { property in
                    if case .removed(let old) = property.sides { (change.name, old) } else { nil }
                }
            }
        ) { $0.0 }
        for entity in diff.destination.entities {
            let extra = removedProperties[entity.name]?.map(\.1) ?? []
            entities.append(
                Entity(
                    name: entity.name, parentEntity: entity.parentEntity, isAbstract: entity.isAbstract,
                    attributes: entity.attributes + extra.compactMap { if case .attribute(let a) = $0 { a } else { nil } },
                    relationships: entity.relationships + extra.compactMap { if case .relationship(let r) = $0 { r } else { nil } }))
        }
        entities += diff.match.removed
        return Model(entities: entities)
    }

    /// Mermaid `erDiagram` text.
    public static func mermaid(_ model: Model, marks: [String: DiagramMark] = [:]) -> String {
        var lines = ["erDiagram"]
        for entity in model.entities {
            if let mark = marks[entity.name] { lines.append("    %% \(entity.name): \(mark.rawValue)") }
            lines.append("    \(identifier(entity.name)) {")
            for attribute in entity.attributes {
                let note = [attribute.isOptional ? "optional" : nil, marks["\(entity.name).\(attribute.name)"]?.rawValue].compactMap { $0 }
                    .joined(separator: ", ")
                lines.append(
                    """
                            \(attribute.type.xcodeName.replacingOccurrences(of: " ", with: "")) \
                    \(identifier(attribute.name))\(note.isEmpty ? "" : " \"\(note)\"")
                    """
                )
            }
            lines.append("    }")
        }
        for (entity, relationship, inverse) in relationshipPairs(model) {
            let left = inverse.map { cardinality($0, left: true) } ?? "}o"
            let right = cardinality(relationship, left: false)
            let mark = marks["\(entity.name).\(relationship.name)"].map { " (\($0.rawValue))" } ?? ""
            lines.append(
                "    \(identifier(entity.name)) \(left)--\(right) \(identifier(relationship.destinationEntity ?? "?")) : \"\(relationship.name)\(mark)\""
            )
        }
        for entity in model.entities {
            if let parent = entity.parentEntity {
                lines.append("    \(identifier(parent)) ||--o| \(identifier(entity.name)) : \"parent of\"")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Graphviz DOT text: a record per entity, edges labelled with relationships and cardinalities.
    public static func dot(_ model: Model, marks: [String: DiagramMark] = [:]) -> String {
        var lines = [
            "digraph model {", "    rankdir=LR;", "    node [shape=plaintext, fontname=\"Helvetica\"];",
            "    edge [fontname=\"Helvetica\", fontsize=10];",
        ]
        for entity in model.entities {
            let color = marks[entity.name].map { Self.color($0) } ?? "black"
            let abstract = entity.isAbstract ? " (abstract)" : ""
            let entityMark = marks[entity.name].map { " [\($0.rawValue)]" } ?? ""
            var rows = ["<tr><td bgcolor=\"lightgrey\"><b>\(html(entity.name))\(abstract)</b>\(entityMark)</td></tr>"]
            for attribute in entity.attributes {
                let mark = marks["\(entity.name).\(attribute.name)"]
                let text =
                    "\(html(attribute.name)): \(html(attribute.type.xcodeName))\(attribute.isOptional ? "?" : "")\(mark.map { " [\($0.rawValue)]" } ?? "")"
                rows.append("<tr><td align=\"left\"><font color=\"\(mark.map { Self.color($0) } ?? "black")\">\(text)</font></td></tr>")
            }
            lines.append(
                "    \(quote(entity.name)) [label=<<table border=\"1\" cellborder=\"0\" color=\"\(color)\">\(rows.joined())</table>>];")
        }
        for (entity, relationship, inverse) in relationshipPairs(model) {
            let mark = marks["\(entity.name).\(relationship.name)"]
            let inverseText = inverse.map { " / \($0.name) \($0.isToMany ? "*" : "1")" } ?? ""
            let label =
                "\(relationship.name) \(relationship.isToMany ? "*" : "1")\(inverseText)\(mark.map { " [\($0.rawValue)]" } ?? "")"
            lines.append(
                """
                    \(quote(entity.name)) -> \(quote(relationship.destinationEntity ?? "?")) [label=\(quote(label)), \
                color=\"\(mark.map { Self.color($0) } ?? "black")\", dir=\(inverse == nil ? "forward" : "both")];
                """
            )
        }
        for entity in model.entities {
            if let parent = entity.parentEntity {
                lines.append("    \(quote(entity.name)) -> \(quote(parent)) [arrowhead=empty, style=dashed];")
            }
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Each relationship once: an inverse pair is drawn from the side whose name sorts first.
    private static func relationshipPairs(_ model: Model) -> [(Entity, Relationship, Relationship?)] {
        var drawn = Set<String>()
        var result: [(Entity, Relationship, Relationship?)] = []
        for entity in model.entities {
            for relationship in entity.relationships {
                let key = "\(entity.name).\(relationship.name)"
                guard !drawn.contains(key) else { continue }
                drawn.insert(key)
                var inverse: Relationship?
                if let name = relationship.inverseName,
                    let owner = (relationship.inverseEntity ?? relationship.destinationEntity).flatMap(model.entity(named:))
                {
                    inverse = owner.relationships.first { $0.name == name }
                    if inverse != nil { drawn.insert("\(owner.name).\(name)") }
                }
                result.append((entity, relationship, inverse))
            }
        }
        return result
    }

    private static func cardinality(_ relationship: Relationship, left: Bool) -> String {
        switch (relationship.isToMany, relationship.isOptional) {
        case (true, true): left ? "}o" : "o{"
        case (true, false): left ? "}|" : "|{"
        case (false, true): left ? "|o" : "o|"
        case (false, false): "||"
        }
    }

    private static func color(_ mark: DiagramMark) -> String {
        switch mark {
        case .added: "darkgreen"
        case .removed: "red"
        case .renamed: "blue"
        case .changed: "darkorange"
        }
    }

    private static func identifier(_ name: String) -> String {
        let cleaned = String(
            name.unicodeScalars.map { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" ? Character($0) : "_" })
        return cleaned.isEmpty ? "_" : cleaned
    }

    private static func quote(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    private static func html(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(
            of: ">", with: "&gt;")
    }
}

/// A Markdown report for a pull-request comment: summary, verdict, table of changes, Mermaid diagram.
public enum MarkdownReport {
    /// The report for one pair of versions.
    public static func render(_ report: InferenceReport, oldName: String, newName: String) -> String {
        let diff = report.diff
        let changed = diff.entities.filter(\.isChange)
        var output = "## Core Data model: \(MessageEscaping.markdown(oldName)) → \(MessageEscaping.markdown(newName))\n\n"
        let verdict: String
        switch report.verdict {
        case .identical: verdict = "✅ **identical** for the store (no migration needed)"
        case .inferable: verdict = "✅ **inferable** by lightweight migration"
        case .mapped: verdict = "✅ **mapped**: a mapping model in the repository covers the change"
        case .acknowledged: verdict = "☑️ **acknowledged**: not inferable, and the project's .modeldiff.yml accepts every error"
        case .notInferable: verdict = "❌ **not inferable**: a mapping model or a model change is needed"
        }
        output +=
            """
            \(changed.count) entit\(changed.count == 1 ? "y" : "ies") changed · \(report.count(.error)) errors · \(report.count(.warning)) \
            warnings · \(report.count(.note)) notes\n\n
            """
        output += "Verdict: \(verdict)\n\n"
        if !report.findings.isEmpty {
            output += "| | finding | where |\n|---|---|---|\n"
            for finding in report.findings {
                let icon = finding.severity == .error ? "❌" : finding.severity == .warning ? "⚠️" : "ℹ️"
                let place = [finding.entity, finding.property].compactMap { $0 }.joined(separator: ".")
                output +=
                    "| \(icon) | \(cell(finding.message)) `\(finding.code)` | \(cell(place)) (line \(finding.line.map(String.init) ?? "?")) |\n"
            }
            output += "\n"
        }
        output += "```mermaid\n" + Diagrams.mermaid(Diagrams.combinedModel(for: diff), marks: Diagrams.marks(for: diff)) + "```\n"
        return output
    }

    /// A table cell: the value escaped for Markdown (`MessageEscaping.markdown`: HTML, links, `|`, line breaks).
    private static func cell(_ text: String) -> String { MessageEscaping.markdown(text) }
}
